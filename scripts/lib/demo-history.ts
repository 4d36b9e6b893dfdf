/**
 * The synthetic demo history (`npm start -- --history`): boards of the synthetic generator
 * (test/support/synthetic.ts) crawled through the ingest path with a controlled clock over the two
 * quarters before the running one and the running one so far (history-plan.ts), so velocity,
 * time-to-fill, state-of-hiring, the company rollups and the charts have a past to show.
 *
 * Every crawl is one recordCrawl transaction at its simulated time: the lifecycle diff decides what
 * opens, changes and closes, the ledger records it, the projector puts it in the index; nothing
 * is written around the ledger. Each board's last crawl is a real one, at the database's clock.
 * What is simulated is only the fetch: the board's listing at that time comes from the plan, and
 * a posting is prepared (normalized, enriched) once per version (expired, edited) rather than at
 * every crawl — preparing is deterministic and its only use of the clock is the expiry, which is
 * part of the version.
 *
 * Reports stored before the load (a completed quarter's is otherwise kept forever) are dropped once
 * it is projected: they describe a past the load has rewritten.
 *
 * The corpus is labelled synthetic (corpus_notices) before the first board is written, and the
 * synthetic boards are taken out of the worker's crawl loop (their slugs are made up: a real ATS
 * must never be asked for them). Loads once per schema: a second run finds the notice and skips.
 * Backdated first observations can land below an already published active-feed horizon, so this
 * is for a fresh demo corpus, not one a feed consumer has walked.
 */
import pLimit from 'p-limit';
import { AnalyticsRepository } from '../../src/db/analytics.js';
import type { CompanyRow } from '../../src/db/corpus.js';
import { CorpusRepository } from '../../src/db/corpus.js';
import { CompanyRepository } from '../../src/db/companies.js';
import { databaseNow } from '../../src/db/database.js';
import { CorpusNoticeRepository } from '../../src/db/notices.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import type { CrawlOutcome, PreparedJob } from '../../src/ingest/crawl/lifecycle.js';
import { recordCrawl, type CrawlSummary } from '../../src/ingest/crawl/pipeline.js';
import { crawlEvidence } from '../../src/ingest/identity/evidence.js';
import type { SourcePosting } from '../../src/ingest/types.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { systemClock } from '../../src/lib/clock.js';
import type { Runtime } from '../../src/runtime.js';
import { seededRandom } from '../../test/support/random.js';
import { syntheticBoards, type SyntheticBoard } from '../../test/support/synthetic.js';
import { historyPeriod, listingAt, planBoard, type BoardPlan, type HistoryPeriod } from './history-plan.js';

export interface HistoryOptions {
  /** Postings generated (a few never reach a crawl: they come and go between two, or after a board died). */
  jobs: number;
  seed?: number;
  /** Postings per board on average (one company per board). */
  meanBoardSize?: number;
  /** Boards crawled at once. */
  concurrency?: number;
  /** Prepare threads (INGEST_THREADS when absent; 0 prepares inline). */
  threads?: number;
  onProgress?: (line: string) => void;
}

export interface HistoryLoad {
  boards: number;
  crawls: number;
  period: { start: string; end: string; quarters: string[] };
  /** Jobs of the synthetic boards by status and close reason, as recorded. */
  jobs: { total: number; open: number; closed: Record<string, number> };
  /** Ledger events of those jobs, all projected. */
  events: number;
  seconds: number;
}

export type HistoryResult = { loaded: HistoryLoad } | { skipped: string };

const LOADER = 'demo-history';
const PROJECTION_MS = 600_000;
/** The edit of a `modified` posting: a paragraph added to its description. */
const EDIT =
  '<p>Update: this team has grown since we first posted this role, and we now interview weekly.</p>';

/** The posting as the board lists it in one version (expired: its valid-through passed; modified: edited). */
function version(posting: SourcePosting, modified: boolean): SourcePosting {
  return modified ? { ...posting, descriptionHtml: `${posting.descriptionHtml ?? ''}\n${EDIT}` } : posting;
}

/** Crawls one board through its planned history, then once more now; returns its id and the crawls made. */
async function crawlHistory(
  runtime: Runtime,
  deps: ReturnType<typeof createIngestDeps>,
  board: SyntheticBoard,
  plan: BoardPlan,
): Promise<{ id: string; crawls: number }> {
  const { db } = runtime.database;
  const id = await registerBoard(
    db,
    { line: 0, source: board.source, slug: board.slug, company: board.companyName, domain: board.domain },
    crawlEvidence({ slug: board.slug, postings: board.postings }),
  );
  await new CorpusRepository(db).removeFromSchedule([id]);
  const endpoint = board.postings[0]?.sourceEndpoint;
  if (endpoint !== undefined) await new CompanyRepository(db).setEndpoint(id, endpoint);
  const row = await new CorpusRepository(db).board(id);
  if (row === null) throw new Error(`board ${id} vanished`);
  const company: CompanyRow = row.company;
  // Published when the plan says, and valid through its expiry (what the source would report).
  const postings = board.postings.map((posting, index): SourcePosting => {
    const fate = plan.postings[index];
    if (fate === undefined) return posting;
    return {
      ...posting,
      postedAt: new Date(fate.postedAt).toISOString(),
      ...(fate.expiresAt === undefined ? {} : { validThrough: new Date(fate.expiresAt).toISOString() }),
    };
  });
  const prepared = new Map<string, Promise<PreparedJob>>();
  let crawls = 0;
  // The planned crawls, then the last one now (undefined: at the database's clock).
  for (const at of [...plan.crawls, undefined]) {
    const now = at === undefined ? new Date() : new Date(at);
    const listing = listingAt(plan, now.getTime());
    let outcome: CrawlOutcome;
    if (listing.kind === 'gone') outcome = { kind: 'not_found', signal: 'http_404' };
    else {
      const jobs = listing.postings.map(({ index, expired, modified }) => {
        const key = `${String(index)}:${String(expired)}:${String(modified)}`;
        let job = prepared.get(key);
        const posting = postings[index];
        if (job === undefined && posting !== undefined) {
          job = deps.prepare(
            { ...version(posting, modified), organization: board.companyName },
            { board: row, company, now },
          );
          prepared.set(key, job);
        }
        if (job === undefined) throw new Error(`no posting ${String(index)} on ${board.slug}`);
        return job;
      });
      outcome = { kind: 'ok', jobs: await Promise.all(jobs) };
    }
    const summary: CrawlSummary = await recordCrawl(
      db,
      row,
      outcome,
      deps.policy,
      at === undefined ? undefined : now,
    );
    crawls += 1;
    if (summary.health === 'dead') break;
  }
  return { id, crawls };
}

/**
 * Sequences and projects everything, retried: on a busy two-core machine a bulk of 1,000 documents
 * has been seen to miss ES_REQUEST_TIMEOUT_MS (5 s), and a projection is safe to resume (external
 * versions, a checkpoint after each batch that landed).
 */
async function project(runtime: Runtime): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await catchUp(runtime.database.db, runtime.es, runtime.indices.alias, systemClock, PROJECTION_MS);
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Loads the synthetic history into the runtime's schema and index, unless one was loaded there before. */
export async function loadDemoHistory(runtime: Runtime, options: HistoryOptions): Promise<HistoryResult> {
  const started = performance.now();
  const { db } = runtime.database;
  const seed = options.seed ?? 7;
  const meanBoardSize = options.meanBoardSize ?? 25;
  const period: HistoryPeriod = historyPeriod(new Date(await databaseNow(db)));
  const notices = new CorpusNoticeRepository(db);
  const detail = {
    loader: LOADER,
    seed,
    jobs: options.jobs,
    mean_board_size: meanBoardSize,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
  };
  if (!(await notices.recordSyntheticLoad(detail))) {
    const previous = await notices.syntheticLoad();
    return {
      skipped:
        previous?.completed_at === null
          ? `a synthetic history load started at ${previous.recorded_at} never finished; load into a fresh schema`
          : `synthetic history already loaded (${previous?.completed_at ?? 'earlier'})`,
    };
  }
  const deps = createIngestDeps(db, runtime.config, systemClock, undefined, options.threads);
  const random = seededRandom(seed);
  // Crawls wait on Postgres far more than on this process: six at a time keep two cores busy.
  const limit = pLimit(options.concurrency ?? 6);
  const ids: string[] = [];
  let boards = 0;
  let crawls = 0;
  let reported = performance.now();
  const tasks: Promise<void>[] = [];
  try {
    // Plans are drawn in the generator's order, so a seed always gives the same history.
    for (const board of syntheticBoards({ seed, jobs: options.jobs, meanBoardSize })) {
      const plan = planBoard(random, board.postings.length, period);
      tasks.push(
        limit(async () => {
          const crawled = await crawlHistory(runtime, deps, board, plan);
          ids.push(crawled.id);
          crawls += crawled.crawls;
          boards += 1;
          if (performance.now() - reported < 10_000) return;
          reported = performance.now();
          options.onProgress?.(
            `  ${String(boards)} boards, ${String(crawls)} crawls in ${((reported - started) / 1000).toFixed(0)} s`,
          );
        }),
      );
    }
    // Every board settles before the prepare threads stop, even when one failed.
    const failed = (await Promise.allSettled(tasks)).find((task) => task.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  } finally {
    await deps.close();
  }
  await project(runtime);
  // Reports stored before (or during) the load describe a past that has just been rewritten.
  await new AnalyticsRepository(db).discardStoredReports(period.quarters);
  const rows = await db.any<{ status: string; reason: string | null; n: number }>(
    `SELECT s.status, s.close_reason AS reason, count(*)::int AS n
       FROM job_state s WHERE s.board_id = ANY($1::bigint[]) GROUP BY 1, 2`,
    [ids],
  );
  const events = await db.one<{ n: number }>(
    `SELECT count(*)::int AS n FROM change_events
      WHERE job_key IN (SELECT job_key FROM job_state WHERE board_id = ANY($1::bigint[]))`,
    [ids],
  );
  const closed: Record<string, number> = {};
  for (const row of rows) if (row.status === 'closed') closed[row.reason ?? 'unknown'] = row.n;
  const load: HistoryLoad = {
    boards,
    crawls,
    period: { start: detail.period_start, end: detail.period_end, quarters: period.quarters },
    jobs: {
      total: rows.reduce((sum, row) => sum + row.n, 0),
      open: rows.filter((row) => row.status === 'open').reduce((sum, row) => sum + row.n, 0),
      closed,
    },
    events: events.n,
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
  await notices.completeSyntheticLoad({ boards, crawls, jobs: load.jobs.total, seconds: load.seconds });
  return { loaded: load };
}
