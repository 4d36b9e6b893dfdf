/**
 * Crawling one board end to end: fetch through the connector (outside any transaction), normalize
 * and enrich, then in ONE Postgres transaction diff against job_state, write the new state and the
 * ledger events, maintain duplicate groups and update the board. Elasticsearch is not touched here:
 * the projector applies the ledger later, so ingestion keeps working while ES is down.
 */
import type { Database } from '../../db/database.js';
import { CorpusRepository, type BoardWithCompany } from '../../db/corpus.js';
import type { Clock } from '../../lib/clock.js';
import { appendEvents, type NewEvent } from '../../ledger/ledger.js';
import type { JobChange } from '../../domain/lifecycle.js';
import { maintainDuplicates } from './duplicate-groups.js';
import {
  DEFAULT_POLICY,
  planCrawl,
  type CrawlOutcome,
  type LifecyclePolicy,
  type PreparedJob,
} from './lifecycle.js';
import {
  descriptionOf,
  prepareJob,
  rebindPrepared,
  sameCompanyMembers,
  type PrepareContext,
} from '../normalize/job.js';
import { CompanyRepository } from '../../db/companies.js';
import { crawlEvidence, type Evidence } from '../identity/evidence.js';
import { recordEvidence, resolveAround } from '../identity/resolve.js';
import type { PrepareFn } from './prepare.js';
import {
  BoardNotFoundError,
  TransientFetchError,
  type Connector,
  type CrawlResult,
  type EnrichInput,
  type Enrichment,
  type HttpClient,
  type SourcePosting,
} from '../types.js';

export interface IngestDeps {
  db: Database;
  http: HttpClient;
  connectors: ReadonlyMap<string, Connector>;
  /** Normalize + enrich one posting (inline, or on the prepare pool's threads). */
  prepare: PrepareFn;
  clock: Clock;
  policy?: LifecyclePolicy;
}

export interface CrawlSummary {
  boardId: string;
  source: string;
  slug: string;
  outcome: CrawlOutcome['kind'];
  health: string;
  fetched: number;
  created: number;
  modified: number;
  closed: number;
  reopened: number;
  unchanged: number;
  /**
   * Why the crawl failed, when it did (not-found signal or transient reason), or why it saw only
   * part of the board (then nothing missing was closed).
   */
  reason?: string;
}

export class UnknownBoardError extends Error {}

/** Crawls one board and records what changed. */
export async function crawlBoard(deps: IngestDeps, boardId: string): Promise<CrawlSummary> {
  const repository = new CorpusRepository(deps.db);
  const board = await repository.board(boardId);
  if (board === null) throw new UnknownBoardError(`No board ${boardId}`);
  const outcome = await fetchBoard(deps, board);
  return recordCrawl(deps.db, board, outcome, deps.policy ?? DEFAULT_POLICY);
}

/**
 * Records what a successful fetch says about who the board belongs to and, when that changed,
 * resolves the companies around it (ingest/identity). Returns the board with its company as of now.
 */
export async function identifyBoard(
  db: Database,
  board: BoardWithCompany,
  observed: Evidence[],
): Promise<BoardWithCompany> {
  const resolved = await db.tx('identify-board', async (tx) => {
    if (!(await recordEvidence(tx, board.id, observed))) return false;
    await resolveAround(tx, [board.id], await new CorpusRepository(tx).recordingTime());
    return true;
  });
  if (!resolved) return board;
  const current = await new CorpusRepository(db).board(board.id);
  if (current === null) throw new UnknownBoardError(`No board ${board.id}`);
  return current;
}

/**
 * The transactional half of a crawl: diff, job_state, ledger, duplicate groups and board health in
 * one Postgres transaction. Also the entry point of loaders that bring their own postings (the
 * synthetic corpus), so everything goes through the same path. Lifecycle timestamps (first_seen,
 * closed_at, modified_at) are the transaction's recording time, read from the database clock once the
 * transaction holds an id — the active feed's horizon depends on that order (feeds/horizon.ts).
 *
 * `recordedAt`: the crawl's time when it happened in the past, for the loader of the synthetic demo
 * history only (scripts/lib/demo-history.ts), whose crawls are simulated weeks ago so that the
 * ledger, the index and every analytic see a corpus with a past. Never later than the database
 * clock. It gives up the horizon's guarantee (a job may be recorded below a published horizon), so
 * it is for a corpus no active-feed consumer has walked yet, and never for a real crawl.
 */
export async function recordCrawl(
  db: Database,
  board: BoardWithCompany,
  outcome: CrawlOutcome,
  policy: LifecyclePolicy = DEFAULT_POLICY,
  recordedAt?: Date,
): Promise<CrawlSummary> {
  const boardId = board.id;
  return db.tx('crawl', async (tx) => {
    const corpus = new CorpusRepository(tx);
    await corpus.lockBoard(boardId);
    const clock = await corpus.recordingTime();
    if (recordedAt !== undefined && recordedAt.getTime() > Date.parse(clock))
      throw new RangeError(
        `a crawl cannot be recorded in the future (${recordedAt.toISOString()} > ${clock})`,
      );
    const nowIso = recordedAt === undefined ? clock : recordedAt.toISOString();
    const current = (await corpus.board(boardId)) ?? board;
    const plan = planCrawl(
      await corpus.jobStates(boardId),
      // A resolution may have landed between preparing and now: the jobs take the company as it is.
      outcome.kind === 'ok' && !sameCompanyMembers(board.company, current.company)
        ? { ...outcome, jobs: outcome.jobs.map((job) => rebindPrepared(job, current.company)) }
        : outcome,
      // Counters as of now, under the board lock (another crawl may have finished meanwhile).
      {
        consecutiveFailures: current.consecutive_failures,
        suspectEmptyStreak: current.suspect_empty_streak,
      },
      nowIso,
      policy,
    );
    await corpus.saveChanges(boardId, plan.changes);
    await corpus.markSeen(plan.seen);
    await appendEvents(tx, plan.changes.map(toEvent));
    await maintainDuplicates(tx, plan.changes, nowIso);
    await corpus.updateBoardAfterCrawl(boardId, plan.board);
    const companies = new CompanyRepository(tx);
    if (plan.changes.length > 0) await companies.refreshBoardRollup(boardId);
    await companies.refreshCompanies([current.company_key]);
    const count = (kind: JobChange['change']): number => plan.changes.filter((c) => c.change === kind).length;
    return {
      boardId,
      source: board.source,
      slug: board.slug,
      outcome: outcome.kind,
      health: plan.board.health,
      fetched: outcome.kind === 'ok' ? outcome.jobs.length : 0,
      created: count('created'),
      modified: count('modified'),
      closed: count('closed'),
      reopened: count('reopened'),
      unchanged: plan.seen.length,
      ...(outcome.kind === 'not_found' ? { reason: outcome.signal } : {}),
      ...(outcome.kind === 'transient' ? { reason: outcome.reason } : {}),
      ...(outcome.kind === 'ok' && outcome.truncated !== undefined ? { reason: outcome.truncated } : {}),
    };
  });
}

/**
 * Connector call, identity evidence, normalization; failures become outcomes that the lifecycle
 * understands.
 */
async function fetchBoard(deps: IngestDeps, fetched: BoardWithCompany): Promise<CrawlOutcome> {
  const connector = deps.connectors.get(fetched.source);
  if (connector === undefined)
    return { kind: 'transient', reason: `no connector for source ${fetched.source}` };
  let result: CrawlResult;
  try {
    result = await connector.crawl(
      {
        source: fetched.source,
        slug: fetched.slug,
        ...(fetched.endpoint_override === null ? {} : { endpointOverride: fetched.endpoint_override }),
      },
      deps.http,
    );
  } catch (error) {
    return failedFetch(error);
  }
  // A failure to identify the board is the database's, not the source's: it propagates.
  const listed = result.postings.filter((posting) => posting.unlisted !== true);
  await new CompanyRepository(deps.db).setEndpoint(fetched.id, result.endpoint);
  const board = await identifyBoard(
    deps.db,
    fetched,
    crawlEvidence({
      slug: fetched.slug,
      postings: listed,
      ...(result.boardName === undefined ? {} : { boardName: result.boardName }),
      ...(result.companyUrls === undefined ? {} : { companyUrls: result.companyUrls }),
    }),
  );
  const ctx = { board, company: board.company, now: deps.clock.now() };
  try {
    const jobs = [];
    for (const posting of listed) {
      const organization =
        posting.organization ?? result.boardName ?? board.company.display_name ?? board.slug;
      jobs.push(deps.prepare({ ...posting, organization }, ctx));
    }
    return {
      kind: 'ok',
      jobs: await Promise.all(jobs),
      ...(result.truncated === undefined ? {} : { truncated: result.truncated }),
    };
  } catch (error) {
    return failedFetch(error);
  }
}

function failedFetch(error: unknown): CrawlOutcome {
  if (error instanceof BoardNotFoundError) return { kind: 'not_found', signal: error.signal };
  if (error instanceof TransientFetchError) return { kind: 'transient', reason: error.reason };
  // An unparseable payload is the source's (or our parser's) problem, never a reason to close jobs.
  return {
    kind: 'transient',
    reason: error instanceof Error ? `unreadable response: ${error.message}` : 'unreadable response',
  };
}

/** Description once, enrichment over it, then the job draft. `posting.organization` must be set. */
export async function preparePosting(
  enrich: (input: EnrichInput) => Promise<Enrichment>,
  posting: SourcePosting & { organization: string },
  ctx: PrepareContext,
): Promise<PreparedJob> {
  const description = descriptionOf(posting);
  const enrichment = await enrich({
    title: posting.title,
    organization: posting.organization,
    ...(description === undefined ? {} : { descriptionText: description }),
    posting,
  });
  return prepareJob(posting, ctx, enrichment, description);
}

function toEvent(change: JobChange): NewEvent {
  return {
    jobKey: change.document.job_key,
    revision: change.document.revision,
    kind: 'upsert',
    change: change.change,
    changedFields: change.changedFields,
    document: change.document,
  };
}
