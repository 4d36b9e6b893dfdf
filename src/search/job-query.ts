/**
 * Pure builders from validated /v1/jobs parameters to Elasticsearch request bodies (golden-tested).
 * User text only ever reaches safe query types (match, multi_match, term) on allow-listed fields —
 * never query_string. Semantics follow the parameter descriptions of the OpenAPI document.
 */
import type { estypes } from '@elastic/elasticsearch';
import { DESCRIPTION_FIELD, foldCity, type HitFetch } from './document.js';
import type { SortValues } from './cursor.js';
import { ValidationFailedError } from '../domain/errors.js';
import { compileTitleExpression, parseTitleExpression, TitleGrammarError } from './title-grammar.js';

type Query = estypes.QueryDslQueryContainer;

/** Filters shared by search, preview and (later) feeds and export. */
export interface JobFilters {
  q?: string;
  title?: string;
  family?: string[];
  country?: string[];
  city?: string;
  source?: string[];
  company?: string;
  company_domain?: string;
  /** Exact company (company jobs); not a search parameter. */
  company_key?: string;
  remote?: 'only' | 'exclude';
  ai_work_arrangement?: 'remote' | 'hybrid' | 'on_site' | 'unknown';
  employment_type?: string[];
  experience_level?: string[];
  skill_cluster?: string[];
  language?: string;
  status?: 'open' | 'closed' | 'all';
  has_salary?: boolean;
  salary_min_gte?: number;
  salary_max_lte?: number;
  salary_currency?: string;
  salary_period?: string;
  security_clearance?: boolean;
  visa_sponsorship?: boolean;
  posted_since?: string;
  posted_before?: string;
  exclude_duplicates?: boolean;
  include_unresolved?: boolean;
}

/**
 * What a job read fetches: `_source` whole (it holds only small members, so Elasticsearch passes it
 * through unfiltered; presenters pick the public ones) and the stored description only when asked
 * for. `hitSource` puts the two together. An index from before the description left `_source`
 * would hand it to every read: the API never serves one (ensureJobsIndex refuses its mappings).
 */
export function jobFetch(includeDescription: boolean): HitFetch {
  return { _source: true, ...(includeDescription ? { stored_fields: [DESCRIPTION_FIELD] } : {}) };
}

const terms = (field: string, values: string[] | undefined): Query[] =>
  values === undefined ? [] : [{ terms: { [field]: values } }];
const term = (field: string, value: string | number | boolean | undefined): Query[] =>
  value === undefined ? [] : [{ term: { [field]: value } }];

/** Posting time: posted_at when the source published one, else first_seen. */
function postedRange(range: { gte?: string; lt?: string }): Query {
  return {
    bool: {
      should: [
        { range: { posted_at: range } },
        {
          bool: {
            must_not: [{ exists: { field: 'posted_at' } }],
            filter: [{ range: { first_seen: range } }],
          },
        },
      ],
      minimum_should_match: 1,
    },
  };
}

/** The title grammar as a filter; a malformed expression is a 422 naming its position. */
export function titleFilter(title: string, loc: (string | number)[] = ['query', 'title']): Query {
  try {
    return compileTitleExpression(parseTitleExpression(title));
  } catch (error) {
    if (!(error instanceof TitleGrammarError)) throw error;
    throw new ValidationFailedError([
      {
        loc,
        msg: `${error.message} (position ${error.position})`,
        type: 'title_grammar',
        input: title,
        ctx: { position: error.position },
      },
    ]);
  }
}

/** Filter clauses (no scoring) for every filter parameter present. */
export function filterClauses(f: JobFilters): { filter: Query[]; mustNot: Query[] } {
  const filter: Query[] = [
    ...(f.status === 'all' ? [] : term('status', f.status ?? 'open')),
    ...terms('career_family', f.family),
    ...terms('locations_derived.country_code', f.country),
    ...(f.city === undefined ? [] : term('city_keys', foldCity(f.city))),
    ...terms('source', f.source),
    ...(f.company === undefined
      ? []
      : [{ match: { organization: { query: f.company, operator: 'and' as const } } }]),
    ...term('company_domain', f.company_domain?.toLowerCase()),
    ...term('company_key', f.company_key),
    ...(f.remote === 'only' ? term('remote_derived', true) : []),
    ...(f.ai_work_arrangement === undefined || f.ai_work_arrangement === 'unknown'
      ? []
      : term('ai_work_arrangement', f.ai_work_arrangement)),
    ...terms('employment_type', f.employment_type),
    ...terms('experience_level', f.experience_level),
    ...terms('skill_clusters', f.skill_cluster),
    ...term('language', f.language),
    ...(f.has_salary === true ? term('has_salary', true) : []),
    ...(f.salary_min_gte === undefined ? [] : [{ range: { 'salary.min': { gte: f.salary_min_gte } } }]),
    ...(f.salary_max_lte === undefined ? [] : [{ range: { 'salary.max': { lte: f.salary_max_lte } } }]),
    ...term('salary.currency', f.salary_currency),
    ...term('salary.period', f.salary_period),
    ...(f.security_clearance === true ? term('security_clearance', true) : []),
    ...term('visa_sponsorship', f.visa_sponsorship),
    ...(f.posted_since === undefined ? [] : [postedRange({ gte: f.posted_since })]),
    ...(f.posted_before === undefined ? [] : [postedRange({ lt: f.posted_before })]),
    ...(f.exclude_duplicates === true ? term('is_duplicate_representative', true) : []),
    ...(f.include_unresolved === true ? [] : term('company_resolved', true)),
    ...(f.title === undefined ? [] : [titleFilter(f.title)]),
  ];
  const mustNot: Query[] = [
    ...(f.remote === 'exclude' ? term('remote_derived', true) : []),
    ...(f.ai_work_arrangement === 'unknown' ? [{ exists: { field: 'ai_work_arrangement' } }] : []),
    ...(f.has_salary === false ? term('has_salary', true) : []),
    // false: not known to require one — postings that do not mention a clearance included.
    ...(f.security_clearance === false ? term('security_clearance', true) : []),
  ];
  return { filter, mustNot };
}

/** The filters as one bool query (no scoring): what export, kNN and counts apply. */
export function filterBool(f: JobFilters): { bool: estypes.QueryDslBoolQuery } {
  const { filter, mustNot } = filterClauses(f);
  return { bool: { filter, ...(mustNot.length > 0 ? { must_not: mustNot } : {}) } };
}

/**
 * Relevance of `q`: all words required across title (×3), company (×2) and description; an exact
 * phrase in the title or description ranks higher. Recency is the tie-break through the sort.
 */
function textQuery(q: string): { must: Query[]; should: Query[] } {
  return {
    must: [
      {
        multi_match: {
          query: q,
          fields: ['title^3', 'organization^2', 'description_text'],
          type: 'cross_fields',
          operator: 'and',
        },
      },
    ],
    should: [
      { match_phrase: { title: { query: q, slop: 1, boost: 4 } } },
      { match_phrase: { description_text: { query: q, slop: 2, boost: 1 } } },
    ],
  };
}

export type JobSort = 'relevance' | 'newest';

export function sortOf(f: JobFilters): JobSort {
  return f.q !== undefined || f.company !== undefined ? 'relevance' : 'newest';
}

/** Total order: score (relevance only), then newest first_seen, then job_key. */
export function sortClauses(sort: JobSort): estypes.Sort {
  const tail: estypes.SortCombinations[] = [{ first_seen: { order: 'desc' } }, { job_key: { order: 'asc' } }];
  return sort === 'relevance' ? [{ _score: { order: 'desc' } }, ...tail] : tail;
}

export interface SearchPage {
  limit: number;
  after?: SortValues;
  includeDescription: boolean;
}

/** The search body for a page of jobs (`size` is limit + 1 to learn whether another page exists). */
export function buildJobSearch(f: JobFilters, page: SearchPage): estypes.SearchRequest {
  const text = f.q === undefined ? undefined : textQuery(f.q);
  return pageRequest(f, text ?? {}, sortOf(f), page);
}

/**
 * One page of a keyword search, shared by GET and typed search: the filters (ANDed), the scoring
 * clauses, the total-order sort, one hit more than the page, and the listed or full members.
 */
export function pageRequest(
  f: JobFilters,
  scoring: { must?: Query[]; should?: Query[] },
  sort: JobSort,
  page: SearchPage,
): estypes.SearchRequest {
  return {
    size: page.limit + 1,
    track_total_hits: false,
    query: { bool: { ...filterBool(f).bool, ...scoring } },
    sort: sortClauses(sort),
    ...(page.after === undefined ? {} : { search_after: page.after }),
    ...jobFetch(page.includeDescription),
  };
}
