/** Pure builder for the job detail read (golden-tested): one job by key, whatever its status. */
import type { estypes } from '@elastic/elasticsearch';
import { jobFetch } from './job-query.js';

/** The job `jobKey` with its description; a job of an unresolved company only when asked for. */
export function jobDetailSearch(jobKey: string, includeUnresolved: boolean): estypes.SearchRequest {
  return {
    size: 1,
    query: {
      bool: {
        filter: [
          { term: { job_key: jobKey } },
          ...(includeUnresolved ? [] : [{ term: { company_resolved: true } }]),
        ],
      },
    },
    ...jobFetch(true),
  };
}
