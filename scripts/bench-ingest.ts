/**
 * `npm run bench:ingest [-- --jobs 1000000 --concurrency 2]`: loads a synthetic corpus through the
 * real path (normalize → enrich → job_state + ledger in Postgres → sequencer → projector → ES) into
 * a dedicated schema and index on the dev stack, and prints throughput per stage.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { loadBoards } from '../src/ingest/crawl/boards.js';
import { syntheticBoardLines } from '../test/support/synthetic.js';
import { systemClock } from '../src/lib/clock.js';
import { openRuntime } from '../src/runtime.js';
import { ensureJobsIndex } from '../src/search/indices.js';
import { devEnv, devStackUp } from './lib/dev.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000000' },
    concurrency: { type: 'string', default: '4' },
    threads: { type: 'string', default: '2' },
    seed: { type: 'string', default: '42' },
    prefix: { type: 'string', default: 'bench-ingest' },
  },
});
const jobs = Number(values.jobs);
const concurrency = Number(values.concurrency);
const threads = Number(values.threads);
if (
  !Number.isInteger(jobs) ||
  jobs < 1 ||
  !Number.isInteger(concurrency) ||
  concurrency < 1 ||
  !Number.isInteger(threads) ||
  threads < 0
) {
  process.stderr.write(
    'usage: npm run bench:ingest -- [--jobs N] [--concurrency N] [--threads N] [--seed N]\n',
  );
  process.exit(64);
}

const env = await devEnv(await devStackUp());
const schema = values.prefix.replace(/-/g, '_');
const config = loadConfig({
  ...env,
  ES_INDEX_PREFIX: values.prefix,
  PG_SCHEMA: schema,
  LOG_LEVEL: 'silent',
  ES_REQUEST_TIMEOUT_MS: '60000',
});
const runtime = openRuntime(config);
let closeIngest = (): Promise<void> => Promise.resolve();
const { db } = runtime.database;
try {
  // A clean slate every run, so figures compare.
  await db.none('DROP SCHEMA IF EXISTS $1:name CASCADE', [schema]);
  await runtime.es.indices.delete({
    index: `${values.prefix}-v*`,
    allow_no_indices: true,
    expand_wildcards: 'all',
  });
  await migrate(db, schema);
  await ensureJobsIndex(runtime.es, runtime.indices);
  const deps = createIngestDeps(db, config, systemClock, undefined, threads);
  closeIngest = deps.close;
  const boards = syntheticBoardLines({ seed: Number(values.seed), jobs });

  let peakRss = 0;
  let done = 0;
  const sample = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 250);
  const progress = setInterval(() => {
    process.stderr.write(`\r  recorded ${done.toLocaleString('en-US')} / ${jobs.toLocaleString('en-US')}`);
  }, 2000);
  const t0 = performance.now();
  await loadBoards(deps, boards, concurrency, (summary) => {
    done += summary.created;
  });
  const t1 = performance.now();
  clearInterval(progress);
  process.stderr.write('\n');
  const projected = await catchUp(db, runtime.es, runtime.indices.alias, systemClock);
  const t2 = performance.now();
  clearInterval(sample);
  await runtime.es.indices.refresh({ index: runtime.indices.alias });
  const indexed = (await runtime.es.count({ index: runtime.indices.alias })).count;
  const rate = (n: number, ms: number): string => `${Math.round(n / (ms / 1000)).toLocaleString('en-US')}/s`;
  process.stdout.write(
    [
      `bench:ingest — ${jobs.toLocaleString('en-US')} synthetic jobs, concurrency ${concurrency}, ${threads} prepare threads, ES ${values.prefix}, PG schema ${schema}`,
      `  normalize + enrich + job_state/ledger commit: ${((t1 - t0) / 1000).toFixed(1)} s  ${rate(done, t1 - t0)}`,
      `  sequence + project into ES:                   ${((t2 - t1) / 1000).toFixed(1)} s  ${rate(projected.applied, t2 - t1)}`,
      `  end to end (searchable):                      ${((t2 - t0) / 1000).toFixed(1)} s  ${rate(indexed, t2 - t0)} docs/s`,
      `  indexed ${indexed.toLocaleString('en-US')} documents; peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB`,
      '',
    ].join('\n'),
  );
} finally {
  await closeIngest();
  await runtime.close();
}
