/** The Elasticsearch requests of a bulk export (pure, golden-tested): its query and one page of it. */
import type { estypes } from '@elastic/elasticsearch';
import type { SortValues } from './cursor.js';
import type { HitFetch } from './document.js';
import { filterBool, type JobFilters } from './job-query.js';

export type ExportFilters = Pick<
  JobFilters,
  'country' | 'source' | 'status' | 'posted_since' | 'exclude_duplicates'
>;

/** Storage order within the point in time: a total order, so parts never overlap. */
const EXPORT_SORT: estypes.Sort = [{ _shard_doc: 'asc' }];

/** The query of an export (pure, golden-tested). */
export function exportQuery(filters: ExportFilters): estypes.QueryDslQueryContainer {
  return filterBool(filters);
}

/** The search request of one export page: `size` rows in export order after `after`, carrying `fetch`. */
export function exportPageRequest(
  pit: estypes.SearchPointInTimeReference,
  query: estypes.QueryDslQueryContainer,
  after: SortValues | undefined,
  size: number,
  fetch: HitFetch,
): estypes.SearchRequest {
  return {
    pit,
    size,
    query,
    sort: EXPORT_SORT,
    ...fetch,
    track_total_hits: false,
    ...(after === undefined ? {} : { search_after: after }),
  };
}
