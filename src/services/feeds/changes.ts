/**
 * The durable change feed: sequenced ledger events after `since_seq`, in order. Events are kept for
 * RETENTION_DAYS; older positions answer 410 with what is needed to re-bootstrap.
 */
import type { Database } from '../../db/database.js';
import { LedgerRepository, type LedgerEvent } from '../../db/ledger.js';
import { ChangeFeedExpiredError } from '../../domain/errors.js';
import { checkpointOf } from '../../ledger/projector.js';
import { metered, type Meter } from '../allowance.js';

export const RETENTION_DAYS = 30;

export interface ChangePage {
  events: LedgerEvent[];
  next_seq: number;
}

export class ChangeFeedService {
  constructor(private readonly ledger: LedgerRepository) {}

  /** Events with seq > sinceSeq; 410 when sinceSeq fell out of retention. */
  async page(sinceSeq: number, limit: number, meter?: Meter): Promise<ChangePage> {
    const bounds = await this.ledger.retainedBounds();
    if (bounds.oldest > 0 && sinceSeq < bounds.oldest - 1)
      throw new ChangeFeedExpiredError(bounds.oldest, bounds.latest);
    // Upserts are charged, tombstones are free; a page is at most as long as the grant.
    return metered(meter, limit, async (size) => {
      const events = await this.ledger.read(sinceSeq, size);
      const upserts = events.filter((event) => event.kind === 'upsert').length;
      return { result: { events, next_seq: events[events.length - 1]?.seq ?? sinceSeq }, delivered: upserts };
    });
  }
}

/**
 * Deletes sequenced events older than the retention that the projector has already applied
 * (never the latest event, so the feed always knows its position). Returns how many went.
 */
export async function purgeExpiredEvents(db: Database, retentionDays = RETENTION_DAYS): Promise<number> {
  const checkpoint = await checkpointOf(db);
  return new LedgerRepository(db).purge(checkpoint, retentionDays);
}
