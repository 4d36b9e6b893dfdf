/**
 * The public report pages (/reports, /reports/state-of-hiring, /reports/corpus,
 * /reports/data-quality) against real Postgres and Elasticsearch: every number on a page equals
 * its JSON endpoint's (the tables parsed, each `<data value>` compared with the JSON), every chart
 * is an accessible inline SVG, errors keep the endpoint's status, and in a real headless Chromium
 * each page renders its charts with no console error and no request to another host (screenshots
 * in test-artifacts/screenshots/, bytes transferred printed).
 *
 * The corpus: synthetic boards loaded through the ingest path (a second load drops postings, which
 * closes them), then first observations and closures moved into 2030-Q1 and a few openings into
 * 2030-Q2, with the services' clock at 2030-05-15, so the latest completed quarter has data, the
 * running one is partial and medians are stated (30 closures or more).
 *
 * Pages are fetched with undici's own request, not the global fetch: they are not API operations,
 * so the contract check (contract.ts) has no document entry for them; the JSON they are compared
 * with goes through the checked fetch.
 */
import { gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { request } from 'undici';
import { AnalyticsRepository } from '../../src/db/analytics.js';
import { CompanyRepository } from '../../src/db/companies.js';
import { QualityRepository } from '../../src/db/quality.js';
import { loadBoards } from '../../src/ingest/crawl/boards.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { CONTENT_SECURITY_POLICY } from '../../src/pages/reports/index.js';
import { AnalyticsService } from '../../src/services/analytics.js';
import { CompanyService } from '../../src/services/companies.js';
import { produceQualityReport } from '../../src/services/quality/produce.js';
import type { DataQualityReport } from '../../src/services/quality/reports.js';
import { StatsService } from '../../src/services/stats.js';
import type { components } from '../../src/openapi/types.js';
import { undatedBoardLines } from '../support/synthetic.js';
import { column, readPage, tableOf, type Cell, type Page } from '../support/report-pages.js';
import { closeEnv, openEnv, serve, testConfig, type TestEnv } from './env.js';
import { call } from './http.js';
import { formatBytes, launchBrowser, RecordedPage } from './browser.js';

type Stats = components['schemas']['Stats'];
type StateOfHiring = components['schemas']['StateOfHiring'];
type Breakdown = components['schemas']['HiringBreakdown'];

const DAY = 86_400_000;
const NOW = Date.parse('2030-05-15T00:00:00.000Z');
const Q1 = Date.parse('2030-01-02T00:00:00.000Z');
const at = (ms: number): string => new Date(ms).toISOString();

interface Fetched {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const header = (fetched: Fetched, name: string): string => String(fetched.headers[name] ?? '');

/** The same numbers: the JSON value, or the cell saying it was not measured when JSON omits it. */
function expectFigure(cell: Cell | undefined, value: number | undefined, what: string): void {
  if (value === undefined) expect(cell?.text, what).to.equal('—');
  else expect(cell?.value, what).to.equal(value);
}

describe('report pages', function () {
  this.timeout(180_000);
  let env: TestEnv;
  let baseUrl = '';
  let jobs = 0;

  const page = async (path: string, method = 'GET'): Promise<Fetched> => {
    const response = await request(`${baseUrl}${path}`, { method });
    return { status: response.statusCode, headers: response.headers, body: await response.body.text() };
  };
  const json = (path: string) => call(path, {}, baseUrl);

  before(async () => {
    const base = testConfig();
    // Its own schema and index: time travel and a fixed clock must not meet the other suites' data.
    env = await openEnv(
      testConfig({
        PG_SCHEMA: `${base.postgres.schema}_reports`,
        ES_INDEX_PREFIX: `${base.postgres.schema}-reports`,
      }),
    );
    const { db } = env.runtime.database;
    const deps = createIngestDeps(db, env.config, systemClock, undefined, 0);
    const lines = undatedBoardLines({ seed: 27, jobs: 90, meanBoardSize: 15 });
    try {
      await loadBoards(deps, lines, 2);
      // Every other posting of a board is gone at the next crawl (the first stays: a board
      // answering with nothing at all is suspect, not emptied): closed as removed_from_board.
      await loadBoards(
        deps,
        lines.map((line) => ({ ...line, postings: line.postings.filter((_, index) => index % 2 === 0) })),
        2,
      );
    } finally {
      await deps.close();
    }
    const rows = await db.many<{ job_key: string; status: string }>(
      'SELECT job_key, status FROM job_state ORDER BY job_key',
    );
    jobs = rows.length;
    for (const [rank, row] of rows.entries()) {
      const closed = row.status === 'closed';
      // Open jobs of every fifth rank were first seen in the running quarter (2030-Q2).
      const firstSeen =
        !closed && rank % 5 === 0 ? Date.parse('2030-04-20T00:00:00Z') : Q1 + (rank % 30) * DAY;
      await db.none(
        `UPDATE job_state SET first_seen = $2, closed_at = $3,
                document = document || jsonb_build_object('first_seen', $2::text)
          WHERE job_key = $1`,
        [row.job_key, at(firstSeen), closed ? at(firstSeen + (10 + (rank % 20)) * DAY) : null],
      );
    }
    await db.none(
      `UPDATE boards SET created_at = '2029-12-01T00:00:00Z',
              first_job_seen = (SELECT min(first_seen) FROM job_state WHERE board_id = boards.id);
       UPDATE companies c SET first_seen = (SELECT min(first_job_seen) FROM boards b WHERE b.company_key = c.company_key)`,
    );
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
  });

  after(async () => {
    await closeEnv(env);
  });

  /** A page answered 200 as HTML under the pages' CSP, with its charts accessible. */
  async function htmlPage(path: string): Promise<Page> {
    const fetched = await page(path);
    expect(fetched.status, `${path}: ${fetched.body.slice(0, 500)}`).to.equal(200);
    expect(header(fetched, 'content-type')).to.equal('text/html; charset=utf-8');
    expect(header(fetched, 'content-security-policy')).to.equal(CONTENT_SECURITY_POLICY);
    expect(header(fetched, 'cache-control')).to.equal('public, max-age=60');
    expect(header(fetched, 'x-content-type-options')).to.equal('nosniff');
    // The first rendering of a page says how long it took (later ones are kept: dur=0).
    const timing = header(fetched, 'server-timing');
    // (The index is rendered once, at start-up.)
    if (path !== '/reports') expect(timing).to.match(/^render;dur=\d+(\.\d+)?/);
    if (timing !== '' && !timing.includes('kept'))
      process.stdout.write(
        `      ${path}: ${timing}, ${(Buffer.byteLength(fetched.body) / 1024).toFixed(1)} KiB of HTML\n`,
      );
    const read = readPage(fetched.body);
    expect(read.lang).to.equal('en');
    expect(read.scripts).to.equal(0);
    expect(fetched.body).not.to.match(/\sstyle=|<style/);
    for (const chart of read.charts) {
      expect(chart.role, chart.id).to.equal('img');
      expect(chart.title, chart.id).not.to.equal('');
      expect(chart.description, chart.id).not.to.equal('');
    }
    // No <svg> outside a chart figure, and none without its text alternative.
    expect(fetched.body.split('<svg').length - 1).to.equal(read.charts.length);
    return read;
  }

  function expectBreakdown(read: Page, name: string, rows: Breakdown[]): void {
    if (rows.length === 0) {
      expect(read.tables.has(name), name).to.equal(false);
      return;
    }
    const table = tableOf(read, name);
    expect(table.rows.map((row) => row[0]?.text)).to.deep.equal(rows.map((row) => row.key));
    const first = column(table, 'First observed');
    const closed = column(table, 'Closed');
    const median = column(table, 'Median duration (days)');
    for (const row of rows) {
      expect(first.get(row.key)?.value, `${name} ${row.key}`).to.equal(row.first_observed_postings);
      expect(closed.get(row.key)?.value, `${name} ${row.key}`).to.equal(row.closed_postings);
      expectFigure(median.get(row.key), row.median_duration_days, `${name} ${row.key} median`);
    }
    expect(
      read.charts.some((chart) => chart.id === `chart-${name}`),
      name,
    ).to.equal(true);
  }

  function expectStateOfHiring(read: Page, report: StateOfHiring): void {
    expect(read.h1).to.equal(`State of hiring, ${report.quarter}`);
    expect(read.partial).to.equal(report.partial);
    expect(read.synthetic).to.equal('synthetic' in report && report.synthetic === true);
    expect(read.facts.get('First-observed postings')?.value).to.equal(report.totals.first_observed_postings);
    expect(read.facts.get('Closed postings')?.value).to.equal(report.totals.closed_postings);
    expectFigure(
      read.facts.get('Median duration (days)'),
      report.totals.median_duration_days,
      'total median',
    );
    expect(read.facts.get('Measured through')?.text).to.equal(
      report.measured_through.replace('T', ' ').replace(/:\d\d\.\d+Z$/, ' UTC'),
    );
    expectBreakdown(read, 'by-source', report.by_source);
    expectBreakdown(read, 'by-country', report.by_country);
    expectBreakdown(read, 'by-family', report.by_family);
    expect(read.links).to.include(`/v1/analytics/state-of-hiring?quarter=${report.quarter}`);
  }

  it('state of hiring: the latest completed quarter, every number as the JSON endpoint has it', async () => {
    const { status, body: raw } = await json('/v1/analytics/state-of-hiring');
    const body = raw as StateOfHiring;
    expect(status).to.equal(200);
    expect(body.quarter).to.equal('2030-Q1');
    expect(body.partial).to.equal(false);
    // The plan gives the quarter every job and a stated median (the durations chart has data).
    expect(body.totals.first_observed_postings).to.be.greaterThan(30);
    expect(body.totals.median_duration_days).to.be.a('number');
    const read = await htmlPage('/reports/state-of-hiring');
    expectStateOfHiring(read, body);
    const durations = tableOf(read, 'durations');
    expect(durations.rows[0]?.[3]?.value).to.equal(body.totals.median_duration_days);
    expect(read.charts.map((chart) => chart.id)).to.include('chart-durations');
    // The default and the quarter named explicitly are one report.
    expectStateOfHiring(await htmlPage('/reports/state-of-hiring?quarter=2030-Q1'), body);
  });

  it('state of hiring: the running quarter is labelled partial', async () => {
    const { status, body: raw } = await json('/v1/analytics/state-of-hiring?quarter=2030-Q2');
    const body = raw as StateOfHiring;
    expect(status).to.equal(200);
    expect(body.partial).to.equal(true);
    const read = await htmlPage('/reports/state-of-hiring?quarter=2030-Q2');
    expectStateOfHiring(read, body);
    expect(read.partial).to.equal(true);
  });

  it('state of hiring: a bad or unknown quarter answers the JSON endpoint’s status, as a page', async () => {
    for (const query of [
      'quarter=2030-Q5',
      'quarter=',
      'quarter=2030-Q1&quarter=2030-Q2',
      'other=1',
      'quarter=2031-Q1',
      'quarter=2020-Q1',
    ]) {
      const expected = await json(`/v1/analytics/state-of-hiring?${query}`);
      const fetched = await page(`/reports/state-of-hiring?${query}`);
      expect([404, 422], query).to.include(expected.status);
      expect(fetched.status, query).to.equal(expected.status);
      expect(header(fetched, 'content-type'), query).to.equal('text/html; charset=utf-8');
      expect(header(fetched, 'content-security-policy'), query).to.equal(CONTENT_SECURITY_POLICY);
      expect(header(fetched, 'cache-control'), query).to.equal('no-store');
      expect(fetched.body, query).to.include(`data-status="${String(expected.status)}"`);
      expect(readPage(fetched.body).lang).to.equal('en');
    }
    const refused = await page('/reports/state-of-hiring?quarter=2030-Q5');
    expect(refused.body).to.include('<code>query.quarter</code>');
    expect((await page('/reports/state-of-hiring?quarter=2031-Q1')).body).to.include(
      '2031-Q1 has not started',
    );
  });

  it('corpus: per-source counts, fill rates, countries, coverage and freshness, as GET /v1/stats', async () => {
    const { status, body: raw } = await json('/v1/stats');
    const body = raw as Stats;
    expect(status).to.equal(200);
    expect(body.totals.jobs_open).to.be.greaterThan(0);
    const read = await htmlPage('/reports/corpus');
    expect(read.synthetic).to.equal('synthetic' in body && body.synthetic === true);
    expect(read.facts.get('Snapshot taken')?.text).to.equal(
      body.generated_at.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC'),
    );
    for (const [label, value] of [
      ['Open jobs', body.totals.jobs_open],
      ['Closed jobs', body.totals.jobs_closed],
      ['Companies', body.totals.companies],
      ['Boards', body.totals.boards],
      ['Sources', body.totals.sources],
    ] as const)
      expect(read.facts.get(label)?.value, label).to.equal(value);
    const sources = tableOf(read, 'per-source');
    expect(sources.rows.map((row) => row[0]?.text)).to.deep.equal(body.per_source.map((row) => row.source));
    const rates = tableOf(read, 'fill-rates');
    for (const row of body.per_source) {
      expect(column(sources, 'Open jobs').get(row.source)?.value).to.equal(row.jobs_open);
      expect(column(sources, 'Boards').get(row.source)?.value).to.equal(row.boards);
      expectFigure(
        column(sources, 'Refresh cadence').get(row.source),
        row.refresh_cadence_seconds,
        'cadence',
      );
      if (row.description_fill_rate === undefined) continue;
      expectFigure(column(rates, 'Description').get(row.source), row.description_fill_rate, 'description');
      expectFigure(column(rates, 'Posting date').get(row.source), row.posting_date_fill_rate, 'posting date');
      expectFigure(column(rates, 'Salary').get(row.source), row.salary_fill_rate, 'salary');
    }
    const countries = column(tableOf(read, 'per-country'), 'Open jobs');
    expect(countries.size).to.equal(body.per_country.length);
    for (const row of body.per_country)
      expect(countries.get(row.country_code)?.value).to.equal(row.jobs_open);
    const families = column(tableOf(read, 'career-families'), 'Open jobs');
    for (const [family, value] of Object.entries(body.career_family_coverage?.by_family ?? {}))
      expect(families.get(family)?.value, family).to.equal(value);
    const coverage = column(tableOf(read, 'enrichment'), 'Share of open jobs');
    for (const [attribute, value] of Object.entries(body.enrichment_coverage ?? {}))
      expect(coverage.get(attribute)?.value, attribute).to.equal(value);
    const freshness = tableOf(read, 'freshness');
    for (const [label, key] of [
      ['Board crawl age', 'board_crawl_age'],
      ['First-seen lag', 'first_seen_lag'],
    ] as const) {
      const measured = body.freshness?.[key];
      if (measured === undefined) continue;
      expect(column(freshness, 'p50').get(label)?.value).to.equal(measured.p50_seconds);
      expect(column(freshness, 'p90').get(label)?.value).to.equal(measured.p90_seconds);
      expect(column(freshness, 'p99').get(label)?.value).to.equal(measured.p99_seconds);
      expect(column(freshness, 'Sample size').get(label)?.value).to.equal(measured.sample_size);
    }
    expect(read.charts.map((chart) => chart.id)).to.include.members([
      'chart-per-source',
      'chart-fill-rates',
      'chart-per-country',
      'chart-career-families',
      'chart-enrichment',
      'chart-freshness',
    ]);
  });

  it('data quality: 404 as a page while no report exists, then every metric with its sample size', async () => {
    const missing = await json('/v1/data-quality/current');
    expect(missing.status).to.equal(404);
    const absent = await page('/reports/data-quality');
    expect(absent.status).to.equal(404);
    expect(absent.body).to.include('No complete data-quality report exists yet');

    await produceQualityReport(new QualityRepository(env.runtime.database.db), { retained: 10 });
    const { status, body: raw } = await json('/v1/data-quality/current');
    const body = raw as DataQualityReport;
    expect(status).to.equal(200);
    const read = await htmlPage('/reports/data-quality');
    expect(read.facts.get('Report')?.text).to.equal(body.report_id);
    const accuracy = tableOf(read, 'accuracy');
    const byAttribute = new Map(accuracy.rows.map((row) => [row[0]?.text ?? '', row]));
    let listed = 0;
    for (const metric of body.metrics.filter((m) => m.metric === 'precision' || m.metric === 'recall')) {
      const row = byAttribute.get(metric.scope);
      const [value, sample] = metric.metric === 'precision' ? [row?.[1], row?.[2]] : [row?.[3], row?.[4]];
      expect(value?.value, `${metric.metric} ${metric.scope}`).to.equal(metric.value);
      expect(sample?.value, `${metric.metric} ${metric.scope} n`).to.equal(metric.sample_size);
      listed += 1;
    }
    expect(listed, 'precision and recall measured on the labelled sample').to.be.greaterThan(0);
    const others = [...read.tables.entries()]
      .filter(([name]) => name !== 'accuracy')
      .flatMap(([, table]) =>
        table.rows.map((row) => [row[0]?.text, row[1]?.text, row[2]?.value, row[3]?.value]),
      );
    expect(others).to.have.deep.members(
      body.metrics
        .filter((m) => m.metric !== 'precision' && m.metric !== 'recall')
        .map((m) => [m.metric, m.scope, m.value, m.sample_size]),
    );
    expect(read.charts.map((chart) => chart.id)).to.include('chart-accuracy');
  });

  it('the index, HEAD, assets, methods and unknown pages', async () => {
    const index = await htmlPage('/reports');
    for (const href of ['/reports/state-of-hiring', '/reports/corpus', '/reports/data-quality'])
      expect(index.links).to.include(href);
    for (const path of ['/reports', '/reports/corpus', '/reports/state-of-hiring', '/reports/data-quality']) {
      const get = await page(path);
      const head = await page(path, 'HEAD');
      expect(head.status, path).to.equal(200);
      expect(head.body, path).to.equal('');
      expect(header(head, 'content-length'), path).to.equal(String(Buffer.byteLength(get.body)));
      expect(header(head, 'content-security-policy'), path).to.equal(CONTENT_SECURITY_POLICY);
      // Compressed by the app's edge for a client that accepts it: the same page, fewer bytes.
      const zipped = await request(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      const bytes = Buffer.from(await zipped.body.arrayBuffer());
      const encoded = zipped.headers['content-encoding'] === 'gzip';
      expect((encoded ? gunzipSync(bytes) : bytes).toString('utf8'), path).to.equal(get.body);
      if (encoded) process.stdout.write(`      ${path}: ${String(bytes.length)} bytes gzip-compressed\n`);
      const etag = header(get, 'etag');
      const again = await request(`${baseUrl}${path}`, { headers: { 'if-none-match': etag } });
      await again.body.dump();
      expect(again.statusCode, `${path} revalidated`).to.equal(304);
    }
    const css = await page('/reports/reports.css');
    expect(css.status).to.equal(200);
    expect(header(css, 'content-type')).to.equal('text/css; charset=utf-8');
    expect((await page('/reports/favicon.svg')).status).to.equal(200);
    const unknown = await page('/reports/nope');
    expect(unknown.status).to.equal(404);
    expect(header(unknown, 'content-type')).to.equal('text/html; charset=utf-8');
    const post = await page('/reports/corpus', 'POST');
    expect(post.status).to.equal(405);
    expect(header(post, 'allow')).to.equal('GET, HEAD, OPTIONS');
    expect(jobs).to.be.greaterThan(60);
  });

  describe('in a real browser (headless Chromium)', function () {
    let browser: Browser;
    before(async () => {
      browser = await launchBrowser();
    });
    after(async () => {
      await browser.close();
    });

    for (const [name, path] of [
      ['index', '/reports'],
      ['state-of-hiring', '/reports/state-of-hiring'],
      ['state-of-hiring-partial', '/reports/state-of-hiring?quarter=2030-Q2'],
      ['corpus', '/reports/corpus'],
      ['data-quality', '/reports/data-quality'],
      ['not-a-quarter', '/reports/state-of-hiring?quarter=2030-Q5'],
    ] as const) {
      it(`${path}: renders its charts, no console error, no request to another host, no script`, async () => {
        const expected = readPage((await page(path)).body).charts.length;
        const recorded = await RecordedPage.open(browser, baseUrl);
        try {
          const status = await recorded.goto(path);
          expect(status).to.equal(name === 'not-a-quarter' ? 422 : 200);
          const charts = recorded.page.locator('figure.chart > svg[role="img"]');
          expect(await charts.count()).to.equal(expected);
          for (const box of await Promise.all((await charts.all()).map((chart) => chart.boundingBox())))
            expect(box?.width ?? 0).to.be.greaterThan(200);
          // The stylesheet came from this server (a CSP refusal would also be a console error).
          expect(
            recorded.requests.find((entry) => entry.url.endsWith('/reports/reports.css'))?.status,
          ).to.equal(200);
          if (name === 'not-a-quarter') {
            // Chromium logs the document's own 422 as a console error; nothing else may be there.
            const problems = recorded.problems();
            expect(problems.foreignRequests).to.deep.equal([]);
            expect(problems.pageErrors).to.deep.equal([]);
            expect(problems.consoleErrors.filter((line) => !line.includes('status of 422'))).to.deep.equal(
              [],
            );
          } else recorded.assertClean();
          expect(recorded.requests.filter((entry) => entry.resourceType === 'script')).to.deep.equal([]);
          const screenshot = await recorded.screenshot(`reports-${name}`, { fullPage: true });
          const weight = await recorded.transferred();
          process.stdout.write(
            `      ${path}: ${String(expected)} charts, ${String(weight.requests)} requests, ` +
              `${formatBytes(weight.bodyBytes)} of bodies + ${formatBytes(weight.headerBytes)} of headers; ${screenshot}\n`,
          );
        } finally {
          await recorded.close();
        }
      });
    }
  });
});
