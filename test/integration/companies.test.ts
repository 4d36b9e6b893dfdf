/**
 * Companies through the real ingest path: recorded payloads served by the fixture server, crawled
 * by the real connectors, resolved by the worker's identity step, projected by the ledger, read
 * through the API as an outside client reads it (directory walked until next_cursor is absent).
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { CONNECTORS } from '../../src/ingest/connectors/index.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { crawlBoards, registerBoard } from '../../src/ingest/crawl/boards.js';
import type { BoardLine } from '../../src/ingest/crawl/boards-file.js';
import type { IngestDeps } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';
import { call, withKey } from './http.js';

interface CompanyBody {
  company_key: string;
  name: string;
  domain?: string;
  resolved: boolean;
  boards: {
    source: string;
    source_slug: string;
    open_jobs: number;
    linked_by?: { kind: string; value: string }[];
  }[];
  open_jobs: number;
  countries: string[];
  derivations: Record<string, { source: string; confidence: number }>;
}

interface Page<T> {
  data: T[];
  next_cursor?: string;
}

const fixture = (file: string): string => readFileSync(`test/fixtures/ats/${file}`, 'utf8');

describe('companies: identity, directory, profiles, company jobs', function () {
  this.timeout(180_000);
  let server: FixtureServer;
  let deps: IngestDeps;
  let key = '';
  const ids = new Map<string, string>();

  const get = (path: string) => call(path, withKey(key));
  const register = async (name: string, line: Omit<BoardLine, 'line' | 'endpoint'>): Promise<void> => {
    ids.set(
      name,
      await registerBoard(testEnv().runtime.database.db, {
        line: 1,
        endpoint: `${server.url}/${name}`,
        ...line,
      }),
    );
  };
  const crawl = async (...names: string[]): Promise<void> => {
    const boards = names.map((name) => ids.get(name) ?? '');
    const summaries = await crawlBoards(deps, boards, 2);
    for (const summary of summaries) expect(summary, JSON.stringify(summary)).to.include({ outcome: 'ok' });
    const { runtime } = testEnv();
    await catchUp(runtime.database.db, runtime.es, runtime.indices.alias, systemClock);
    await runtime.es.indices.refresh({ index: runtime.indices.alias });
  };
  const companyOf = async (name: string): Promise<string> => {
    const row = await testEnv().runtime.database.db.one<{ company_key: string }>(
      'SELECT company_key FROM boards WHERE id = $1',
      [ids.get(name)],
    );
    return row.company_key;
  };
  /** Every page of a listing, following next_cursor until it is absent. */
  const walk = async <T>(path: string): Promise<T[]> => {
    const items: T[] = [];
    let cursor: string | undefined;
    for (;;) {
      const separator = path.includes('?') ? '&' : '?';
      const response = await get(
        `${path}${cursor === undefined ? '' : `${separator}cursor=${encodeURIComponent(cursor)}`}`,
      );
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const page = response.body as Page<T>;
      items.push(...page.data);
      if (page.next_cursor === undefined) return items;
      cursor = page.next_cursor;
    }
  };

  before(async () => {
    server = await startFixtureServer();
    const env = testEnv();
    deps = {
      ...createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 0),
      connectors: CONNECTORS,
    };
    key = (
      await env.services.accounts.createActiveAccount({
        email: 'companies@example.com',
        plan: 'scale',
        isService: false,
      })
    ).key;
    // One company on two platforms: a Greenhouse board whose postings live on stripe.com (observed)
    // and a SmartRecruiters board the operator maps to stripe.com.
    server.set('/gh-two/v1/boards/co-two/jobs', {
      body: fixture('greenhouse/stripe-jobs-list-no-content-6.json'),
    });
    server.set('/sr-two/v1/companies/StripeCo/postings', {
      body: fixture('smartrecruiters/westerndigital-postings-list-3.json'),
    });
    await register('gh-two', { source: 'greenhouse', slug: 'co-two' });
    await register('sr-two', {
      source: 'smartrecruiters',
      slug: 'StripeCo',
      company: 'Stripe',
      domain: 'stripe.com',
    });
    // Two firms of one name, told apart by their domains.
    server.set('/acme-a/v0/postings/acme-a', { body: fixture('lever/palantir-postings-2.json') });
    server.set('/acme-b/v0/postings/acme-b', { body: fixture('lever/leverdemo-postings-6.json') });
    await register('acme-a', {
      source: 'lever',
      slug: 'acme-a',
      company: 'Acme Analytics',
      domain: 'acme-analytics.example',
    });
    await register('acme-b', {
      source: 'lever',
      slug: 'acme-b',
      company: 'Acme Analytics',
      domain: 'acmeanalytics-gmbh.example',
    });
    // An opaque Workday tenant nobody has named yet.
    server.set(
      '/wd-opaque/wday/cxs/zq4417/Ext/jobs',
      { body: fixture('workday/cxs-jobs-list-4-boston-with-facets.json') },
      'POST',
    );
    await register('wd-opaque', { source: 'workday', slug: 'zq4417.wd5/Ext' });
    await crawl('gh-two', 'sr-two', 'acme-a', 'acme-b', 'wd-opaque');
  });

  after(async () => {
    await server.close();
  });

  it('resolves one company on two platforms to one company with both boards, with the linking evidence', async () => {
    const company = await companyOf('gh-two');
    expect(await companyOf('sr-two')).to.equal(company);
    const response = await get(`/v1/companies/${company}`);
    expect(response.status).to.equal(200);
    const profile = response.body as CompanyBody;
    expect(profile.domain).to.equal('stripe.com');
    expect(profile.resolved).to.equal(true);
    const mine = profile.boards.filter((board) => ['co-two', 'StripeCo'].includes(board.source_slug));
    expect(mine.map((board) => board.source).sort()).to.deep.equal(['greenhouse', 'smartrecruiters']);
    for (const board of mine)
      expect(board.linked_by?.map((item) => `${item.kind}:${item.value}`)).to.include('domain:stripe.com');
    // Every board of the company is a stripe.com board: nothing else was pulled in.
    const rows = await testEnv().runtime.database.db.any<{ domain: string | null }>(
      `SELECT COALESCE(operator_domain, 'observed') AS domain FROM boards WHERE company_key = $1`,
      [company],
    );
    for (const row of rows) expect(row.domain).to.be.oneOf(['stripe.com', 'observed']);
  });

  it('keeps two firms of the same name apart', async () => {
    const [a, b] = [await companyOf('acme-a'), await companyOf('acme-b')];
    expect(a).to.not.equal(b);
    const [first, second] = [
      (await get(`/v1/companies/${a}`)).body,
      (await get(`/v1/companies/${b}`)).body,
    ] as CompanyBody[];
    expect(first?.name).to.equal('Acme Analytics');
    expect(second?.name).to.equal('Acme Analytics');
    expect([first?.domain, second?.domain].sort()).to.deep.equal([
      'acme-analytics.example',
      'acmeanalytics-gmbh.example',
    ]);
  });

  it('hides an opaque tenant everywhere until it is resolved, then shows it and its jobs everywhere', async () => {
    const hidden = await companyOf('wd-opaque');
    const jobCount = async (query: string): Promise<number> =>
      (
        (await get(`/v1/jobs/search?source=workday&limit=1000${query}`)).body as Page<{ company_key: string }>
      ).data.filter((job) => job.company_key === hidden).length;
    expect((await get(`/v1/companies/${hidden}`)).status).to.equal(404);
    expect((await get(`/v1/companies/${hidden}/jobs`)).status).to.equal(404);
    expect((await get(`/v1/companies/${hidden}?include_unresolved=true`)).status).to.equal(200);
    expect((await walk<CompanyBody>('/v1/companies?limit=3')).map((c) => c.company_key)).to.not.include(
      hidden,
    );
    const unresolved = await walk<CompanyBody>('/v1/companies?limit=50&include_unresolved=true');
    expect(unresolved.find((c) => c.company_key === hidden)?.resolved).to.equal(false);
    expect(await jobCount('')).to.equal(0);
    const hiddenJobs = await jobCount('&include_unresolved=true');
    expect(hiddenJobs).to.be.greaterThan(0);
    const exported = await call('/v1/jobs/export?format=ndjson&source=workday', withKey(key));
    expect(String(exported.body)).to.not.include(hidden);
    const { seq } = await testEnv().runtime.database.db.one<{ seq: string }>(
      'SELECT COALESCE(max(seq), 0) AS seq FROM change_events',
    );

    // The operator names it: the same board, now with a display name and a domain.
    await register('wd-opaque', {
      source: 'workday',
      slug: 'zq4417.wd5/Ext',
      company: 'Arrowstreet Capital',
      domain: 'arrowstreetcapital.com',
    });
    await crawl('wd-opaque');
    const shown = await companyOf('wd-opaque');
    expect(shown).to.equal('arrowstreet-capital');
    const profile = (await get(`/v1/companies/${shown}`)).body as CompanyBody;
    expect(profile).to.include({
      name: 'Arrowstreet Capital',
      resolved: true,
      domain: 'arrowstreetcapital.com',
    });
    expect((await walk<CompanyBody>('/v1/companies?limit=3')).map((c) => c.company_key)).to.include(shown);
    const jobs = await walk<{ company_key: string; organization: string }>(
      `/v1/companies/${shown}/jobs?limit=2`,
    );
    expect(jobs).to.have.length(hiddenJobs);
    for (const job of jobs)
      expect(job).to.include({ company_key: shown, organization: 'Arrowstreet Capital' });
    const searched = (
      (await get('/v1/jobs/search?source=workday&limit=1000')).body as Page<{ company_key: string }>
    ).data;
    expect(searched.filter((job) => job.company_key === shown)).to.have.length(hiddenJobs);
    // The change feed carried the resolution: one modification per job, naming the company members.
    const changes = (await get(`/v1/feed/changes?since_seq=${seq}&limit=1000`)).body as {
      data: { kind: string; job?: { company_key?: string }; changed_fields?: string[] }[];
    };
    const moved = changes.data.filter((event) => event.job?.company_key === shown);
    expect(moved.length).to.be.at.least(hiddenJobs);
  });

  it('takes closed jobs out of the open counts, and lists them as closed', async () => {
    const company = await companyOf('acme-b');
    const before = (await get(`/v1/companies/${company}`)).body as CompanyBody;
    const list = JSON.parse(fixture('lever/leverdemo-postings-6.json')) as unknown[];
    server.set('/acme-b/v0/postings/acme-b', { body: JSON.stringify(list.slice(0, 4)) });
    await crawl('acme-b');
    const after = (await get(`/v1/companies/${company}`)).body as CompanyBody;
    expect(after.open_jobs).to.equal(before.open_jobs - (list.length - 4));
    expect(after.boards[0]?.open_jobs).to.equal(after.open_jobs);
    const closed = await walk<{ status: string }>(`/v1/companies/${company}/jobs?status=closed`);
    expect(closed).to.have.length(list.length - 4);
    for (const job of closed) expect(job.status).to.equal('closed');
    const open = await walk<{ status: string }>(`/v1/companies/${company}/jobs`);
    expect(open).to.have.length(after.open_jobs);
  });

  it('labels every derived profile field with its source and confidence', async () => {
    const profile = (await get(`/v1/companies/${await companyOf('gh-two')}`)).body as Record<string, unknown>;
    const sections = [
      'hiring_velocity',
      'office_network',
      'department_rollups',
      'family_rollups',
      'work_mode_distribution',
      'open_positions',
    ];
    const present = sections.filter((section) => profile[section] !== undefined);
    expect(present).to.include.members(['hiring_velocity', 'open_positions']);
    for (const section of present) {
      const value = profile[section] as { source?: unknown; confidence?: unknown };
      expect(value.source, section).to.be.a('string');
      expect(value.confidence, section).to.be.a('number');
    }
    const derivations = profile.derivations as Record<string, { source: string; confidence: number }>;
    expect(Object.keys(derivations)).to.include.members(['name', 'domain', 'open_jobs']);
    const velocity = profile.hiring_velocity as {
      weeks: { openings: number }[];
      current_window_openings: number;
    };
    expect(velocity.weeks).to.have.length(12);
    expect(velocity.current_window_openings).to.be.greaterThan(0);
  });

  it('streams the JSONL catalog equal to the paged directory, and refuses paging with it', async () => {
    const paged = await walk<CompanyBody>('/v1/companies?limit=2&include_unresolved=true');
    const streamed = await call('/v1/companies?export=jsonl&include_unresolved=true', withKey(key));
    expect(streamed.status).to.equal(200);
    expect(streamed.headers.get('content-type')).to.match(/^application\/x-ndjson/);
    const lines = String(streamed.body)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as CompanyBody);
    expect(lines).to.deep.equal(paged);
    expect(lines.length).to.be.greaterThan(3);
    expect((await call('/v1/companies?export=jsonl&limit=5', withKey(key))).status).to.equal(422);
  });

  it('filters the directory by source, country and min_open_jobs, and binds cursors to the filters', async () => {
    const greenhouse = await walk<CompanyBody>('/v1/companies?source=greenhouse&limit=1');
    for (const company of greenhouse) expect(company.boards.map((b) => b.source)).to.include('greenhouse');
    const busy = await walk<CompanyBody>('/v1/companies?min_open_jobs=4');
    for (const company of busy) expect(company.open_jobs).to.be.at.least(4);
    const us = await walk<CompanyBody>('/v1/companies?country=US');
    for (const company of us) expect(company.countries).to.include('US');
    const first = (await get('/v1/companies?limit=1')).body as Page<CompanyBody>;
    expect(first.next_cursor).to.be.a('string');
    const drifted = await get(
      `/v1/companies?limit=1&min_open_jobs=1&cursor=${encodeURIComponent(first.next_cursor ?? '')}`,
    );
    expect(drifted.status).to.equal(422);
    expect((await get('/v1/companies?limit=0')).status).to.equal(422);
    expect((await get('/v1/companies?source=nosuchsource')).status).to.equal(422);
    expect((await get('/v1/companies/no-such-company')).status).to.equal(404);
    expect((await call('/v1/companies')).status).to.equal(401);
  });
});
