/**
 * SQL of the data-quality report: the measurements (narrow generated columns of job_state and the
 * boards table, never a scan of the job documents) and the report rows — started, then completed
 * with their body in one update; only completed rows are read back.
 */
import type { components } from '../openapi/types.js';
import { isoSql, type Queryable } from './database.js';

/** What a completed row's body holds (written by the report service, served as it is). */
export interface QualityReportBody {
  metrics: components['schemas']['DataQualityReport']['metrics'];
}

/** Open jobs of one source, or of all (`overall`), and how many carry each measured member. */
export interface OpenJobFacts {
  overall: boolean;
  /** Null on the overall row. */
  source: string | null;
  open_jobs: number;
  with_description: number;
  with_posted_at: number;
  with_salary: number;
  /** At least one derived location names a country. */
  with_country: number;
}

/** Live boards of one source, or of all (`overall`), crawled at least once. */
export interface CrawlFacts {
  overall: boolean;
  /** Null on the overall row. */
  source: string | null;
  crawled: number;
  /** Their last crawl succeeded (last_success_at = last_crawl_at). */
  succeeded: number;
}

export interface QualityFacts {
  /** The measured corpus state: the snapshot every measurement of the report read. */
  corpus_as_of: string;
  open_jobs: OpenJobFacts[];
  /** Open jobs whose duplicate key is shared by at least one other open job. */
  duplicated: number;
  /** Closed jobs per close reason (`null`: none recorded). */
  closures: { close_reason: string | null; jobs: number }[];
  crawls: CrawlFacts[];
  /** Seconds since each live board's last successful crawl, at corpus_as_of. */
  crawl_age: { boards: number; p50: number | null; p90: number | null };
  /** Open jobs examined for their receipt (all of them, or a Bernoulli sample) and how many carry it. */
  receipts: { sampled: number; with_receipt: number; sample_percent: number };
}

export interface StoredQualityReport {
  report_id: string;
  generated_at: string;
  corpus_as_of: string;
  body: QualityReportBody;
}

/**
 * The receipt as one jsonpath test, so each sampled document is decompressed once (every `->>`
 * would decompress it again): all four members present as non-empty strings.
 */
const RECEIPT_PATH =
  '$ ? (@.source != "" && @.source_slug != "" && @.source_endpoint != "" && @.directory_verified_at != "")';

export class QualityRepository {
  constructor(private readonly db: Queryable) {}

  /** Inserts the started row of a report that is measured now (corpus_as_of is set on completion). */
  async start(reportId: string): Promise<void> {
    await this.db.none(
      `INSERT INTO quality_reports (report_id, started_at, corpus_as_of) VALUES ($1, clock_timestamp(), clock_timestamp())`,
      [reportId],
    );
  }

  /**
   * Starts a report only when none started within `intervalSeconds` (a worker restart, or a second
   * worker, does not add one). The lock makes the check and the insert one step across workers.
   */
  async startIfDue(reportId: string, intervalSeconds: number): Promise<boolean> {
    return this.db.tx('quality-report-start', async (tx) => {
      await tx.any(`SELECT pg_advisory_xact_lock(hashtext('quality_reports'))`);
      const row = await tx.oneOrNone<{ report_id: string }>(
        `INSERT INTO quality_reports (report_id, started_at, corpus_as_of)
         SELECT $1, clock_timestamp(), clock_timestamp()
          WHERE NOT EXISTS (SELECT 1 FROM quality_reports
                             WHERE started_at > clock_timestamp() - make_interval(secs => $2))
         RETURNING report_id`,
        [reportId, intervalSeconds],
      );
      return row !== null;
    });
  }

  /** Completes a started report with its body in one update: its completion time, null when no started row is left. */
  async complete(reportId: string, corpusAsOf: string, body: QualityReportBody): Promise<string | null> {
    const row = await this.db.oneOrNone<{ generated_at: string }>(
      `UPDATE quality_reports SET completed_at = clock_timestamp(), corpus_as_of = $2, body = $3
        WHERE report_id = $1 AND completed_at IS NULL
        RETURNING ${isoSql('completed_at')} AS generated_at`,
      [reportId, corpusAsOf, JSON.stringify(body)],
    );
    return row?.generated_at ?? null;
  }

  /**
   * Keeps the `retained` most recently completed reports and drops started rows older than a day
   * (a run that failed or was killed mid-way). Returns the rows deleted.
   */
  async prune(retained: number): Promise<number> {
    const result = await this.db.result(
      `DELETE FROM quality_reports
        WHERE (completed_at IS NULL AND started_at < clock_timestamp() - interval '1 day')
           OR report_id IN (SELECT report_id FROM quality_reports WHERE completed_at IS NOT NULL
                             ORDER BY completed_at DESC, report_id DESC OFFSET $1)`,
      [retained],
    );
    return result.rowCount;
  }

  /** The latest completed report, or null. */
  async latestCompleted(): Promise<StoredQualityReport | null> {
    return this.db.oneOrNone<StoredQualityReport>(
      `SELECT report_id, ${isoSql('completed_at')} AS generated_at, ${isoSql('corpus_as_of')} AS corpus_as_of, body
         FROM quality_reports WHERE completed_at IS NOT NULL
        ORDER BY completed_at DESC, report_id DESC LIMIT 1`,
    );
  }

  /**
   * Every measurement in one read-only repeatable-read transaction, so they describe one corpus
   * state. `receiptSample`: about how many open jobs' documents are examined for their receipt
   * (the only measurement that reads documents); all of them when there are fewer.
   */
  async measure(receiptSample: number): Promise<QualityFacts> {
    return this.db.tx('quality-report-measure', async (tx) => {
      await tx.none('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      // The first statement takes the snapshot: its time is the corpus state measured.
      const { at } = await tx.one<{ at: string }>(
        `SELECT ${isoSql(`date_trunc('milliseconds', clock_timestamp())`)} AS at`,
      );
      const open = await openJobFacts(tx);
      const openJobs = open.find((row) => row.overall)?.open_jobs ?? 0;
      const percent = openJobs === 0 ? 100 : Math.min(100, (100 * receiptSample) / openJobs);
      return {
        corpus_as_of: at,
        open_jobs: open,
        duplicated: await duplicated(tx),
        closures: await tx.any<QualityFacts['closures'][number]>(
          `SELECT close_reason, count(*)::int AS jobs FROM job_state WHERE status = 'closed'
            GROUP BY close_reason ORDER BY close_reason`,
        ),
        crawls: await crawlFacts(tx),
        crawl_age: await tx.one<QualityFacts['crawl_age']>(
          `SELECT count(*)::int AS boards,
                  percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds) AS p50,
                  percentile_cont(0.9) WITHIN GROUP (ORDER BY seconds) AS p90
             FROM (SELECT greatest(0, extract(epoch FROM $1::timestamptz - last_success_at))::float8 AS seconds
                     FROM boards WHERE health <> 'dead' AND last_success_at IS NOT NULL) AS ages`,
          [at],
        ),
        receipts: {
          ...(await tx.one<{ sampled: number; with_receipt: number }>(
            `SELECT count(*)::int AS sampled, (count(*) FILTER (WHERE document @? $2::jsonpath))::int AS with_receipt
               FROM job_state TABLESAMPLE BERNOULLI ($1) WHERE status = 'open'`,
            [percent, RECEIPT_PATH],
          )),
          sample_percent: percent,
        },
      };
    });
  }
}

/** Per source and overall, from the generated columns alone. */
async function openJobFacts(tx: Queryable): Promise<OpenJobFacts[]> {
  return tx.any<OpenJobFacts>(
    `SELECT grouping(source) = 1 AS overall, source, count(*)::int AS open_jobs,
            (count(*) FILTER (WHERE 'description_text' = ANY (present_attributes)))::int AS with_description,
            (count(*) FILTER (WHERE 'posted_at' = ANY (present_attributes)))::int AS with_posted_at,
            (count(*) FILTER (WHERE 'salary' = ANY (present_attributes)))::int AS with_salary,
            (count(*) FILTER (WHERE cardinality(country_codes) > 0))::int AS with_country
       FROM job_state WHERE status = 'open'
      GROUP BY GROUPING SETS ((source), ()) ORDER BY overall DESC, source`,
  );
}

/** Members of duplicate keys with more than one open job (the open-duplicates index alone). */
async function duplicated(tx: Queryable): Promise<number> {
  const row = await tx.one<{ jobs: number }>(
    `SELECT coalesce(sum(members), 0)::int AS jobs
       FROM (SELECT count(*) AS members FROM job_state
              WHERE status = 'open' AND duplicate_key IS NOT NULL
              GROUP BY duplicate_key HAVING count(*) > 1) AS groups`,
  );
  return row.jobs;
}

async function crawlFacts(tx: Queryable): Promise<CrawlFacts[]> {
  return tx.any<CrawlFacts>(
    `SELECT grouping(source) = 1 AS overall, source, count(*)::int AS crawled,
            (count(*) FILTER (WHERE last_success_at = last_crawl_at))::int AS succeeded
       FROM boards WHERE health <> 'dead' AND last_crawl_at IS NOT NULL
      GROUP BY GROUPING SETS ((source), ()) ORDER BY overall DESC, source`,
  );
}
