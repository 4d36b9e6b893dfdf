/** /v1/stats, served from a corpus snapshot (snapshots.ts) of the fact columns' aggregates. */
import type { AnalyticsRepository, Percentiles, StatsFacts } from '../db/analytics.js';
import { CAREER_FAMILIES } from '../domain/job.js';
import { isSourceCode, sourceCoverage, type SourceCoverage } from '../domain/sources.js';
import { CONNECTORS } from '../ingest/connectors/index.js';
import type { components } from '../openapi/types.js';
import type { CorpusNotice } from './corpus-notice.js';
import { CorpusSnapshot } from './snapshots.js';

export type Stats = components['schemas']['Stats'];

export interface StatsOptions {
  refreshSeconds: number;
  /** The directory's rule: a company counts when one of its boards answered a crawl within this many days. */
  verifiedWithinDays: number;
  /** Labels the served body when the corpus includes synthetic data (absent: never labelled). */
  notice?: Pick<CorpusNotice, 'label'>;
  now?: () => Date;
}

/** Derived attributes whose coverage is published, as the fact column names them. */
const ENRICHMENT_ATTRIBUTES = [
  'locations_derived',
  'remote_derived',
  'ai_work_arrangement',
  'employment_type',
  'career_family',
  'skill_clusters',
  'language',
  'salary',
  'security_clearance',
  'visa_sponsorship',
  'experience_level',
  'company_domain',
] as const;

function ratio(part: number, whole: number): number {
  return Math.round((part / whole) * 10_000) / 10_000;
}

function freshness(
  percentiles: Percentiles | null,
): components['schemas']['FreshnessPercentiles'] | undefined {
  if (percentiles === null) return undefined;
  const round = (seconds: number): number => Math.round(seconds * 10) / 10;
  return {
    p50_seconds: round(percentiles.p50),
    p90_seconds: round(percentiles.p90),
    p99_seconds: round(percentiles.p99),
    sample_size: percentiles.n,
  };
}

/** The published body from the measured facts: a figure without a sample is omitted, never guessed. */
export function presentStats(facts: StatsFacts, generatedAt: string, coverage: SourceCoverage): Stats {
  const open = facts.totals.jobs_open;
  const families = new Map(facts.by_family.map((row) => [row.family, row.jobs_open]));
  const attributes = new Map(facts.attributes.map((row) => [row.attribute, row.jobs_open]));
  const classified = facts.by_family
    .filter((row) => row.family !== 'unknown')
    .reduce((sum, row) => sum + row.jobs_open, 0);
  const boardCrawlAge = freshness(facts.board_crawl_age);
  const firstSeenLag = freshness(facts.first_seen_lag);
  return {
    generated_at: generatedAt,
    totals: facts.totals,
    // A board row of a source code since retired is not published under a code the contract lacks.
    per_source: facts.per_source.flatMap((row) =>
      isSourceCode(row.source)
        ? [
            {
              source: row.source,
              jobs_open: row.jobs_open,
              boards: row.boards,
              ...(row.jobs_open === 0
                ? {}
                : {
                    description_fill_rate: ratio(row.with_description, row.jobs_open),
                    posting_date_fill_rate: ratio(row.with_posted_at, row.jobs_open),
                    salary_fill_rate: ratio(row.with_salary, row.jobs_open),
                  }),
              ...(row.cadence_seconds === null ? {} : { refresh_cadence_seconds: row.cadence_seconds }),
              ...(row.last_sweep_at === null ? {} : { last_sweep_at: row.last_sweep_at }),
            },
          ]
        : [],
    ),
    source_coverage: coverage,
    per_country: facts.per_country,
    ...(open === 0
      ? {}
      : {
          career_family_coverage: {
            classified_share: ratio(classified, open),
            by_family: Object.fromEntries(
              CAREER_FAMILIES.map((family) => [family, families.get(family) ?? 0]),
            ),
          },
          enrichment_coverage: Object.fromEntries(
            ENRICHMENT_ATTRIBUTES.map((attribute) => [
              attribute,
              ratio(attributes.get(attribute) ?? 0, open),
            ]),
          ),
        }),
    ...(boardCrawlAge === undefined && firstSeenLag === undefined
      ? {}
      : {
          freshness: {
            ...(boardCrawlAge === undefined ? {} : { board_crawl_age: boardCrawlAge }),
            ...(firstSeenLag === undefined ? {} : { first_seen_lag: firstSeenLag }),
          },
        }),
  };
}

export class StatsService {
  private readonly snapshot: CorpusSnapshot;
  private readonly notice: Pick<CorpusNotice, 'label'> | undefined;

  constructor(repository: AnalyticsRepository, options: StatsOptions) {
    this.notice = options.notice;
    const coverage = sourceCoverage(new Set(CONNECTORS.keys()));
    this.snapshot = new CorpusSnapshot(
      repository,
      'stats',
      async (transaction, at) =>
        JSON.stringify(
          presentStats(await transaction.statsFacts(at, options.verifiedWithinDays), at, coverage),
        ),
      options,
    );
  }

  /**
   * The stored snapshot's body (JSON text), or a new one when none is recent enough; labelled when
   * served, so a snapshot taken before a synthetic load is labelled too.
   */
  async current(): Promise<string> {
    const body = await this.snapshot.current();
    return this.notice === undefined ? body : this.notice.label(body);
  }

  /** Recomputes unless one younger than `maxAgeIntervals` intervals is stored (the worker). */
  async refresh(maxAgeIntervals = 1): Promise<string> {
    return this.snapshot.refresh(maxAgeIntervals);
  }
}
