/**
 * The customer's side of bench:destinations: a database and a login role of its own on the dev
 * Postgres (as test/integration/customer-db.ts makes them, with the admin URL passed in: a bench
 * takes its environment from benchEnv, not process.env), and what the bench does to and reads from
 * the customer's tables between measurements. The destination itself connects over TLS by host name;
 * this client connects to 127.0.0.1 without TLS, as the test's does, since it only inspects.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { tableNames } from '../../src/db/customer-table.js';

export interface CustomerDatabase {
  /** Connection settings as a destination is configured with them (host by name, for TLS). */
  settings: { host: string; port: number; database: string; user: string; password: string };
  client: pg.Client;
  /** Live rows of a table (0 when it does not exist yet), in all and with a seq above `above`. */
  live(table: string, above?: number): Promise<{ live: number; above: number }>;
  /** Empties a table's rows: a replay then inserts every row it writes. */
  clearRows(table: string): Promise<void>;
  /** Every row back to seq 0, then vacuumed: a replay then updates every row it touches. */
  age(table: string): Promise<void>;
  /**
   * Empties the deliveries record (one destination per table here): the customer's record is where
   * a run resumes, so without it delivery starts again from our side's position.
   */
  forget(table: string): Promise<void>;
  /**
   * A long-lived destination's record: `count` batches committed over the last 29 days, the last
   * at `toSeq` — where delivery resumes from.
   */
  seedHistory(table: string, destinationId: string, count: number, toSeq: number): Promise<void>;
  /** EXPLAIN (ANALYZE, BUFFERS) of the statement apply() runs per batch to trim the deliveries record. */
  explainRetention(table: string, destinationId: string): Promise<string[]>;
  /** job_key → seq of the given jobs' rows. */
  seqs(table: string, jobKeys: string[]): Promise<Map<string, number>>;
  /** Server process ids serving this database, the inspecting client's excluded. */
  backendPids(): Promise<number[]>;
  drop(): Promise<void>;
}

/**
 * A new customer database and role named `<label>_<random>`. `adminUrl`: the dev stack's superuser
 * URL (DATABASE_URL).
 */
export async function createCustomerDatabase(adminUrl: string, label: string): Promise<CustomerDatabase> {
  const admin = new URL(adminUrl);
  const user = `${label}_${randomBytes(4).toString('hex')}`;
  const password = `pw-${randomBytes(12).toString('hex')}`;
  await withAdmin(admin, async (client) => {
    await client.query(`CREATE ROLE ${user} LOGIN PASSWORD '${password}'`);
    await client.query(`CREATE DATABASE ${user} OWNER ${user}`);
  });
  const settings = { host: 'localhost', port: Number(admin.port), database: user, user, password };
  const client = new pg.Client({ ...settings, host: '127.0.0.1' });
  // A customer connection broken while idle must not crash the bench: the next query reports it.
  client.on('error', () => undefined);
  await client.connect();
  const { rows: ownPid } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const inspector = ownPid[0]?.pid ?? 0;
  const exists = async (table: string): Promise<boolean> => {
    const { rows } = await client.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [
      tableNames(table).rows,
    ]);
    return rows[0]?.found ?? false;
  };
  let dropped = false;
  return {
    settings,
    client,
    async live(table, above = 0) {
      if (!(await exists(table))) return { live: 0, above: 0 };
      const { rows } = await client.query<{ live: number; above: number }>(
        `SELECT count(*)::int AS live, count(*) FILTER (WHERE seq > $1)::int AS above
           FROM ${tableNames(table).rows} WHERE NOT deleted`,
        [above],
      );
      return rows[0] ?? { live: 0, above: 0 };
    },
    async clearRows(table) {
      if (await exists(table)) await client.query(`TRUNCATE ${tableNames(table).rows}`);
    },
    async age(table) {
      const names = tableNames(table);
      await client.query(`UPDATE ${names.rows} SET seq = 0`);
      await client.query(`VACUUM (ANALYZE) ${names.rows}`);
    },
    async forget(table) {
      if (await exists(table)) await client.query(`TRUNCATE ${tableNames(table).deliveries}`);
    },
    async seedHistory(table, destinationId, count, toSeq) {
      const names = tableNames(table);
      // Spread over the last 29 days (retention is 30): all of it is what the per-batch trim must look at.
      await client.query(
        `INSERT INTO ${names.deliveries} (destination_id, batch, run_id, to_seq, backfill_after, rows, committed_at)
         SELECT $1, b, gen_random_uuid(), $3, NULL, 1,
                now() - make_interval(secs => (29 * 86400.0 * ($2::bigint - b) / $2::bigint)::float8)
           FROM generate_series(1, $2::bigint) AS b`,
        [destinationId, count, toSeq],
      );
      await client.query(`VACUUM (ANALYZE) ${names.deliveries}`);
    },
    async explainRetention(table, destinationId) {
      const names = tableNames(table);
      const { rows: last } = await client.query<{ batch: string | null }>(
        `SELECT max(batch)::text AS batch FROM ${names.deliveries} WHERE destination_id = $1`,
        [destinationId],
      );
      const next = Number(last[0]?.batch ?? 0) + 1;
      // In a rolled-back transaction: nothing is older than 30 days, but the plan is the point.
      await client.query('BEGIN');
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS) DELETE FROM ${names.deliveries}
            WHERE destination_id = $1 AND batch < $2 AND committed_at < now() - interval '30 days'`,
          [destinationId, next],
        );
        return rows.map((row) => row['QUERY PLAN']);
      } finally {
        await client.query('ROLLBACK');
      }
    },
    async seqs(table, jobKeys) {
      const { rows } = await client.query<{ job_key: string; seq: string }>(
        `SELECT job_key, seq FROM ${tableNames(table).rows} WHERE job_key = ANY($1::text[])`,
        [jobKeys],
      );
      return new Map(rows.map((row) => [row.job_key, Number(row.seq)]));
    },
    async backendPids() {
      const { rows } = await client.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1',
        [inspector],
      );
      return rows.map((row) => row.pid);
    },
    async drop() {
      if (dropped) return;
      dropped = true;
      await client.end().catch(() => undefined);
      await withAdmin(admin, async (again) => {
        await again.query(`DROP DATABASE IF EXISTS ${user} WITH (FORCE)`);
        await again.query(`DROP ROLE IF EXISTS ${user}`);
      });
    },
  };
}

async function withAdmin(url: URL, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url.href });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/** Seconds a process (or thread) spent on a CPU, and runnable but waiting for one. */
export interface SchedTimes {
  cpu: number;
  wait: number;
}

/**
 * From /proc/<pid>/schedstat (nanoseconds on a CPU, waiting on a run queue); undefined once the
 * process is gone. `pid` may also be `<pid>/task/<tid>`: one thread. The wait is what a busy
 * machine costs: time the work was ready to run and did not.
 */
export function schedTimes(pid: number | string): SchedTimes | undefined {
  try {
    const [cpu, wait] = readFileSync(`/proc/${String(pid)}/schedstat`, 'utf8')
      .split(' ')
      .map(Number);
    return { cpu: (cpu ?? 0) / 1e9, wait: (wait ?? 0) / 1e9 };
  } catch {
    return undefined;
  }
}

/**
 * What the customer database's server processes spend while `work` runs, on a CPU and waiting for
 * one: their pids are sampled every 100 ms (a delivery run opens its own connection and closes it
 * at the end), and each one's last reading counts. A connection's last < 100 ms can be missed: the
 * figures are lower bounds.
 */
export async function customerSchedDuring<T>(
  customer: CustomerDatabase,
  work: () => Promise<T>,
): Promise<{ result: T; sched: SchedTimes }> {
  const first = new Map<number, SchedTimes>();
  const last = new Map<number, SchedTimes>();
  const sample = async (): Promise<void> => {
    for (const pid of await customer.backendPids()) {
      const times = schedTimes(pid);
      if (times === undefined) continue;
      if (!first.has(pid)) first.set(pid, times);
      last.set(pid, times);
    }
  };
  await sample();
  // A connection found at the first sample may have been working before: only its growth counts.
  const preexisting = new Set(first.keys());
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(sample).catch(() => undefined);
  }, 100);
  try {
    const result = await work();
    const sched = { cpu: 0, wait: 0 };
    for (const [pid, times] of last) {
      const base = preexisting.has(pid) ? first.get(pid) : undefined;
      sched.cpu += times.cpu - (base?.cpu ?? 0);
      sched.wait += times.wait - (base?.wait ?? 0);
    }
    return { result, sched };
  } finally {
    clearInterval(timer);
    await sampling;
  }
}
