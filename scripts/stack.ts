/** `npm run stack:up` / `npm run stack:down`: the local Elasticsearch + Postgres for development. */
import { devEnv, devStackDown, devStackUp } from './lib/dev.js';

const command = process.argv[2];
if (command === 'up') {
  const state = await devStackUp();
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
