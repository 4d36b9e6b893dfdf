/**
 * SQL of the analytics and the corpus statistics. Every read uses job_state's generated fact
 * columns (migration 0012) and the indexes made for them, never the job documents: a scan that
 * detoasts a million documents takes tens of seconds, the narrow columns a fraction of that.
 */
import { isoSql, type Queryable } from './database.js';

/** The definitive closures at the source; `board_dead` says nothing about when a posting was filled. */
export const DEFINITIVE_CLOSE_REASONS = ['removed_from_board', 'expired_by_source'] as const;

export interface CohortFilters {
  company_key?: string;
  country?: string;
  family?: string;
  source?: string;
}

export interface CohortDurations {
  /** Definitive closures in the cohort. */
  closed: number;
  /** Still open, or closed without a definitive reason (right-censored). */
  censored: number;
  /** Quantiles (days) of the closed postings' durations; null when none closed. */
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  /** Durations to the hour (rounded down), with events and censorings there: the survival curve's input. */
  groups: { hours: number; events: number; censored: number }[];
}

export interface QuarterBreakdownRow {
  key: string;
  first_observed: number;
  closed: number;
  median_days: number | null;
}

export interface StatsFacts {
  totals: { jobs_open: number; jobs_closed: number; companies: number; boards: number; sources: number };
  per_source: {
    source: string;
    jobs_open: number;
    boards: number;
    with_description: number;
    with_posted_at: number;
    with_salary: number;
    cadence_seconds: number | null;
    last_sweep_at: string | null;
  }[];
  per_country: { country_code: string; jobs_open: number }[];
  by_family: { family: string; jobs_open: number }[];
  attributes: { attribute: string; jobs_open: number }[];
  board_crawl_age: Percentiles | null;
  first_seen_lag: Percentiles | null;
}

/** The precomputed corpus-wide bodies (corpus_snapshots.kind). */
export type SnapshotKind = 'stats' | 'sitemap_index';

export interface StoredReport {
  body: string;
  partial: boolean;
  generated_at: string;
}

export interface Percentiles {
  p50: number;
  p90: number;
  p99: number;
  n: number;
}

const DAY_SECONDS = 86_400;

function cohortConditions(filters: CohortFilters): string {
  return [
    ...(filters.company_key === undefined ? [] : ['company_key = ${company_key}']),
    ...(filters.source === undefined ? [] : ['source = ${source}']),
    ...(filters.family === undefined ? [] : ['career_family = ${family}']),
    ...(filters.country === undefined ? [] : ['country_codes @> ARRAY[${country}]::text[]']),
  ]
    .map((condition) => ` AND ${condition}`)
    .join('');
}

export class AnalyticsRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * One company's openings by first observation in [start, end): per ISO week (Monday, UTC) and
   * how many fall at or after `split` (the current window; the rest are the prior one).
   */
  async openingsByWeek(
    companyKey: string,
    start: string,
    split: string,
    end: string,
  ): Promise<{ week_start: string; openings: number; current: number }[]> {
    return this.db.any(
      `SELECT to_char(date_trunc('week', first_seen AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS week_start,
              count(*)::int AS openings,
              (count(*) FILTER (WHERE first_seen >= $3::timestamptz))::int AS current
         FROM job_state
        WHERE company_key = $1 AND first_seen >= $2::timestamptz AND first_seen < $4::timestamptz
        GROUP BY 1 ORDER BY 1`,
      [companyKey, start, split, end],
    );
  }

  /**
   * The cohort first observed in [start, end): closed postings' duration quantiles (exact, in
   * days) and every posting's duration to the hour for the survival estimate, censored at its
   * non-definitive closure or at `end`.
   */
  async cohortDurations(filters: CohortFilters, start: string, end: string): Promise<CohortDurations> {
    const params = { ...filters, start, end, reasons: [...DEFINITIVE_CLOSE_REASONS], day: DAY_SECONDS };
    const cohort = `
      SELECT coalesce(close_reason = ANY (\${reasons}) AND closed_at <= \${end}::timestamptz, false) AS definitive,
             extract(epoch FROM least(coalesce(closed_at, \${end}::timestamptz), \${end}::timestamptz) - first_seen)
               AS seconds
        FROM job_state
       WHERE first_seen >= \${start}::timestamptz AND first_seen < \${end}::timestamptz
             AND status <> 'deleted'${cohortConditions(filters)}`;
    // One statement reads the cohort once (MATERIALIZED) for both the exact quantiles and the groups.
    return this.db.one<CohortDurations>(
      `WITH cohort AS MATERIALIZED (${cohort}),
            grouped AS (
              SELECT floor(greatest(seconds, 0) / 3600)::int AS hours,
                     (count(*) FILTER (WHERE definitive))::int AS events,
                     (count(*) FILTER (WHERE NOT definitive))::int AS censored
                FROM cohort GROUP BY 1)
       SELECT (count(*) FILTER (WHERE definitive))::int AS closed,
              (count(*) FILTER (WHERE NOT definitive))::int AS censored,
              (percentile_cont(0.25) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE definitive)) / \${day} AS p25,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE definitive)) / \${day} AS p50,
              (percentile_cont(0.75) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE definitive)) / \${day} AS p75,
              (percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) FILTER (WHERE definitive)) / \${day} AS p90,
              coalesce((SELECT json_agg(json_build_object('hours', hours, 'events', events, 'censored', censored)
                                        ORDER BY hours) FROM grouped), '[]') AS groups
         FROM cohort`,
      params,
    );
  }

  /** The earliest first observation of any job (the start of our evidence), or null for an empty corpus. */
  async firstObservation(): Promise<string | null> {
    const row = await this.db.one<{ at: string | null }>(
      `SELECT ${isoSql('min(first_seen)')} AS at FROM job_state`,
    );
    return row.at;
  }

  /**
   * A quarter's volume and durations by `dimension`: postings first observed in [start, through)
   * and postings definitively closed in it (median duration from 30 closures).
   */
  async quarterBreakdown(
    dimension: 'source' | 'country' | 'family' | 'all',
    start: string,
    through: string,
    minimumClosures: number,
  ): Promise<QuarterBreakdownRow[]> {
    const key = {
      source: 'source',
      family: "coalesce(career_family, 'unknown')",
      country: 'country.code',
      all: "'all'",
    }[dimension];
    const from = dimension === 'country' ? 'job_state, unnest(country_codes) AS country(code)' : 'job_state';
    return this.db.any(
      `WITH opened AS (
              SELECT ${key} AS key, count(*)::int AS n FROM ${from}
               WHERE first_seen >= $1::timestamptz AND first_seen < $2::timestamptz AND status <> 'deleted'
               GROUP BY 1),
            closed AS (
              SELECT ${key} AS key, count(*)::int AS n,
                     percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM closed_at - first_seen)) / 86400
                       AS median_days
                FROM ${from}
               WHERE closed_at >= $1::timestamptz AND closed_at < $2::timestamptz AND closed_at IS NOT NULL
                     AND close_reason = ANY ($3)
               GROUP BY 1)
       SELECT coalesce(opened.key, closed.key) AS key, coalesce(opened.n, 0) AS first_observed,
              coalesce(closed.n, 0) AS closed,
              CASE WHEN closed.n >= $4 THEN closed.median_days END AS median_days
         FROM opened FULL JOIN closed ON closed.key = opened.key
        WHERE coalesce(opened.key, closed.key) IS NOT NULL
        ORDER BY 2 DESC, 1`,
      [start, through, [...DEFINITIVE_CLOSE_REASONS], minimumClosures],
    );
  }

  /** A stored report body of a quarter, and whether it is the partial one. */
  async hiringReport(quarter: string): Promise<StoredReport | null> {
    return this.db.oneOrNone(
      `SELECT body, (body::jsonb ->> 'partial')::boolean AS partial, ${isoSql('generated_at')} AS generated_at
         FROM hiring_reports WHERE quarter = $1`,
      [quarter],
    );
  }

  /**
   * Stores a quarter's report. A completed quarter's report is written once and never replaced
   * (immutable); a partial one is replaced by newer measurements and by the completed one.
   */
  async saveHiringReport(quarter: string, generatedAt: string, body: string): Promise<void> {
    await this.db.none(
      `INSERT INTO hiring_reports (quarter, generated_at, body) VALUES ($1, $2, $3)
       ON CONFLICT (quarter) DO UPDATE SET generated_at = EXCLUDED.generated_at, body = EXCLUDED.body
        WHERE (hiring_reports.body::jsonb ->> 'partial')::boolean`,
      [quarter, generatedAt, body],
    );
  }

  /**
   * Drops the stored bodies that describe a corpus whose past has since been written: the reports
   * of `quarters` (a completed one is otherwise kept forever) and every snapshot. Only the demo
   * history loader writes the past; the next request or worker round measures them again.
   */
  async discardStoredReports(quarters: string[]): Promise<void> {
    await this.db.none('DELETE FROM hiring_reports WHERE quarter = ANY($1)', [quarters]);
    await this.db.none('DELETE FROM corpus_snapshots');
  }

  async snapshot(kind: SnapshotKind): Promise<{ generated_at: string; body: string } | null> {
    return this.db.oneOrNone(
      `SELECT ${isoSql('generated_at')} AS generated_at, body FROM corpus_snapshots WHERE kind = $1`,
      [kind],
    );
  }

  async saveSnapshot(kind: SnapshotKind, generatedAt: string, body: string): Promise<void> {
    await this.db.none(
      `INSERT INTO corpus_snapshots (kind, generated_at, body) VALUES ($1, $2, $3)
       ON CONFLICT (kind) DO UPDATE SET generated_at = EXCLUDED.generated_at, body = EXCLUDED.body`,
      [kind, generatedAt, body],
    );
  }

  /**
   * Runs `work` in a transaction holding the lock of one precomputed report (`name`), so concurrent
   * requests and workers compute it once: the others wait, then find it stored.
   */
  async exclusively<T>(name: string, work: (repository: AnalyticsRepository) => Promise<T>): Promise<T> {
    return this.db.tx('analytics-report', async (tx) => {
      await tx.one(`SELECT pg_advisory_xact_lock(hashtext('analytics_report:' || $1))`, [name]);
      return work(new AnalyticsRepository(tx));
    });
  }

  /**
   * The facts of /v1/stats at `at`. `verifiedWithinDays`: a company counts when resolved and one
   * of its boards answered a crawl that recently (the directory's rule).
   */
  async statsFacts(at: string, verifiedWithinDays: number): Promise<StatsFacts> {
    // One query after the other: this runs in the snapshot's transaction, on one connection.
    const totals = await this.db.one<StatsFacts['totals']>(
      `SELECT (SELECT count(*) FROM job_state WHERE status = 'open')::int AS jobs_open,
                (SELECT count(*) FROM job_state WHERE status = 'closed')::int AS jobs_closed,
                (SELECT count(*) FROM companies c
                  WHERE c.resolved AND c.verified_at >= $1::timestamptz - make_interval(days => $2))::int AS companies,
                (SELECT count(*) FROM boards WHERE health <> 'dead')::int AS boards,
                (SELECT count(DISTINCT source) FROM boards WHERE health <> 'dead')::int AS sources`,
      [at, verifiedWithinDays],
    );
    const perSource = await this.db.any<StatsFacts['per_source'][number]>(
      `WITH jobs AS (
                SELECT source, count(*)::int AS jobs_open,
                       (count(*) FILTER (WHERE 'description_text' = ANY (present_attributes)))::int AS with_description,
                       (count(*) FILTER (WHERE 'posted_at' = ANY (present_attributes)))::int AS with_posted_at,
                       (count(*) FILTER (WHERE 'salary' = ANY (present_attributes)))::int AS with_salary
                  FROM job_state WHERE status = 'open' GROUP BY source),
              live AS (
                SELECT source, count(*)::int AS boards,
                       percentile_disc(0.5) WITHIN GROUP (ORDER BY crawl_interval_s) AS cadence_seconds,
                       CASE WHEN bool_and(last_success_at IS NOT NULL) THEN ${isoSql('min(last_success_at)')} END
                         AS last_sweep_at
                  FROM boards WHERE health <> 'dead' GROUP BY source)
         SELECT live.source, coalesce(jobs.jobs_open, 0) AS jobs_open, live.boards,
                coalesce(jobs.with_description, 0) AS with_description,
                coalesce(jobs.with_posted_at, 0) AS with_posted_at, coalesce(jobs.with_salary, 0) AS with_salary,
                live.cadence_seconds, live.last_sweep_at
           FROM live LEFT JOIN jobs ON jobs.source = live.source
          ORDER BY live.source`,
    );
    const perCountry = await this.db.any<StatsFacts['per_country'][number]>(
      `SELECT code AS country_code, count(*)::int AS jobs_open
           FROM job_state, unnest(country_codes) AS code
          WHERE status = 'open' GROUP BY code ORDER BY 2 DESC, 1`,
    );
    const byFamily = await this.db.any<StatsFacts['by_family'][number]>(
      `SELECT coalesce(career_family, 'unknown') AS family, count(*)::int AS jobs_open
           FROM job_state WHERE status = 'open' GROUP BY 1 ORDER BY 1`,
    );
    const attributes = await this.db.any<StatsFacts['attributes'][number]>(
      `SELECT attribute, count(*)::int AS jobs_open
           FROM job_state, unnest(present_attributes) AS attribute
          WHERE status = 'open' GROUP BY 1 ORDER BY 1`,
    );
    const crawlAge = await this.percentiles(
      `SELECT extract(epoch FROM $1::timestamptz - last_success_at) AS seconds
           FROM boards WHERE health <> 'dead' AND last_success_at IS NOT NULL`,
      [at],
    );
    const lag = await this.percentiles(
      `SELECT extract(epoch FROM first_seen - posted_at) AS seconds
           FROM job_state WHERE status = 'open' AND posted_at IS NOT NULL`,
      [],
    );
    return {
      totals,
      per_source: perSource,
      per_country: perCountry,
      by_family: byFamily,
      attributes,
      board_crawl_age: crawlAge,
      first_seen_lag: lag,
    };
  }

  /** p50/p90/p99 of `seconds` (negative values count as 0), or null without a sample. */
  private async percentiles(sample: string, params: unknown[]): Promise<Percentiles | null> {
    const row = await this.db.one<{ n: number; p: number[] | null }>(
      `SELECT count(*)::int AS n,
              percentile_cont(ARRAY[0.5, 0.9, 0.99]) WITHIN GROUP (ORDER BY greatest(seconds, 0)) AS p
         FROM (${sample}) AS sample`,
      params,
    );
    const [p50, p90, p99] = row.p ?? [];
    if (row.n === 0 || p50 === undefined || p90 === undefined || p99 === undefined) return null;
    return { p50, p90, p99, n: row.n };
  }
}
