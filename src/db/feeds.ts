/**
 * SQL for the feeds: published visibility horizons (feed_horizons), the transaction-horizon reads
 * that decide when one may be published (services/feeds/horizon.ts), and the modified feed's
 * window over the ledger.
 */
import type { Queryable } from './database.js';
import type { StoredJob } from '../domain/job.js';

export interface ModifiedRow {
  seq: number;
  job_key: string;
  modified_at: string;
  changed_fields: string[];
  job: StoredJob;
}

export class FeedRepository {
  constructor(private readonly db: Queryable) {}

  /** A feed's published horizon (ISO, millisecond precision), or undefined before the first publication. */
  async horizon(name: string): Promise<string | undefined> {
    const row = await this.db.oneOrNone<{ visible_before: string }>(
      `SELECT to_char(visible_before AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS visible_before
         FROM feed_horizons WHERE name = $1`,
      [name],
    );
    return row?.visible_before;
  }

  /** Publishes a feed's horizon; never moves it back. */
  async publishHorizon(name: string, visibleBefore: string): Promise<void> {
    await this.db.none(
      `INSERT INTO feed_horizons (name, visible_before) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE
         SET visible_before = GREATEST(feed_horizons.visible_before, EXCLUDED.visible_before), updated_at = now()`,
      [name, visibleBefore],
    );
  }

  /** The database clock, truncated to milliseconds (first_seen's precision). */
  async clockMillis(): Promise<string> {
    const { candidate } = await this.db.one<{ candidate: string }>(
      `SELECT date_trunc('milliseconds', clock_timestamp()) AS candidate`,
    );
    return candidate;
  }

  /** The current snapshot's xmax: every transaction id below it had started. */
  async snapshotXmax(): Promise<string> {
    const { xmax } = await this.db.one<{ xmax: string }>(
      'SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS xmax',
    );
    return xmax;
  }

  /** Whether every transaction with an id below `xmax` has finished (cluster-wide). */
  async finishedBelow(xmax: string): Promise<boolean> {
    const { passed } = await this.db.one<{ passed: boolean }>(
      'SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS passed',
      [xmax],
    );
    return passed;
  }

  /**
   * Sequenced modifications and reopenings with changed fields in [from, to), of resolved
   * companies, after `afterSeq`, in recording order.
   */
  async modified(window: {
    afterSeq: number;
    from: string;
    to: string;
    limit: number;
  }): Promise<ModifiedRow[]> {
    return this.db.any<ModifiedRow>(
      `SELECT seq::float8 AS seq, job_key, changed_fields,
              to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS modified_at, document AS job
         FROM change_events
        WHERE change IN ('modified', 'reopened') AND seq IS NOT NULL AND seq > $1
          AND occurred_at >= $2 AND occurred_at < $3 AND cardinality(changed_fields) > 0
          AND (document->>'company_resolved')::boolean
        ORDER BY seq LIMIT $4`,
      [window.afterSeq, window.from, window.to, window.limit],
    );
  }
}
