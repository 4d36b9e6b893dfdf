/**
 * Pure builders for the active feed (golden-tested): open jobs of resolved companies whose
 * first_seen lies in [gte, lt), oldest first_seen first, then job_key — a total order, so keyset
 * cursors walk it exactly once.
 */
import type { estypes } from '@elastic/elasticsearch';
import type { SortValues } from './cursor.js';
import { filterClauses, jobFetch } from './job-query.js';

type Query = estypes.QueryDslQueryContainer;

/** The filters the active feed and its count share (names as in the OpenAPI document). */
export interface ActiveFeedFilters {
  country?: string[];
  source?: string[];
  exclude_source?: string[];
  domain?: string[];
  organization?: string[];
  title?: string;
  exclude_duplicates?: boolean;
}

/** The window of first_seen values a request covers: [gte, lt). */
export interface FirstSeenWindow {
  gte: string;
  lt: string;
}

export function activeFeedQuery(filters: ActiveFeedFilters, window: FirstSeenWindow): Query {
  const shared = filterClauses({
    status: 'open',
    ...(filters.country === undefined ? {} : { country: filters.country }),
    ...(filters.source === undefined ? {} : { source: filters.source }),
    ...(filters.title === undefined ? {} : { title: filters.title }),
    ...(filters.exclude_duplicates === undefined ? {} : { exclude_duplicates: filters.exclude_duplicates }),
  });
  const filter: Query[] = [
    ...shared.filter,
    { range: { first_seen: { gte: window.gte, lt: window.lt } } },
    ...(filters.domain === undefined
      ? []
      : [{ terms: { company_domain: filters.domain.map((domain) => domain.toLowerCase()) } }]),
    // The keyword subfield has a lowercase normalizer: exact, case-insensitive name match.
    ...(filters.organization === undefined
      ? []
      : [{ terms: { 'organization.keyword': filters.organization } }]),
  ];
  const mustNot: Query[] = [
    ...shared.mustNot,
    ...(filters.exclude_source === undefined ? [] : [{ terms: { source: filters.exclude_source } }]),
  ];
  return { bool: { filter, ...(mustNot.length > 0 ? { must_not: mustNot } : {}) } };
}

/** One page of the active feed; one extra hit tells whether another page is ready. */
export function activeFeedSearch(
  filters: ActiveFeedFilters,
  window: FirstSeenWindow,
  page: { limit: number; after?: SortValues; includeDescription: boolean },
): estypes.SearchRequest {
  return {
    size: page.limit + 1,
    track_total_hits: false,
    query: activeFeedQuery(filters, window),
    sort: [{ first_seen: { order: 'asc' } }, { job_key: { order: 'asc' } }],
    ...(page.after === undefined ? {} : { search_after: page.after }),
    ...jobFetch(page.includeDescription),
  };
}
