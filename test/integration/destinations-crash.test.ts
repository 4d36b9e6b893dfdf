/**
 * Crash test of delivery (the acceptance of outbound destinations): the delivery-only worker is
 * SIGKILLed 20 times at seeded random points while it delivers a synthetic corpus, loaded and changed
 * through the real ingest path, to a customer's Postgres table and to a webhook receiver (both reached
 * through relays that add a few milliseconds of network latency). Afterwards
 * the customer table equals the source with nothing lost or applied twice, every run's
 * acknowledgement count matches what the destination recorded, and the receiver got every event at
 * least once, deduplicable by webhook-id. Own schema and index: the table is compared with the whole
 * corpus.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DestinationRepository, type RunRow } from '../../src/db/destinations.js';
import type { StoredJob } from '../../src/domain/job.js';
import { listedJob } from '../../src/domain/public-job.js';
import { jobMatcher } from '../../src/destinations/filters.js';
import type { BoardLine } from '../../src/ingest/crawl/boards-file.js';
import { loadBoards } from '../../src/ingest/crawl/boards.js';
import { createIngestDeps, type IngestRuntime } from '../../src/ingest/crawl/deps.js';
import type { SourcePosting } from '../../src/ingest/types.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { systemClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { DeliveryService } from '../../src/services/delivery.js';
import { seededRandom } from '../support/random.js';
import { syntheticBoardLines } from '../support/synthetic.js';
import { selfSignedCertificate } from '../support/tls.js';
import {
  startWebhookReceiver,
  type ReceivedBatch,
  type WebhookReceiver,
} from '../support/webhook-receiver.js';
import { createCustomerDb, type CustomerDb } from './customer-db.js';
import { startLatencyRelay } from './destinations-crash-latency.js';
import { startDeliveryWorker, type DeliveryWorker } from './destinations-crash-worker.js';
import { closeEnv, openEnv, testConfig, type TestEnv } from './env.js';
import { call, jsonBody, withKey } from './http.js';

/** Replay a failure with JLDS_CRASH_SEED=<seed>; the decisions (changes, kill delays) follow from it. */
const SEED = Number(process.env.JLDS_CRASH_SEED ?? 20_260_517);
const KILLS = 20;
const MAX_KILL_DELAY_MS = 1500;
const INITIAL_JOBS = 3000;
/** Jobs held back from the synthetic corpus for the boards added between kills. */
const RESERVE_JOBS = 3000;
const MEAN_BOARD_SIZE = 20;
/**
 * Small batches, so a run is many transactions and calls and kills land between and inside them:
 * the backfill is about 60 customer transactions, a few worker lives, and change batches follow
 * it. The webhook's are smaller still: it has a backlog at most kills, often with a batch pending
 * (sent, not yet recorded as acknowledged).
 */
const POSTGRES_BATCH_SIZE = 50;
const WEBHOOK_BATCH_SIZE = 3;
const CUSTOMER_TABLE = 'jobs';
/** Between the worker and each destination, each way: a round trip of 10 ms, a nearby region. */
const ONE_WAY_LATENCY_MS = 5;
const INTERRUPTED = 'the delivery process stopped during the run';

interface Board {
  line: BoardLine;
  /** Every posting in its current version; the first `live` are published. */
  postings: SourcePosting[];
  live: number;
  /**
   * The round before which every live posting got an event after the enable position (a creation
   * or a revision), or null. Only boards evented in an earlier round lose postings: a job closed
   * before the backfill read it, with no event since enable, is rightly never delivered, and the
   * test could not tell which of those the backfill saw.
   */
  evented: number | null;
}

interface KillRecord {
  round: number;
  delayMs: number;
  /** Runs in progress right before the kill. */
  postgresRun: boolean;
  webhookRun: boolean;
  /** The Postgres run was still backfilling (our record of its position). */
  backfill: boolean;
  /** A statement or transaction of the worker was in progress in the customer's database. */
  customerTransaction: boolean;
  /**
   * Runs still 'running' once the process was gone: cut by this kill (or by an earlier one, when
   * this worker died before it reached the destination); the next run closes them as interrupted.
   */
  postgresLeft?: string;
  webhookLeft?: string;
  /** The customer had committed a batch of that run which our run record did not count yet. */
  committedUnrecorded: boolean;
  /** The webhook-id of the batch marked pending (sent or about to be, not recorded as acknowledged). */
  webhookPending?: string;
  /** ... which the receiver had acknowledged under the cut run. */
  webhookAcknowledgedUnrecorded: boolean;
}

interface CustomerRowState {
  seq: number;
  deleted: boolean;
  job: unknown;
}

interface DeliveryRecord {
  batch: number;
  run_id: string;
  to_seq: number;
  backfill_after: string | null;
  rows: number;
}

describe('destinations crash (SIGKILL during delivery runs)', function () {
  this.timeout(300_000);
  const run = randomBytes(3).toString('hex');
  // The worker process must derive the same destination-secret key (from CURSOR_SECRET) as this
  // process, which seals the secrets through the API: both get these exact values.
  const settings: Record<string, string> = {
    PG_SCHEMA: `t_${run}_crash`,
    ES_INDEX_PREFIX: `t${run}-crash`,
    API_KEY_PEPPER: randomBytes(32).toString('hex'),
    CURSOR_SECRET: randomBytes(32).toString('hex'),
    DESTINATION_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
    DESTINATION_BATCH_SIZE: String(WEBHOOK_BATCH_SIZE),
    DESTINATION_POSTGRES_BATCH_SIZE: String(POSTGRES_BATCH_SIZE),
    DESTINATION_POLL_MS: '50',
    DESTINATION_CALL_TIMEOUT_MS: '5000',
  };
  let env: TestEnv;
  let ingest: IngestRuntime;
  let customer: CustomerDb;
  let receiver: WebhookReceiver;
  let caFile = '';
  let key = '';
  let postgresId = '';
  let webhookId = '';
  let signingSecret = '';
  /** The seq both destinations were enabled at (nothing was committed between the two enables). */
  let enabledAt = 0;
  /** Open jobs of resolved companies at enable: what the backfill owes the customer. */
  let openAtEnable = new Set<string>();
  const boards: Board[] = [];
  const reserve: Board[] = [];
  const kills: KillRecord[] = [];
  const changes = seededRandom(SEED);
  const delays = seededRandom(SEED + 1);
  let worker: DeliveryWorker | undefined;
  /** What setup opened, released in after() in reverse order. */
  const cleanup: (() => Promise<unknown>)[] = [];
  const workerLogs: DeliveryWorker['logs'] = [];
  /** Wall time per phase (ms), for the summary: where the test's minutes go. */
  const timing = { setup: 0, change: 0, boot: 0, kill: 0, recovery: 0 };
  const lap = (() => {
    let last = performance.now();
    return (phase: keyof typeof timing) => {
      const now = performance.now();
      timing[phase] += Math.round(now - last);
      last = now;
    };
  })();

  const db = () => env.runtime.database.db;

  before(async () => {
    const cert = await selfSignedCertificate();
    caFile = join(tmpdir(), `jlds-destinations-crash-ca-${run}.pem`);
    const stackCa = process.env.DESTINATION_EXTRA_CA_FILE;
    await writeFile(
      caFile,
      `${stackCa === undefined || stackCa === '' ? '' : readFileSync(stackCa, 'utf8')}\n${cert.cert}`,
    );
    cleanup.push(() => rm(caFile, { force: true }));
    settings.DESTINATION_EXTRA_CA_FILE = caFile;
    env = await openEnv(testConfig(settings));
    cleanup.push(() => closeEnv(env));
    ingest = createIngestDeps(db(), env.config, systemClock);
    cleanup.push(() => ingest.close());
    let jobs = 0;
    for (const { line, postings } of syntheticBoardLines({
      seed: SEED,
      jobs: INITIAL_JOBS + RESERVE_JOBS,
      meanBoardSize: MEAN_BOARD_SIZE,
    })) {
      const board: Board = { line, postings, live: postings.length, evented: null };
      if (jobs < INITIAL_JOBS) boards.push(board);
      else reserve.push(board);
      jobs += postings.length;
    }
    await publish(boards);
    ({ key } = await env.services.accounts.createActiveAccount({
      email: 'crash@example.com',
      plan: 'scale',
      isService: false,
    }));
    customer = await createCustomerDb(`crash_${run}`);
    cleanup.push(() => customer.drop());
    receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    // Both destinations are reached through relays that add network latency (see the relay).
    const database = await startLatencyRelay(
      { host: '127.0.0.1', port: customer.settings.port },
      ONE_WAY_LATENCY_MS,
    );
    cleanup.push(() => database.close());
    const receiverUrl = new URL(receiver.url);
    const endpoint = await startLatencyRelay(
      { host: '127.0.0.1', port: Number(receiverUrl.port) },
      ONE_WAY_LATENCY_MS,
    );
    cleanup.push(() => endpoint.close());
    receiverUrl.port = String(endpoint.port);
    postgresId = await create({
      kind: 'postgres',
      name: 'customer table',
      config: { ...customer.settings, port: database.port, table: CUSTOMER_TABLE, sslmode: 'verify-full' },
    });
    const hook = await api('/v1/destinations', {
      method: 'POST',
      ...jsonBody({ kind: 'webhook', name: 'receiver', config: { url: receiverUrl.href } }),
    });
    expect(hook.status, JSON.stringify(hook.body)).to.equal(201);
    ({ id: webhookId, signing_secret: signingSecret } = hook.body as { id: string; signing_secret: string });
    openAtEnable = new Set((await openCorpus()).keys());
    enabledAt = await latestSeq();
    for (const id of [postgresId, webhookId]) {
      const enabled = await api(`/v1/destinations/${id}/enable`, { method: 'POST' });
      expect(enabled.status).to.equal(200);
      expect(enabled.body).to.include({ state: 'enabled', last_delivered_seq: enabledAt });
    }
    lap('setup');
  });

  after(async () => {
    // Newest first, each whatever the others do: a setup that failed halfway must not leave the
    // prepare threads or the schema behind (open handles would also keep mocha from exiting).
    const failures: unknown[] = [];
    await worker?.kill().catch((error: unknown) => failures.push(error));
    for (const release of cleanup.reverse()) await release().catch((error: unknown) => failures.push(error));
    if (failures.length > 0)
      throw new AggregateError(
        failures,
        `cleanup failed: ${failures.map((failure) => (failure instanceof Error ? failure.message : String(failure))).join('; ')}`,
      );
  });

  function api(path: string, init: RequestInit = {}) {
    return call(path, withKey(key, init), env.baseUrl);
  }

  async function create(body: unknown): Promise<string> {
    const response = await api('/v1/destinations', { method: 'POST', ...jsonBody(body) });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return (response.body as { id: string }).id;
  }

  /** Records the boards' current postings through the ingest path and sequences the events. */
  async function publish(changed: Board[]): Promise<void> {
    await loadBoards(
      ingest,
      changed.map((board) => ({ line: board.line, postings: board.postings.slice(0, board.live) })),
      4,
    );
    await catchUp(db(), env.runtime.es, env.runtime.indices.alias, systemClock);
  }

  function pick<T>(items: T[], count: number): T[] {
    const pool = [...items];
    const picked: T[] = [];
    while (picked.length < count && pool.length > 0)
      picked.push(...pool.splice(Math.floor(changes() * pool.length), 1));
    return picked;
  }

  /**
   * The source's changes before round `round`: new boards (created jobs), revised boards
   * (modifications), shrunk boards (closures) and, now and then, a board publishing its closed
   * postings again (reopenings). Seeded, so every run makes the same changes.
   */
  async function changeSource(round: number): Promise<void> {
    const touched = new Set<Board>();
    for (const board of reserve.splice(0, 2 + Math.floor(changes() * 5))) {
      board.evented = round;
      boards.push(board);
      touched.add(board);
    }
    for (const board of pick(boards, 4 + Math.floor(changes() * 6))) {
      board.postings = board.postings.map((posting) => ({
        ...posting,
        descriptionHtml: `${posting.descriptionHtml ?? ''}\n<p>Revised before round ${round}.</p>`,
      }));
      board.evented ??= round;
      touched.add(board);
    }
    const closable = boards.filter(
      (board) => board.evented !== null && board.evented < round && board.live >= 2,
    );
    for (const board of pick(closable, 2 + Math.floor(changes() * 4))) {
      board.live = Math.max(1, Math.floor(board.live * (0.3 + changes() * 0.4)));
      touched.add(board);
    }
    if (round % 4 === 3) {
      const shrunk = boards.filter((board) => board.live < board.postings.length);
      for (const board of pick(shrunk, 1)) {
        board.live = board.postings.length;
        touched.add(board);
      }
    }
    await publish([...touched]);
  }

  async function latestSeq(): Promise<number> {
    const { seq } = await db().one<{ seq: number }>(
      'SELECT COALESCE(max(seq), 0)::float8 AS seq FROM change_events',
    );
    return seq;
  }

  /** Open jobs of resolved companies, as the change feed carries them. */
  async function openCorpus(): Promise<Map<string, unknown>> {
    const rows = await db().any<{ job_key: string; document: StoredJob }>(
      `SELECT job_key, document FROM job_state WHERE status = 'open'`,
    );
    return new Map(
      rows
        .filter((row) => row.document.company_resolved)
        .map((row) => [row.job_key, JSON.parse(JSON.stringify(listedJob(row.document))) as unknown]),
    );
  }

  async function runsOf(destinationId: string): Promise<RunRow[]> {
    return db().any<RunRow>(
      `SELECT id, destination_id, status, from_seq::float8 AS from_seq, to_seq::float8 AS to_seq,
              source_acknowledged, destination_acknowledged, report
         FROM delivery_runs WHERE destination_id = $1 ORDER BY started_at, id`,
      [destinationId],
    );
  }

  /** Rows per run the customer's `<table>_deliveries` recorded. */
  async function recordedByRun(): Promise<Map<string, number>> {
    const result = await customer.client.query<{ run_id: string; rows: number }>(
      `SELECT run_id, sum(rows)::int AS rows FROM ${CUSTOMER_TABLE}_deliveries
        WHERE destination_id = $1 GROUP BY run_id`,
      [postgresId],
    );
    return new Map(result.rows.map((row) => [row.run_id, row.rows]));
  }

  async function deliveries(): Promise<DeliveryRecord[]> {
    const result = await customer.client.query<{
      batch: string;
      run_id: string;
      to_seq: string;
      backfill_after: string | null;
      rows: number;
    }>(
      `SELECT batch, run_id, to_seq, backfill_after, rows FROM ${CUSTOMER_TABLE}_deliveries
        WHERE destination_id = $1 ORDER BY batch`,
      [postgresId],
    );
    return result.rows.map((row) => ({
      ...row,
      batch: Number(row.batch),
      to_seq: Number(row.to_seq),
    }));
  }

  async function customerRows(): Promise<Map<string, CustomerRowState>> {
    const result = await customer.client.query<{
      job_key: string;
      seq: string;
      deleted: boolean;
      job: unknown;
    }>(`SELECT job_key, seq, deleted, job FROM ${CUSTOMER_TABLE}`);
    return new Map(
      result.rows.map((row) => [row.job_key, { seq: Number(row.seq), deleted: row.deleted, job: row.job }]),
    );
  }

  /** Polls `condition` every 20 ms until it holds; fails after `ms`. */
  async function until(what: string, condition: () => Promise<boolean>, ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  }

  /**
   * A killed process's sessions outlive it until their backends notice the closed socket; until
   * then a customer COMMIT it sent may still land and its run lock is still held. Waits until the
   * customer database has no delivery session left and both run locks can be taken.
   */
  async function untilWorkerSessionsGone(): Promise<void> {
    const repository = new DestinationRepository(db());
    await until('the killed worker’s sessions to end', async () => {
      const { sessions } = await db().one<{ sessions: number }>(
        `SELECT count(*)::int AS sessions FROM pg_stat_activity
          WHERE datname = $1 AND application_name = 'job-listings-data-service destination'`,
        [customer.settings.database],
      );
      if (sessions > 0) return false;
      for (const id of [postgresId, webhookId])
        if (!(await repository.withRunLock(id, () => Promise.resolve()))) return false;
      return true;
    });
  }

  /** What was in progress right before the kill. */
  async function beforeKill(): Promise<
    Pick<KillRecord, 'postgresRun' | 'webhookRun' | 'backfill' | 'customerTransaction'>
  > {
    const { open } = await db().one<{ open: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM pg_stat_activity
                       WHERE datname = $1 AND application_name = 'job-listings-data-service destination'
                         AND xact_start IS NOT NULL) AS open`,
      [customer.settings.database],
    );
    const rows = await db().any<{ id: string; backfill_after: string | null; running: boolean }>(
      `SELECT d.id, d.backfill_after,
              EXISTS (SELECT 1 FROM delivery_runs r WHERE r.destination_id = d.id AND r.status = 'running') AS running
         FROM destinations d WHERE d.id IN ($1, $2)`,
      [postgresId, webhookId],
    );
    const postgres = rows.find((row) => row.id === postgresId);
    const webhook = rows.find((row) => row.id === webhookId);
    return {
      postgresRun: postgres?.running === true,
      webhookRun: webhook?.running === true,
      backfill: postgres?.running === true && postgres.backfill_after !== null,
      customerTransaction: open,
    };
  }

  /** What the kill left half done, once the dead process's sessions are gone. */
  async function afterKill(): Promise<
    Pick<
      KillRecord,
      | 'postgresLeft'
      | 'webhookLeft'
      | 'committedUnrecorded'
      | 'webhookPending'
      | 'webhookAcknowledgedUnrecorded'
    >
  > {
    const recorded = await recordedByRun();
    const running = await db().any<{ id: string; destination_id: string; destination_acknowledged: number }>(
      `SELECT id, destination_id, destination_acknowledged FROM delivery_runs
        WHERE destination_id IN ($1, $2) AND status = 'running'`,
      [postgresId, webhookId],
    );
    const postgresRun = running.find((each) => each.destination_id === postgresId);
    const webhookRun = running.find((each) => each.destination_id === webhookId);
    const pending = await db().one<{ pending_from: number | null; pending_to: number | null }>(
      'SELECT pending_from::float8 AS pending_from, pending_to::float8 AS pending_to FROM destinations WHERE id = $1',
      [webhookId],
    );
    const pendingId =
      pending.pending_from === null || pending.pending_to === null
        ? undefined
        : `msg_${webhookId}_${pending.pending_from}_${pending.pending_to}`;
    return {
      ...(postgresRun === undefined ? {} : { postgresLeft: postgresRun.id }),
      ...(webhookRun === undefined ? {} : { webhookLeft: webhookRun.id }),
      ...(pendingId === undefined ? {} : { webhookPending: pendingId }),
      committedUnrecorded:
        postgresRun !== undefined &&
        (recorded.get(postgresRun.id) ?? 0) > postgresRun.destination_acknowledged,
      webhookAcknowledgedUnrecorded:
        pendingId !== undefined &&
        webhookRun !== undefined &&
        receiver.received.some(
          (batch) => batch.headers['webhook-id'] === pendingId && batch.parsed.run_id === webhookRun.id,
        ),
    };
  }

  /** Distinct values of `member` over the kills, undefined aside. */
  function distinct(member: (kill: KillRecord) => string | undefined): Set<string> {
    return new Set(kills.map(member).filter((value) => value !== undefined));
  }

  function workerEnv(): Record<string, string> {
    return {
      ...settings,
      ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL ?? '',
      DATABASE_URL: process.env.DATABASE_URL ?? '',
      LOG_LEVEL: 'info',
    };
  }

  it('kills the delivery worker 20 times at seeded random points, mostly mid-run', async () => {
    for (let round = 0; round < KILLS; round += 1) {
      // The worker boots (seconds of module loading and migration) while the source changes.
      const current = startDeliveryWorker(workerEnv());
      worker = current;
      await changeSource(round);
      lap('change');
      await current.started;
      lap('boot');
      const delayMs = Math.floor(delays() * MAX_KILL_DELAY_MS);
      // The kill point itself: not a wait for some state.
      await sleep(delayMs);
      const before = await beforeKill();
      expect(await current.kill(), `worker ${current.pid}`).to.equal('SIGKILL');
      workerLogs.push(...current.logs);
      await untilWorkerSessionsGone();
      kills.push({ round, delayMs, ...before, ...(await afterKill()) });
      // The kill phase: the delay, the kill, the dead sessions' end and the records.
      lap('kill');
    }
    const count = (test: (kill: KillRecord) => boolean) => kills.filter(test).length;
    const summary = {
      seed: SEED,
      kills: kills.length,
      midRun: count((kill) => kill.postgresRun || kill.webhookRun),
      midPostgresRun: count((kill) => kill.postgresRun),
      midBackfill: count((kill) => kill.backfill),
      midPostgresChanges: count((kill) => kill.postgresRun && !kill.backfill),
      inCustomerTransaction: count((kill) => kill.customerTransaction),
      midWebhookRun: count((kill) => kill.webhookRun),
      postgresRunsCut: distinct((kill) => kill.postgresLeft).size,
      webhookRunsCut: distinct((kill) => kill.webhookLeft).size,
      postgresCommittedUnrecorded: distinct((kill) =>
        kill.committedUnrecorded ? kill.postgresLeft : undefined,
      ).size,
      webhookPending: distinct((kill) => kill.webhookPending).size,
      webhookAcknowledgedUnrecorded: distinct((kill) =>
        kill.webhookAcknowledgedUnrecorded ? kill.webhookPending : undefined,
      ).size,
      failedRuns: workerLogs
        .filter((log) => log.msg === 'destination run failed')
        .map((log) => log.errorClass ?? 'unknown'),
      events: (await latestSeq()) - enabledAt,
    };
    process.stderr.write(`      crash summary: ${JSON.stringify(summary)}\n`);

    // Recovery: delivery in process until both destinations have everything (the customer's record
    // for Postgres, which is where a run resumes; ours for the webhook). The webhook's backlog goes
    // in the contract's largest batches, so a slow machine's backlog costs seconds, not minutes; a
    // pending batch is still re-sent as it was (same range, same webhook-id).
    const delivery = new DeliveryService({
      db: db(),
      config: { ...env.config.destinations, batchSize: 500 },
      userAgent: 'crash-test',
      logger: createLogger('silent'),
    });
    try {
      const latest = await latestSeq();
      await until(
        'both destinations to catch up',
        async () => {
          await delivery.deliver(postgresId);
          await delivery.deliver(webhookId);
          const [last] = (await deliveries()).slice(-1);
          const hook = await db().one<{ position: number; pending_from: number | null }>(
            'SELECT position::float8 AS position, pending_from::float8 AS pending_from FROM destinations WHERE id = $1',
            [webhookId],
          );
          return (
            last?.to_seq === latest &&
            last.backfill_after === null &&
            hook.position === latest &&
            hook.pending_from === null
          );
        },
        60_000,
      );
    } finally {
      await delivery.close();
    }
    lap('recovery');
    process.stderr.write(`      crash timing (ms): ${JSON.stringify(timing)}\n`);
    // Judged after the recovery, so that a miss here leaves the other tests a settled state to judge.
    expect(summary.midRun, JSON.stringify(kills)).to.be.at.least(10);
    // Runs met both kinds of batches: kills cut the backfill and the change batches after it.
    expect(summary.midBackfill, JSON.stringify(kills)).to.be.at.least(1);
    expect(summary.midPostgresChanges, JSON.stringify(kills)).to.be.at.least(1);
  });

  it('leaves the customer table equal to the source: no lost, extra or stale rows', async () => {
    const latest = await latestSeq();
    const corpus = await openCorpus();
    const rows = await customerRows();
    const live = [...rows].filter(([, row]) => !row.deleted);
    expect(live.map(([jobKey]) => jobKey).sort()).to.deep.equal([...corpus.keys()].sort());
    for (const [jobKey, row] of live) expect(row.job, jobKey).to.deep.equal(corpus.get(jobKey));

    // Every job ever delivered has a row, no other job has one: the open ones at enable (the
    // backfill) and every job an event after enable showed open.
    const evented = await db().any<{ job_key: string; seq: number }>(
      `SELECT job_key, max(seq)::float8 AS seq FROM change_events WHERE seq > $1 GROUP BY job_key`,
      [enabledAt],
    );
    const shownOpen = await db().any<{ job_key: string }>(
      `SELECT DISTINCT job_key FROM change_events
        WHERE seq > $1 AND document->>'status' = 'open' AND (document->>'company_resolved')::boolean`,
      [enabledAt],
    );
    const delivered = new Set([...openAtEnable, ...shownOpen.map((row) => row.job_key)]);
    expect([...rows.keys()].sort()).to.deep.equal([...delivered].sort());

    // Rows that ended are exactly the delivered jobs no longer open, each with its last version.
    const states = await db().any<{ job_key: string; document: StoredJob }>(
      'SELECT job_key, document FROM job_state WHERE job_key = ANY($1::text[])',
      [[...rows].filter(([, row]) => row.deleted).map(([jobKey]) => jobKey)],
    );
    const ended = [...delivered].filter((jobKey) => !corpus.has(jobKey)).sort();
    expect(ended.length, 'closures happened').to.be.greaterThan(0);
    expect(states.map((state) => state.job_key).sort()).to.deep.equal(ended);
    for (const state of states)
      expect(rows.get(state.job_key)?.job, state.job_key).to.deep.equal(
        JSON.parse(JSON.stringify(listedJob(state.document))),
      );

    // Each row carries the seq of its job's last event (or the enable position, for a backfilled job
    // that never changed since): the latest version won everywhere.
    const lastSeq = new Map(evented.map((row) => [row.job_key, row.seq]));
    for (const [jobKey, row] of rows) expect(row.seq, jobKey).to.equal(lastSeq.get(jobKey) ?? enabledAt);
    expect(Math.max(...[...rows.values()].map((row) => row.seq))).to.equal(latest);
  });

  it('records batches 1..N with no page or event skipped or applied twice', async () => {
    const latest = await latestSeq();
    const records = await deliveries();
    expect(records.map((record) => record.batch)).to.deep.equal(records.map((_, i) => i + 1));
    // The backfill: pages in job_key order, each cursor past the last, all at the enable position;
    // every page but the last full (every synthetic company is resolved, so every job matches).
    const end = records.findIndex((record) => record.backfill_after === null);
    expect(end).to.be.greaterThan(0);
    const backfill = records.slice(0, end + 1);
    for (const [i, record] of backfill.entries()) {
      expect(record.to_seq, `batch ${record.batch}`).to.equal(enabledAt);
      if (i < end) expect(record.rows, `batch ${record.batch}`).to.equal(POSTGRES_BATCH_SIZE);
    }
    // Cursors strictly increasing in the order the backfill walks job_state (our database's
    // collation, which need not be JavaScript's): no page read twice.
    const cursors = backfill.slice(0, end).map((record) => record.backfill_after ?? '');
    const walked = await db().any<{ cursor: string }>(
      'SELECT DISTINCT cursor FROM unnest($1::text[]) AS cursor ORDER BY cursor',
      [cursors],
    );
    expect(walked.map((row) => row.cursor)).to.deep.equal(cursors);
    expect(backfill.reduce((sum, record) => sum + record.rows, 0)).to.be.at.least(openAtEnable.size);
    // The changes: each batch acknowledges exactly the events after the previous one's to_seq.
    let position = enabledAt;
    for (const record of records.slice(end + 1)) {
      expect(record.backfill_after, `batch ${record.batch}`).to.equal(null);
      expect(record.to_seq, `batch ${record.batch}`).to.be.greaterThan(position);
      expect(record.rows, `batch ${record.batch}`).to.equal(record.to_seq - position);
      position = record.to_seq;
    }
    expect(position).to.equal(latest);
  });

  it('counts in every Postgres run what the customer recorded, interrupted runs repaired', async () => {
    const runs = await runsOf(postgresId);
    const recorded = await recordedByRun();
    const interrupted = runs.filter((each) => each.report.message === INTERRUPTED);
    // Exactly the runs the kills left 'running' were closed as interrupted, none other.
    expect(interrupted.map((each) => each.id).sort()).to.deep.equal(
      [...distinct((kill) => kill.postgresLeft)].sort(),
    );
    for (const each of runs) {
      expect(each.status, each.id).not.to.equal('running');
      expect(each.destination_acknowledged, `run ${each.id} (${each.status})`).to.equal(
        recorded.get(each.id) ?? 0,
      );
    }
    const ids = new Set(runs.map((each) => each.id));
    for (const runId of recorded.keys()) expect(ids.has(runId), runId).to.equal(true);
    // Our own record of the destination is caught up too (API: last_delivered_seq, backfill_pending).
    const state = await api(`/v1/destinations/${postgresId}`);
    expect(state.body).to.include({ last_delivered_seq: await latestSeq() });
    expect(state.body).not.to.have.property('backfill_pending');
  });

  it('delivers every event to the webhook at least once, deduplicable by webhook-id', async () => {
    const latest = await latestSeq();
    const byId = new Map<string, ReceivedBatch[]>();
    for (const batch of receiver.received) {
      const id = batch.headers['webhook-id'] ?? '';
      expect(id).to.equal(`msg_${webhookId}_${batch.parsed.from_seq}_${batch.parsed.to_seq}`);
      expect(batch.parsed.destination_id).to.equal(webhookId);
      expect(receiver.verifies(batch, signingSecret), id).to.equal(true);
      for (const event of batch.parsed.events) {
        expect(event.seq).to.be.greaterThan(batch.parsed.from_seq);
        expect(event.seq).to.be.at.most(batch.parsed.to_seq);
      }
      byId.set(id, [...(byId.get(id) ?? []), batch]);
    }
    // A redelivery carries exactly the events of the first delivery under that id.
    for (const [id, copies] of byId) {
      const [first, ...again] = copies;
      for (const copy of again) expect(copy.parsed.events, id).to.deep.equal(first?.parsed.events);
    }
    if (kills.some((kill) => kill.webhookAcknowledgedUnrecorded))
      expect(
        [...byId.values()].some((copies) => copies.length > 1),
        'a batch was redelivered',
      ).to.equal(true);
    // Deduplicated by id, the batches tile (enable, latest] and carry every event once, as the
    // ledger has it.
    const unique = [...byId.values()]
      .map(([first]) => first)
      .filter((batch) => batch !== undefined)
      .sort((a, b) => a.parsed.from_seq - b.parsed.from_seq);
    let position = enabledAt;
    for (const batch of unique) {
      expect(batch.parsed.from_seq).to.equal(position);
      position = batch.parsed.to_seq;
    }
    expect(position).to.equal(latest);
    const matches = jobMatcher({});
    const ledger = await db().any<{ seq: number; job_key: string; kind: string; document: StoredJob | null }>(
      'SELECT seq::float8 AS seq, job_key, kind, document FROM change_events WHERE seq > $1 ORDER BY seq',
      [enabledAt],
    );
    const expected = ledger
      .filter((event) => event.document === null || matches(event.document))
      .map((event) => ({
        seq: event.seq,
        type: event.kind,
        job_key: event.job_key,
        ...(event.document === null
          ? {}
          : { job: JSON.parse(JSON.stringify(listedJob(event.document))) as unknown }),
      }));
    const received = unique.flatMap((batch) =>
      batch.parsed.events.map((event) => ({
        seq: event.seq,
        type: event.type,
        job_key: event.job_key,
        ...(event.job === undefined ? {} : { job: event.job }),
      })),
    );
    expect(received.length).to.equal(expected.length);
    expect(received).to.deep.equal(expected);
  });

  it('counts in every webhook run what the receiver acknowledged under it', async () => {
    const runs = await runsOf(webhookId);
    expect(
      runs
        .filter((each) => each.report.message === INTERRUPTED)
        .map((each) => each.id)
        .sort(),
    ).to.deep.equal([...distinct((kill) => kill.webhookLeft)].sort());
    for (const each of runs) {
      expect(each.status, each.id).not.to.equal('running');
      // One delivery per id within a run (a retried call the receiver already took would repeat it).
      const mine = new Map<string, ReceivedBatch>();
      for (const batch of receiver.received)
        if (batch.parsed.run_id === each.id) mine.set(batch.headers['webhook-id'] ?? '', batch);
      const acknowledged = [...mine.values()].reduce((sum, batch) => sum + batch.parsed.events.length, 0);
      if (each.report.message !== INTERRUPTED) {
        // Finished normally (succeeded, or failed on the receiver's answer): the run counted every
        // batch the receiver took under it, and no other.
        expect(each.destination_acknowledged, `run ${each.id} (${each.status})`).to.equal(acknowledged);
        continue;
      }
      // Interrupted: our record counts the batches recorded before the kill. The receiver may have
      // taken one batch more — the one marked pending, acknowledged after its send but before the
      // progress record — never more than one (progress is recorded after each batch, before the
      // next is sent), and that batch, re-sent by the next run under the same webhook-id, is not lost.
      const missing = acknowledged - each.destination_acknowledged;
      if (missing === 0) continue;
      const last = [...mine.values()].sort((a, b) => b.parsed.to_seq - a.parsed.to_seq)[0];
      expect(missing, `run ${each.id}`).to.equal(last?.parsed.events.length);
      const lastId = last?.headers['webhook-id'];
      expect(
        receiver.received.some(
          (batch) => batch.headers['webhook-id'] === lastId && batch.parsed.run_id !== each.id,
        ),
        `run ${each.id}: batch ${lastId} re-sent by a later run`,
      ).to.equal(true);
    }
  });
});
