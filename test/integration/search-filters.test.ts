import { expect } from 'chai';
import type { Location, StoredJob } from '../../src/domain/job.js';
import { toIndexDocument } from '../../src/search/document.js';
import type { IndexNames } from '../../src/search/indices.js';
import { storedJob } from '../support/jobs.js';
import { createTempIndex, dropIndexFamily, serveOverIndex } from './indices.js';
import { testEnv } from './env.js';
import { call, type ValidationBody } from './http.js';

const BERLIN: Location = { city: 'Berlin', country: 'Germany', country_code: 'DE', lat: 52.52, lng: 13.4 };
const ZURICH: Location = {
  city: 'Zürich',
  country: 'Switzerland',
  country_code: 'CH',
  lat: 47.37,
  lng: 8.54,
};
const NYC: Location = { city: 'New York', country: 'United States', country_code: 'US', lat: 40.7, lng: -74 };

function job(key: string, extra: Partial<StoredJob>): StoredJob {
  return storedJob(key, { first_seen: '2026-03-01T00:00:00.000Z', company_key: 'acme', ...extra });
}

/** A small corpus where every filter has jobs it must match and jobs it must not. */
const JOBS: StoredJob[] = [
  job('a', {
    title: 'Senior Backend Engineer',
    locations_derived: [BERLIN],
    remote_derived: false,
    ai_work_arrangement: 'hybrid',
    employment_type: ['FULL_TIME'],
    career_family: 'engineering',
    skill_clusters: ['backend'],
    language: 'en',
    experience_level: 'senior',
    salary: {
      min: 90000,
      max: 120000,
      currency: 'EUR',
      period: 'year',
      annualized_min: 90000,
      annualized_max: 120000,
      source: 'source_field',
    },
    visa_sponsorship: true,
    posted_at: '2026-02-20T00:00:00.000Z',
    company_domain: 'acme.com',
  }),
  job('b', {
    title: 'Data Scientist',
    organization: 'Globex Corporation',
    company_key: 'globex',
    locations_derived: [NYC],
    remote_derived: true,
    ai_work_arrangement: 'remote',
    employment_type: ['CONTRACTOR'],
    career_family: 'data_ai_analytics',
    skill_clusters: ['machine_learning'],
    language: 'en',
    experience_level: 'mid',
    security_clearance: true,
    visa_sponsorship: false,
    source: 'lever',
    first_seen: '2026-03-05T00:00:00.000Z',
  }),
  job('c', {
    title: 'Account Executive',
    locations_derived: [ZURICH],
    career_family: 'go_to_market',
    language: 'de',
    salary: {
      min: 40,
      max: 60,
      currency: 'CHF',
      period: 'hour',
      annualized_min: 83200,
      annualized_max: 124800,
      source: 'description_text',
    },
    security_clearance: false,
    first_seen: '2026-01-10T00:00:00.000Z',
    source: 'ashby',
  }),
  job('d', {
    title: 'Engineering Intern',
    status: 'closed',
    closed_at: '2026-03-02T00:00:00.000Z',
    close_reason: 'removed_from_board',
    experience_level: 'intern',
    employment_type: ['INTERN'],
    first_seen: '2026-02-01T00:00:00.000Z',
  }),
  job('e', {
    title: 'Backend Engineer',
    locations_derived: [NYC],
    duplicate_group: 'g1',
    is_duplicate_representative: true,
    first_seen: '2026-02-10T00:00:00.000Z',
  }),
  job('f', {
    title: 'Backend Engineer',
    locations_derived: [BERLIN],
    duplicate_group: 'g1',
    is_duplicate_representative: false,
    first_seen: '2026-02-11T00:00:00.000Z',
  }),
  job('g', {
    title: 'Opaque tenant job',
    organization: 'x7f3k',
    company_key: 'greenhouse-x7f3k',
    company_resolved: false,
  }),
];

describe('GET /v1/jobs/search: every filter, positive and negative', function () {
  this.timeout(60_000);
  let names: IndexNames;
  let baseUrl = '';
  let key = '';

  before(async () => {
    const env = testEnv();
    names = await createTempIndex('sf');
    const operations = JOBS.flatMap((j) => [
      { index: { _index: names.alias, _id: j.job_key } },
      toIndexDocument(j, '2026-03-06T00:00:00.000Z'),
    ]);
    const bulk = await env.runtime.es.bulk({ operations, refresh: true });
    expect(bulk.errors).to.equal(false);
    ({ baseUrl, key } = await serveOverIndex(names.alias, 'filters@example.com'));
  });

  after(async () => {
    const { es } = testEnv().runtime;
    await dropIndexFamily(es, names);
  });

  const keys = async (query: string): Promise<string[]> => {
    const response = await call(
      `/v1/jobs/search?limit=100&${query}`,
      { headers: { 'X-API-Key': key } },
      baseUrl,
    );
    expect(response.status, `${query}: ${JSON.stringify(response.body)}`).to.equal(200);
    return (response.body as { data: { job_key: string }[] }).data.map((j) => j.job_key).sort();
  };

  const cases: [string, string[]][] = [
    ['', ['a', 'b', 'c', 'e', 'f']],
    ['status=closed', ['d']],
    ['status=all', ['a', 'b', 'c', 'd', 'e', 'f']],
    ['include_unresolved=true', ['a', 'b', 'c', 'e', 'f', 'g']],
    ['q=backend%20engineer', ['a', 'e', 'f']],
    ['q=globex', ['b']],
    ['title=engineer%20%26%20!senior', ['e', 'f']],
    ['family=engineering,go_to_market', ['a', 'c']],
    ['country=DE', ['a', 'f']],
    ['country=US,CH', ['b', 'c', 'e']],
    ['city=zurich', ['c']],
    ['city=NEW%20YORK', ['b', 'e']],
    ['city=York', []],
    ['source=lever,ashby', ['b', 'c']],
    ['company=globex', ['b']],
    ['company_domain=ACME.com', ['a']],
    ['remote=only', ['b']],
    ['remote=exclude', ['a', 'c', 'e', 'f']],
    ['ai_work_arrangement=hybrid', ['a']],
    ['ai_work_arrangement=unknown', ['c', 'e', 'f']],
    ['employment_type=FULL_TIME,CONTRACTOR', ['a', 'b']],
    ['experience_level=senior', ['a']],
    ['skill_cluster=machine_learning', ['b']],
    ['language=de', ['c']],
    ['has_salary=true', ['a', 'c']],
    ['has_salary=false', ['b', 'e', 'f']],
    ['salary_min_gte=50000', ['a']],
    ['salary_max_lte=100', ['c']],
    ['salary_currency=CHF', ['c']],
    ['salary_period=year', ['a']],
    ['security_clearance=true', ['b']],
    ['security_clearance=false', ['a', 'c', 'e', 'f']],
    ['visa_sponsorship=true', ['a']],
    ['visa_sponsorship=false', ['b']],
    ['posted_since=2026-02-25T00:00:00Z', ['b']],
    ['posted_since=2026-02-15T00:00:00Z', ['a', 'b']],
    ['posted_before=2026-02-15T00:00:00Z', ['c', 'e', 'f']],
    ['exclude_duplicates=true', ['a', 'b', 'c', 'e']],
    ['country=DE&family=engineering&remote=exclude', ['a']],
  ];
  for (const [query, expected] of cases) {
    it(`${query === '' ? '(defaults)' : query} → ${expected.join(',') || 'nothing'}`, async () => {
      expect(await keys(query)).to.deep.equal(expected);
    });
  }

  it('orders newest first without q, and by relevance with q', async () => {
    const newest = await call('/v1/jobs/search?limit=100', { headers: { 'X-API-Key': key } }, baseUrl);
    expect((newest.body as { data: { job_key: string }[] }).data.map((j) => j.job_key)).to.deep.equal([
      'b',
      'a',
      'f',
      'e',
      'c',
    ]);
    const relevant = await call(
      '/v1/jobs/search?q=senior%20backend%20engineer',
      { headers: { 'X-API-Key': key } },
      baseUrl,
    );
    expect((relevant.body as { data: { job_key: string }[] }).data[0]?.job_key).to.equal('a');
  });

  it('rejects bad csv elements, enums and bounds with the 422 body', async () => {
    for (const [query, loc, type] of [
      ['family=engineering,cooking', ['query', 'family', 1], 'enum'],
      ['employment_type=FULLTIME', ['query', 'employment_type', 0], 'enum'],
      ['source=monster', ['query', 'source', 0], 'enum'],
      ['remote=sometimes', ['query', 'remote'], 'enum'],
      ['salary_min_gte=-1', ['query', 'salary_min_gte'], 'greater_than_equal'],
      ['posted_since=2026-01-01', ['query', 'posted_since'], 'datetime_parsing'],
      ['language=e1', ['query', 'language'], 'string_pattern_mismatch'],
      ['has_salary=maybe', ['query', 'has_salary'], 'bool_parsing'],
      [`q=${'x'.repeat(501)}`, ['query', 'q'], 'string_too_long'],
    ] as const) {
      const response = await call(`/v1/jobs/search?${query}`, { headers: { 'X-API-Key': key } }, baseUrl);
      expect(response.status, query).to.equal(422);
      expect((response.body as ValidationBody).detail[0], query).to.deep.include({ loc, type });
    }
  });
});
