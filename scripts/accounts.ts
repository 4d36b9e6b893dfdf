/** `npm run accounts -- create --email a@b.c --plan scale [--service]`: prints a new key once. */
import { parseArgs } from 'node:util';
import { isPlanCode, PLAN_CODES } from '../src/domain/plans.js';
import { migrate } from '../src/db/migrate.js';
import { createServices } from '../src/runtime.js';
import { scriptRuntime } from './lib/runtime.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    plan: { type: 'string', default: 'starter' },
    service: { type: 'boolean', default: false },
  },
});
const email = values.email ?? '';
const plan = values.plan;
if (positionals[0] !== 'create' || !/^[^@\s]+@[^@\s]+$/.test(email) || !isPlanCode(plan)) {
  process.stderr.write(
    `usage: npm run accounts -- create --email <address> --plan ${PLAN_CODES.join('|')} [--service]\n`,
  );
  process.exit(64);
}
const runtime = await scriptRuntime();
try {
  await migrate(runtime.database.db, runtime.config.postgres.schema);
  const issued = await createServices(runtime).accounts.createActiveAccount({
    email,
    plan,
    isService: values.service,
  });
  process.stdout.write(`account ${issued.accountId} (${plan})\nkey (shown once): ${issued.key}\n`);
} finally {
  await runtime.close();
}
