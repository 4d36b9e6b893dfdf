/**
 * The lifecycle diff of one board crawl, as a pure function: what we knew (job_state rows) and what
 * the crawl saw → the job changes to record and the board's new health. Nothing here does I/O, so
 * every rule of the spec's state table is unit-tested directly.
 *
 * Rules (decided here, documented in the OpenAPI document):
 * - new posting → open (`created`), first_seen = now;
 * - content changed → `modified` with the changed public fields, revision + 1;
 * - open job missing from a successful crawl → closed `removed_from_board`, unless the crawl was
 *   partial (the connector's walk stopped short of what the source reported): then it stays open;
 * - the source marks a posting expired, or its valid_through has passed → closed `expired_by_source`;
 * - the board is gone (404/410 or equivalent) `deadAfterFailures` crawls in a row → every open job
 *   closed `board_dead`;
 * - a board that suddenly answers empty while we hold open jobs is suspect: nothing closes until the
 *   empty answer has repeated `emptyConfirmations` times (Ashby answers 200-empty when throttled);
 * - transient failures (429/5xx/timeouts) close nothing;
 * - a closed job seen again reopens (`reopened`): same job_key and first_seen, closed_at and
 *   close_reason removed, revision + 1. Reopened jobs do not re-enter the active feed.
 */
import type { CloseReason, StoredJob } from '../../domain/job.js';
import type { BoardHealth, JobChange, StateRow, StoredDocument } from '../../domain/lifecycle.js';
import { stableStringify } from '../../lib/json.js';

/** Lifecycle members that the diff owns; everything else comes from the source or enrichment. */
export type LifecycleMember =
  'status' | 'first_seen' | 'closed_at' | 'close_reason' | 'modified_at' | 'revision';

/** A posting normalized and enriched, before lifecycle members are assigned. */
export type JobDraft = Omit<StoredJob, LifecycleMember>;

export interface PreparedJob {
  draft: JobDraft;
  contentHash: string;
  duplicateKey?: string;
  /** The source marks it expired, or its valid_through is in the past. */
  expired: boolean;
}

export type CrawlOutcome =
  | { kind: 'ok'; jobs: PreparedJob[]; truncated?: string }
  | { kind: 'not_found'; signal: string }
  | { kind: 'transient'; reason: string };

export interface BoardCounters {
  consecutiveFailures: number;
  suspectEmptyStreak: number;
}

export interface LifecyclePolicy {
  deadAfterFailures: number;
  emptyConfirmations: number;
}

export const DEFAULT_POLICY: LifecyclePolicy = { deadAfterFailures: 3, emptyConfirmations: 3 };

export interface CrawlPlan {
  changes: JobChange[];
  /** Open jobs seen again unchanged: only last_seen moves. */
  seen: string[];
  board: BoardCounters & { health: BoardHealth; jobCount?: number; succeeded: boolean };
}

/** Decides the job changes and board state for one crawl. `now` is an ISO timestamp. */
export function planCrawl(
  state: StateRow[],
  outcome: CrawlOutcome,
  counters: BoardCounters,
  now: string,
  policy: LifecyclePolicy = DEFAULT_POLICY,
): CrawlPlan {
  const open = state.filter((row) => row.status === 'open');
  if (outcome.kind === 'transient') {
    return {
      changes: [],
      seen: [],
      board: {
        ...counters,
        consecutiveFailures: counters.consecutiveFailures + 1,
        health: 'failing',
        succeeded: false,
      },
    };
  }
  if (outcome.kind === 'not_found') {
    const failures = counters.consecutiveFailures + 1;
    const dead = failures >= policy.deadAfterFailures;
    return {
      changes: dead ? open.map((row) => close(row, 'board_dead', now)) : [],
      seen: [],
      board: {
        ...counters,
        consecutiveFailures: failures,
        health: dead ? 'dead' : 'failing',
        succeeded: false,
      },
    };
  }
  if (outcome.jobs.length === 0 && open.length > 0) {
    const streak = counters.suspectEmptyStreak + 1;
    if (streak < policy.emptyConfirmations) {
      return {
        changes: [],
        seen: [],
        board: { consecutiveFailures: 0, suspectEmptyStreak: streak, health: 'suspect', succeeded: false },
      };
    }
  }
  return planSuccessfulCrawl(state, outcome.jobs, now, outcome.truncated !== undefined);
}

function planSuccessfulCrawl(
  state: StateRow[],
  jobs: PreparedJob[],
  now: string,
  partial: boolean,
): CrawlPlan {
  const byKey = new Map(state.map((row) => [row.job_key, row]));
  const changes: JobChange[] = [];
  const seen: string[] = [];
  const present = new Set<string>();
  for (const job of jobs) {
    const key = job.draft.job_key;
    if (present.has(key)) continue;
    present.add(key);
    const row = byKey.get(key);
    if (job.expired) {
      if (row?.status === 'open') changes.push(close(row, 'expired_by_source', now, job));
      continue;
    }
    if (row === undefined || row.status === 'deleted') {
      changes.push(created(job, now, row === undefined ? 0 : row.revision));
    } else if (row.status === 'closed') {
      changes.push(updated('reopened', row, job, now));
    } else if (row.content_hash !== job.contentHash) {
      changes.push(updated('modified', row, job, now));
    } else {
      seen.push(key);
    }
  }
  // A partial crawl saw some of the board: what it did not see may well be there still.
  for (const row of partial ? [] : state) {
    if (row.status === 'open' && !present.has(row.job_key))
      changes.push(close(row, 'removed_from_board', now));
  }
  return {
    changes,
    seen,
    board: {
      consecutiveFailures: 0,
      suspectEmptyStreak: 0,
      health: 'ok',
      jobCount: present.size,
      succeeded: true,
    },
  };
}

function created(job: PreparedJob, now: string, previousRevision: number): JobChange {
  return {
    change: 'created',
    document: { ...job.draft, status: 'open', first_seen: now, revision: previousRevision + 1 },
    contentHash: job.contentHash,
    ...(job.duplicateKey === undefined ? {} : { duplicateKey: job.duplicateKey }),
    changedFields: [],
  };
}

/** Group membership belongs to the duplicates step, not to the crawl: keep it until regrouping. */
function keepGrouping(draft: JobDraft, previous: StoredDocument): JobDraft {
  const grouping = previous.derivations?.duplicate_group;
  return {
    ...draft,
    ...(previous.duplicate_group === undefined ? {} : { duplicate_group: previous.duplicate_group }),
    is_duplicate_representative: previous.is_duplicate_representative,
    ...(grouping === undefined ? {} : { derivations: { ...draft.derivations, duplicate_group: grouping } }),
  };
}

/**
 * The draft a stored job was made from: lifecycle members and duplicate grouping removed, as
 * prepareJob leaves them. Its content hash is what the next crawl of unchanged content computes,
 * so a job rewritten outside a crawl (identity resolution) keeps matching its source.
 */
export function draftOf(document: StoredDocument): JobDraft {
  const {
    status: _status,
    first_seen: _firstSeen,
    closed_at: _closedAt,
    close_reason: _closeReason,
    modified_at: _modifiedAt,
    revision: _revision,
    duplicate_group: _group,
    ...draft
  } = document;
  const derivations = { ...draft.derivations };
  delete derivations.duplicate_group;
  return { ...draft, derivations, is_duplicate_representative: true };
}

/**
 * A known job seen with new content (`modified`) or seen again after closing (`reopened`): same
 * job_key and first_seen, closure members gone (the draft has none), revision + 1.
 */
function updated(change: 'modified' | 'reopened', row: StateRow, job: PreparedJob, now: string): JobChange {
  const document: StoredDocument = {
    ...keepGrouping(job.draft, row.document),
    status: 'open',
    first_seen: row.first_seen,
    modified_at: now,
    revision: row.revision + 1,
  };
  return {
    change,
    document,
    contentHash: job.contentHash,
    ...(job.duplicateKey === undefined ? {} : { duplicateKey: job.duplicateKey }),
    ...previousKey(row),
    changedFields: changedPublicFields(row.document, document),
  };
}

/** Closes a job; with `latest`, the closing crawl's content is kept (expired postings may have changed). */
function close(row: StateRow, reason: CloseReason, now: string, latest?: PreparedJob): JobChange {
  const base =
    latest === undefined
      ? row.document
      : { ...keepGrouping(latest.draft, row.document), first_seen: row.first_seen };
  const document: StoredDocument = {
    ...base,
    status: 'closed',
    closed_at: now,
    close_reason: reason,
    revision: row.revision + 1,
  };
  const duplicateKey = latest === undefined ? (row.duplicate_key ?? undefined) : latest.duplicateKey;
  return {
    change: 'closed',
    document,
    contentHash: latest?.contentHash ?? row.content_hash,
    ...(duplicateKey === undefined ? {} : { duplicateKey }),
    ...previousKey(row),
    changedFields: changedPublicFields(row.document, document),
  };
}

function previousKey(row: StateRow): { previousDuplicateKey?: string } {
  return row.duplicate_key === null ? {} : { previousDuplicateKey: row.duplicate_key };
}

/** Members that are not part of the public Job and never reported as "changed fields". */
const INTERNAL_MEMBERS = new Set([
  'native_id',
  'company_resolved',
  'is_duplicate_representative',
  'modified_at',
  'revision',
]);

/** Public top-level members whose value differs (added, removed or changed), sorted. */
export function changedPublicFields(before: object, after: object): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed: string[] = [];
  for (const key of keys) {
    if (INTERNAL_MEMBERS.has(key)) continue;
    const a: unknown = (before as Record<string, unknown>)[key];
    const b: unknown = (after as Record<string, unknown>)[key];
    if (stableStringify(a) !== stableStringify(b)) changed.push(key);
  }
  return changed.sort();
}
