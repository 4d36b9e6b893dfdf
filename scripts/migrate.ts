/** `npm run migrate`: applies pending SQL migrations and installs the index templates and alias. */
import { migrate } from '../src/db/migrate.js';
import { ensureJobsIndex, shardDrift } from '../src/search/indices.js';
import { scriptRuntime } from './lib/runtime.js';

const runtime = await scriptRuntime();
try {
  const applied = await migrate(runtime.database.db, runtime.config.postgres.schema);
  process.stdout.write(
    applied.length === 0 ? 'schema up to date\n' : `applied migrations: ${applied.join(', ')}\n`,
  );
  const index = await ensureJobsIndex(runtime.es, runtime.indices);
  process.stdout.write(`alias ${runtime.indices.alias} -> ${index}\n`);
  const drift = await shardDrift(runtime.es, runtime.indices);
  if (drift !== undefined)
    process.stdout.write(
      `${drift.index} has ${drift.live} primary shards, the configuration ${drift.configured} (ES_SHARDS): shards are fixed for an index's life, run npm run reindex to build a generation with ${drift.configured}\n`,
    );
} finally {
  await runtime.close();
}
