/**
 * A customer's Postgres for destination tests: its own database and its own login role on the test
 * server (which serves TLS with the stack's self-signed certificate), dropped afterwards.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface CustomerDb {
  /** Connection settings as a destination is configured with them (host by name, for TLS). */
  settings: { host: string; port: number; database: string; user: string; password: string };
  client: pg.Client;
  drop(): Promise<void>;
}

export async function createCustomerDb(label: string): Promise<CustomerDb> {
  const adminUrl = new URL(process.env.DATABASE_URL ?? '');
  const suffix = `${label}_${randomBytes(4).toString('hex')}`;
  const user = `cust_${suffix}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl.href });
  await admin.connect();
  await admin.query(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
  await admin.query(`CREATE DATABASE ${user} OWNER ${user}`);
  await admin.end();
  const settings = { host: 'localhost', port: Number(adminUrl.port), database: user, user, password };
  const client = new pg.Client({ ...settings, host: '127.0.0.1' });
  await client.connect();
  return {
    settings,
    client,
    async drop() {
      await client.end().catch(() => undefined);
      const again = new pg.Client({ connectionString: adminUrl.href });
      await again.connect();
      try {
        await again.query(`DROP DATABASE IF EXISTS ${user} WITH (FORCE)`);
        await again.query(`DROP ROLE IF EXISTS ${user}`);
      } finally {
        await again.end();
      }
    },
  };
}
