/** `npm run migrate`: applies pending SQL migrations and installs the index templates and alias. */
import { migrate } from '../src/db/migrate.js';
import { ensureJobsIndex } from '../src/search/indices.js';
import { scriptRuntime } from './lib/runtime.js';

const runtime = await scriptRuntime();
try {
  const applied = await migrate(runtime.database.db, runtime.config.postgres.schema);
  process.stdout.write(
    applied.length === 0 ? 'schema up to date\n' : `applied migrations: ${applied.join(', ')}\n`,
  );
  const index = await ensureJobsIndex(runtime.es, runtime.indices);
  process.stdout.write(`alias ${runtime.indices.alias} -> ${index}\n`);
} finally {
  await runtime.close();
}
