/**
 * The tools' arguments: which REST parameter each mirrors (its schema comes from the OpenAPI
 * document, schemas.ts) and a description written for a model choosing and filling it.
 */
import type { ArgumentSpec } from './schemas.js';

const search = (description: string, parameter?: string): ArgumentSpec => ({
  description,
  operation: 'searchJobs',
  ...(parameter === undefined ? {} : { parameter }),
});
const active = (description: string): ArgumentSpec => ({ description, operation: 'countActiveFeed' });

/** The search filters, as `GET /v1/jobs/search` takes them (lists instead of comma-separated strings). */
export const FILTER_ARGUMENTS: Record<string, ArgumentSpec> = {
  q: search(
    'Free text; every word must occur in the title, company name or description. Example: "data engineer".',
  ),
  title: search(
    'Boolean filter on the job title: terms joined by & (and), | (or), ! (not); precedence ! then & then |; no parentheses; each term is a case-insensitive substring. Example: "engineer&!manager|data scientist".',
  ),
  family: search('Career families, any of (values: list_vocabularies).'),
  country: search('ISO 3166-1 alpha-2 country codes, upper case, any of. Example: ["US", "DE"].'),
  city: search('City name, whole name, case- and accent-insensitive. Example: "Berlin".'),
  source: search('ATS source codes, any of (values: list_vocabularies).'),
  company: search('Company name; every word must occur in the company name.'),
  company_domain: search('Company domain, exact. Example: "stripe.com".'),
  remote: search('"only": remote jobs only; "exclude": no remote jobs.'),
  ai_work_arrangement: search('Work arrangement classified by a language model.'),
  employment_type: search('Employment types, any of.'),
  experience_level: search('Experience levels, any of; jobs whose level is unknown match none.'),
  skill_cluster: search('Skill-cluster tags (lower-case slugs as in skill_clusters), any of.'),
  language: search('Posting language, ISO 639-1, lower case. Example: "en".'),
  has_salary: search('true: only jobs with salary data; false: only jobs without.'),
  salary_min_gte: search('Only jobs whose salary minimum is at least this amount.'),
  salary_max_lte: search('Only jobs whose salary maximum is at most this amount.'),
  salary_currency: search('Salary currency, ISO 4217, upper case. Example: "EUR".'),
  salary_period: search('Salary period.'),
  security_clearance: search(
    'true: the posting requires a security clearance; false: not known to require one.',
  ),
  visa_sponsorship: search('true: the posting offers visa sponsorship; false: it rules sponsorship out.'),
  posted_since: search('Posted (or first seen) at or after this instant. Example: "2025-01-31T00:00:00Z".'),
  posted_before: search('Posted (or first seen) before this instant.'),
  exclude_duplicates: search('true: one job per group of cross-location duplicates.'),
};

export const SEARCH_ARGUMENTS: Record<string, ArgumentSpec> = {
  ...FILTER_ARGUMENTS,
  limit: {
    description: 'How many jobs to return, 1 to 10 (default 10). The total count is returned either way.',
    operation: 'previewJobs',
  },
};

/** count_jobs: the search filters plus status, and the active feed's own window and filters. */
export const COUNT_ARGUMENTS: Record<string, ArgumentSpec> = {
  ...FILTER_ARGUMENTS,
  status: search('scope "search" only: open (default), closed or all.'),
  time_frame: active('scope "active_feed" only: the window ending now (default 24h).'),
  first_seen_gte: active('scope "active_feed" only: a fixed window start instead of time_frame.'),
  exclude_source: active('scope "active_feed" only: ATS source codes to leave out.'),
  domain: active('scope "active_feed" only: company domains, exact, any of.'),
  organization: active('scope "active_feed" only: company names, exact (case-insensitive), any of.'),
};

/** Arguments count_jobs accepts in scope "active_feed" (the parameters of GET /v1/feed/active/count). */
export const ACTIVE_FEED_ARGUMENTS = [
  'scope',
  'country',
  'source',
  'exclude_source',
  'domain',
  'organization',
  'title',
  'exclude_duplicates',
  'time_frame',
  'first_seen_gte',
];

export const GET_JOB_ARGUMENTS: Record<string, ArgumentSpec> = {
  job_key: { description: 'The job_key of a job (from search_jobs results).', operation: 'getJob' },
  include_unresolved: {
    description: 'true: also find jobs of companies whose name is not resolved yet.',
    operation: 'getJob',
  },
};

/** find_companies: the directory filters of `GET /v1/companies`, and a page of at most 10. */
export const FIND_COMPANIES_ARGUMENTS: Record<string, ArgumentSpec> = {
  source: {
    description:
      'ATS source codes, any of: companies with a recently verified board on one of them (values: list_vocabularies).',
    operation: 'listCompanies',
  },
  country: {
    description:
      'ISO 3166-1 alpha-2 country codes, upper case, any of: companies with open jobs there. Example: ["DE"].',
    operation: 'listCompanies',
  },
  min_open_jobs: {
    description: 'Only companies with at least this many open jobs (default 0).',
    operation: 'listCompanies',
  },
  include_unresolved: {
    description:
      'true: also list companies whose name is not resolved yet (named by their board, e.g. "greenhouse/acme").',
    operation: 'listCompanies',
  },
  limit: {
    description: 'How many companies to return, 1 to 10 (default 10), in company_key order.',
    operation: 'listCompanies',
    narrow: { maximum: 10 },
  },
};

export const GET_COMPANY_ARGUMENTS: Record<string, ArgumentSpec> = {
  company_key: {
    description: 'The company_key of a company (from find_companies, or the company_key of a job).',
    operation: 'getCompany',
  },
  include_unresolved: {
    description: 'true: also find companies whose name is not resolved yet.',
    operation: 'getCompany',
  },
};

export const STATE_OF_HIRING_ARGUMENTS: Record<string, ArgumentSpec> = {
  quarter: {
    description:
      'UTC calendar quarter, "YYYY-Qn". Omitted: the latest completed quarter. The running quarter is served partial. Example: "2026-Q1".',
    operation: 'getStateOfHiring',
  },
};
