/**
 * The change ledger (ARCHITECTURE invariants 3–4). Writers append events inside the same transaction
 * as job_state; each row is stamped with its transaction id. Readers only ever see rows the
 * sequencer has numbered, in seq order.
 */
import type { Queryable } from '../db/database.js';
import type { ChangeKind } from '../domain/lifecycle.js';
import type { StoredJob } from '../domain/job.js';

export type EventKind = 'upsert' | 'tombstone';

export interface NewEvent {
  jobKey: string;
  revision: number;
  kind: EventKind;
  change: ChangeKind | 'deleted';
  changedFields: string[];
  /** Full document for upserts; absent for tombstones. */
  document?: StoredJob;
}

export interface LedgerEvent {
  seq: number;
  job_key: string;
  revision: number;
  kind: EventKind;
  change: ChangeKind | 'deleted';
  changed_fields: string[];
  occurred_at: string;
  document: StoredJob | null;
}

/** Appends events in the caller's transaction (one statement, arrays unnested server-side). */
export async function appendEvents(tx: Queryable, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.none(
    `INSERT INTO change_events (job_key, revision, kind, change, changed_fields, document)
     SELECT k, v, kind, ch, CASE WHEN f = '' THEN '{}'::text[] ELSE string_to_array(f, ',') END, doc
       FROM unnest($1::text[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
            WITH ORDINALITY AS t(k, v, kind, ch, f, doc, ord)
      ORDER BY ord`,
    [
      events.map((e) => e.jobKey),
      events.map((e) => e.revision),
      events.map((e) => e.kind),
      events.map((e) => e.change),
      events.map((e) => e.changedFields.join(',')),
      events.map((e) => (e.document === undefined ? null : JSON.stringify(e.document))),
    ],
  );
}

/** Sequenced events after `sinceSeq`, in order. */
export async function readEvents(db: Queryable, sinceSeq: number, limit: number): Promise<LedgerEvent[]> {
  return db.any<LedgerEvent>(
    `SELECT seq::bigint::float8 AS seq, job_key, revision::float8 AS revision, kind, change, changed_fields,
            to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at, document
       FROM change_events WHERE seq > $1 ORDER BY seq LIMIT $2`,
    [sinceSeq, limit],
  );
}

/** The highest assigned seq (0 when none). */
export async function latestSeq(db: Queryable): Promise<number> {
  const row = await db.one<{ seq: number }>('SELECT COALESCE(max(seq), 0)::float8 AS seq FROM change_events');
  return row.seq;
}
