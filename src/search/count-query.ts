/**
 * Pure builders (golden-tested) for what the keyless MCP surface counts: the number of jobs a
 * keyword search with the same filters would walk, and the vocabulary values in use among open
 * jobs (so an agent fills enums with values that match something).
 */
import type { estypes } from '@elastic/elasticsearch';
import { buildJobSearch, filterBool, type JobFilters } from './job-query.js';

type Query = estypes.QueryDslQueryContainer;

/**
 * The query of `buildJobSearch` for the same filters, without its scoring-only `should` clauses:
 * exactly the jobs the search walks (the count API neither scores nor sorts).
 */
export function jobCountQuery(f: JobFilters): Query {
  const query = buildJobSearch(f, { limit: 0, includeDescription: false }).query;
  const bool = query?.bool;
  if (bool === undefined) throw new Error('buildJobSearch returned no bool query');
  const { should: _scoring, ...matching } = bool;
  return { bool: matching };
}

/** Buckets at most this many values per vocabulary (ISO 3166 has 249 codes, sources 59). */
const VOCABULARY_SIZE = 300;

/** Members whose values in use are counted, by the name the vocabulary answer uses. */
export const VOCABULARY_FIELDS = {
  countries: 'locations_derived.country_code',
  sources: 'source',
  families: 'career_family',
  employment_types: 'employment_type',
} as const;

export type VocabularyName = keyof typeof VOCABULARY_FIELDS;

/** Open jobs of resolved companies (what search shows by default), one terms bucket list per vocabulary. */
export function vocabularySearch(): estypes.SearchRequest {
  const aggs: Record<string, estypes.AggregationsAggregationContainer> = {};
  for (const [name, field] of Object.entries(VOCABULARY_FIELDS)) {
    aggs[name] = { terms: { field, size: VOCABULARY_SIZE, order: [{ _count: 'desc' }, { _key: 'asc' }] } };
  }
  return { size: 0, track_total_hits: false, query: filterBool({ status: 'open' }), aggs };
}
