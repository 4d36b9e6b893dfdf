/**
 * Pure builders for the typed JSON search (POST /v1/jobs/search): the boolean keyword tree, the
 * filters (the GET search's, typed), facets as terms aggregations. Golden-tested like job-query.
 */
import type { estypes } from '@elastic/elasticsearch';
import { ValidationFailedError } from '../domain/errors.js';
import type { SortValues } from './cursor.js';
import { filterBool, jobFetch, pageRequest, type JobFilters, type JobSort } from './job-query.js';

type Query = estypes.QueryDslQueryContainer;

export type KeywordField = 'title' | 'description' | 'company';
export type KeywordNode =
  | { and: KeywordNode[] }
  | { or: KeywordNode[] }
  | { not: KeywordNode }
  | { term: string; fields?: KeywordField[] }
  | { phrase: string; fields?: KeywordField[] };

export const FACETS = {
  family: 'career_family',
  country: 'locations_derived.country_code',
  source: 'source',
  employment_type: 'employment_type',
  experience_level: 'experience_level',
  ai_work_arrangement: 'ai_work_arrangement',
  remote: 'remote_derived',
  language: 'language',
  skill_cluster: 'skill_clusters',
  has_salary: 'has_salary',
  salary_currency: 'salary.currency',
  security_clearance: 'security_clearance',
  visa_sponsorship: 'visa_sponsorship',
} as const;
export type FacetName = keyof typeof FACETS;
const BOOLEAN_FACETS: ReadonlySet<FacetName> = new Set([
  'remote',
  'has_salary',
  'security_clearance',
  'visa_sponsorship',
]);
/** Buckets per facet (OpenAPI SearchResult.facets). */
export const FACET_BUCKETS = 50;

export type TypedFilters = Omit<JobFilters, 'q' | 'title'>;

export interface TypedSearch {
  query?: KeywordNode;
  filters?: TypedFilters;
  facets?: FacetName[];
  include_description: boolean;
}

const FIELD: Record<KeywordField, string> = {
  title: 'title',
  description: 'description_text',
  company: 'organization',
};
const ALL_FIELDS: KeywordField[] = ['title', 'description', 'company'];
const MAX_LEAVES = 100;
const MAX_DEPTH = 10;

/** 422 query_too_complex beyond 100 leaves or depth 10 (the schema cannot bound recursion). */
export function checkComplexity(node: KeywordNode): void {
  let leaves = 0;
  let deepest = 0;
  const walk = (current: KeywordNode, depth: number): void => {
    deepest = Math.max(deepest, depth);
    if ('and' in current)
      current.and.forEach((child) => {
        walk(child, depth + 1);
      });
    else if ('or' in current)
      current.or.forEach((child) => {
        walk(child, depth + 1);
      });
    else if ('not' in current) walk(current.not, depth + 1);
    else leaves += 1;
  };
  walk(node, 1);
  if (leaves > MAX_LEAVES || deepest > MAX_DEPTH) {
    throw new ValidationFailedError([
      {
        loc: ['body', 'query'],
        msg: `The keyword tree may have at most ${String(MAX_LEAVES)} leaves and depth ${String(MAX_DEPTH)} (it has ${String(leaves)} leaves, depth ${String(deepest)})`,
        type: 'query_too_complex',
        ctx: { max_leaves: MAX_LEAVES, max_depth: MAX_DEPTH },
      },
    ]);
  }
}

/** The tree as an Elasticsearch query: words analyzed like the index, never query_string. */
export function keywordQuery(node: KeywordNode): Query {
  if ('and' in node) return { bool: { must: node.and.map(keywordQuery) } };
  if ('or' in node) return { bool: { should: node.or.map(keywordQuery), minimum_should_match: 1 } };
  if ('not' in node) return { bool: { must_not: [keywordQuery(node.not)] } };
  const fields = (node.fields ?? ALL_FIELDS).map((field) => FIELD[field]);
  if ('term' in node) {
    return { multi_match: { query: node.term, fields, type: 'best_fields', operator: 'and' } };
  }
  return { multi_match: { query: node.phrase, fields, type: 'phrase' } };
}

/** A tree ranks by relevance (recency breaks ties); filters alone list newest first. */
export function typedSort(request: TypedSearch): JobSort {
  return request.query === undefined ? 'newest' : 'relevance';
}

export function buildTypedSearch(
  request: TypedSearch,
  page: { limit: number; after?: SortValues },
): estypes.SearchRequest {
  const tree = request.query === undefined ? undefined : keywordQuery(request.query);
  return {
    ...pageRequest(request.filters ?? {}, tree === undefined ? {} : { must: [tree] }, typedSort(request), {
      ...page,
      includeDescription: request.include_description,
    }),
    // Facets count the whole matching set, so every page of a faceted search carries the same counts.
    ...(request.facets === undefined ? {} : { aggs: facetAggregations(request.facets) }),
  };
}

/** Terms aggregations over the whole matching set: up to 50 buckets, by count then value. */
export function facetAggregations(
  facets: FacetName[],
): Record<string, estypes.AggregationsAggregationContainer> {
  return Object.fromEntries(
    facets.map((facet) => [
      facet,
      { terms: { field: FACETS[facet], size: FACET_BUCKETS, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
    ]),
  );
}

export type FacetBucket = { value: string | boolean; count: number };

/** Aggregation buckets → facet buckets; boolean fields come back as 1/0 keys with "true"/"false" strings. */
export function facetBuckets(
  facets: FacetName[],
  aggregations: Record<string, { buckets?: { key: unknown; key_as_string?: string; doc_count: number }[] }>,
): Record<string, FacetBucket[]> {
  return Object.fromEntries(
    facets.map((facet) => [
      facet,
      (aggregations[facet]?.buckets ?? []).map((bucket) => ({
        value: BOOLEAN_FACETS.has(facet) ? bucket.key_as_string === 'true' : String(bucket.key),
        count: bucket.doc_count,
      })),
    ]),
  );
}

/**
 * Semantic mode: kNN over the jobs' embeddings (int8 HNSW), the typed filters applied as kNN
 * filters (open jobs only), results by similarity. Candidates: 10 per result, at least 100.
 */
export function buildSemanticSearch(
  filters: TypedFilters,
  vector: number[],
  page: { limit: number; includeDescription: boolean },
): estypes.SearchRequest {
  return {
    size: page.limit,
    track_total_hits: false,
    knn: {
      field: 'embedding',
      query_vector: vector,
      k: page.limit,
      num_candidates: Math.max(100, page.limit * 10),
      filter: filterBool({ ...filters, status: 'open' }),
    },
    ...jobFetch(page.includeDescription),
  };
}
