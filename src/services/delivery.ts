/**
 * Delivery of the change feed to destinations (worker). One run per destination at a time: the run
 * holds the destination's lock on its own connection (db/destinations.ts). A run reads sequenced
 * events after the destination's position in batches and hands each batch to the destination,
 * recording progress after each acknowledged batch, until it catches up or its time is up.
 *
 * Nothing is lost or applied twice across crashes. Postgres: the batch and its record commit in one
 * customer transaction, and the customer's record is where a run resumes. Webhook: a batch is marked
 * pending before it is sent; a run finding a pending batch re-sends exactly it (same events, same
 * webhook-id) before reading on — at least once, deduplicable by webhook-id.
 */
import { readFileSync } from 'node:fs';
import type { DestinationsConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { DestinationRepository, type DestinationRow, type RunReport } from '../db/destinations.js';
import { LedgerRepository, type LedgerEvent } from '../db/ledger.js';
import type { StoredJob } from '../domain/job.js';
import { listedJob, publicChangeEvent } from '../domain/public-job.js';
import type { Logger } from '../lib/logger.js';
import { AddressBlockedError, resolvePermitted, type AddressPolicy } from '../destinations/address-guard.js';
import { jobMatcher } from '../destinations/filters.js';
import { CustomerTable, type CustomerRow, type PostgresTarget } from '../db/customer-table.js';
import { SecretBox } from '../destinations/secrets.js';
import { createWebhookSender, type WebhookSender } from '../destinations/webhook.js';
import { classifyPostgresError, redact } from '../destinations/failures.js';

/** After this many failed runs in a row a destination is disabled (the contract's number). */
export const DISABLE_AFTER_FAILURES = 10;
/** Run history retention (days), as the contract states. */
export const RUN_RETENTION_DAYS = 30;

export interface DeliveryDeps {
  db: Database;
  config: DestinationsConfig;
  userAgent: string;
  logger: Logger;
}

/** What a run did, for its record. */
interface Tally {
  toSeq: number;
  read: number;
  acknowledged: number;
  attempts: number;
}

/** One customer transaction's worth: rows, what was read for them, and the position after it. */
interface PostgresBatch {
  rows: CustomerRow[];
  read: number;
  toSeq: number;
  backfillAfter: string | null;
}

/** A run stops with this when the destination refused; carries the report's members. */
class DeliveryFailure extends Error {
  constructor(readonly report: Omit<RunReport, 'attempts'> & { message: string }) {
    super(report.message);
  }
}

export class DeliveryService {
  private readonly box: SecretBox;
  private readonly policy: AddressPolicy;
  private readonly extraCaPem: string | undefined;
  private readonly webhooks: WebhookSender;

  constructor(private readonly deps: DeliveryDeps) {
    this.box = new SecretBox(deps.config.keys);
    this.policy = { allowed: deps.config.allowedCidrs };
    this.extraCaPem =
      deps.config.extraCaFile === undefined ? undefined : readFileSync(deps.config.extraCaFile, 'utf8');
    this.webhooks = createWebhookSender({
      timeoutMs: deps.config.callTimeoutMs,
      maxAttempts: 4,
      addressPolicy: this.policy,
      userAgent: deps.userAgent,
      ...(this.extraCaPem === undefined ? {} : { extraCaPem: this.extraCaPem }),
    });
  }

  async close(): Promise<void> {
    await this.webhooks.close();
  }

  /** Destinations due now, at most `limit`. */
  async due(limit: number): Promise<string[]> {
    return new DestinationRepository(this.deps.db).due(limit);
  }

  /** One run of one destination; false when another run holds it. */
  async deliver(destinationId: string): Promise<boolean> {
    return new DestinationRepository(this.deps.db).withRunLock(destinationId, (repository) =>
      this.run(repository, destinationId),
    );
  }

  async purgeRuns(): Promise<number> {
    return new DestinationRepository(this.deps.db).purgeRuns(RUN_RETENTION_DAYS);
  }

  private async run(repository: DestinationRepository, id: string): Promise<void> {
    const found = await repository.forDelivery(id);
    if (found === null || (await this.idle(repository, found.row))) return;
    const { row, secrets } = found;
    const secret = this.box.open(secrets.current, id);
    const previous = secrets.previous === undefined ? undefined : this.box.open(secrets.previous, id);
    if (row.kind === 'postgres') await this.runPostgres(repository, row, secret);
    else await this.runWebhook(repository, row, previous === undefined ? [secret] : [secret, previous]);
  }

  private async runPostgres(
    repository: DestinationRepository,
    row: DestinationRow,
    password: string,
  ): Promise<void> {
    let table: CustomerTable;
    try {
      if ('url' in row.settings) throw new Error('a postgres destination without postgres settings');
      table = await this.openTable({ ...row.settings, password });
    } catch (error) {
      await this.closeInterrupted(repository, row.id);
      const runId = await repository.startRun(row.id, row.position ?? 0);
      await this.fail(repository, runId, { attempts: 1, ...failureReport(error, password) });
      return;
    }
    try {
      // What the customer's database recorded is the truth about runs a dead process left open.
      for (const interrupted of await repository.interruptedRuns(row.id)) {
        const recorded = await table.recorded(row.id, interrupted.id);
        await repository.closeInterrupted(interrupted.id, {
          toSeq: recorded.toSeq,
          destinationAcknowledged: recorded.events,
        });
      }
      const customer = await table.position(row.id);
      const start = {
        batch: customer?.batch ?? 0,
        toSeq: customer?.toSeq ?? row.position ?? 0,
        backfillAfter: customer === null ? row.backfill_after : customer.backfillAfter,
      };
      // Ours lags the customer's record when a process died between its commit and our note of
      // it; unset, a caught-up destination would look busy (and backfilling) forever.
      if (customer !== null)
        await repository.setPosition(row.id, { seq: start.toSeq, backfillAfter: start.backfillAfter });
      const runId = await repository.startRun(row.id, start.toSeq);
      await this.finishAfter(
        repository,
        runId,
        start.toSeq,
        password,
        (tally) => this.pumpPostgres(repository, row, runId, table, start, tally),
        async () => {
          // A failure after the customer committed (our record of it failed): its record is the truth.
          const recorded = await table.recorded(row.id, runId);
          await repository.correctCounts(runId, {
            toSeq: recorded.toSeq,
            destinationAcknowledged: recorded.events,
          });
        },
      );
    } finally {
      await table.close();
    }
  }

  private async openTable(target: PostgresTarget): Promise<CustomerTable> {
    const table = await CustomerTable.connect(target, {
      address: await resolvePermitted(target.host, this.policy),
      timeoutMs: this.deps.config.callTimeoutMs,
      ...(this.extraCaPem === undefined ? {} : { extraCaPem: this.extraCaPem }),
    });
    try {
      await table.ensureTables();
      return table;
    } catch (error) {
      await table.close();
      throw error;
    }
  }

  private async pumpPostgres(
    repository: DestinationRepository,
    row: DestinationRow,
    runId: string,
    table: CustomerTable,
    start: { batch: number; toSeq: number; backfillAfter: string | null },
    tally: Tally,
  ): Promise<boolean> {
    const matches = jobMatcher(row.filters);
    const deadline = Date.now() + this.deps.config.runSeconds * 1000;
    let position = start;
    let next = this.batchAfter(repository, matches, position);
    while (Date.now() < deadline) {
      const batch = await next;
      if (batch === null) return true;
      // The next read overlaps this batch's customer transaction: a run waited on the two
      // databases in turn, its thread idle 75% of the time (bench:destinations).
      next = this.batchAfter(repository, matches, batch);
      next.catch(() => undefined);
      tally.attempts += 1;
      position = await table.apply(row.id, position.batch, { runId, ...batch, events: batch.rows.length });
      tally.read += batch.read;
      tally.acknowledged += batch.rows.length;
      tally.toSeq = batch.toSeq;
      await repository.recordProgress(runId, {
        toSeq: batch.toSeq,
        sourceAcknowledged: tally.read,
        destinationAcknowledged: tally.acknowledged,
        attempts: tally.attempts,
        position: { seq: batch.toSeq, backfillAfter: batch.backfillAfter, pending: null },
      });
    }
    // Time is up: the read in flight is left for the next run (awaited, so it ends with this run).
    await next.catch(() => undefined);
    return false;
  }

  /** The batch after `at`: backfilled jobs while a backfill is on, else change events; null when caught up. */
  private async batchAfter(
    repository: DestinationRepository,
    matches: (job: StoredJob) => boolean,
    at: { toSeq: number; backfillAfter: string | null },
  ): Promise<PostgresBatch | null> {
    const size = this.deps.config.postgresBatchSize;
    if (at.backfillAfter !== null) {
      const jobs = await repository.openJobsAfter(at.backfillAfter, size);
      return {
        rows: jobs
          .filter((job) => matches(job.document))
          .map((job) => ({
            job_key: job.job_key,
            seq: at.toSeq,
            deleted: false,
            job: listedJob(job.document),
          })),
        read: jobs.length,
        toSeq: at.toSeq,
        backfillAfter: jobs.length < size ? null : (jobs[jobs.length - 1]?.job_key ?? null),
      };
    }
    const events = await this.readEvents(at.toSeq, size);
    const last = events[events.length - 1];
    if (last === undefined) return null;
    return {
      rows: events.map((event) => customerRow(event, matches)),
      read: events.length,
      toSeq: last.seq,
      backfillAfter: null,
    };
  }

  private async runWebhook(
    repository: DestinationRepository,
    row: DestinationRow,
    secrets: string[],
  ): Promise<void> {
    await this.closeInterrupted(repository, row.id);
    const from = row.position ?? 0;
    const runId = await repository.startRun(row.id, from);
    await this.finishAfter(repository, runId, from, undefined, (tally) =>
      this.pumpWebhook(repository, row, runId, secrets, tally),
    );
  }

  private async pumpWebhook(
    repository: DestinationRepository,
    row: DestinationRow,
    runId: string,
    secrets: string[],
    tally: Tally,
  ): Promise<boolean> {
    const matches = jobMatcher(row.filters);
    if (!('url' in row.settings)) throw new Error('a webhook destination without a url');
    const { url } = row.settings;
    const deadline = Date.now() + this.deps.config.runSeconds * 1000;
    let position = row.position ?? 0;
    let pending =
      row.pending_from === null || row.pending_to === null
        ? null
        : { from: row.pending_from, to: row.pending_to };
    while (Date.now() < deadline) {
      // A pending batch is re-sent exactly: the same seq range, hence the same events and webhook-id.
      const events =
        pending === null
          ? await this.readEvents(position, this.deps.config.batchSize)
          : await this.readEvents(pending.from, pending.to - pending.from);
      if (events.length === 0 && pending === null) return true;
      const range = pending ?? { from: position, to: events[events.length - 1]?.seq ?? position };
      const delivered = events.filter((event) => event.document === null || matches(event.document));
      if (delivered.length > 0) {
        await repository.markPending(row.id, range.from, range.to);
        const body = JSON.stringify({
          destination_id: row.id,
          run_id: runId,
          from_seq: range.from,
          to_seq: range.to,
          events: delivered.map(publicChangeEvent),
        });
        const outcome = await this.webhooks.send(url, secrets, {
          id: `msg_${row.id}_${range.from}_${range.to}`,
          timestamp: new Date(),
          body,
        });
        tally.attempts += outcome.attempts;
        if (!outcome.ok)
          throw new DeliveryFailure({
            error_class: outcome.errorClass,
            ...(outcome.httpStatus === undefined ? {} : { http_status: outcome.httpStatus }),
            message: outcome.message,
          });
      }
      tally.read += events.length;
      tally.acknowledged += delivered.length;
      tally.toSeq = range.to;
      position = range.to;
      pending = null;
      await repository.recordProgress(runId, {
        toSeq: range.to,
        sourceAcknowledged: tally.read,
        destinationAcknowledged: tally.acknowledged,
        attempts: tally.attempts,
        position: { seq: range.to, backfillAfter: null, pending: null },
      });
    }
    return false;
  }

  /** Runs `pump` and records how the run ended. `pump` answers whether it caught up. */
  private async finishAfter(
    repository: DestinationRepository,
    runId: string,
    from: number,
    password: string | undefined,
    pump: (tally: Tally) => Promise<boolean>,
    /** Corrects the run's counts from the destination's own record after a failure, when it has one. */
    reconcile?: () => Promise<void>,
  ): Promise<void> {
    const tally: Tally = { toSeq: from, read: 0, acknowledged: 0, attempts: 0 };
    try {
      const caughtUp = await pump(tally);
      await repository.finishRun(runId, {
        ok: true,
        report: { attempts: tally.attempts },
        nextInSeconds: caughtUp ? this.deps.config.pollMs / 1000 : 0,
        disableAfter: DISABLE_AFTER_FAILURES,
      });
    } catch (error) {
      const report = error instanceof DeliveryFailure ? error.report : failureReport(error, password);
      // Best effort: when the destination cannot be read either, the counts stay ours.
      await reconcile?.().catch(() => undefined);
      await this.fail(repository, runId, { attempts: Math.max(tally.attempts, 1), ...report });
    }
  }

  private async fail(repository: DestinationRepository, runId: string, report: RunReport): Promise<void> {
    this.deps.logger.warn({ runId, errorClass: report.error_class }, 'destination run failed');
    await repository.finishRun(runId, {
      ok: false,
      report,
      nextInSeconds: 0,
      disableAfter: DISABLE_AFTER_FAILURES,
    });
  }

  /**
   * Nothing to deliver: no backfill or pending batch, no event past the position, no run a dead
   * process left open. Then no run is recorded and nothing is contacted — a caught-up destination
   * polled every second would otherwise log 86,400 empty runs a day.
   */
  private async idle(repository: DestinationRepository, row: DestinationRow): Promise<boolean> {
    if (row.backfill_after !== null || row.pending_from !== null) return false;
    const latest = await new LedgerRepository(this.deps.db).latestSeq();
    if (latest > (row.position ?? 0)) return false;
    return (await repository.interruptedRuns(row.id)).length === 0;
  }

  /** Runs a dead process left 'running', closed with what our own records say. */
  private async closeInterrupted(repository: DestinationRepository, id: string): Promise<void> {
    for (const interrupted of await repository.interruptedRuns(id))
      await repository.closeInterrupted(interrupted.id, { toSeq: null, destinationAcknowledged: null });
  }

  private async readEvents(after: number, limit: number): Promise<LedgerEvent[]> {
    return new LedgerRepository(this.deps.db).read(after, limit);
  }
}

/** The customer row an event leads to: live when the job is open and passes the filters. */
function customerRow(
  event: LedgerEvent,
  matches: (job: NonNullable<LedgerEvent['document']>) => boolean,
): CustomerRow {
  const { document } = event;
  if (document === null) return { job_key: event.job_key, seq: event.seq, deleted: true, job: null };
  const live = document.status === 'open' && matches(document);
  return { job_key: event.job_key, seq: event.seq, deleted: !live, job: listedJob(document) };
}

/** The report of a run that failed on something other than a webhook answer. */
function failureReport(
  error: unknown,
  password: string | undefined,
): Omit<RunReport, 'attempts'> & { message: string } {
  const message = redact(error instanceof Error ? error.message : 'unknown error', password);
  if (error instanceof AddressBlockedError) return { error_class: 'address_blocked', message };
  return { error_class: classifyPostgresError(error), message };
}
