import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { FixtureServer } from '../../scripts/lib/fixture-server.js';
import type { IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { crawlBoard } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { systemClock } from '../../src/lib/clock.js';
import { createEsClient } from '../../src/search/client.js';
import { JobSearchService } from '../../src/services/jobs.js';
import { AllowanceRepository } from '../../src/db/allowance.js';
import { serve, testEnv, UPGRADE_URL } from './env.js';
import { call, type Problem } from './http.js';
import { crawlFixture } from './indices.js';

const RAMP = readFileSync('test/fixtures/ats/ashby/ramp-job-board-6-no-compensation.json', 'utf8');
const STRIPE = readFileSync('test/fixtures/ats/greenhouse/stripe-jobs-list-no-content-6.json', 'utf8');

interface Page {
  data: { job_key: string }[];
  next_cursor?: string;
}

describe('monthly allowance: never exceeded, failures and truncation charged honestly', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;

  before(async () => {
    const env = testEnv();
    ({ server, ingest } = await crawlFixture('allowance-setup@example.com'));
    server.set('/al/posting-api/job-board/al-ramp', { body: RAMP });
    server.set('/al/v1/boards/al-stripe/jobs', { body: STRIPE });
    for (const [source, slug] of [
      ['ashby', 'al-ramp'],
      ['greenhouse', 'al-stripe'],
    ] as const) {
      const id = await registerBoard(env.runtime.database.db, {
        line: 1,
        source,
        slug,
        endpoint: `${server.url}/al`,
        company: `Allowance ${slug}`,
      });
      await crawlBoard(ingest, id);
    }
    await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, systemClock);
    await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
  });

  after(async () => {
    await ingest.close();
    await server.close();
  });

  /** A Starter account whose allowance has only `left` units left this period. */
  const accountWithLeft = async (
    email: string,
    left: number,
  ): Promise<{ key: string; accountId: string }> => {
    const env = testEnv();
    const { key, accountId } = await env.services.accounts.createActiveAccount({
      email,
      plan: 'starter',
      isService: false,
    });
    // The first metered request opens the period row; then most of it is spent.
    const opened = await call('/v1/jobs/search?limit=1', { headers: { 'X-API-Key': key } });
    expect(opened.status).to.equal(200);
    await env.runtime.database.db.none(
      'UPDATE allowance_periods SET used = allowance_limit - $2 WHERE account_id = $1',
      [accountId, left],
    );
    return { key, accountId };
  };

  const used = async (accountId: string): Promise<{ used: number; limit: number }> => {
    const row = await testEnv().runtime.database.db.one<{ used: string; allowance_limit: string }>(
      'SELECT used, allowance_limit FROM allowance_periods WHERE account_id = $1',
      [accountId],
    );
    return { used: Number(row.used), limit: Number(row.allowance_limit) };
  };

  it('50 concurrent searches never push usage past the allowance; the rest get 402 with an upgrade link', async () => {
    const { key, accountId } = await accountWithLeft('allowance-race@example.com', 25);
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => call('/v1/jobs/search?limit=10', { headers: { 'X-API-Key': key } })),
    );
    const delivered = responses
      .filter((response) => response.status === 200)
      .reduce((sum, response) => sum + (response.body as Page).data.length, 0);
    expect(delivered).to.equal(25);
    const after = await used(accountId);
    expect(after.used).to.equal(after.limit);
    const refused = responses.filter((response) => response.status === 402);
    expect(refused.length).to.be.greaterThan(0);
    expect(responses.every((response) => [200, 402].includes(response.status))).to.equal(true);
    const problem = refused[0]?.body as Problem & Record<string, unknown>;
    expect(problem).to.include({ code: 'allowance_exhausted', upgrade_url: UPGRADE_URL, requested: 10 });
    expect(problem.allowance_limit).to.equal(100_000);
    expect(problem.allowance_used).to.equal(100_000);
    expect(Date.parse(String(problem.resets_at))).to.be.greaterThan(Date.now());
  });

  it('concurrent reservations and refunds of one account never deadlock (they lock its rows in one order)', async () => {
    // Searches of one key at once: each reserves (rate counter, period, usage day), and one whose
    // page is shorter than it reserved gives the rest back (period, usage day). With the refund's
    // rows locked in the other order, 8 pairs at a time deadlocked within 40 rounds (40P01).
    const env = testEnv();
    const { accountId } = await accountWithLeft('allowance-deadlock@example.com', 100_000);
    const repository = new AllowanceRepository(env.runtime.database.counters);
    const jobsUsed = async (): Promise<number> =>
      (
        await env.runtime.database.db.one<{ jobs: number }>(
          'SELECT COALESCE(sum(jobs), 0)::int AS jobs FROM usage_daily WHERE account_id = $1',
          [accountId],
        )
      ).jobs;
    const before = await jobsUsed();
    for (let round = 0; round < 40; round += 1) {
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          const count = { bucket: 'deadlock', key: accountId, nowMs: Date.now(), limit: 1_000_000 };
          const { grant } = await repository.admitAndReserve(count, accountId, 10, false);
          if (grant !== null) await repository.refund(accountId, grant.period_start, 4, grant.day);
        }),
      );
    }
    // 320 reservations of 10, each giving 4 back: 6 units each stayed used.
    expect((await jobsUsed()) - before).to.equal(320 * 6);
  });

  it('truncates a page that would cross the allowance; its cursor continues after the last delivered job', async () => {
    const { key, accountId } = await accountWithLeft('allowance-truncate@example.com', 3);
    const response = await call('/v1/jobs/search?limit=10', { headers: { 'X-API-Key': key } });
    expect(response.status).to.equal(200);
    const page = response.body as Page;
    expect(page.data).to.have.length(3);
    expect(page.next_cursor).to.be.a('string');
    expect((await used(accountId)).used).to.equal(100_000);
    // Once more allowance exists (an upgrade, a new period), the cursor picks up where it stopped.
    await testEnv().runtime.database.db.none(
      'UPDATE allowance_periods SET used = used - 5 WHERE account_id = $1',
      [accountId],
    );
    const next = await call(`/v1/jobs/search?limit=2&cursor=${encodeURIComponent(page.next_cursor ?? '')}`, {
      headers: { 'X-API-Key': key },
    });
    expect(next.status).to.equal(200);
    const nextKeys = (next.body as Page).data.map((job) => job.job_key);
    expect(nextKeys).to.have.length(2);
    expect(nextKeys.some((k) => page.data.some((job) => job.job_key === k))).to.equal(false);
  });

  it('charges nothing for failed requests, empty pages, the keyless preview or the active-feed count', async () => {
    const { key, accountId } = await accountWithLeft('allowance-free@example.com', 1000);
    const before = await used(accountId);
    const headers = { 'X-API-Key': key };
    expect((await call('/v1/jobs/search?cursor=forged.cursor', { headers })).status).to.equal(422);
    expect((await call('/v1/jobs/does-not-exist', { headers })).status).to.equal(404);
    const empty = await call('/v1/jobs/search?q=zzzqqqxxyy', { headers });
    expect((empty.body as Page).data).to.deep.equal([]);
    expect((await call('/v1/feed/active/count', { headers })).status).to.equal(200);
    expect((await call('/v1/jobs/preview')).status).to.equal(200);
    expect(await used(accountId)).to.deep.equal(before);
    const detail = await call('/v1/jobs/search?limit=1', { headers });
    const jobKey = (detail.body as Page).data[0]?.job_key ?? '';
    expect((await call(`/v1/jobs/${encodeURIComponent(jobKey)}`, { headers })).status).to.equal(200);
    expect((await used(accountId)).used).to.equal(before.used + 2);
  });

  it('charges nothing when Elasticsearch fails (503, never a partial page)', async () => {
    const env = testEnv();
    const { key, accountId } = await accountWithLeft('allowance-es-down@example.com', 1000);
    const before = await used(accountId);
    const down = createEsClient({
      ...env.config.elasticsearch,
      nodes: ['http://127.0.0.1:1'],
      requestTimeoutMs: 500,
    });
    const jobs = new JobSearchService(down, env.runtime.indices.alias, env.config.secrets.cursorSecret);
    const baseUrl = await serve({ ...env.services, jobs }, env.document);
    try {
      const response = await call('/v1/jobs/search?limit=10', { headers: { 'X-API-Key': key } }, baseUrl);
      expect(response.status).to.equal(503);
      expect(response.headers.get('retry-after')).to.be.a('string');
      expect(await used(accountId)).to.deep.equal(before);
    } finally {
      await down.close();
    }
  });
});
