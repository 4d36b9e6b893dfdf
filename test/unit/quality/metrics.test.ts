import { expect } from 'chai';
import type { QualityFacts } from '../../../src/db/quality.js';
import type { EnrichmentAccuracy } from '../../../src/services/quality/enrichment-accuracy.js';
import { assembleMetrics } from '../../../src/services/quality/metrics.js';
import type { QualityMetric } from '../../../src/services/quality/reports.js';
import { newReportId } from '../../../src/services/quality/produce.js';

const FACTS: QualityFacts = {
  corpus_as_of: '2026-03-01T12:00:00.000Z',
  open_jobs: [
    {
      overall: true,
      source: null,
      open_jobs: 10,
      with_description: 6,
      with_posted_at: 4,
      with_salary: 1,
      with_country: 9,
    },
    {
      overall: false,
      source: 'greenhouse',
      open_jobs: 8,
      with_description: 6,
      with_posted_at: 4,
      with_salary: 1,
      with_country: 8,
    },
    {
      overall: false,
      source: 'lever',
      open_jobs: 2,
      with_description: 0,
      with_posted_at: 0,
      with_salary: 0,
      with_country: 1,
    },
  ],
  duplicated: 3,
  closures: [
    { close_reason: 'board_dead', jobs: 1 },
    { close_reason: 'removed_from_board', jobs: 3 },
  ],
  crawls: [
    { overall: true, source: null, crawled: 4, succeeded: 3 },
    { overall: false, source: 'greenhouse', crawled: 3, succeeded: 3 },
    { overall: false, source: 'workday', crawled: 1, succeeded: 0 },
  ],
  crawl_age: { boards: 3, p50: 120, p90: 3600.5 },
  receipts: { sampled: 10, with_receipt: 10, sample_percent: 100 },
};

/** The metrics read counts and ratios; calibration is not published here. */
const NO_PREDICTIONS = { predictions: 0, bins: [] };

const ACCURACY: EnrichmentAccuracy = {
  postings: 4,
  attributes: [
    {
      attribute: 'career_family',
      support: 2,
      predicted: 3,
      correct: 1,
      abstainedOk: 0,
      precision: 1 / 3,
      recall: 0.5,
      calibration: NO_PREDICTIONS,
    },
    {
      attribute: 'security_clearance',
      support: 0,
      predicted: 0,
      correct: 0,
      abstainedOk: 4,
      calibration: NO_PREDICTIONS,
    },
    {
      attribute: 'visa_sponsorship',
      support: 1,
      predicted: 0,
      correct: 0,
      abstainedOk: 3,
      recall: 0,
      calibration: NO_PREDICTIONS,
    },
  ],
  hasSalary: { support: 0, predicted: 0, correct: 0, abstainedOk: 0 },
  overall: { support: 3, predicted: 3, correct: 1, abstainedOk: 7, calibration: NO_PREDICTIONS },
  mismatches: [],
};

/** metric@scope → value and sample size (the method text is checked apart). */
function table(metrics: QualityMetric[]): Record<string, [number, number, string]> {
  return Object.fromEntries(metrics.map((m) => [`${m.metric}@${m.scope}`, [m.value, m.sample_size, m.unit]]));
}

describe('data-quality metrics', () => {
  it('turns the measurements into ratios and percentiles with their sample sizes', () => {
    const metrics = assembleMetrics(FACTS, ACCURACY);
    expect(table(metrics)).to.deep.equal({
      'precision@career_family': [1 / 3, 3, 'ratio'],
      'recall@career_family': [0.5, 2, 'ratio'],
      'recall@visa_sponsorship': [0, 1, 'ratio'],
      'description_fill_rate@all': [0.6, 10, 'ratio'],
      'description_fill_rate@greenhouse': [0.75, 8, 'ratio'],
      'description_fill_rate@lever': [0, 2, 'ratio'],
      'posting_date_fill_rate@all': [0.4, 10, 'ratio'],
      'posting_date_fill_rate@greenhouse': [0.5, 8, 'ratio'],
      'posting_date_fill_rate@lever': [0, 2, 'ratio'],
      'salary_fill_rate@all': [0.1, 10, 'ratio'],
      'salary_fill_rate@greenhouse': [0.125, 8, 'ratio'],
      'salary_fill_rate@lever': [0, 2, 'ratio'],
      'location_parse_rate@all': [0.9, 10, 'ratio'],
      'location_parse_rate@greenhouse': [1, 8, 'ratio'],
      'location_parse_rate@lever': [0.5, 2, 'ratio'],
      'duplicate_group_rate@all': [0.3, 10, 'ratio'],
      'close_reason_share@board_dead': [0.25, 4, 'ratio'],
      'close_reason_share@removed_from_board': [0.75, 4, 'ratio'],
      'crawl_success_rate@all': [0.75, 4, 'ratio'],
      'crawl_success_rate@greenhouse': [1, 3, 'ratio'],
      'crawl_success_rate@workday': [0, 1, 'ratio'],
      'board_crawl_age_p50@all': [120, 3, 'seconds'],
      'board_crawl_age_p90@all': [3600.5, 3, 'seconds'],
      'receipt_coverage@all': [1, 10, 'ratio'],
    });
    for (const metric of metrics) expect(metric.method, metric.metric).to.be.a('string').and.not.equal('');
  });

  it('omits every metric whose sample is empty instead of reporting 0/0', () => {
    const empty: QualityFacts = {
      corpus_as_of: FACTS.corpus_as_of,
      open_jobs: [],
      duplicated: 0,
      closures: [],
      crawls: [],
      crawl_age: { boards: 0, p50: null, p90: null },
      receipts: { sampled: 0, with_receipt: 0, sample_percent: 100 },
    };
    expect(assembleMetrics(empty, undefined)).to.deep.equal([]);
    // A closed job without a recorded reason counts among the closed jobs but has no share.
    const shares = assembleMetrics(
      {
        ...empty,
        closures: [
          { close_reason: null, jobs: 1 },
          { close_reason: 'expired_by_source', jobs: 1 },
        ],
      },
      undefined,
    );
    expect(table(shares)).to.deep.equal({ 'close_reason_share@expired_by_source': [0.5, 2, 'ratio'] });
  });

  it('says when receipts were sampled', () => {
    const [exact] = assembleMetrics(
      {
        ...FACTS,
        open_jobs: [],
        crawls: [],
        closures: [],
        duplicated: 0,
        crawl_age: { boards: 0, p50: null, p90: null },
      },
      undefined,
    );
    expect(exact?.method).to.include('every open job');
    const [sampled] = assembleMetrics(
      {
        ...FACTS,
        open_jobs: [],
        crawls: [],
        closures: [],
        crawl_age: { boards: 0, p50: null, p90: null },
        receipts: { sampled: 9_800, with_receipt: 9_700, sample_percent: 1.25 },
      },
      undefined,
    );
    expect(sampled).to.deep.include({ metric: 'receipt_coverage', value: 9_700 / 9_800, sample_size: 9_800 });
    expect(sampled?.method).to.include('Bernoulli sample of 1.25 %');
  });

  it('gives reports ids that sort by start time', () => {
    const earlier = newReportId(new Date('2026-03-01T09:59:59.999Z'), 'ffffffff');
    const later = newReportId(new Date('2026-03-01T10:00:00.000Z'), '00000000');
    expect(earlier).to.equal('2026-03-01T09:59:59.999Z-ffffffff');
    expect([later, earlier].sort()).to.deep.equal([earlier, later]);
    expect(newReportId(new Date())).to.match(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z-[0-9a-f]{8}$/);
  });
});
