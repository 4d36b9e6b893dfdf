/**
 * The synthetic demo history (`npm start -- --history`, scripts/lib/demo-history.ts), small: boards
 * crawled through the ingest path at simulated times over two quarters and the running one, then
 * read back through every analytics surface, and the label the deployment then carries on every
 * response. Its own schema and index: the label is deployment-wide, and other suites share theirs.
 */
import { expect } from 'chai';
import { AnalyticsRepository } from '../../src/db/analytics.js';
import { previousQuarter, quarterOf } from '../../src/domain/quarters.js';
import { loadDemoHistory, type HistoryLoad } from '../../scripts/lib/demo-history.js';
import { mcpPost } from '../support/mcp-request.js';
import { closeEnv, openEnv, testConfig, testEnv, type TestEnv } from './env.js';
import { call, withKey } from './http.js';

const HEADER = 'x-corpus-synthetic';

describe('the synthetic demo history', function () {
  this.timeout(300_000);
  let env: TestEnv;
  let key = '';
  let loaded: HistoryLoad;
  const get = (path: string) => call(path, withKey(key), env.baseUrl);
  const body = (response: { body: unknown }): Record<string, unknown> =>
    response.body as Record<string, unknown>;

  before(async () => {
    const base = testConfig();
    env = await openEnv(
      testConfig({
        PG_SCHEMA: `${base.postgres.schema}_history`,
        ES_INDEX_PREFIX: `${base.postgres.schema}-history`,
      }),
    );
    key = (
      await env.services.accounts.createActiveAccount({
        email: 'history@example.com',
        plan: 'starter',
        isService: false,
      })
    ).key;
  });

  after(async () => {
    await closeEnv(env);
  });

  it('is not labelled before the load: no header, no synthetic member, no past', async () => {
    const stats = await get('/v1/stats');
    expect(stats.status).to.equal(200);
    expect(stats.headers.get(HEADER)).to.equal(null);
    expect(body(stats)).not.to.have.property('synthetic');
    expect((await get('/v1/analytics/state-of-hiring')).status).to.equal(404);
    // A completed quarter's report stored before the load (a corpus observed then): the load
    // rewrites that quarter's past, so it must not be served ever after.
    const quarter = previousQuarter(quarterOf(new Date()));
    await new AnalyticsRepository(env.runtime.database.db).saveHiringReport(
      quarter.id,
      new Date().toISOString(),
      JSON.stringify({
        quarter: quarter.id,
        partial: false,
        totals: { first_observed_postings: 0, closed_postings: 0 },
      }),
    );
  });

  it('loads boards with a past through the ledger into the index', async () => {
    const result = await loadDemoHistory(env.runtime, { jobs: 400, meanBoardSize: 20, threads: 0 });
    if (!('loaded' in result)) throw new Error(result.skipped);
    loaded = result.loaded;
    const now = new Date();
    expect(loaded.period.quarters).to.deep.equal([
      previousQuarter(previousQuarter(quarterOf(now))).id,
      previousQuarter(quarterOf(now)).id,
      quarterOf(now).id,
    ]);
    expect(loaded.jobs.total).to.be.within(300, 400);
    expect(loaded.jobs.closed.removed_from_board).to.be.above(50);
    expect(loaded.jobs.closed.expired_by_source).to.be.above(5);
    // The label is read again at once (it would otherwise be read within 5 s).
    await env.services.notice.refresh();

    const { db } = env.runtime.database;
    const stored = await db.one<{
      jobs: number;
      closed: number;
      first: string;
      stale: number;
      events: number;
    }>(
      `SELECT (SELECT count(*)::int FROM job_state) AS jobs,
              (SELECT count(*)::int FROM job_state WHERE status = 'closed') AS closed,
              (SELECT min(first_seen)::text FROM job_state) AS first,
              -- Every job's state is its newest ledger event, as sequenced.
              (SELECT count(*)::int FROM job_state s
                 JOIN LATERAL (SELECT revision, document FROM change_events e WHERE e.job_key = s.job_key
                                ORDER BY seq DESC LIMIT 1) newest ON true
                WHERE newest.revision <> s.revision OR newest.document <> s.document) AS stale,
              (SELECT count(*)::int FROM change_events WHERE seq IS NOT NULL) AS events`,
    );
    expect(stored.jobs).to.equal(loaded.jobs.total);
    expect(stored.stale).to.equal(0);
    expect(stored.events).to.equal(loaded.events);
    expect(Date.parse(stored.first)).to.be.below(Date.parse(loaded.period.start) + 8 * 86_400_000);
    const { es, indices } = env.runtime;
    await es.indices.refresh({ index: indices.alias });
    expect((await es.count({ index: indices.alias })).count).to.equal(stored.jobs);
    const closedInIndex = await es.count({ index: indices.alias, query: { term: { status: 'closed' } } });
    expect(closedInIndex.count).to.equal(stored.closed);
    // Synthetic boards are out of the worker's crawl loop: their slugs are made up.
    const due = await db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM boards WHERE next_crawl_at <> 'infinity'`,
    );
    expect(due.n).to.equal(0);
  });

  it('has a state-of-hiring report for the previous quarter, labelled synthetic', async () => {
    const response = await get('/v1/analytics/state-of-hiring');
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.headers.get(HEADER)).to.equal('true');
    const report = body(response);
    expect(report.synthetic).to.equal(true);
    expect(report.quarter).to.equal(previousQuarter(quarterOf(new Date())).id);
    expect(report.partial).to.equal(false);
    const totals = report.totals as Record<string, number>;
    expect(totals.first_observed_postings).to.be.above(0);
    expect(totals.closed_postings).to.be.above(0);
    expect(report.by_source).to.be.an('array').that.is.not.empty;
    expect(report.by_country).to.be.an('array').that.is.not.empty;
    // The running quarter: partial, labelled the same way.
    const running = await get(`/v1/analytics/state-of-hiring?quarter=${quarterOf(new Date()).id}`);
    expect(running.status).to.equal(200);
    expect(body(running)).to.include({ synthetic: true, partial: true });
  });

  it('has a time-to-fill median and a posting velocity', async () => {
    const fill = await get('/v1/analytics/time-to-fill?window_days=365');
    expect(fill.status, JSON.stringify(fill.body)).to.equal(200);
    expect(fill.headers.get(HEADER)).to.equal('true');
    expect(body(fill)).to.include({ status: 'ok' });
    expect(body(fill).median_days).to.be.a('number').above(0);
    const busiest = await env.runtime.database.db.one<{ company_key: string }>(
      `SELECT company_key FROM job_state GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const velocity = await get(
      `/v1/analytics/companies/${busiest.company_key}/posting-velocity?window_days=90`,
    );
    expect(velocity.status, JSON.stringify(velocity.body)).to.equal(200);
    const weekly = body(velocity).weekly as { openings: number }[];
    expect(weekly.some((week) => week.openings > 0)).to.equal(true);
    const windows = body(velocity) as {
      current_window: { openings: number };
      prior_window: { openings: number };
    };
    expect(windows.current_window.openings + windows.prior_window.openings).to.be.above(0);
  });

  it('labels stats, any other response and the MCP report tools', async () => {
    const stats = await get('/v1/stats');
    expect(stats.headers.get(HEADER)).to.equal('true');
    expect(body(stats).synthetic).to.equal(true);
    // The snapshot taken before the load was dropped with it: this one counts the history.
    expect(body(stats).totals).to.include({
      jobs_open: loaded.jobs.open,
      jobs_closed: loaded.jobs.total - loaded.jobs.open,
    });
    // A snapshot is labelled when served, not when stored: one stored unlabelled is served labelled.
    const unlabelled = JSON.stringify({ ...body(stats), synthetic: undefined });
    await new AnalyticsRepository(env.runtime.database.db).saveSnapshot(
      'stats',
      new Date().toISOString(),
      unlabelled,
    );
    const restored = await get('/v1/stats');
    expect(body(restored).synthetic).to.equal(true);
    expect(JSON.stringify({ ...body(restored), synthetic: undefined })).to.equal(unlabelled);
    const health = await call('/healthz', {}, env.baseUrl);
    expect(health.headers.get(HEADER)).to.equal('true');
    const missing = await call('/v1/no-such-path', {}, env.baseUrl);
    expect(missing.status).to.equal(404);
    expect(missing.headers.get(HEADER)).to.equal('true');
    const mcp = await call(
      '/mcp',
      mcpPost({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'job_market_stats', arguments: {} },
      }),
      env.baseUrl,
    );
    expect(mcp.status).to.equal(200);
    expect(mcp.headers.get(HEADER)).to.equal('true');
    const result = (
      mcp.body as { result: { content: { text: string }[]; structuredContent: { stats: object } } }
    ).result;
    expect(result.content[0]?.text).to.match(/^SYNTHETIC DEMO DATA/);
    expect(result.structuredContent.stats).to.include({ synthetic: true });
  });

  it('loads once per schema', async () => {
    const again = await loadDemoHistory(env.runtime, { jobs: 400, meanBoardSize: 20, threads: 0 });
    expect(again)
      .to.have.property('skipped')
      .that.matches(/already loaded/);
  });

  it('leaves a corpus without synthetic data unlabelled', async () => {
    const stats = await call('/v1/stats');
    expect(stats.status).to.equal(200);
    expect(stats.headers.get(HEADER)).to.equal(null);
    expect(body(stats)).not.to.have.property('synthetic');
    expect((await call('/healthz', {}, testEnv().baseUrl)).headers.get(HEADER)).to.equal(null);
  });
});
