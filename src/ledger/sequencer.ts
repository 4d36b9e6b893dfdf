/**
 * The single sequencer (invariant 4): assigns gap-free `seq` values, in (xid, id) order, only to
 * events whose writing transaction is older than every transaction still running — so an event can
 * never become visible behind a consumer's cursor. Postgres sequences are allocated at insert, not
 * commit, which is why `id` alone cannot be the feed order.
 */
import type { Database } from '../db/database.js';
import { LedgerRepository } from '../db/ledger.js';

/** Numbers up to `limit` settled events; returns how many were numbered. */
export async function sequencePending(db: Database, limit = 5000): Promise<number> {
  return new LedgerRepository(db).sequence(limit);
}

/**
 * Numbers every event committed before the call. Events of transactions still running elsewhere in
 * the cluster (the horizon is cluster-wide) get numbered once those finish, so this polls briefly.
 */
export async function sequenceCommitted(db: Database, deadlineMs = 60_000): Promise<void> {
  const ledger = new LedgerRepository(db);
  const target = await ledger.latestId();
  const until = Date.now() + deadlineMs;
  for (;;) {
    await sequencePending(db);
    const left = await ledger.unsequencedUpTo(target ?? '0');
    if (!left) return;
    if (Date.now() > until)
      throw new Error(`events not sequenced within ${deadlineMs} ms (a long transaction holds the horizon?)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Events written but not yet numbered, and the age of the oldest: the feed-lag metric. */
export async function sequencerLag(db: Database): Promise<{ pending: number; oldestSeconds: number }> {
  const row = await new LedgerRepository(db).unsequenced();
  return { pending: row.pending, oldestSeconds: row.oldest ?? 0 };
}
