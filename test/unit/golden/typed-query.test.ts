/** Golden bodies of search/typed-query.ts: keyword trees, typed filters, facets, semantic kNN. */
import {
  buildSemanticSearch,
  buildTypedSearch,
  FACETS,
  facetAggregations,
  keywordQuery,
  type FacetName,
  type KeywordNode,
  type TypedFilters,
} from '../../../src/search/typed-query.js';
import { matchesGolden } from './golden.js';

const TREES: Record<string, KeywordNode> = {
  'term-all-fields': { term: 'kubernetes' },
  'term-title': { term: 'staff engineer', fields: ['title'] },
  'term-description': { term: 'on-call', fields: ['description'] },
  'term-company': { term: 'acme', fields: ['company'] },
  'term-title-and-company': { term: 'stripe', fields: ['title', 'company'] },
  'phrase-all-fields': { phrase: 'machine learning' },
  'phrase-description': { phrase: 'visa sponsorship available', fields: ['description'] },
  and: { and: [{ term: 'python' }, { term: 'django' }] },
  or: { or: [{ term: 'golang' }, { phrase: 'go developer', fields: ['title'] }] },
  not: { not: { term: 'intern', fields: ['title'] } },
  'not-not': { not: { not: { term: 'remote' } } },
  'nested-all-any-not': {
    and: [
      { or: [{ term: 'python', fields: ['title'] }, { phrase: 'machine learning' }] },
      {
        not: {
          or: [
            { term: 'intern', fields: ['title'] },
            { term: 'staffing', fields: ['company'] },
          ],
        },
      },
      { and: [{ phrase: 'series b', fields: ['description'] }, { not: { term: 'unpaid' } }] },
    ],
  },
  // Characters query_string would interpret are plain text to multi_match.
  'query-string-syntax-is-text': { term: 'title:(a OR b) AND c* -d', fields: ['title'] },
};

const ALL_TYPED_FILTERS: TypedFilters = {
  family: ['engineering'],
  country: ['GB'],
  city: 'London',
  source: ['workable'],
  company: 'Acme',
  company_domain: 'Acme.co.uk',
  remote: 'only',
  ai_work_arrangement: 'hybrid',
  employment_type: ['PART_TIME'],
  experience_level: ['entry'],
  skill_cluster: ['react'],
  language: 'en',
  status: 'closed',
  has_salary: true,
  salary_min_gte: 30_000,
  salary_max_lte: 60_000,
  salary_currency: 'GBP',
  salary_period: 'year',
  security_clearance: true,
  visa_sponsorship: false,
  posted_since: '2026-01-01T00:00:00.000Z',
  posted_before: '2026-12-01T00:00:00.000Z',
  exclude_duplicates: true,
  include_unresolved: true,
};

const ALL_FACETS = Object.keys(FACETS) as FacetName[];

/** A short stand-in for the model's 384-dimension vector: the builder passes it through unchanged. */
const VECTOR = [0.125, -0.5, 0.0625, 0.25];

describe('golden: typed-query (POST /v1/jobs/search)', () => {
  for (const [name, tree] of Object.entries(TREES)) {
    it(`keyword tree ${name}`, () => {
      matchesGolden(`typed-query/tree-${name}`, keywordQuery(tree));
    });
  }

  it('no tree, no filters: newest first', () => {
    matchesGolden(
      'typed-query/search-empty',
      buildTypedSearch({ include_description: false }, { limit: 100 }),
    );
  });

  it('a tree: relevance, the tree as the scoring clause', () => {
    matchesGolden(
      'typed-query/search-tree',
      buildTypedSearch({ query: TREES['nested-all-any-not'], include_description: false }, { limit: 50 }),
    );
  });

  it('every typed filter, no tree', () => {
    matchesGolden(
      'typed-query/search-all-filters',
      buildTypedSearch({ filters: ALL_TYPED_FILTERS, include_description: false }, { limit: 20 }),
    );
  });

  it('tree, filters, every facet, descriptions and a cursor', () => {
    matchesGolden(
      'typed-query/search-combined-cursor',
      buildTypedSearch(
        {
          query: { and: [{ term: 'rust' }, { not: { term: 'intern', fields: ['title'] } }] },
          filters: { country: ['DE'], remote: 'exclude', has_salary: false },
          facets: ALL_FACETS,
          include_description: true,
        },
        { limit: 10, after: [3.25, 1_763_632_800_000, 'personio:acme:7'] },
      ),
    );
  });

  it('facets on a newest-first search, one facet', () => {
    matchesGolden(
      'typed-query/search-one-facet',
      buildTypedSearch({ facets: ['country'], include_description: false }, { limit: 1 }),
    );
  });

  it('facet aggregations: every facet, 50 buckets, by count then value', () => {
    matchesGolden('typed-query/facets-all', facetAggregations(ALL_FACETS));
    matchesGolden('typed-query/facets-none', facetAggregations([]));
  });

  it('semantic kNN: open jobs only, k = limit, at least 100 candidates', () => {
    matchesGolden(
      'typed-query/semantic-no-filters',
      buildSemanticSearch({}, VECTOR, { limit: 10, includeDescription: false }),
    );
  });

  it('semantic kNN: 10 candidates per result above 10 results', () => {
    matchesGolden(
      'typed-query/semantic-limit-100',
      buildSemanticSearch({}, VECTOR, { limit: 100, includeDescription: false }),
    );
  });

  it('semantic kNN: every typed filter inside the kNN search (status forced open), descriptions', () => {
    matchesGolden(
      'typed-query/semantic-all-filters',
      buildSemanticSearch(ALL_TYPED_FILTERS, VECTOR, { limit: 25, includeDescription: true }),
    );
  });
});
