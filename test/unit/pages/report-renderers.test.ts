import { expect } from 'chai';
import { renderCorpus, type Stats } from '../../../src/pages/reports/corpus.js';
import { renderDataQuality, type DataQualityReport } from '../../../src/pages/reports/data-quality.js';
import { renderError, renderIndex } from '../../../src/pages/reports/home.js';
import { renderStateOfHiring, type StateOfHiring } from '../../../src/pages/reports/state-of-hiring.js';
import { column, readPage, tableOf, type Page } from '../../support/report-pages.js';

const REPORT: StateOfHiring = {
  quarter: '2030-Q1',
  partial: false,
  period_start: '2030-01-01T00:00:00.000Z',
  period_end: '2030-04-01T00:00:00.000Z',
  measured_through: '2030-04-01T00:00:00.000Z',
  generated_at: '2030-05-15T00:00:00.000Z',
  totals: { first_observed_postings: 66, closed_postings: 46, median_duration_days: 20.5 },
  by_source: [
    { key: 'greenhouse', first_observed_postings: 40, closed_postings: 31, median_duration_days: 18.25 },
    { key: 'lever', first_observed_postings: 26, closed_postings: 15 },
  ],
  by_country: [{ key: 'DE', first_observed_postings: 10, closed_postings: 2 }],
  by_family: [],
};

const STATS: Stats = {
  generated_at: '2030-05-15T00:00:00.000Z',
  totals: { jobs_open: 20, jobs_closed: 46, companies: 5, boards: 6, sources: 2 },
  per_source: [
    {
      source: 'greenhouse',
      jobs_open: 15,
      boards: 4,
      description_fill_rate: 1,
      posting_date_fill_rate: 0.8667,
      salary_fill_rate: 0.2,
      refresh_cadence_seconds: 3600,
      last_sweep_at: '2030-05-14T23:00:00.000Z',
    },
    { source: 'lever', jobs_open: 0, boards: 2 },
  ],
  per_country: [{ country_code: 'DE', jobs_open: 7 }],
  career_family_coverage: { classified_share: 0.75, by_family: { engineering: 12, unknown: 5 } },
  enrichment_coverage: { language: 1, salary: 0.2 },
  freshness: {
    board_crawl_age: { p50_seconds: 1800, p90_seconds: 7200.5, p99_seconds: 86400, sample_size: 6 },
  },
};

const QUALITY: DataQualityReport = {
  report_id: '2030-05-15T00:00:00.000Z-abcd',
  generated_at: '2030-05-15T00:00:01.000Z',
  corpus_as_of: '2030-05-15T00:00:00.500Z',
  metrics: [
    {
      metric: 'precision',
      scope: 'career_family',
      value: 0.9,
      unit: 'ratio',
      sample_size: 50,
      method: 'correct / predicted',
    },
    {
      metric: 'recall',
      scope: 'career_family',
      value: 0.6666666666666666,
      unit: 'ratio',
      sample_size: 60,
      method: 'correct / labelled',
    },
    { metric: 'recall', scope: 'salary', value: 0.5, unit: 'ratio', sample_size: 8 },
    { metric: 'description_fill_rate', scope: 'all', value: 0.95, unit: 'ratio', sample_size: 20 },
    { metric: 'description_fill_rate', scope: 'greenhouse', value: 1, unit: 'ratio', sample_size: 15 },
    { metric: 'close_reason_share', scope: 'removed_from_board', value: 1, unit: 'ratio', sample_size: 46 },
    { metric: 'crawl_success_rate', scope: 'all', value: 0.8333333333333334, unit: 'ratio', sample_size: 6 },
    { metric: 'board_crawl_age_p50', scope: 'all', value: 1800.25, unit: 'seconds', sample_size: 6 },
    { metric: 'duplicate_group_rate', scope: 'all', value: 0.1, unit: 'ratio', sample_size: 20 },
  ],
};

function checkCharts(page: Page): void {
  expect(page.charts.length).to.be.greaterThan(0);
  for (const chart of page.charts) {
    expect(chart.role, chart.id).to.equal('img');
    expect(chart.title, chart.id).not.to.equal('');
    expect(chart.description, chart.id).not.to.equal('');
  }
}

describe('report pages: renderers', function () {
  this.timeout(30_000);

  it('state of hiring: every breakdown as a chart and the table behind it, the JSON numbers exact', async () => {
    const page = readPage(await renderStateOfHiring(REPORT));
    checkCharts(page);
    // by_family is empty: no chart for it, a sentence instead.
    expect(page.charts.map((chart) => chart.id)).to.deep.equal([
      'chart-by-source',
      'chart-by-country',
      'chart-durations',
    ]);
    expect(page.partial).to.equal(false);
    expect(page.synthetic).to.equal(false);
    expect(page.scripts).to.equal(0);
    const sources = tableOf(page, 'by-source');
    expect(column(sources, 'First observed').get('greenhouse')?.value).to.equal(40);
    expect(column(sources, 'Closed').get('lever')?.value).to.equal(15);
    expect(column(sources, 'Median duration (days)').get('greenhouse')?.value).to.equal(18.25);
    expect(column(sources, 'Median duration (days)').get('lever')).to.deep.equal({ text: '—' });
    expect(page.tables.has('by-family')).to.equal(false);
    expect(page.facts.get('First-observed postings')?.value).to.equal(66);
    expect(page.facts.get('Median duration (days)')?.value).to.equal(20.5);
    expect(tableOf(page, 'durations').rows.map((row) => row[3]?.value)).to.deep.equal([20.5, 18.25]);
    expect(page.links).to.include('/v1/analytics/state-of-hiring?quarter=2030-Q1');
    expect(page.links).to.include('/reports/state-of-hiring?quarter=2029-Q4');
    expect(page.links).to.include('/reports/state-of-hiring?quarter=2030-Q2');
  });

  it('state of hiring: labels a partial quarter and synthetic data, escapes keys', async () => {
    const report = {
      ...REPORT,
      synthetic: true as const,
      partial: true,
      by_family: [{ key: '<img src=x>', first_observed_postings: 1, closed_postings: 0 }],
    };
    const html = await renderStateOfHiring(report);
    const page = readPage(html);
    expect(page.partial).to.equal(true);
    expect(page.synthetic).to.equal(true);
    expect(html).to.include('Synthetic demo data.');
    expect(html).not.to.include('<img');
    expect(column(tableOf(page, 'by-family'), 'First observed').get('<img src=x>')?.value).to.equal(1);
  });

  it('corpus: per-source counts, fill rates, countries, coverage and freshness with the snapshot time', async () => {
    const page = readPage(await renderCorpus(STATS));
    checkCharts(page);
    expect(page.charts).to.have.length(6);
    expect(page.facts.get('Snapshot taken')?.text).to.equal('2030-05-15 00:00 UTC');
    expect(page.facts.get('Open jobs')?.value).to.equal(20);
    const sources = tableOf(page, 'per-source');
    expect(column(sources, 'Open jobs').get('lever')?.value).to.equal(0);
    expect(column(sources, 'Refresh cadence').get('greenhouse')).to.deep.equal({ text: '1 h', value: 3600 });
    expect(column(sources, 'Refresh cadence').get('lever')?.text).to.equal('—');
    // lever has no open job: no fill rates measured, so it is not in that table.
    const rates = tableOf(page, 'fill-rates');
    expect([...column(rates, 'Posting date').entries()]).to.deep.equal([
      ['greenhouse', { text: '86.7%', value: 0.8667 }],
    ]);
    expect(column(tableOf(page, 'per-country'), 'Open jobs').get('DE')?.value).to.equal(7);
    expect(column(tableOf(page, 'career-families'), 'Open jobs').get('unknown')?.value).to.equal(5);
    expect(column(tableOf(page, 'enrichment'), 'Share of open jobs').get('salary')?.value).to.equal(0.2);
    const freshness = tableOf(page, 'freshness');
    expect(freshness.rows).to.have.length(1);
    expect(column(freshness, 'p90').get('Board crawl age')?.value).to.equal(7200.5);
    expect(page.links).to.include('/v1/stats');
    expect(page.synthetic).to.equal(false);
    expect(
      readPage(await renderCorpus(Object.assign({}, STATS, { synthetic: true as const }))).synthetic,
    ).to.equal(true);
  });

  it('corpus: an empty corpus says so instead of drawing empty charts', async () => {
    const page = readPage(
      await renderCorpus({
        generated_at: STATS.generated_at,
        totals: { jobs_open: 0, jobs_closed: 0, companies: 0, boards: 0, sources: 0 },
        per_source: [],
        per_country: [],
      }),
    );
    expect(page.charts).to.have.length(0);
    expect(page.tables.size).to.equal(0);
  });

  it('data quality: precision and recall with sample sizes; every other metric in exactly one table', async () => {
    const page = readPage(await renderDataQuality(QUALITY));
    checkCharts(page);
    const accuracy = tableOf(page, 'accuracy');
    expect(accuracy.headers).to.deep.equal([
      'Attribute',
      'Precision',
      'Predicted (n)',
      'Recall',
      'Labelled (n)',
    ]);
    expect(accuracy.rows.map((row) => row.map((cell) => cell.value ?? cell.text))).to.deep.equal([
      ['career_family', 0.9, 50, 0.6666666666666666, 60],
      ['salary', '—', '—', 0.5, 8],
    ]);
    const listed = [...page.tables.entries()]
      .filter(([name]) => name !== 'accuracy')
      .flatMap(([, table]) =>
        table.rows.map((row) => [row[0]?.text, row[1]?.text, row[2]?.value, row[3]?.value]),
      );
    const expected = QUALITY.metrics
      .filter((m) => m.metric !== 'precision' && m.metric !== 'recall')
      .map((m) => [m.metric, m.scope, m.value, m.sample_size]);
    expect(listed).to.have.deep.members(expected);
    expect(listed).to.have.length(expected.length);
    expect(page.facts.get('Report')?.text).to.equal(QUALITY.report_id);
  });

  it('data quality: a report without the labelled set says why precision and recall are missing', async () => {
    const html = await renderDataQuality({ ...QUALITY, metrics: QUALITY.metrics.slice(3) });
    expect(readPage(html).tables.has('accuracy')).to.equal(false);
    expect(html).to.include('labelled set was not available');
  });

  it('the index links the three reports and their JSON; the error page states the status', () => {
    const index = readPage(renderIndex(false));
    for (const href of ['/reports/state-of-hiring', '/reports/corpus', '/reports/data-quality', '/v1/stats'])
      expect(index.links).to.include(href);
    expect(index.synthetic).to.equal(false);
    expect(readPage(renderIndex(true)).synthetic).to.equal(true);
    const error = renderError({
      status: 422,
      title: 'Not a valid request',
      message: 'Refused <here>',
      issues: [{ loc: ['query', 'quarter'], msg: 'must match pattern', type: 'string_pattern_mismatch' }],
      requestId: 'req-1',
      path: '/reports/state-of-hiring',
    });
    expect(error).to.include('<span data-status="422">422</span>');
    expect(error).to.include('<code>query.quarter</code>: must match pattern');
    expect(error).to.include('Refused &lt;here&gt;');
  });
});
