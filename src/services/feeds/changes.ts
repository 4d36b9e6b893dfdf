/**
 * The durable change feed: sequenced ledger events after `since_seq`, in order. Events are kept for
 * RETENTION_DAYS; older positions answer 410 with what is needed to re-bootstrap.
 */
import type { Database, Queryable } from '../../db/database.js';
import { ChangeFeedExpiredError } from '../../domain/errors.js';
import { readEvents, type LedgerEvent } from '../../ledger/ledger.js';
import { checkpointOf } from '../../ledger/projector.js';
import { metered, type Meter } from '../allowance.js';

export const RETENTION_DAYS = 30;

export interface ChangePage {
  events: LedgerEvent[];
  nextSeq: number;
}

export class ChangeFeedService {
  constructor(private readonly db: Database) {}

  /** Events with seq > sinceSeq; 410 when sinceSeq fell out of retention. */
  async page(sinceSeq: number, limit: number, meter?: Meter): Promise<ChangePage> {
    const bounds = await retainedBounds(this.db);
    if (bounds.oldest > 0 && sinceSeq < bounds.oldest - 1)
      throw new ChangeFeedExpiredError(bounds.oldest, bounds.latest);
    // Upserts are charged, tombstones are free; a page is at most as long as the grant.
    return metered(meter, limit, async (size) => {
      const events = await readEvents(this.db, sinceSeq, size);
      const upserts = events.filter((event) => event.kind === 'upsert').length;
      return { result: { events, nextSeq: events[events.length - 1]?.seq ?? sinceSeq }, delivered: upserts };
    });
  }
}

/** Oldest and latest sequenced event (0, 0 when none). */
export async function retainedBounds(db: Queryable): Promise<{ oldest: number; latest: number }> {
  const row = await db.one<{ oldest: number | null; latest: number | null }>(
    'SELECT min(seq)::float8 AS oldest, max(seq)::float8 AS latest FROM change_events WHERE seq IS NOT NULL',
  );
  return { oldest: row.oldest ?? 0, latest: row.latest ?? 0 };
}

/**
 * Deletes sequenced events older than the retention that the projector has already applied
 * (never the latest event, so the feed always knows its position). Returns how many went.
 */
export async function purgeExpiredEvents(db: Database, retentionDays = RETENTION_DAYS): Promise<number> {
  const checkpoint = await checkpointOf(db);
  const result = await db.result(
    `DELETE FROM change_events
      WHERE seq IS NOT NULL AND seq <= $1 AND occurred_at < now() - make_interval(days => $2)
        AND seq < (SELECT max(seq) FROM change_events)`,
    [checkpoint, retentionDays],
  );
  return result.rowCount;
}
