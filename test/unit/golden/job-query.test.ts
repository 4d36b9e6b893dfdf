/** Golden bodies of search/job-query.ts: GET /v1/jobs/search with each filter, combined, paged. */
import { expect } from 'chai';
import { ValidationFailedError } from '../../../src/domain/errors.js';
import {
  buildJobSearch,
  filterBool,
  jobFetch,
  sortClauses,
  sortOf,
  titleFilter,
  type JobFilters,
  type SearchPage,
} from '../../../src/search/job-query.js';
import { matchesGolden } from './golden.js';

const FIRST_PAGE: SearchPage = { limit: 100, includeDescription: false };

/** Every parameter of GET /v1/jobs/search that reaches the builder, one at a time. */
const SINGLE_FILTERS: Record<string, JobFilters> = {
  q: { q: 'senior rust engineer' },
  title: { title: 'engineer & !intern | qa' },
  family: { family: ['engineering', 'data_ai_analytics'] },
  country: { country: ['US', 'DE'] },
  // Folded like the index's city_keys: accents, case and runs of whitespace.
  city: { city: '  São   PAULO ' },
  source: { source: ['greenhouse', 'lever'] },
  company: { company: 'Acme Robotics' },
  'company-domain': { company_domain: 'Careers.Acme.COM' },
  'remote-only': { remote: 'only' },
  'remote-exclude': { remote: 'exclude' },
  'ai-work-arrangement-remote': { ai_work_arrangement: 'remote' },
  'ai-work-arrangement-hybrid': { ai_work_arrangement: 'hybrid' },
  'ai-work-arrangement-on-site': { ai_work_arrangement: 'on_site' },
  'ai-work-arrangement-unknown': { ai_work_arrangement: 'unknown' },
  'employment-type': { employment_type: ['FULL_TIME', 'CONTRACTOR'] },
  'experience-level': { experience_level: ['senior', 'lead'] },
  'skill-cluster': { skill_cluster: ['rust', 'distributed-systems'] },
  language: { language: 'de' },
  'status-open': { status: 'open' },
  'status-closed': { status: 'closed' },
  'status-all': { status: 'all' },
  'has-salary-true': { has_salary: true },
  'has-salary-false': { has_salary: false },
  'salary-min-gte': { salary_min_gte: 120_000 },
  // 0 is a bound like any other, not "absent".
  'salary-min-gte-zero': { salary_min_gte: 0 },
  'salary-max-lte': { salary_max_lte: 95.5 },
  'salary-currency': { salary_currency: 'EUR' },
  'salary-period': { salary_period: 'year' },
  'security-clearance-true': { security_clearance: true },
  'security-clearance-false': { security_clearance: false },
  'visa-sponsorship-true': { visa_sponsorship: true },
  'visa-sponsorship-false': { visa_sponsorship: false },
  'posted-since': { posted_since: '2026-11-01T00:00:00+02:00' },
  'posted-before': { posted_before: '2026-11-21T10:00:00.000Z' },
  'posted-since-and-before': {
    posted_since: '2026-11-01T00:00:00.000Z',
    posted_before: '2026-11-21T10:00:00.000Z',
  },
  'exclude-duplicates-true': { exclude_duplicates: true },
  'exclude-duplicates-false': { exclude_duplicates: false },
  'include-unresolved-true': { include_unresolved: true },
  'include-unresolved-false': { include_unresolved: false },
};

const ALL_FILTERS: JobFilters = {
  q: 'platform engineer',
  title: 'engineer & !intern | sre',
  family: ['engineering'],
  country: ['US', 'CA'],
  city: 'Zürich',
  source: ['greenhouse', 'ashby'],
  company: 'Acme',
  company_domain: 'ACME.com',
  remote: 'exclude',
  ai_work_arrangement: 'unknown',
  employment_type: ['FULL_TIME'],
  experience_level: ['mid', 'senior'],
  skill_cluster: ['kubernetes'],
  language: 'en',
  status: 'all',
  has_salary: false,
  salary_min_gte: 100_000,
  salary_max_lte: 200_000,
  salary_currency: 'USD',
  salary_period: 'year',
  security_clearance: false,
  visa_sponsorship: true,
  posted_since: '2026-10-01T00:00:00.000Z',
  posted_before: '2026-11-01T00:00:00.000Z',
  exclude_duplicates: true,
  include_unresolved: true,
};

describe('golden: job-query (GET /v1/jobs/search)', () => {
  it('no filters: open jobs of resolved companies, newest first, one hit more than the page', () => {
    matchesGolden('job-query/no-filters', buildJobSearch({}, FIRST_PAGE));
  });

  it('the validated defaults (status=open, exclude_duplicates=false, include_unresolved=false) read the same', () => {
    const defaults: JobFilters = { status: 'open', exclude_duplicates: false, include_unresolved: false };
    expect(buildJobSearch(defaults, FIRST_PAGE)).to.deep.equal(buildJobSearch({}, FIRST_PAGE));
  });

  for (const [name, filters] of Object.entries(SINGLE_FILTERS)) {
    it(`filter ${name}`, () => {
      matchesGolden(`job-query/filter-${name}`, buildJobSearch(filters, FIRST_PAGE));
    });
  }

  it('include_description asks for the stored description', () => {
    matchesGolden(
      'job-query/include-description',
      buildJobSearch({}, { limit: 100, includeDescription: true }),
    );
  });

  it('q and company together rank by relevance', () => {
    matchesGolden(
      'job-query/q-and-company',
      buildJobSearch({ q: 'data engineer', company: 'Acme' }, FIRST_PAGE),
    );
  });

  it('every filter combined, with a relevance cursor and descriptions', () => {
    matchesGolden(
      'job-query/all-filters-relevance-cursor',
      buildJobSearch(ALL_FILTERS, {
        limit: 25,
        after: [12.5, 1_763_632_800_000, 'greenhouse:acme:123'],
        includeDescription: true,
      }),
    );
  });

  it('a newest-first page after a cursor', () => {
    matchesGolden(
      'job-query/newest-cursor',
      buildJobSearch(
        { country: ['DE'] },
        { limit: 1000, after: [1_763_632_800_000, 'lever:acme:9'], includeDescription: false },
      ),
    );
  });

  it('evaluation mode and the preview: at most 10 open jobs, never descriptions (limits set by the service)', () => {
    matchesGolden(
      'job-query/preview',
      buildJobSearch({ country: ['US'], status: 'open' }, { limit: 10, includeDescription: false }),
    );
  });

  it('filterBool: no filters, and every filter (no scoring clauses, no q)', () => {
    matchesGolden('job-query/filter-bool-empty', filterBool({}));
    const { q: _q, ...filters } = ALL_FILTERS;
    matchesGolden('job-query/filter-bool-all', filterBool(filters));
  });

  it('jobFetch: _source always, the stored description only when asked for', () => {
    matchesGolden('job-query/job-fetch-without-description', jobFetch(false));
    matchesGolden('job-query/job-fetch-with-description', jobFetch(true));
  });

  it('sort clauses: a total order either way', () => {
    matchesGolden('job-query/sort-relevance', sortClauses('relevance'));
    matchesGolden('job-query/sort-newest', sortClauses('newest'));
    expect(sortOf({})).to.equal('newest');
    expect(sortOf({ title: 'engineer' })).to.equal('newest');
    expect(sortOf({ q: 'x' })).to.equal('relevance');
    expect(sortOf({ company: 'x' })).to.equal('relevance');
  });

  it('titleFilter: the compiled grammar, or a 422 naming the position', () => {
    matchesGolden('job-query/title-filter', titleFilter('senior & engineer'));
    expect(() => titleFilter('engineer &')).to.throw(ValidationFailedError);
  });
});
