/**
 * Recent authenticated activity, daily request counts and each key's last use. Recording must not
 * add a round trip to every request, so entries are buffered and written in one statement per flush
 * (every ACTIVITY_FLUSH_MS, and on close); a crash loses at most one interval of activity, never
 * usage that the allowance charged (that is written by the meter itself).
 */
import type { Database } from '../db/database.js';
import type { Logger } from '../lib/logger.js';

export interface ActivityEntry {
  accountId: string;
  keyId: string;
  occurredAt: Date;
  method: string;
  path: string;
  status: number;
  jobsReturned: number;
}

/** Flush early when this many entries wait, so a burst never builds an unbounded statement. */
const MAX_BATCH = 1000;
/** While Postgres is slow or down, keep at most this many entries; later ones are dropped and counted. */
const MAX_BUFFERED = 50_000;
/** Recent activity covers 7 days (GET /v1/account/usage); older rows are purged. */
const RETENTION = '7 days';

export class ActivityRecorder {
  private buffer: ActivityEntry[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushQueued = false;
  private dropped = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    flushMs: number,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  record(entry: ActivityEntry): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= MAX_BATCH && !this.flushQueued) void this.flush();
  }

  /** Writes everything recorded so far (flushes run one after another; one waits at most). */
  async flush(): Promise<void> {
    this.flushQueued = true;
    this.flushing = this.flushing.then(() => {
      this.flushQueued = false;
      return this.write();
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped }, 'request activity dropped while the buffer was full');
      this.dropped = 0;
    }
    const batch = this.buffer.splice(0, MAX_BATCH * 10);
    if (batch.length === 0) return;
    const entries = JSON.stringify(batch.map(toRow));
    try {
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
      await stampLastUse(this.db, entries);
    } catch (error) {
      this.logger.warn({ err: error, entries: batch.length }, 'request activity could not be written');
    }
  }
}

/**
 * Each key's last use (from the batch's entries as JSON), in a statement of its own that never
 * waits: key rows that a revocation or another flush holds are skipped (their next use stamps
 * them). Inside the activity statement it deadlocked with revocations: that statement waits on the
 * account row (its foreign keys) while a revocation holds the account and waits on the key row.
 */
async function stampLastUse(db: Database, entries: string): Promise<void> {
  await db.none(
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

/** Worker purge: activity older than the 7 days GET /v1/account/usage shows. */
export async function purgeOldActivity(db: Database): Promise<number> {
  const result = await db.result(
    `DELETE FROM request_activity WHERE occurred_at < now() - interval '${RETENTION}'`,
  );
  return result.rowCount;
}
