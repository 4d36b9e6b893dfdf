/**
 * SQL for recent authenticated activity (request_activity), the request counts of daily usage
 * that the activity batch writes, and each key's last use.
 */
import { isoSql, type Queryable } from './database.js';

export interface ActivityEntry {
  accountId: string;
  keyId: string;
  occurredAt: Date;
  method: string;
  path: string;
  status: number;
  jobsReturned: number;
}

export interface RecentActivityRow {
  occurred_at: string;
  key_id: string;
  key_hint: string;
  method: string;
  path: string;
  status: number;
  jobs_returned: number;
}

/** Recent activity covers 7 days (GET /v1/account/usage); older rows are purged. */
const RETENTION = '7 days';

export class ActivityRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Writes a batch of entries with the requests they add to daily usage (one statement), then
   * stamps the keys' last use (a second one, see stampLastUse).
   */
  async record(batch: ActivityEntry[]): Promise<void> {
    const entries = JSON.stringify(batch.map(toRow));
    await this.db.none(
      `WITH entries AS (
         SELECT * FROM jsonb_to_recordset($1::jsonb) AS e (
           account_id uuid, key_id uuid, occurred_at timestamptz, method text, path text, status smallint,
           jobs_returned integer)),
       logged AS (
         INSERT INTO request_activity (account_id, key_id, occurred_at, method, path, status, jobs_returned)
         SELECT account_id, key_id, occurred_at, method, path, status, jobs_returned FROM entries)
       -- Rows in key order: two API processes flushing the same accounts lock them in the same
       -- order, so their upserts wait on each other instead of deadlocking.
       INSERT INTO usage_daily (account_id, day, requests, jobs)
       SELECT account_id, (occurred_at AT TIME ZONE 'UTC')::date, count(*), 0 FROM entries GROUP BY 1, 2
       ORDER BY 1, 2
       ON CONFLICT (account_id, day) DO UPDATE SET requests = usage_daily.requests + EXCLUDED.requests`,
      [entries],
    );
    await this.stampLastUse(entries);
  }

  /** The account's latest activity of the last 7 days, newest first. */
  async recent(accountId: string, limit: number): Promise<RecentActivityRow[]> {
    return this.db.any<RecentActivityRow>(
      `SELECT ${isoSql('r.occurred_at')} AS occurred_at, r.key_id, k.hint AS key_hint, r.method, r.path,
              r.status::int AS status, r.jobs_returned
         FROM request_activity r JOIN api_keys k ON k.id = r.key_id
        WHERE r.account_id = $1 AND r.occurred_at > now() - interval '7 days'
        ORDER BY r.occurred_at DESC, r.id DESC LIMIT $2`,
      [accountId, limit],
    );
  }

  /** Deletes activity older than the 7 days GET /v1/account/usage shows; returns how many rows went. */
  async purgeExpired(): Promise<number> {
    const result = await this.db.result(
      `DELETE FROM request_activity WHERE occurred_at < now() - interval '${RETENTION}'`,
    );
    return result.rowCount;
  }

  /**
   * Each key's last use (from the batch's entries as JSON), in a statement of its own that never
   * waits: key rows that a revocation or another flush holds are skipped (their next use stamps
   * them). Inside the activity statement it deadlocked with revocations: that statement waits on the
   * account row (its foreign keys) while a revocation holds the account and waits on the key row.
   */
  private async stampLastUse(entries: string): Promise<void> {
    await this.db.none(
      `WITH used AS (
         SELECT key_id, max(occurred_at) AS last
           FROM jsonb_to_recordset($1::jsonb) AS e (key_id uuid, occurred_at timestamptz) GROUP BY key_id),
       free AS (
         SELECT id FROM api_keys WHERE id IN (SELECT key_id FROM used) FOR NO KEY UPDATE SKIP LOCKED)
       UPDATE api_keys k SET last_used_at = used.last
         FROM used
        WHERE k.id = used.key_id AND k.id IN (SELECT id FROM free)
          AND (k.last_used_at IS NULL OR k.last_used_at < used.last)`,
      [entries],
    );
  }
}

function toRow(entry: ActivityEntry): Record<string, unknown> {
  return {
    account_id: entry.accountId,
    key_id: entry.keyId,
    occurred_at: entry.occurredAt.toISOString(),
    method: entry.method,
    path: entry.path,
    status: entry.status,
    jobs_returned: entry.jobsReturned,
  };
}
