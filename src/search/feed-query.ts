/**
 * Pure builders for the windowed feeds (golden-tested). The expired feed reads the index: jobs of
 * resolved companies closed in [from, to), oldest closed_at first, then job_key — a total order, so
 * keyset cursors walk it exactly once. (The modified feed reads the ledger, not the index.)
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SortValues } from './cursor.js';
import { jobFetch } from './job-query.js';

/** The window of closed_at values a request covers: [from, to), ISO instants. */
export interface ClosedAtWindow {
  from: string;
  to: string;
}

/** One page of the expired feed; one extra hit tells whether another page follows. No descriptions. */
export function expiredFeedSearch(
  window: ClosedAtWindow,
  page: { limit: number; after?: SortValues },
): estypes.SearchRequest {
  return {
    size: page.limit + 1,
    track_total_hits: false,
    query: {
      bool: {
        filter: [
          { term: { status: 'closed' } },
          { term: { company_resolved: true } },
          { range: { closed_at: { gte: window.from, lt: window.to } } },
        ],
      },
    },
    sort: [{ closed_at: { order: 'asc' } }, { job_key: { order: 'asc' } }],
    ...(page.after === undefined ? {} : { search_after: page.after }),
    ...jobFetch(false),
  };
}
