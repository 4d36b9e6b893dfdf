/**
 * `npm run stack:up` / `npm run stack:down`: the local Elasticsearch + Postgres for development.
 * `up` leaves the stack running after it returns; interrupted while starting it, it stops what it
 * had started (nothing else would: the state file is written once the stack is ready).
 */
import { devEnv, devStackDown, devStackUp } from './lib/dev.js';
import { log, onStopSignals, stopStarted } from './lib/stack.js';

const command = process.argv[2];
if (command === 'up') {
  let stopping: Promise<void> | undefined;
  onStopSignals((signal, code) => {
    log(`${signal}: stopping what was started`);
    stopping = stopStarted().finally(() => process.exit(code));
  });
  const state = await devStackUp().catch(async (error: unknown) => {
    // Stopped half-way by a signal: its handler exits once the servers are gone.
    if (stopping === undefined) throw error;
    await stopping;
    throw error;
  });
  const env = await devEnv(state);
  process.stdout.write(
    `export ELASTICSEARCH_URL=${env.ELASTICSEARCH_URL ?? ''}\nexport DATABASE_URL=${env.DATABASE_URL ?? ''}\nexport STRIPE_API_URL=${env.STRIPE_API_URL ?? ''}\n`,
  );
} else if (command === 'down') {
  await devStackDown();
} else {
  process.stderr.write('usage: tsx scripts/stack.ts up|down\n');
  process.exit(64);
}
