/**
 * The change ledger (ARCHITECTURE invariants 3–4). Writers append events inside the same transaction
 * as job_state; each row is stamped with its transaction id. Readers only ever see rows the
 * sequencer has numbered, in seq order. The statements are LedgerRepository's (db/ledger.ts).
 */
import type { Queryable } from '../db/database.js';
import { LedgerRepository, type LedgerEvent, type NewEvent } from '../db/ledger.js';

export type { EventKind, LedgerEvent, NewEvent } from '../db/ledger.js';

/** Appends events in the caller's transaction (one statement, arrays unnested server-side). */
export async function appendEvents(tx: Queryable, events: NewEvent[]): Promise<void> {
  await new LedgerRepository(tx).append(events);
}

/** Sequenced events after `sinceSeq`, in order. */
export async function readEvents(db: Queryable, sinceSeq: number, limit: number): Promise<LedgerEvent[]> {
  return new LedgerRepository(db).read(sinceSeq, limit);
}

/** The highest assigned seq (0 when none). */
export async function latestSeq(db: Queryable): Promise<number> {
  return new LedgerRepository(db).latestSeq();
}
