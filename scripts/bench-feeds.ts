/**
 * `npm run bench:feeds [-- --rounds 30]`: feed lag — the time from a crawl transaction's commit to
 * the moment a consumer of each feed sees the change — with the worker's ledger loops at their
 * production cadence (sequencer 500 ms, projector 1 s, active-feed horizon 1 s). Each round commits
 * one new board of synthetic postings (created), and re-crawls an earlier board with one title
 * changed (modified) and one posting gone (expired). One consumer per feed polls every 20 ms through
 * the same services the API handlers call. Runs on the dev stack in a throwaway schema and index.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { CorpusRepository } from '../src/db/corpus.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { recordCrawl } from '../src/ingest/crawl/pipeline.js';
import { registerBoard } from '../src/ingest/crawl/boards.js';
import { syntheticBoardLines } from '../test/support/synthetic.js';
import type { SourcePosting } from '../src/ingest/types.js';
import { DEFAULT_TICKS, runLedgerLoops } from '../src/worker/run.js';
import { createLogger } from '../src/lib/logger.js';
import { createServices, openRuntime } from '../src/runtime.js';
import { dropIndexFamily, ensureJobsIndex } from '../src/search/indices.js';
import { devEnv, devStackUp } from './lib/dev.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '30' } } });
const rounds = Number(values.rounds);
const prefix = `bench-feeds-${String(Date.now())}`;
const schema = prefix.replace(/-/g, '_');
const config = loadConfig({
  ...(await devEnv(await devStackUp())),
  ES_INDEX_PREFIX: prefix,
  PG_SCHEMA: schema,
  LOG_LEVEL: 'silent',
});
const runtime = openRuntime(config);
const { db } = runtime.database;
const services = createServices(runtime);
const deps = createIngestDeps(db, config, { now: () => new Date() }, undefined, 0);
const controller = new AbortController();
const loops = runLedgerLoops(
  { db, es: runtime.es, index: runtime.indices.alias, logger: createLogger('silent') },
  controller.signal,
  DEFAULT_TICKS,
);

type Feed = 'changes' | 'active' | 'modified' | 'expired';
/** Per feed: job key → commit time (ms) of the change we wait for; and the measured lags. */
const waiting: Record<Feed, Map<string, number>> = {
  changes: new Map(),
  active: new Map(),
  modified: new Map(),
  expired: new Map(),
};
const lags: Record<Feed, number[]> = { changes: [], active: [], modified: [], expired: [] };
const arrived = (feed: Feed, key: string): void => {
  const committed = waiting[feed].get(key);
  if (committed === undefined) return;
  lags[feed].push(performance.now() - committed);
  waiting[feed].delete(key);
};

async function consume(): Promise<void> {
  let sinceSeq = 0;
  let activeCursor: string | undefined;
  let since = new Date().toISOString();
  while (!controller.signal.aborted) {
    const changes = await services.changes.page(sinceSeq, 1000);
    for (const event of changes.events) if (event.change === 'created') arrived('changes', event.job_key);
    sinceSeq = changes.next_seq;
    const active = await services.active.page({
      filters: {},
      time_frame: '24h',
      first_seen_gte: since,
      limit: 1000,
      include_description: false,
      ...(activeCursor === undefined ? {} : { cursor: activeCursor }),
    });
    for (const job of active.jobs) arrived('active', job.job_key);
    activeCursor = active.next_cursor;
    // The last page of a window has no cursor: the next window starts at its upper bound.
    if (activeCursor === undefined) since = active.window.lt;
    const modified = await services.feeds.modified({ time_frame: '1h', limit: 1000 });
    for (const record of modified.records) arrived('modified', record.job_key);
    const expired = await services.feeds.expired({ time_frame: '1h', limit: 1000 });
    for (const job of expired.jobs) arrived('expired', job.job_key);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function crawl(
  line: Parameters<typeof registerBoard>[1],
  postings: SourcePosting[],
): Promise<string[]> {
  const id = await registerBoard(db, line);
  const board = await new CorpusRepository(db).board(id);
  if (board === null) throw new Error('board vanished');
  const ctx = { board, company: board.company, now: new Date() };
  const organization = line.company ?? line.slug;
  const jobs = await Promise.all(postings.map((posting) => deps.prepare({ ...posting, organization }, ctx)));
  await recordCrawl(db, board, { kind: 'ok', jobs });
  const rows = await db.any<{ job_key: string; native_id: string }>(
    'SELECT job_key, native_id FROM job_state WHERE board_id = $1',
    [id],
  );
  const byNative = new Map(rows.map((row) => [row.native_id, row.job_key]));
  return postings.map((posting) => byNative.get(posting.nativeId) ?? '');
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

let consumer: Promise<void> = Promise.resolve();
let closedUnread = 0;
try {
  await migrate(db, schema);
  await ensureJobsIndex(runtime.es, runtime.indices);
  consumer = consume();
  const boards = [...syntheticBoardLines({ seed: 11, jobs: rounds * 20, meanBoardSize: 20 })];
  const crawled: { line: (typeof boards)[number]['line']; postings: SourcePosting[]; keys: string[] }[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const board = boards[round];
    if (board === undefined) break;
    const keys = await crawl(board.line, board.postings);
    const committed = performance.now();
    for (const key of keys) {
      waiting.changes.set(key, committed);
      waiting.active.set(key, committed);
    }
    crawled.push({ ...board, keys });
    const earlier = crawled[round - 1];
    if (earlier !== undefined && earlier.postings.length >= 3) {
      const [renamed, gone, ...kept] = earlier.postings;
      if (renamed !== undefined && gone !== undefined) {
        const keys2 = await crawl(earlier.line, [{ ...renamed, title: `${renamed.title} II` }, ...kept]);
        const recommitted = performance.now();
        waiting.modified.set(keys2[0] ?? '', recommitted);
        waiting.expired.set(earlier.keys[1] ?? '', recommitted);
        // Closed before the active feed delivered it: by contract it is not delivered any more.
        if (waiting.active.delete(earlier.keys[1] ?? '')) closedUnread += 1;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const until = performance.now() + 30_000;
  while (Object.values(waiting).some((map) => map.size > 0) && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 50));
  console.log(
    `feed lag, commit → visible to a polling consumer (${String(rounds)} rounds, poll every 20 ms)`,
  );
  console.log('feed       changes   p50 ms   p95 ms   max ms   never seen');
  for (const feed of ['changes', 'active', 'modified', 'expired'] as const) {
    const sorted = [...lags[feed]].sort((a, b) => a - b);
    console.log(
      `${feed.padEnd(10)} ${String(sorted.length).padStart(7)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ` +
        `${percentile(sorted, 95).toFixed(0).padStart(8)} ${(sorted[sorted.length - 1] ?? Number.NaN).toFixed(0).padStart(8)} ` +
        String(waiting[feed].size).padStart(12),
    );
  }
  console.log(
    `(${String(closedUnread)} jobs closed before the active feed delivered them: not expected there)`,
  );
} finally {
  controller.abort();
  await Promise.allSettled([loops, consumer]);
  await deps.close();
  await db.none('DROP SCHEMA IF EXISTS $1:name CASCADE', [schema]);
  await dropIndexFamily(runtime.es, runtime.indices);
  await runtime.close();
}
