/**
 * Crawling one board end to end: fetch through the connector (outside any transaction), normalize
 * and enrich, then in ONE Postgres transaction diff against job_state, write the new state and the
 * ledger events, maintain duplicate groups and update the board. Elasticsearch is not touched here:
 * the projector applies the ledger later, so ingestion keeps working while ES is down.
 */
import type { Database, Queryable } from '../../db/database.js';
import { CorpusRepository, type BoardWithCompany } from '../../db/corpus.js';
import type { StoredJob } from '../../domain/job.js';
import type { Clock } from '../../lib/clock.js';
import { appendEvents, type NewEvent } from '../../ledger/ledger.js';
import type { JobChange } from '../../domain/lifecycle.js';
import { regroup } from './duplicates.js';
import {
  changedPublicFields,
  DEFAULT_POLICY,
  planCrawl,
  type CrawlOutcome,
  type LifecyclePolicy,
  type PreparedJob,
} from './lifecycle.js';
import { descriptionOf, prepareJob, type PrepareContext } from '../normalize/job.js';
import type { PrepareFn } from './prepare.js';
import {
  BoardNotFoundError,
  TransientFetchError,
  type Connector,
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
  /** Why the crawl failed, when it did (not-found signal or transient reason). */
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
 * The transactional half of a crawl: diff, job_state, ledger, duplicate groups and board health in
 * one Postgres transaction. Also the entry point of loaders that bring their own postings (the
 * synthetic corpus), so everything goes through the same path. Lifecycle timestamps (first_seen,
 * closed_at, modified_at) are the transaction's recording time, read from the database clock once the
 * transaction holds an id — the active feed's horizon depends on that order (feeds/horizon.ts).
 */
export async function recordCrawl(
  db: Database,
  board: BoardWithCompany,
  outcome: CrawlOutcome,
  policy: LifecyclePolicy = DEFAULT_POLICY,
): Promise<CrawlSummary> {
  const boardId = board.id;
  return db.tx('crawl', async (tx) => {
    const corpus = new CorpusRepository(tx);
    await corpus.lockBoard(boardId);
    const nowIso = await corpus.recordingTime();
    const current = (await corpus.board(boardId)) ?? board;
    const plan = planCrawl(
      await corpus.jobStates(boardId),
      outcome,
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
    };
  });
}

/** Connector call + normalization; failures become outcomes that the lifecycle understands. */
async function fetchBoard(deps: IngestDeps, board: BoardWithCompany): Promise<CrawlOutcome> {
  const connector = deps.connectors.get(board.source);
  if (connector === undefined)
    return { kind: 'transient', reason: `no connector for source ${board.source}` };
  try {
    const result = await connector.crawl(
      {
        source: board.source,
        slug: board.slug,
        ...(board.endpoint_override === null ? {} : { endpointOverride: board.endpoint_override }),
      },
      deps.http,
    );
    const ctx = { board, company: board.company, now: deps.clock.now() };
    const jobs = [];
    for (const posting of result.postings) {
      if (posting.unlisted === true) continue;
      const organization =
        posting.organization ?? result.boardName ?? board.company.display_name ?? board.slug;
      jobs.push(deps.prepare({ ...posting, organization }, ctx));
    }
    return { kind: 'ok', jobs: await Promise.all(jobs) };
  } catch (error) {
    if (error instanceof BoardNotFoundError) return { kind: 'not_found', signal: error.signal };
    if (error instanceof TransientFetchError) return { kind: 'transient', reason: error.reason };
    // An unparseable payload is the source's (or our parser's) problem, never a reason to close jobs.
    return {
      kind: 'transient',
      reason: error instanceof Error ? `unreadable response: ${error.message}` : 'unreadable response',
    };
  }
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

/** Regroups every duplicate key touched by this crawl; membership changes are recorded as modifications. */
async function maintainDuplicates(tx: Queryable, changes: JobChange[], now: string): Promise<void> {
  const touched = new Set<string>();
  for (const change of changes) {
    if (change.duplicateKey !== undefined) touched.add(change.duplicateKey);
    if (change.previousDuplicateKey !== undefined) touched.add(change.previousDuplicateKey);
  }
  const corpus = new CorpusRepository(tx);
  for (const key of [...touched].sort()) {
    await corpus.lockDuplicateGroup(key);
    const members = await corpus.openDuplicates(key);
    const updates = regroup(key, members);
    const events: NewEvent[] = [];
    for (const update of updates) {
      const before = members.find((member) => member.job_key === update.job_key);
      const document: StoredJob = { ...update, revision: update.revision + 1, modified_at: now };
      // content_hash stays the crawl's: group membership is not source content.
      await corpus.saveDocument(document);
      events.push({
        jobKey: document.job_key,
        revision: document.revision,
        kind: 'upsert',
        change: 'modified',
        changedFields: before === undefined ? [] : changedPublicFields(before, document),
        document,
      });
    }
    await appendEvents(tx, events);
  }
}
