/**
 * Stats, posting velocity, time-to-fill and state-of-hiring on a corpus with a controlled clock:
 * synthetic boards loaded through the ingest path (a second load drops postings, which closes them
 * as removed_from_board), then every job's first observation and closure moved to a planned time
 * (Postgres stamps lifecycle times with its own clock, so time is travelled afterwards), and the
 * services read "now" from a fixed clock. Expected figures are computed by hand from the plan.
 */
import { expect } from 'chai';
import { CONNECTORS } from '../../src/ingest/connectors/index.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { loadBoards } from '../../src/ingest/crawl/boards.js';
import { systemClock } from '../../src/lib/clock.js';
import { AnalyticsRepository } from '../../src/db/analytics.js';
import { CompanyRepository } from '../../src/db/companies.js';
import { AnalyticsService } from '../../src/services/analytics.js';
import { CompanyService } from '../../src/services/companies.js';
import { StatsService } from '../../src/services/stats.js';
import { undatedBoardLines } from '../support/synthetic.js';
import { closeEnv, openEnv, serve, testConfig, type TestEnv } from './env.js';
import { call, withKey } from './http.js';

const DAY = 86_400_000;
const NOW = Date.parse('2030-05-15T00:00:00.000Z');
const at = (ms: number): string => new Date(ms).toISOString();

interface Plan {
  first_seen: number;
  closed_at?: number;
  close_reason?: 'removed_from_board' | 'board_dead';
}

/**
 * The plan, by rank of job_key (66 jobs):
 * - 0–39: first seen NOW − 80 d, closed (removed) after 1 … 40 days: closed-only p50 20.5;
 * - 40–49: first seen NOW − 60 d, open (censored at 60 d);
 * - 50–51: first seen NOW − 80 d, closed board_dead after 45 d (censored);
 * - 52–59: first seen NOW − 10 d, open (censored at 10 d);
 * - 60–65: first seen 2029-12-01, closed (removed) 2030-01-10 (40 days; before the 90-day window).
 * Kaplan–Meier over the 60 postings of the window: S(k) = (60 − k)/60 up to k = 10 (S = 50/60),
 * then 8 censored leave; for k > 10, S(k) = 50/60 × (52 − k)/42, first ≤ 0.5 at k = 27.
 */
function plan(rank: number): Plan {
  if (rank < 40)
    return {
      first_seen: NOW - 80 * DAY,
      closed_at: NOW - 80 * DAY + (rank + 1) * DAY,
      close_reason: 'removed_from_board',
    };
  if (rank < 50) return { first_seen: NOW - 60 * DAY };
  if (rank < 52) return { first_seen: NOW - 80 * DAY, closed_at: NOW - 35 * DAY, close_reason: 'board_dead' };
  if (rank < 60) return { first_seen: NOW - 10 * DAY };
  return {
    first_seen: Date.parse('2029-12-01T00:00:00.000Z'),
    closed_at: Date.parse('2030-01-10T00:00:00.000Z'),
    close_reason: 'removed_from_board',
  };
}

describe('stats and analytics on a corpus with a controlled clock', function () {
  this.timeout(180_000);
  let key = '';
  let baseUrl = '';
  const jobs: { job_key: string; company_key: string; source: string; family: string | null; plan: Plan }[] =
    [];
  const get = (path: string) => call(path, withKey(key), baseUrl);
  /** job_key → its rank in the plan. */
  const ranks = new Map<string, number>();

  // Its own schema and index: the figures are over the whole corpus, which other suites share.
  let env: TestEnv;
  const testEnv = (): TestEnv => env;
  after(async () => {
    await closeEnv(env);
  });

  before(async () => {
    const base = testConfig();
    env = await openEnv(
      testConfig({
        PG_SCHEMA: `${base.postgres.schema}_analytics`,
        ES_INDEX_PREFIX: `${base.postgres.schema}-analytics`,
      }),
    );
    const { db } = env.runtime.database;
    const deps = createIngestDeps(db, env.config, systemClock, undefined, 0);
    // Closures are planned: no posting expires by its own date on the way in.
    const lines = undatedBoardLines({ seed: 21, jobs: 66, meanBoardSize: 20 });
    try {
      await loadBoards(deps, lines, 2);
      const loaded = await db.many<{ job_key: string; native_id: string; slug: string }>(
        `SELECT s.job_key, s.native_id, b.slug FROM job_state s JOIN boards b ON b.id = s.board_id ORDER BY s.job_key`,
      );
      expect(loaded).to.have.length(66);
      // Ranks: every board keeps one open job (ranks 40–44: a board answering with no posting at
      // all is suspect, not emptied), the others take the remaining ranks in job_key order.
      const keepers = new Set([...new Map(loaded.map((row) => [row.slug, row.job_key])).values()]);
      const slots = Array.from({ length: 66 }, (_, rank) => rank).filter(
        (rank) => rank < 40 || rank >= 40 + keepers.size,
      );
      for (const [index, jobKey] of [...keepers].entries()) ranks.set(jobKey, 40 + index);
      for (const [index, row] of loaded.filter((candidate) => !keepers.has(candidate.job_key)).entries())
        ranks.set(row.job_key, slots[index] ?? -1);
      // Closed through the ingest path: a second load without the postings planned to be removed.
      const removed = new Set(
        loaded
          .filter((row) => plan(ranks.get(row.job_key) ?? -1).close_reason === 'removed_from_board')
          .map((row) => `${row.slug} ${row.native_id}`),
      );
      await loadBoards(
        deps,
        lines.map((line) => ({
          line: line.line,
          postings: line.postings.filter((posting) => !removed.has(`${line.line.slug} ${posting.nativeId}`)),
        })),
        2,
      );
    } finally {
      await deps.close();
    }
    // Time travel to the plan (job_state columns and the document alike).
    const rows = await db.many<{
      job_key: string;
      status: string;
      company_key: string;
      source: string;
      family: string | null;
    }>(
      `SELECT job_key, status, company_key, source, career_family AS family FROM job_state ORDER BY job_key`,
    );
    for (const row of rows) {
      const planned = plan(ranks.get(row.job_key) ?? -1);
      expect(row.status, row.job_key).to.equal(
        planned.close_reason === 'removed_from_board' ? 'closed' : 'open',
      );
      jobs.push({
        job_key: row.job_key,
        company_key: row.company_key,
        source: row.source,
        family: row.family,
        plan: planned,
      });
      await db.none(
        `UPDATE job_state SET first_seen = $2, closed_at = $3, close_reason = $4,
                status = CASE WHEN $4::text IS NULL THEN 'open' ELSE 'closed' END,
                document = document || jsonb_build_object('first_seen', $2::text)
         WHERE job_key = $1`,
        [
          row.job_key,
          at(planned.first_seen),
          planned.closed_at === undefined ? null : at(planned.closed_at),
          planned.close_reason ?? null,
        ],
      );
    }
    // Boards watched since 2029-11-01; the rollups' first observations follow the travelled jobs.
    await db.none(
      `UPDATE boards SET created_at = '2029-11-01T00:00:00Z',
              first_job_seen = (SELECT min(first_seen) FROM job_state WHERE board_id = boards.id);
       UPDATE companies c SET first_seen = (SELECT min(first_job_seen) FROM boards b WHERE b.company_key = c.company_key)`,
    );
    jobs.sort((a, b) => (ranks.get(a.job_key) ?? 0) - (ranks.get(b.job_key) ?? 0));
    const now = () => new Date(NOW);
    const companies = new CompanyService(new CompanyRepository(db), env.services.jobs, {
      cursorSecret: env.config.secrets.cursorSecret,
      verifiedWithinDays: 3650,
      now,
    });
    const repository = new AnalyticsRepository(db);
    baseUrl = await serve(
      {
        ...env.services,
        companies,
        stats: new StatsService(repository, { refreshSeconds: 300, verifiedWithinDays: 3650, now }),
        analytics: new AnalyticsService(repository, companies, { partialMaxAgeSeconds: 600, now }),
      },
      env.document,
    );
    key = (
      await env.services.accounts.createActiveAccount({
        email: 'analytics@example.com',
        plan: 'starter',
        isService: false,
      })
    ).key;
  });

  describe('time-to-fill', () => {
    it('reports the closed postings percentiles and the censored (Kaplan–Meier) median of the cohort', async () => {
      const response = await get('/v1/analytics/time-to-fill');
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      expect(response.body).to.deep.include({
        status: 'ok',
        filters: {},
        window_days: 90,
        window_start: at(NOW - 90 * DAY),
        window_end: at(NOW),
        sample_size: 40,
        censored_count: 20,
        // 1 … 40 days: type-7 percentiles.
        median_days: 20.5,
        p25_days: 10.75,
        p75_days: 30.25,
        p90_days: 36.1,
        minimum_sample_size: 30,
      });
      expect(response.body).to.have.deep.property('censored_median', {
        method: 'kaplan_meier',
        reached: true,
        median_days: 27,
      });
    });

    it('answers insufficient_data below 30 closures, with n and the threshold, never an estimate', async () => {
      // A 60-day window holds only the postings first seen 60 and 10 days ago: none closed.
      const response = await get('/v1/analytics/time-to-fill?window_days=60');
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.equal({
        status: 'insufficient_data',
        filters: {},
        window_days: 60,
        window_start: at(NOW - 60 * DAY),
        window_end: at(NOW),
        sample_size: 0,
        censored_count: 18,
        minimum_sample_size: 30,
      });
      const company = jobs[0]?.company_key ?? '';
      const closedOfCompany = jobs.filter(
        (job) =>
          job.company_key === company &&
          job.plan.close_reason === 'removed_from_board' &&
          job.plan.first_seen >= NOW - 90 * DAY,
      ).length;
      const byCompany = await get(`/v1/analytics/time-to-fill?company_key=${encodeURIComponent(company)}`);
      expect(byCompany.body).to.include({
        status: closedOfCompany >= 30 ? 'ok' : 'insufficient_data',
        sample_size: closedOfCompany,
      });
      expect(byCompany.body).to.have.deep.property('filters', { company_key: company });
    });

    it('narrows by source and family, and validates every filter', async () => {
      const source = jobs[0]?.source ?? '';
      const expected = jobs.filter(
        (job) =>
          job.source === source &&
          job.plan.close_reason === 'removed_from_board' &&
          job.plan.first_seen >= NOW - 90 * DAY,
      ).length;
      const bySource = await get(`/v1/analytics/time-to-fill?source=${source}`);
      expect(bySource.status).to.equal(200);
      expect(bySource.body).to.include({ sample_size: expected });
      for (const bad of [
        'window_days=0',
        'window_days=366',
        'country=de',
        'family=astronaut',
        'source=nope',
      ]) {
        const response = await get(`/v1/analytics/time-to-fill?${bad}`);
        expect(response.status, bad).to.equal(422);
      }
      expect((await get('/v1/analytics/time-to-fill?company_key=no-such-company')).status).to.equal(404);
      expect((await call('/v1/analytics/time-to-fill', {}, baseUrl)).status).to.equal(401);
    });
  });

  describe('posting velocity', () => {
    it('counts first observations in the current and prior windows with the weekly series', async () => {
      const company = jobs[0]?.company_key ?? '';
      const mine = jobs.filter((job) => job.company_key === company);
      const inWindow = (from: number, to: number) =>
        mine.filter((job) => job.plan.first_seen >= from && job.plan.first_seen < to).length;
      const response = await get(`/v1/analytics/companies/${encodeURIComponent(company)}/posting-velocity`);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const body = response.body as {
        current_window: { openings: number; start: string };
        prior_window: { openings: number; start: string };
        change?: number;
        weekly: { week_start: string; openings: number }[];
        evidence_boundary: { observed_since: string; windows_fully_observed: boolean };
      };
      const current = inWindow(NOW - 30 * DAY, NOW);
      const prior = inWindow(NOW - 60 * DAY, NOW - 30 * DAY);
      expect(body.current_window).to.deep.equal({
        start: at(NOW - 30 * DAY),
        end: at(NOW),
        openings: current,
      });
      expect(body.prior_window).to.deep.equal({
        start: at(NOW - 60 * DAY),
        end: at(NOW - 30 * DAY),
        openings: prior,
      });
      // Watched since 2029-11-01: both windows fully observed, so the change is stated.
      expect(body.evidence_boundary).to.deep.equal({
        observed_since: '2029-11-01T00:00:00.000Z',
        windows_fully_observed: true,
      });
      expect(body.change).to.equal(current - prior);
      expect(body.weekly.reduce((sum, week) => sum + week.openings, 0)).to.equal(current + prior);
      for (const [index, week] of body.weekly.entries()) {
        expect(new Date(`${week.week_start}T00:00:00Z`).getUTCDay(), week.week_start).to.equal(1);
        const next = body.weekly[index + 1];
        if (next !== undefined)
          expect(Date.parse(next.week_start) - Date.parse(week.week_start)).to.equal(7 * DAY);
      }
    });

    it('states the evidence boundary and does not compare a window it did not observe', async () => {
      const company = jobs[0]?.company_key ?? '';
      const response = await get(
        `/v1/analytics/companies/${encodeURIComponent(company)}/posting-velocity?window_days=365`,
      );
      expect(response.status).to.equal(200);
      expect(response.body).to.have.deep.property('evidence_boundary', {
        observed_since: '2029-11-01T00:00:00.000Z',
        windows_fully_observed: false,
      });
      expect(response.body).not.to.have.property('change');
      expect(response.body).not.to.have.property('change_ratio');
      expect((await get('/v1/analytics/companies/no-such-company/posting-velocity')).status).to.equal(404);
      expect(
        (await get(`/v1/analytics/companies/${company}/posting-velocity?window_days=400`)).status,
      ).to.equal(422);
    });
  });

  describe('state of hiring', () => {
    it('reports a completed quarter once and serves the same bytes after new observations', async () => {
      const first = await call('/v1/analytics/state-of-hiring?quarter=2030-Q1', {}, baseUrl);
      expect(first.status, JSON.stringify(first.body)).to.equal(200);
      // First observed in Q1: the 40 + 2 first seen NOW − 80 d (2030-02-24) and the 10 of NOW − 60 d.
      // Closed in Q1: the six of 2030-01-10 (40 days) and k = 1 … 35 (Feb 24 + k < Apr 1): median of
      // 1 … 35 and six 40s is the 21st of 41 values, 21 days.
      expect(first.body).to.deep.include({
        quarter: '2030-Q1',
        partial: false,
        period_start: '2030-01-01T00:00:00.000Z',
        period_end: '2030-04-01T00:00:00.000Z',
        measured_through: '2030-04-01T00:00:00.000Z',
        totals: { first_observed_postings: 52, closed_postings: 41, median_duration_days: 21 },
      });
      const body = first.body as { by_source: { key: string; first_observed_postings: number }[] };
      const q1 = jobs.filter(
        (job) =>
          job.plan.first_seen >= Date.parse('2030-01-01') && job.plan.first_seen < Date.parse('2030-04-01'),
      );
      for (const entry of body.by_source)
        expect(entry.first_observed_postings, entry.key).to.equal(
          q1.filter((job) => job.source === entry.key).length,
        );
      // A new observation in Q1 (a late-recorded closure) does not change the stored report.
      const { db } = testEnv().runtime.database;
      await db.none(
        `UPDATE job_state SET status = 'closed', closed_at = '2030-03-20T00:00:00Z', close_reason = 'removed_from_board'
          WHERE job_key = $1`,
        [jobs[45]?.job_key],
      );
      const again = await fetch(`${baseUrl}/v1/analytics/state-of-hiring?quarter=2030-Q1`);
      expect(await again.text()).to.equal(JSON.stringify(first.body));
      // Omitted quarter: the latest completed one.
      const latest = await fetch(`${baseUrl}/v1/analytics/state-of-hiring`);
      expect(await latest.text()).to.equal(JSON.stringify(first.body));
    });

    it('labels the running quarter partial, measured through now, never projected', async () => {
      const response = await call('/v1/analytics/state-of-hiring?quarter=2030-Q2', {}, baseUrl);
      expect(response.status).to.equal(200);
      // First observed in Q2: the 8 of NOW − 10 d. Closed definitively in Q2: k = 36 … 40 (5; below 30, no median).
      expect(response.body).to.deep.include({
        quarter: '2030-Q2',
        partial: true,
        measured_through: at(NOW),
        totals: { first_observed_postings: 8, closed_postings: 5 },
      });
    });

    it('answers 404 report_not_available before our first observation and for a future quarter; 422 for a malformed one', async () => {
      expect((await call('/v1/analytics/state-of-hiring?quarter=2029-Q4', {}, baseUrl)).status).to.equal(200);
      for (const quarter of ['2029-Q3', '2030-Q3']) {
        const response = await call(`/v1/analytics/state-of-hiring?quarter=${quarter}`, {}, baseUrl);
        expect(response.status, quarter).to.equal(404);
        expect(response.body).to.include({ code: 'report_not_available' });
      }
      for (const quarter of ['2030-Q5', '2030Q1', '30-Q1'])
        expect(
          (await call(`/v1/analytics/state-of-hiring?quarter=${quarter}`, {}, baseUrl)).status,
          quarter,
        ).to.equal(422);
    });
  });

  describe('stats', () => {
    it('equals counts computed directly from the job documents in Postgres', async () => {
      const response = await call('/v1/stats', {}, baseUrl);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const body = response.body as {
        generated_at: string;
        totals: { jobs_open: number; jobs_closed: number; boards: number };
        per_source: {
          source: string;
          jobs_open: number;
          description_fill_rate?: number;
          salary_fill_rate?: number;
        }[];
        per_country: { country_code: string; jobs_open: number }[];
        freshness?: { board_crawl_age?: { sample_size: number } };
        source_coverage: { crawled: string[]; verified: string[]; unverified: string[] };
      };
      expect(body.generated_at).to.equal(at(NOW));
      // Every source a connector crawls, split by the evidence it rests on.
      expect(body.source_coverage.crawled).to.have.length(CONNECTORS.size);
      expect([...body.source_coverage.verified, ...body.source_coverage.unverified].sort()).to.deep.equal(
        [...body.source_coverage.crawled].sort(),
      );
      // Every crawled source rests on real recordings of the endpoint its connector reads.
      expect(body.source_coverage.unverified).to.deep.equal([]);
      const { db } = testEnv().runtime.database;
      const direct = await db.one<{ open: number; closed: number; boards: number }>(
        `SELECT (SELECT count(*) FROM job_state WHERE document->>'status' = 'open' AND status = 'open')::int AS open,
                (SELECT count(*) FROM job_state WHERE status = 'closed')::int AS closed,
                (SELECT count(*) FROM boards WHERE health <> 'dead')::int AS boards`,
      );
      expect(body.totals).to.include({
        jobs_open: direct.open,
        jobs_closed: direct.closed,
        boards: direct.boards,
      });
      const perSource = await db.many<{ source: string; open: number; described: number; salaried: number }>(
        `SELECT document->>'source' AS source, count(*)::int AS open,
                (count(*) FILTER (WHERE document ? 'description_text'))::int AS described,
                (count(*) FILTER (WHERE document ? 'salary'))::int AS salaried
           FROM job_state WHERE status = 'open' GROUP BY 1`,
      );
      for (const row of perSource) {
        const entry = body.per_source.find((candidate) => candidate.source === row.source);
        expect(entry, row.source).to.not.equal(undefined);
        expect(entry?.jobs_open).to.equal(row.open);
        expect(entry?.description_fill_rate).to.be.closeTo(row.described / row.open, 1e-4);
        expect(entry?.salary_fill_rate).to.be.closeTo(row.salaried / row.open, 1e-4);
      }
      const perCountry = await db.many<{ code: string; open: number }>(
        `SELECT code, count(DISTINCT job_key)::int AS open
           FROM job_state, jsonb_array_elements(document->'locations_derived') AS l, LATERAL (SELECT l->>'country_code' AS code) c
          WHERE status = 'open' AND code IS NOT NULL GROUP BY code ORDER BY 2 DESC, 1`,
      );
      expect(body.per_country).to.deep.equal(
        perCountry.map((row) => ({ country_code: row.code, jobs_open: row.open })),
      );
      // Served from the snapshot: a second read is the same bytes.
      const again = await fetch(`${baseUrl}/v1/stats`);
      expect(await again.text()).to.equal(JSON.stringify(response.body));
    });
  });
});
