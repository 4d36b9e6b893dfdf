/**
 * SQL for outbound destinations and their delivery runs. Two rules live here because only the
 * database can keep them: at most one run per destination at a time (a session advisory lock held
 * by the delivering connection for the whole run, plus a unique index on running runs), and no
 * update or delete while a run holds that lock (the API tries the same lock, never waits).
 */
import type { DestinationFilters, DestinationKind, DestinationSettings } from '../domain/destinations.js';
import type { StoredJob } from '../domain/job.js';
import { isoSql, type Queryable } from './database.js';

export type { DestinationKind };
export type DisabledReason = 'created' | 'user' | 'consecutive_failures';

/** A sealed secret: key id and iv ‖ tag ‖ ciphertext. */
export interface SealedSecret {
  keyId: string;
  sealed: Buffer;
  hint: string;
}

export interface DestinationRow {
  id: string;
  account_id: string;
  kind: DestinationKind;
  name: string;
  state: 'enabled' | 'disabled';
  disabled_reason: DisabledReason | null;
  settings: DestinationSettings;
  filters: DestinationFilters;
  secret_hint: string;
  consecutive_failures: number;
  position: number | null;
  backfill_after: string | null;
  pending_from: number | null;
  pending_to: number | null;
  created_at: string;
  updated_at: string;
  last_run_at: string | null;
}

/** What delivery needs besides the row: the sealed secrets. */
export interface DeliverySecrets {
  current: { keyId: string; sealed: Buffer };
  previous?: { keyId: string; sealed: Buffer };
}

export interface RunRow {
  id: string;
  destination_id: string;
  status: 'running' | 'succeeded' | 'failed';
  started_at: string;
  finished_at: string | null;
  from_seq: number;
  to_seq: number | null;
  source_acknowledged: number;
  destination_acknowledged: number;
  report: RunReport;
}

export interface RunReport {
  attempts: number;
  error_class?: string;
  http_status?: number;
  message?: string;
}

const COLUMNS = `id, account_id, kind, name, state, disabled_reason, settings, filters, secret_hint,
  consecutive_failures, position::float8 AS position, backfill_after, pending_from::float8 AS pending_from,
  pending_to::float8 AS pending_to, ${isoSql('created_at')} AS created_at, ${isoSql('updated_at')} AS updated_at,
  ${isoSql('last_run_at')} AS last_run_at`;

const RUN_COLUMNS = `id, destination_id, status, ${isoSql('started_at')} AS started_at,
  ${isoSql('finished_at')} AS finished_at, from_seq::float8 AS from_seq, to_seq::float8 AS to_seq,
  source_acknowledged, destination_acknowledged, report`;

/** SQL: the 64-bit advisory lock key of destination `$1`, scoped to the schema. */
const LOCK_KEY = `('x' || substr(md5(current_schema() || ':destination:' || $1), 1, 16))::bit(64)::bigint`;

export class DestinationRepository {
  constructor(private readonly db: Queryable) {}

  async list(accountId: string): Promise<DestinationRow[]> {
    return this.db.any<DestinationRow>(
      `SELECT ${COLUMNS} FROM destinations WHERE account_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
      [accountId],
    );
  }

  async get(accountId: string, id: string): Promise<DestinationRow | null> {
    return this.db.oneOrNone<DestinationRow>(
      `SELECT ${COLUMNS} FROM destinations WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL`,
      [id, accountId],
    );
  }

  /**
   * Inserts a disabled destination unless the account already has `limit` (the account row is locked
   * first, so two concurrent creates cannot both pass the count). Null when at the limit.
   */
  async create(
    accountId: string,
    limit: number,
    values: {
      id: string;
      kind: DestinationKind;
      name: string;
      settings: DestinationSettings;
      filters: DestinationFilters;
      secret: SealedSecret;
    },
  ): Promise<DestinationRow | null> {
    return this.transaction('destination-create', async (tx) => {
      await tx.one('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
      const { count } = await tx.one<{ count: number }>(
        'SELECT count(*)::int AS count FROM destinations WHERE account_id = $1 AND deleted_at IS NULL',
        [accountId],
      );
      if (count >= limit) return null;
      return tx.one<DestinationRow>(
        `INSERT INTO destinations (id, account_id, kind, name, state, disabled_reason, settings, filters,
                                   secret_key_id, secret_sealed, secret_hint)
         VALUES ($9, $1, $2, $3, 'disabled', 'created', $4, $5, $6, $7, $8)
         RETURNING ${COLUMNS}`,
        [
          accountId,
          values.kind,
          values.name,
          values.settings,
          values.filters,
          values.secret.keyId,
          values.secret.sealed,
          values.secret.hint,
          values.id,
        ],
      );
    });
  }

  /**
   * Runs `work` in a transaction holding the destination's lock, taken without waiting: 'busy' when
   * a delivery run holds it; null when the destination is unknown, deleted or not the account's.
   */
  async whileIdle<T>(
    accountId: string,
    id: string,
    work: (tx: DestinationRepository, row: DestinationRow) => Promise<T>,
  ): Promise<T | 'busy' | null> {
    return this.transaction('destination-change', async (tx) => {
      const { idle } = await tx.one<{ idle: boolean }>(
        `SELECT pg_try_advisory_xact_lock(${LOCK_KEY}) AS idle`,
        [id],
      );
      const repository = new DestinationRepository(tx);
      const row = await repository.get(accountId, id);
      if (row === null) return null;
      if (!idle) return 'busy';
      return work(repository, row);
    });
  }

  async update(
    id: string,
    changes: {
      name?: string;
      settings?: DestinationSettings;
      filters?: DestinationFilters;
      secret?: SealedSecret;
      keepPreviousFor?: number;
      /** A new Postgres target: delivery restarts with a backfill as of this seq (if ever enabled). */
      restartAt?: number;
    },
  ): Promise<DestinationRow> {
    const { secret } = changes;
    return this.db.one<DestinationRow>(
      `UPDATE destinations SET
         name = COALESCE($2, name),
         settings = COALESCE($3, settings),
         filters = COALESCE($4, filters),
         previous_key_id = CASE WHEN $8::int IS NULL THEN CASE WHEN $5::text IS NULL THEN previous_key_id END ELSE secret_key_id END,
         previous_sealed = CASE WHEN $8::int IS NULL THEN CASE WHEN $5::text IS NULL THEN previous_sealed END ELSE secret_sealed END,
         previous_secret_until = CASE WHEN $8::int IS NULL THEN CASE WHEN $5::text IS NULL THEN previous_secret_until END
                                      ELSE now() + make_interval(secs => $8) END,
         secret_key_id = COALESCE($5, secret_key_id),
         secret_sealed = COALESCE($6, secret_sealed),
         secret_hint = COALESCE($7, secret_hint),
         backfill_after = CASE WHEN $9::bigint IS NOT NULL AND position IS NOT NULL THEN '' ELSE backfill_after END,
         position = CASE WHEN $9::bigint IS NOT NULL AND position IS NOT NULL THEN $9 ELSE position END,
         pending_from = CASE WHEN $9::bigint IS NOT NULL THEN NULL ELSE pending_from END,
         pending_to = CASE WHEN $9::bigint IS NOT NULL THEN NULL ELSE pending_to END,
         updated_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
      [
        id,
        changes.name ?? null,
        changes.settings ?? null,
        changes.filters ?? null,
        secret?.keyId ?? null,
        secret?.sealed ?? null,
        secret?.hint ?? null,
        changes.keepPreviousFor ?? null,
        changes.restartAt ?? null,
      ],
    );
  }

  /** Soft delete: the secrets are erased, the row and its runs stay for the record. */
  async softDelete(id: string): Promise<void> {
    await this.db.none(
      `UPDATE destinations SET deleted_at = now(), updated_at = now(), state = 'disabled', disabled_reason = 'user',
              secret_sealed = '\\x'::bytea, previous_key_id = NULL, previous_sealed = NULL, previous_secret_until = NULL
        WHERE id = $1`,
      [id],
    );
  }

  /**
   * Enables delivery and clears the failure count. The first enable fixes the position at
   * `latestSeq` and, for Postgres, starts the backfill of the open corpus.
   */
  async enable(accountId: string, id: string, latestSeq: number): Promise<DestinationRow | null> {
    return this.db.oneOrNone<DestinationRow>(
      `UPDATE destinations SET state = 'enabled', disabled_reason = NULL, consecutive_failures = 0,
              next_attempt_at = now(), updated_at = CASE WHEN state = 'enabled' THEN updated_at ELSE now() END,
              backfill_after = CASE WHEN position IS NULL AND kind = 'postgres' THEN '' ELSE backfill_after END,
              position = COALESCE(position, $3)
        WHERE id = $1 AND account_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      [id, accountId, latestSeq],
    );
  }

  async disable(id: string, reason: DisabledReason, accountId?: string): Promise<DestinationRow | null> {
    return this.db.oneOrNone<DestinationRow>(
      `UPDATE destinations SET updated_at = CASE WHEN state = 'disabled' THEN updated_at ELSE now() END,
              disabled_reason = CASE WHEN state = 'disabled' THEN disabled_reason ELSE $2 END, state = 'disabled'
        WHERE id = $1 AND ($3::uuid IS NULL OR account_id = $3) AND deleted_at IS NULL RETURNING ${COLUMNS}`,
      [id, reason, accountId ?? null],
    );
  }

  async runs(destinationId: string, limit: number): Promise<RunRow[]> {
    return this.db.any<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM delivery_runs WHERE destination_id = $1 ORDER BY started_at DESC, id LIMIT $2`,
      [destinationId, limit],
    );
  }

  // ---- delivery (worker) ----

  /** Enabled destinations whose next attempt is due, longest waiting first. */
  async due(limit: number): Promise<string[]> {
    const rows = await this.db.any<{ id: string }>(
      `SELECT id FROM destinations WHERE state = 'enabled' AND deleted_at IS NULL AND next_attempt_at <= now()
        ORDER BY next_attempt_at LIMIT $1`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Runs `work` on one connection holding the destination's session lock for its whole duration;
   * false when another run holds it. The lock goes with the connection if the process dies.
   */
  async withRunLock(
    id: string,
    work: (repository: DestinationRepository) => Promise<void>,
  ): Promise<boolean> {
    return this.db.task('destination-run', async (task) => {
      const { locked } = await task.one<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${LOCK_KEY}) AS locked`,
        [id],
      );
      if (!locked) return false;
      try {
        await work(new DestinationRepository(task));
      } finally {
        await task.one(`SELECT pg_advisory_unlock(${LOCK_KEY})`, [id]);
      }
      return true;
    });
  }

  /** The row and sealed secrets of an enabled destination, or null (disabled or deleted meanwhile). */
  async forDelivery(id: string): Promise<{ row: DestinationRow; secrets: DeliverySecrets } | null> {
    const found = await this.db.oneOrNone<
      DestinationRow & {
        secret_key_id: string;
        secret_sealed: Buffer;
        previous_key_id: string | null;
        previous_sealed: Buffer | null;
        previous_valid: boolean;
      }
    >(
      `SELECT ${COLUMNS}, secret_key_id, secret_sealed, previous_key_id, previous_sealed,
              COALESCE(previous_secret_until > now(), false) AS previous_valid
         FROM destinations WHERE id = $1 AND state = 'enabled' AND deleted_at IS NULL`,
      [id],
    );
    if (found === null) return null;
    const { secret_key_id, secret_sealed, previous_key_id, previous_sealed, previous_valid, ...row } = found;
    return {
      row,
      secrets: {
        current: { keyId: secret_key_id, sealed: secret_sealed },
        ...(previous_valid && previous_key_id !== null && previous_sealed !== null
          ? { previous: { keyId: previous_key_id, sealed: previous_sealed } }
          : {}),
      },
    };
  }

  /** Runs left 'running' by a process that died while holding the lock: failed, as interrupted. */
  async interruptedRuns(destinationId: string): Promise<RunRow[]> {
    return this.db.any<RunRow>(
      `SELECT ${RUN_COLUMNS} FROM delivery_runs WHERE destination_id = $1 AND status = 'running'`,
      [destinationId],
    );
  }

  async startRun(destinationId: string, fromSeq: number): Promise<string> {
    const { id } = await this.db.one<{ id: string }>(
      `WITH started AS (
         INSERT INTO delivery_runs (destination_id, from_seq) VALUES ($1, $2) RETURNING id, started_at)
       UPDATE destinations d SET last_run_at = started.started_at FROM started WHERE d.id = $1 RETURNING started.id`,
      [destinationId, fromSeq],
    );
    return id;
  }

  /** Progress of a run after a batch: counts so far, and the destination's new position. */
  async recordProgress(
    runId: string,
    progress: {
      toSeq: number;
      sourceAcknowledged: number;
      destinationAcknowledged: number;
      attempts: number;
      position: { seq: number; backfillAfter: string | null; pending: { from: number; to: number } | null };
    },
  ): Promise<void> {
    const { position } = progress;
    await this.db.none(
      `WITH run AS (
         UPDATE delivery_runs SET to_seq = $2, source_acknowledged = $3, destination_acknowledged = $4,
                report = jsonb_set(report, '{attempts}', to_jsonb($5::int))
          WHERE id = $1 RETURNING destination_id)
       UPDATE destinations d SET position = $6, backfill_after = $7, pending_from = $8, pending_to = $9
         FROM run WHERE d.id = run.destination_id`,
      [
        runId,
        progress.toSeq,
        progress.sourceAcknowledged,
        progress.destinationAcknowledged,
        progress.attempts,
        position.seq,
        position.backfillAfter,
        position.pending?.from ?? null,
        position.pending?.to ?? null,
      ],
    );
  }

  /** Marks a batch as sent but not known to be acknowledged (it is re-sent as is after a crash). */
  async markPending(destinationId: string, from: number, to: number): Promise<void> {
    await this.db.none('UPDATE destinations SET pending_from = $2, pending_to = $3 WHERE id = $1', [
      destinationId,
      from,
      to,
    ]);
  }

  /**
   * Ends a run. A success clears the failure count and makes the destination due again after
   * `nextInSeconds`; a failure counts, backs off (`backoffSeconds`) and disables the destination at
   * `disableAfter` consecutive failures.
   */
  async finishRun(
    runId: string,
    outcome: { ok: boolean; report: RunReport; nextInSeconds: number; disableAfter: number },
  ): Promise<void> {
    await this.db.none(
      `WITH run AS (
         UPDATE delivery_runs SET status = CASE WHEN $2 THEN 'succeeded' ELSE 'failed' END, finished_at = now(),
                report = $3
          WHERE id = $1 RETURNING destination_id)
       UPDATE destinations d SET
         consecutive_failures = CASE WHEN $2 THEN 0 ELSE consecutive_failures + 1 END,
         next_attempt_at = now() + make_interval(secs => CASE WHEN $2 THEN $4
                             ELSE least(1800, 30 * power(2, least(consecutive_failures, 10))) END),
         state = CASE WHEN NOT $2 AND consecutive_failures + 1 >= $5 THEN 'disabled' ELSE state END,
         disabled_reason = CASE WHEN NOT $2 AND consecutive_failures + 1 >= $5 AND state = 'enabled'
                                THEN 'consecutive_failures' ELSE disabled_reason END
         FROM run WHERE d.id = run.destination_id`,
      [runId, outcome.ok, outcome.report, outcome.nextInSeconds, outcome.disableAfter],
    );
  }

  /** An interrupted run's final record: what the destination itself says it committed, when it can say. */
  async closeInterrupted(
    runId: string,
    counts: { toSeq: number | null; destinationAcknowledged: number | null },
  ): Promise<void> {
    await this.db.none(
      `UPDATE delivery_runs SET status = 'failed', finished_at = now(),
              to_seq = COALESCE($2, to_seq), destination_acknowledged = COALESCE($3, destination_acknowledged),
              source_acknowledged = GREATEST(source_acknowledged, COALESCE($3, 0)),
              report = report || '{"error_class": "internal", "message": "the delivery process stopped during the run"}'
        WHERE id = $1 AND status = 'running'`,
      [runId, counts.toSeq, counts.destinationAcknowledged],
    );
  }

  /**
   * A run's counts as the destination recorded them (a run that failed after the customer committed
   * a batch we had not yet counted). Events read cannot be fewer than those acknowledged.
   */
  async correctCounts(
    runId: string,
    counts: { toSeq: number | null; destinationAcknowledged: number },
  ): Promise<void> {
    await this.db.none(
      `UPDATE delivery_runs SET to_seq = COALESCE($2, to_seq), destination_acknowledged = $3,
              source_acknowledged = GREATEST(source_acknowledged, $3)
        WHERE id = $1`,
      [runId, counts.toSeq, counts.destinationAcknowledged],
    );
  }

  /** The destination's position as the customer's own record has it (ours lags after a crash). */
  async setPosition(id: string, position: { seq: number; backfillAfter: string | null }): Promise<void> {
    await this.db.none(
      `UPDATE destinations SET position = $2, backfill_after = $3
        WHERE id = $1 AND (position IS DISTINCT FROM $2 OR backfill_after IS DISTINCT FROM $3)`,
      [id, position.seq, position.backfillAfter],
    );
  }

  /** Open jobs after `after` in job_key order (a backfill's pages; the primary key walks them). */
  async openJobsAfter(after: string, limit: number): Promise<{ job_key: string; document: StoredJob }[]> {
    return this.db.any<{ job_key: string; document: StoredJob }>(
      `SELECT job_key, document FROM job_state WHERE status = 'open' AND job_key > $1 ORDER BY job_key LIMIT $2`,
      [after, limit],
    );
  }

  /** Runs older than `days` (retention of run history). */
  async purgeRuns(days: number): Promise<number> {
    const result = await this.db.result(
      `DELETE FROM delivery_runs WHERE status <> 'running' AND started_at < now() - make_interval(days => $1)`,
      [days],
    );
    return result.rowCount;
  }

  private async transaction<T>(tag: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    return this.db.tx(tag, work);
  }
}
