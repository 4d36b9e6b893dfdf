/**
 * SQL for the change ledger (change_events): appending in the writer's transaction, sequencing,
 * sequenced reads, retention, and the projector's checkpoint and lock. The rules these statements
 * implement are described where they are used (src/ledger/).
 */
import type { Queryable } from './database.js';
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

const SEQUENCER_LOCK = 'ledger:sequencer:';

export class LedgerRepository {
  constructor(private readonly db: Queryable) {}

  /** Appends events in the caller's transaction (one statement, arrays unnested server-side). */
  async append(events: NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.db.none(
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
  async read(sinceSeq: number, limit: number): Promise<LedgerEvent[]> {
    return this.db.any<LedgerEvent>(
      `SELECT seq::bigint::float8 AS seq, job_key, revision::float8 AS revision, kind, change, changed_fields,
              to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_at, document
         FROM change_events WHERE seq > $1 ORDER BY seq LIMIT $2`,
      [sinceSeq, limit],
    );
  }

  /** The highest assigned seq (0 when none). */
  async latestSeq(): Promise<number> {
    const row = await this.db.one<{ seq: number }>(
      'SELECT COALESCE(max(seq), 0)::float8 AS seq FROM change_events',
    );
    return row.seq;
  }

  /**
   * Numbers up to `limit` settled events, in (xid, id) order, only those whose writing transaction
   * is older than every transaction still running; returns how many were numbered.
   */
  async sequence(limit: number): Promise<number> {
    return this.db.tx('sequence', async (tx) => {
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

  /** The id of the latest event written (null when none), as text. */
  async latestId(): Promise<string | null> {
    const { target } = await this.db.one<{ target: string | null }>(
      'SELECT max(id)::text AS target FROM change_events',
    );
    return target;
  }

  /** Whether an event with id ≤ `id` is still unnumbered. */
  async unsequencedUpTo(id: string): Promise<boolean> {
    const { left } = await this.db.one<{ left: boolean }>(
      'SELECT EXISTS (SELECT 1 FROM change_events WHERE id <= $1::bigint AND seq IS NULL) AS left',
      [id],
    );
    return left;
  }

  /** Events written but not yet numbered, and the age of the oldest in seconds. */
  async unsequenced(): Promise<{ pending: number; oldest: number | null }> {
    return this.db.one<{ pending: number; oldest: number | null }>(
      `SELECT count(*)::int AS pending, EXTRACT(EPOCH FROM now() - min(occurred_at))::float8 AS oldest
         FROM change_events WHERE seq IS NULL`,
    );
  }

  /** Oldest and latest sequenced event (0, 0 when none). */
  async retainedBounds(): Promise<{ oldest: number; latest: number }> {
    const row = await this.db.one<{ oldest: number | null; latest: number | null }>(
      'SELECT min(seq)::float8 AS oldest, max(seq)::float8 AS latest FROM change_events WHERE seq IS NOT NULL',
    );
    return { oldest: row.oldest ?? 0, latest: row.latest ?? 0 };
  }

  /**
   * Deletes sequenced events up to `checkpoint` older than `retentionDays` (never the latest event,
   * so the feed always knows its position). Returns how many went.
   */
  async purge(checkpoint: number, retentionDays: number): Promise<number> {
    const result = await this.db.result(
      `DELETE FROM change_events
        WHERE seq IS NOT NULL AND seq <= $1 AND occurred_at < now() - make_interval(days => $2)
          AND seq < (SELECT max(seq) FROM change_events)`,
      [checkpoint, retentionDays],
    );
    return result.rowCount;
  }

  /** A projection's checkpoint: the last seq it fully applied (0 before the first). */
  async checkpoint(name: string): Promise<number> {
    const row = await this.db.oneOrNone<{ seq: number }>(
      'SELECT seq::float8 AS seq FROM projector_checkpoints WHERE name = $1',
      [name],
    );
    return row?.seq ?? 0;
  }

  /** Advances a projection's checkpoint (never moves it back). */
  async saveCheckpoint(name: string, seq: number): Promise<void> {
    await this.db.none(
      `INSERT INTO projector_checkpoints (name, seq) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET seq = GREATEST(projector_checkpoints.seq, EXCLUDED.seq), updated_at = now()`,
      [name, seq],
    );
  }

  /**
   * Takes the projector's session lock if free (one projector per ledger: the lock is scoped to the
   * schema the ledger lives in). Session-scoped: call it and `unlockProjector` on one connection (a task).
   */
  async tryLockProjector(): Promise<boolean> {
    const { locked } = await this.db.one<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('ledger:projector:' || current_schema())) AS locked`,
    );
    return locked;
  }

  async unlockProjector(): Promise<void> {
    await this.db.any(`SELECT pg_advisory_unlock(hashtext('ledger:projector:' || current_schema()))`);
  }
}
