import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { serveDemoCorpus } from '../../scripts/lib/demo-corpus.js';
import { UsageRepository } from '../../src/db/usage.js';
import { advanceActiveFeedHorizon } from '../../src/services/feeds/horizon.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { crawlBoards, registerBoard } from '../../src/ingest/crawl/boards.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';
import { call, type ValidationBody } from './http.js';

const RAMP = JSON.parse(
  readFileSync('test/fixtures/ats/ashby/ramp-job-board-6-no-compensation.json', 'utf8'),
) as { jobs: Record<string, unknown>[] };

interface FeedJob {
  job_key: string;
  first_seen: string;
  source: string;
  organization: string;
  company_domain?: string;
  title: string;
  locations_derived: { country_code: string | null }[];
  duplicate_group?: string;
  is_duplicate_representative?: boolean;
  description_text?: string;
}

interface ActivePage {
  data: FeedJob[];
  first_seen_gte: string;
  first_seen_lt: string;
  has_more: boolean;
  next_cursor?: string;
}

/** The feed's order: first_seen, then job_key. */
const byFeedOrder = (a: FeedJob, b: FeedJob): number =>
  a.first_seen === b.first_seen ? (a.job_key < b.job_key ? -1 : 1) : a.first_seen < b.first_seen ? -1 : 1;

describe('active feed and its count, over a corpus crawled through the ingest path', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let key = '';
  let accountId = '';
  let since = '';
  /** Ground truth: every open job of a resolved company recorded by this suite's crawl, in feed order. */
  let corpus: FeedJob[] = [];

  const get = async (path: string, apiKey = key) => call(path, { headers: { 'X-API-Key': apiKey } });

  /** Follows cursors with a fixed first_seen_gte until the last page (no next_cursor). */
  const walk = async (
    filters: string,
    sizes = [7, 3, 50],
  ): Promise<{ jobs: FeedJob[]; last: ActivePage }> => {
    const jobs: FeedJob[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 500; page += 1) {
      const limit = sizes[page % sizes.length] ?? 10;
      const response = await get(
        `/v1/feed/active?first_seen_gte=${encodeURIComponent(since)}&limit=${limit}${filters}` +
          (cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`),
      );
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const body = response.body as ActivePage;
      expect(body.data.length).to.be.at.most(limit);
      jobs.push(...body.data);
      expect(body.next_cursor === undefined, 'next_cursor exactly when has_more').to.equal(!body.has_more);
      cursor = body.next_cursor;
      if (cursor === undefined) return { jobs, last: body };
    }
    throw new Error('walk did not end');
  };

  const count = async (filters: string): Promise<number> => {
    const response = await get(`/v1/feed/active/count?first_seen_gte=${encodeURIComponent(since)}${filters}`);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return (response.body as { count: number }).count;
  };

  const expectFilter = async (filters: string, keep: (job: FeedJob) => boolean): Promise<void> => {
    const expected = corpus.filter(keep).map((job) => job.job_key);
    expect(expected.length, `fixture corpus has jobs for ${filters}`).to.be.greaterThan(0);
    expect(expected.length, `fixture corpus has jobs outside ${filters}`).to.be.lessThan(corpus.length);
    const { jobs } = await walk(filters);
    expect(jobs.map((job) => job.job_key)).to.deep.equal(expected);
    expect(await count(filters)).to.equal(expected.length);
  };

  before(async () => {
    const env = testEnv();
    const db = env.runtime.database.db;
    server = await startFixtureServer();
    const ids: string[] = [];
    for (const line of serveDemoCorpus(server)) ids.push(await registerBoard(db, line));
    // A board that posts one role in two places: a cross-location duplicate group.
    const [first, ...others] = RAMP.jobs;
    const copy = {
      ...first,
      id: 'af-dupe-london',
      location: 'London, United Kingdom',
      secondaryLocations: [],
    };
    server.set('/afdup/posting-api/job-board/af-dupes', {
      body: JSON.stringify({ ...RAMP, jobs: [first, copy, ...others] }),
    });
    ids.push(
      await registerBoard(db, {
        line: 1,
        source: 'ashby',
        slug: 'af-dupes',
        endpoint: `${server.url}/afdup`,
        company: 'Ramp Dupes',
      }),
    );
    const ingest = createIngestDeps(db, env.config, systemClock, undefined, 0);
    await crawlBoards(ingest, ids, 4).finally(() => ingest.close());
    await advanceActiveFeedHorizon(db, env.runtime.es, env.runtime.indices.alias);
    // The window starts at the demo boards' first job (another suite of this run may have crawled
    // them earlier); the ground truth is every open job of a resolved company from there on.
    ({ since } = await db.one<{ since: string }>(
      `SELECT to_char(min(first_seen) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS since
         FROM job_state WHERE board_id = ANY($1::bigint[])`,
      [ids],
    ));
    const rows = await db.any<{ document: FeedJob }>(
      `SELECT document FROM job_state
        WHERE status = 'open' AND first_seen >= $1 AND (document->>'company_resolved')::boolean`,
      [since],
    );
    corpus = rows.map((row) => row.document).sort(byFeedOrder);
    ({ key, accountId } = await env.services.accounts.createActiveAccount({
      email: 'active-feed@example.com',
      plan: 'starter',
      isService: false,
    }));
  });

  after(async () => {
    await server.close();
  });

  it('returns every job of the window exactly once, oldest first_seen first, and resumes after its end from first_seen_lt', async () => {
    expect(corpus.length).to.be.greaterThan(40);
    const { jobs, last } = await walk('');
    expect(jobs.map((job) => job.job_key)).to.deep.equal(corpus.map((job) => job.job_key));
    expect(last.first_seen_gte).to.equal(since);
    expect(Date.parse(last.first_seen_lt)).to.be.greaterThan(Date.parse(since));
    expect(jobs[0]).not.to.have.property('description_text');
    // The last page has no next_cursor (the list envelope's rule); the walk resumes from its
    // first_seen_lt: nothing new has been recorded since, so the next window is empty and ends at once.
    expect(last).not.to.have.property('next_cursor');
    const again = await get(
      `/v1/feed/active?first_seen_gte=${encodeURIComponent(last.first_seen_lt)}&limit=5`,
    );
    expect(again.status).to.equal(200);
    expect(again.body).to.deep.include({ data: [], has_more: false, first_seen_gte: last.first_seen_lt });
    expect(again.body).not.to.have.property('next_cursor');
  });

  it('applies country, source, exclude_source, domain, organization, title and exclude_duplicates exactly', async () => {
    const countries = (job: FeedJob) => job.locations_derived.map((location) => location.country_code);
    await expectFilter('&country=US', (job) => countries(job).includes('US'));
    await expectFilter('&country=US,GB', (job) => countries(job).some((c) => c === 'US' || c === 'GB'));
    await expectFilter('&source=greenhouse,lever', (job) => ['greenhouse', 'lever'].includes(job.source));
    await expectFilter('&exclude_source=greenhouse', (job) => job.source !== 'greenhouse');
    const domain = corpus.find((job) => job.company_domain !== undefined)?.company_domain ?? 'none';
    await expectFilter(`&domain=${domain.toUpperCase()}`, (job) => job.company_domain === domain);
    const organization = corpus[0]?.organization ?? 'none';
    await expectFilter(
      `&organization=${encodeURIComponent(organization.toLowerCase())}`,
      (job) => job.organization === organization,
    );
    await expectFilter('&title=engineer', (job) => job.title.toLowerCase().includes('engineer'));
    await expectFilter('&title=manager | !engineer', (job) => {
      const title = job.title.toLowerCase();
      return title.includes('manager') || !title.includes('engineer');
    });
  });

  it("collapses duplicates to each group's earliest-seen representative", async () => {
    await expectFilter('&exclude_duplicates=true', (job) => job.is_duplicate_representative !== false);
    const { jobs } = await walk('&exclude_duplicates=true');
    const groups = jobs.flatMap((job) => (job.duplicate_group === undefined ? [] : [job.duplicate_group]));
    expect(new Set(groups).size).to.equal(groups.length);
  });

  it('gives descriptions with description_format=text, and charges returned jobs but not counts', async () => {
    const usage = new UsageRepository(testEnv().runtime.database.db);
    // Request counts arrive through the activity batch (flushed every second): flush around the
    // count request, so the comparison does not depend on when a background flush lands.
    await testEnv().runtime.activity.flush();
    const before = await usage.today(accountId);
    expect(await count('')).to.equal(corpus.length);
    await testEnv().runtime.activity.flush();
    expect(await usage.today(accountId)).to.deep.equal({ ...before, requests: before.requests + 1 });
    const response = await get(
      `/v1/feed/active?first_seen_gte=${encodeURIComponent(since)}&limit=1000&description_format=text`,
    );
    expect(response.status).to.equal(200);
    const page = response.body as ActivePage;
    expect(page.data).to.have.length(corpus.length);
    const described = corpus.filter((job) => job.description_text !== undefined);
    expect(described.length).to.be.greaterThan(10);
    const byKey = new Map(page.data.map((job) => [job.job_key, job]));
    for (const job of corpus) expect(byKey.get(job.job_key)?.description_text).to.equal(job.description_text);
    const after = await usage.today(accountId);
    expect(after.jobs - before.jobs).to.equal(corpus.length);
  });

  it('windows by time_frame ending at the horizon when first_seen_gte is absent', async () => {
    const response = await get('/v1/feed/active?time_frame=1h&limit=100');
    expect(response.status).to.equal(200);
    const page = response.body as ActivePage;
    expect(Date.parse(page.first_seen_lt) - Date.parse(page.first_seen_gte)).to.equal(3_600_000);
    expect(page.data.length).to.be.greaterThan(0);
    for (const job of page.data) {
      expect(job.first_seen >= page.first_seen_gte && job.first_seen < page.first_seen_lt).to.equal(true);
    }
    const counted = await get('/v1/feed/active/count?time_frame=1h');
    const { n } = await testEnv().runtime.database.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM job_state
        WHERE status = 'open' AND (document->>'company_resolved')::boolean AND first_seen >= $1 AND first_seen < $2`,
      [page.first_seen_gte, page.first_seen_lt],
    );
    expect(counted.body).to.deep.include({ count: n, first_seen_gte: page.first_seen_gte });
  });

  it('rejects cursors of other filters, bad bounds and keyless callers', async () => {
    const first = (await get(`/v1/feed/active?first_seen_gte=${encodeURIComponent(since)}&limit=2`))
      .body as ActivePage;
    const mismatch = await get(
      `/v1/feed/active?first_seen_gte=${encodeURIComponent(since)}&country=US&cursor=${encodeURIComponent(first.next_cursor ?? '')}`,
    );
    expect(mismatch.status).to.equal(422);
    expect((mismatch.body as ValidationBody).detail[0]?.type).to.equal('cursor_mismatch');
    for (const [query, type] of [
      ['first_seen_gte=2026-11-21T10:00:00', 'datetime_parsing'],
      ['limit=0', 'greater_than_equal'],
      ['limit=1001', 'less_than_equal'],
      ['time_frame=2h', 'enum'],
      ['country=us', 'string_pattern_mismatch'],
      ['description_format=html', 'enum'],
      ['title=a%20%26', 'title_grammar'],
      ['source=myspace', 'enum'],
    ] as const) {
      const response = await get(`/v1/feed/active?${query}`);
      expect(response.status, query).to.equal(422);
      expect((response.body as ValidationBody).detail[0]?.type, query).to.equal(type);
    }
    const counted = await get('/v1/feed/active/count?limit=5');
    expect(counted.status).to.equal(422);
    expect((counted.body as ValidationBody).detail[0]?.type).to.equal('extra_forbidden');
    expect((await call('/v1/feed/active')).status).to.equal(401);
    expect((await call('/v1/feed/active/count')).status).to.equal(401);
  });
});
