import type { Database } from '../../src/db/database.js';

/**
 * Resolves once a backend of this database (not `db`'s own) waits on a lock, while running a
 * statement containing `fragment` when one is given. Polled every 10 ms, for at most 10 s.
 */
export async function untilWaitingOnLock(db: Database, fragment = ''): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const waiting = await db.oneOrNone<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND datname = current_database()
          AND position($1 IN query) > 0 AND pid <> pg_backend_pid() LIMIT 1`,
      [fragment],
    );
    if (waiting !== null) return;
    if (Date.now() > deadline)
      throw new Error(`no backend waited on a lock (${fragment || 'any statement'})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
