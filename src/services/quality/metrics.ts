/**
 * The data-quality report's metrics from its measurements: pure. A metric whose sample is empty is
 * left out, never reported as 0/0; every metric says how it was measured.
 */
import type { OpenJobFacts, QualityFacts } from '../../db/quality.js';
import type { EnrichmentAccuracy } from './enrichment-accuracy.js';
import type { QualityMetric } from './reports.js';

type OpenJobCount = keyof Omit<OpenJobFacts, 'overall' | 'source' | 'open_jobs'>;

/** The fill rates over open jobs: which count each divides by the open jobs, and what it means. */
const FILL_RATES: readonly { metric: string; count: OpenJobCount; method: string }[] = [
  {
    metric: 'description_fill_rate',
    count: 'with_description',
    method: 'open jobs carrying description_text / open jobs',
  },
  {
    metric: 'posting_date_fill_rate',
    count: 'with_posted_at',
    method: "open jobs carrying the source's posting date (posted_at) / open jobs",
  },
  { metric: 'salary_fill_rate', count: 'with_salary', method: 'open jobs carrying salary / open jobs' },
  {
    metric: 'location_parse_rate',
    count: 'with_country',
    method: 'open jobs with at least one derived location naming a country / open jobs',
  },
];

function ratio(
  metric: string,
  scope: string,
  numerator: number,
  denominator: number,
  method: string,
): QualityMetric[] {
  if (denominator === 0) return [];
  return [{ metric, scope, value: numerator / denominator, unit: 'ratio', sample_size: denominator, method }];
}

/** Precision and recall per derived attribute; each left out when its own sample is empty. */
export function accuracyMetrics(accuracy: EnrichmentAccuracy): QualityMetric[] {
  const sample =
    accuracy.sample ??
    `on a hand-labelled sample of ${String(accuracy.postings)} real postings, by the deterministic rules (in-sample: the rules were written after reading it)`;
  return accuracy.attributes.flatMap((a) => [
    ...ratio('precision', a.attribute, a.correct, a.predicted, `correct / predicted values ${sample}`),
    ...ratio('recall', a.attribute, a.correct, a.support, `correct / labelled values ${sample}`),
  ]);
}

/** The overall row as scope `all` first, then one per source code. */
function byScope<T extends { overall: boolean; source: string | null }>(
  rows: T[],
): { scope: string; row: T }[] {
  return [
    ...rows.filter((row) => row.overall).map((row) => ({ scope: 'all', row })),
    ...rows.flatMap((row) => (row.overall || row.source === null ? [] : [{ scope: row.source, row }])),
  ];
}

function fillRates(open: OpenJobFacts[]): QualityMetric[] {
  const rows = byScope(open);
  return FILL_RATES.flatMap(({ metric, count, method }) =>
    rows.flatMap(({ scope, row }) => ratio(metric, scope, row[count], row.open_jobs, method)),
  );
}

function closureShares(closures: QualityFacts['closures']): QualityMetric[] {
  const closed = closures.reduce((sum, row) => sum + row.jobs, 0);
  return closures.flatMap((row) =>
    row.close_reason === null
      ? []
      : ratio(
          'close_reason_share',
          row.close_reason,
          row.jobs,
          closed,
          'closed jobs with this close reason / closed jobs',
        ),
  );
}

function crawlSuccess(crawls: QualityFacts['crawls']): QualityMetric[] {
  const method =
    'live boards whose last crawl succeeded / live boards crawled at least once (dead boards excluded)';
  return byScope(crawls).flatMap(({ scope, row }) =>
    ratio('crawl_success_rate', scope, row.succeeded, row.crawled, method),
  );
}

function crawlAge(age: QualityFacts['crawl_age']): QualityMetric[] {
  const of = (metric: string, value: number | null, which: string): QualityMetric[] =>
    value === null || age.boards === 0
      ? []
      : [
          {
            metric,
            scope: 'all',
            value,
            unit: 'seconds',
            sample_size: age.boards,
            method: `${which} of the time since each live board's last successful crawl, at corpus_as_of (boards never crawled successfully excluded)`,
          },
        ];
  return [
    ...of('board_crawl_age_p50', age.p50, 'median'),
    ...of('board_crawl_age_p90', age.p90, '90th percentile'),
  ];
}

function receiptCoverage(receipts: QualityFacts['receipts']): QualityMetric[] {
  const sampled =
    receipts.sample_percent >= 100
      ? 'every open job'
      : `a Bernoulli sample of ${receipts.sample_percent.toPrecision(3)} % of the open jobs`;
  return ratio(
    'receipt_coverage',
    'all',
    receipts.with_receipt,
    receipts.sampled,
    `open jobs whose document carries source, source_slug, source_endpoint and directory_verified_at as non-empty strings / open jobs examined (${sampled})`,
  );
}

/** Every metric of one report, in a fixed order: accuracy, fill rates, duplicates, closures, crawls, receipts. */
export function assembleMetrics(
  facts: QualityFacts,
  accuracy: EnrichmentAccuracy | undefined,
): QualityMetric[] {
  const openJobs = facts.open_jobs.find((row) => row.overall)?.open_jobs ?? 0;
  return [
    ...(accuracy === undefined ? [] : accuracyMetrics(accuracy)),
    ...fillRates(facts.open_jobs),
    ...ratio(
      'duplicate_group_rate',
      'all',
      facts.duplicated,
      openJobs,
      'open jobs whose duplicate key (company, normalized title and description) is shared by another open job / open jobs',
    ),
    ...closureShares(facts.closures),
    ...crawlSuccess(facts.crawls),
    ...crawlAge(facts.crawl_age),
    ...receiptCoverage(facts.receipts),
  ];
}
