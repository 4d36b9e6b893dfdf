/**
 * The single sequencer (invariant 4): assigns gap-free `seq` values, in (xid, id) order, only to
 * events whose writing transaction is older than every transaction still running — so an event can
 * never become visible behind a consumer's cursor. Postgres sequences are allocated at insert, not
 * commit, which is why `id` alone cannot be the feed order.
 */
import type { Database } from '../db/database.js';

const SEQUENCER_LOCK = 'ledger:sequencer:';

/** Numbers up to `limit` settled events; returns how many were numbered. */
export async function sequencePending(db: Database, limit = 5000): Promise<number> {
  return db.tx('sequence', async (tx) => {
    // One sequencer per ledger: the lock is scoped to the schema the ledger lives in.
    await tx.any(`SELECT pg_advisory_xact_lock(hashtext($1 || current_schema()))`, [SEQUENCER_LOCK]);
    const result = await tx.result(
      `WITH horizon AS (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
            last AS (SELECT COALESCE(max(seq), 0) AS seq FROM change_events),
            settled AS (
              SELECT e.id, row_number() OVER (ORDER BY e.xid, e.id) AS n
                FROM change_events e, horizon h
               WHERE e.seq IS NULL AND e.xid < h.xmin
               ORDER BY e.xid, e.id
               LIMIT $1)
       UPDATE change_events c SET seq = last.seq + settled.n, sequenced_at = now()
         FROM settled, last
        WHERE c.id = settled.id`,
      [limit],
    );
    return result.rowCount;
  });
}

/**
 * Numbers every event committed before the call. Events of transactions still running elsewhere in
 * the cluster (the horizon is cluster-wide) get numbered once those finish, so this polls briefly.
 */
export async function sequenceCommitted(db: Database, deadlineMs = 60_000): Promise<void> {
  const { target } = await db.one<{ target: string | null }>(
    'SELECT max(id)::text AS target FROM change_events',
  );
  const until = Date.now() + deadlineMs;
  for (;;) {
    await sequencePending(db);
    const { left } = await db.one<{ left: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM change_events WHERE id <= $1::bigint AND seq IS NULL) AS left',
      [target ?? '0'],
    );
    if (!left) return;
    if (Date.now() > until)
      throw new Error(`events not sequenced within ${deadlineMs} ms (a long transaction holds the horizon?)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Events written but not yet numbered, and the age of the oldest: the feed-lag metric. */
export async function sequencerLag(db: Database): Promise<{ pending: number; oldestSeconds: number }> {
  const row = await db.one<{ pending: number; oldest: number | null }>(
    `SELECT count(*)::int AS pending, EXTRACT(EPOCH FROM now() - min(occurred_at))::float8 AS oldest
       FROM change_events WHERE seq IS NULL`,
  );
  return { pending: row.pending, oldestSeconds: row.oldest ?? 0 };
}
