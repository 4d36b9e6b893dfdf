/** Response shapes of the job operations (OpenAPI JobList, PreviewList, Job). */
import type { Job } from '../domain/job.js';
import type { ActiveFeedPage } from '../services/feeds/active.js';
import type { FirstSeenWindow } from '../search/active-query.js';
import type { ChangePage } from '../services/feeds/changes.js';
import type { ModifiedRecord } from '../services/feeds/windowed.js';
import type { JobPage, TypedPage } from '../services/jobs.js';
import { PUBLIC_JOB_FIELDS } from '../search/job-query.js';

/** Exactly the public members, in the contract's order; absent members stay absent. */
export function presentJob(job: Job): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of PUBLIC_JOB_FIELDS) if (job[field] !== undefined) out[field] = job[field];
  return out;
}

/** A job as list-style feeds carry it: never the description. */
function presentListedJob(job: Job): Record<string, unknown> {
  const presented = presentJob(job);
  delete presented.description_text;
  return presented;
}

export function presentJobPage(page: JobPage): { data: Record<string, unknown>[]; next_cursor?: string } {
  return {
    data: page.jobs.map(presentJob),
    ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }),
  };
}

/** The typed search's SearchResult: mode, the page, and the facets when asked for. */
export function presentTypedPage(
  page: TypedPage,
  mode: 'keyword' | 'semantic' = 'keyword',
): Record<string, unknown> {
  return {
    mode,
    ...presentJobPage(page),
    ...(page.facets === undefined ? {} : { facets: page.facets }),
  };
}

export function presentPreview(jobs: Job[]): { data: Record<string, unknown>[] } {
  return { data: jobs.map(presentJob) };
}

/** Change-feed events (OpenAPI ChangeEvent): upserts carry the job without its description. */
export function presentChangePage(page: ChangePage): { data: Record<string, unknown>[]; next_seq: number } {
  return {
    data: page.events.map((event) => {
      const job = event.document === null ? undefined : presentListedJob(event.document);
      return {
        seq: event.seq,
        type: event.kind,
        job_key: event.job_key,
        occurred_at: event.occurred_at,
        ...(job === undefined ? {} : { job }),
      };
    }),
    next_seq: page.nextSeq,
  };
}

/** The modified feed (OpenAPI ModifiedJobList): the updated job never carries its description. */
export function presentModifiedPage(page: { records: ModifiedRecord[]; nextCursor?: string }): {
  data: Record<string, unknown>[];
  next_cursor?: string;
} {
  return {
    data: page.records.map((record) => {
      const job = presentListedJob(record.job);
      return {
        job_key: record.job_key,
        modified_at: record.modified_at,
        changed_fields: record.changed_fields,
        job,
      };
    }),
    ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }),
  };
}

/** OpenAPI ActiveFeedPage: the jobs, the window they came from, and where to resume. */
export function presentActivePage(page: ActiveFeedPage): Record<string, unknown> {
  return {
    data: page.jobs.map(presentJob),
    first_seen_gte: page.window.gte,
    first_seen_lt: page.window.lt,
    has_more: page.hasMore,
    ...(page.nextCursor === undefined ? {} : { next_cursor: page.nextCursor }),
  };
}

/** OpenAPI ActiveFeedCount. */
export function presentActiveCount(result: {
  count: number;
  window: FirstSeenWindow;
}): Record<string, unknown> {
  return { count: result.count, first_seen_gte: result.window.gte, first_seen_lt: result.window.lt };
}
