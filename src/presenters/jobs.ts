/** Response shapes of the job operations (OpenAPI JobList, PreviewList, Job). */
import type { Job } from '../domain/job.js';
import { listedJob, publicChangeEvent, publicJob } from '../domain/public-job.js';
import type { ActiveFeedPage } from '../services/feeds/active.js';
import type { FirstSeenWindow } from '../search/active-query.js';
import type { ChangePage } from '../services/feeds/changes.js';
import type { ModifiedRecord } from '../services/feeds/windowed.js';
import type { JobPage, TypedPage } from '../services/jobs.js';
import type { ResponseBody } from '../openapi/operations.js';
import type { components } from '../openapi/types.js';

/** The job operations' shape (OpenAPI Job): see domain/public-job.ts. */
export const presentJob = publicJob;

/** A job as list-style feeds carry it: never the description. */
const presentListedJob = listedJob;

export function presentJobPage(page: JobPage): ResponseBody<'searchJobs'> {
  return {
    data: page.jobs.map(presentJob),
    ...(page.next_cursor === undefined ? {} : { next_cursor: page.next_cursor }),
  };
}

/** A closed job: the expired feed reads only those, so a job without its closure is a bug (500). */
function presentExpiredJob(job: Job): components['schemas']['ExpiredJob'] {
  const { closed_at: closedAt, close_reason: reason } = job;
  if (job.status !== 'closed' || closedAt === undefined || reason === undefined) {
    throw new Error(`expired feed read ${job.job_key}, which is not closed`);
  }
  return { ...presentJob(job), status: 'closed', closed_at: closedAt, close_reason: reason };
}

/** The expired feed: closed jobs with `closed_at` and `close_reason` (OpenAPI ExpiredJobList). */
export function presentExpiredPage(page: JobPage): ResponseBody<'getExpiredFeed'> {
  return {
    data: page.jobs.map(presentExpiredJob),
    ...(page.next_cursor === undefined ? {} : { next_cursor: page.next_cursor }),
  };
}

/** The typed search's SearchResult: mode, the page, and the facets when asked for. */
export function presentTypedPage(
  page: TypedPage,
  mode: 'keyword' | 'semantic' = 'keyword',
): ResponseBody<'searchJobsTyped'> {
  return {
    mode,
    ...presentJobPage(page),
    ...(page.facets === undefined ? {} : { facets: page.facets }),
  };
}

export function presentPreview(jobs: Job[]): ResponseBody<'previewJobs'> {
  return { data: jobs.map(presentJob) };
}

/** Change-feed events (OpenAPI ChangeEvent): upserts carry the job without its description. */
export function presentChangePage(page: ChangePage): ResponseBody<'getChangeFeed'> {
  return {
    data: page.events.map(publicChangeEvent),
    next_seq: page.next_seq,
  };
}

/** The modified feed (OpenAPI ModifiedJobList): the updated job never carries its description. */
export function presentModifiedPage(page: {
  records: ModifiedRecord[];
  next_cursor?: string;
}): ResponseBody<'getModifiedFeed'> {
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
    ...(page.next_cursor === undefined ? {} : { next_cursor: page.next_cursor }),
  };
}

/** OpenAPI ActiveFeedPage: the jobs, the window they came from, and where to resume. */
export function presentActivePage(page: ActiveFeedPage): ResponseBody<'getActiveFeed'> {
  return {
    data: page.jobs.map(presentJob),
    first_seen_gte: page.window.gte,
    first_seen_lt: page.window.lt,
    has_more: page.has_more,
    ...(page.next_cursor === undefined ? {} : { next_cursor: page.next_cursor }),
  };
}

/** OpenAPI ActiveFeedCount. */
export function presentActiveCount(result: {
  count: number;
  window: FirstSeenWindow;
}): ResponseBody<'countActiveFeed'> {
  return { count: result.count, first_seen_gte: result.window.gte, first_seen_lt: result.window.lt };
}
