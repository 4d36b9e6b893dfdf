/**
 * `npm run ingest -- --boards <file.csv|file.jsonl> [--no-project]`: registers the boards, crawls
 * them through the real connectors with a progress bar, projects the ledger into the index and
 * prints a summary per outcome.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { migrate } from '../src/db/migrate.js';
import { systemClock } from '../src/lib/clock.js';
import { BoardsFileError, parseBoardsFile } from '../src/ingest/crawl/boards-file.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import type { CrawlSummary } from '../src/ingest/crawl/pipeline.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { crawlBoards, registerBoard } from '../src/ingest/crawl/boards.js';
import { ensureJobsIndex } from '../src/search/indices.js';
import { scriptRuntime } from './lib/runtime.js';

const { values } = parseArgs({
  options: { boards: { type: 'string' }, 'no-project': { type: 'boolean', default: false } },
});
if (values.boards === undefined) {
  process.stderr.write('usage: npm run ingest -- --boards <file.csv|file.jsonl> [--no-project]\n');
  process.exit(64);
}
let lines;
try {
  lines = parseBoardsFile(
    await readFile(values.boards, 'utf8'),
    values.boards.endsWith('.jsonl') ? 'jsonl' : 'csv',
  );
} catch (error) {
  process.stderr.write(`${error instanceof BoardsFileError ? error.message : String(error)}\n`);
  process.exit(65);
}

const runtime = await scriptRuntime();
let closeIngest = (): Promise<void> => Promise.resolve();
try {
  await migrate(runtime.database.db, runtime.config.postgres.schema);
  await ensureJobsIndex(runtime.es, runtime.indices);
  const ids: string[] = [];
  for (const line of lines) ids.push(await registerBoard(runtime.database.db, line));
  const deps = createIngestDeps(runtime.database.db, runtime.config, systemClock);
  closeIngest = deps.close;
  const bar = new SingleBar(
    { format: 'crawl [{bar}] {value}/{total} boards | {jobs} jobs' },
    Presets.shades_classic,
  );
  let jobs = 0;
  bar.start(ids.length, 0, { jobs });
  const summaries = await crawlBoards(deps, ids, runtime.config.ingest.concurrency, (summary) => {
    jobs += summary.fetched;
    bar.increment(1, { jobs });
  });
  bar.stop();
  printSummary(summaries);
  if (!values['no-project']) {
    const projected = await catchUp(runtime.database.db, runtime.es, runtime.indices.alias, systemClock);
    process.stdout.write(
      `projected ${projected.applied} ledger events into ${runtime.indices.alias} (checkpoint ${projected.checkpoint})\n`,
    );
  }
} finally {
  await closeIngest();
  await runtime.close();
}

function printSummary(summaries: CrawlSummary[]): void {
  const total = (pick: (s: CrawlSummary) => number): number => summaries.reduce((sum, s) => sum + pick(s), 0);
  process.stdout.write(
    `boards: ${summaries.length} (ok ${summaries.filter((s) => s.outcome === 'ok').length}, ` +
      `not found ${summaries.filter((s) => s.outcome === 'not_found').length}, ` +
      `failed ${summaries.filter((s) => s.outcome === 'transient').length})\n` +
      `jobs: fetched ${total((s) => s.fetched)}, created ${total((s) => s.created)}, modified ${total((s) => s.modified)}, ` +
      `closed ${total((s) => s.closed)}, reopened ${total((s) => s.reopened)}, unchanged ${total((s) => s.unchanged)}\n`,
  );
  for (const s of summaries.filter((summary) => summary.outcome !== 'ok' || summary.health !== 'ok')) {
    process.stdout.write(
      `  ${s.source}/${s.slug}: ${s.outcome}, health ${s.health}${s.reason === undefined ? '' : ` (${s.reason})`}\n`,
    );
  }
}
