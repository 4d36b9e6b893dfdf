/**
 * `npm run bench:destinations [-- --jobs 100000 --events N --batch-sizes 500,2000,5000 --history 1000000
 *  --lag-seconds 45 --lag-rate 4 --lag-jobs 3 --prefix bench-destinations --phases postgres,history,webhook,lag]`:
 * delivery of the change feed to a customer's Postgres table and to a webhook, on a synthetic corpus
 * loaded once through the ingest path and cached under its own prefix (scripts/lib/company-corpus.ts;
 * schema of the same name).
 *
 * The customer is a database and login role of its own on the dev Postgres, reached over TLS
 * (sslmode verify-full, host `localhost`, the stack's CA); the webhook receiver is
 * test/support/webhook-receiver.ts on a worker thread. Destinations are made with DestinationService
 * and delivered by DeliveryService in this process, exactly as the worker delivers them.
 *
 * 1. Postgres, per DESTINATION_POSTGRES_BATCH_SIZE in --batch-sizes, one destination and table each:
 *    - backfill: the first enable writes every open job (jobs/s);
 *    - replay (events/s): our position set back to `latest − N` with the backfill done and the
 *      customer's record emptied (it is where a run resumes), so the last N change events are
 *      delivered again — into an emptied table (insert: every row new), into the table with every
 *      row's seq set to 0 (update: every row rewritten), and for the default size once more as is
 *      (idempotent: every row already newer, nothing written).
 *    Each with the split per batch: ledger read, map (filters, rows), customer transaction, progress
 *    on our side, and the rest of the run (lock, connect + TLS, CREATE TABLE IF NOT EXISTS, run
 *    records); and the shares of the wall time this process's main thread and the customer's server
 *    processes spent on a CPU and waiting for one (/proc schedstat: the wait is what a busy machine costs).
 * 2. Postgres with a long history: the default size's replay again after --history batch records
 *    (a destination's customer-side record over 30 days is one per batch: at one batch a second,
 *    2.6M); each batch's transaction also trims that record, and this measures what that costs.
 * 3. Webhook: the same N events at DESTINATION_BATCH_SIZE (500, the contract's maximum); the
 *    receiver checks every signature and that the seq ranges follow one another.
 * 4. Lag: the worker's loops in this process at production cadence (runLedgerLoops with
 *    DEFAULT_TICKS: sequencer every 500 ms, projector and horizon every 1 s; runDeliveryLoop every
 *    DESTINATION_POLL_MS, default 1 s, with its run cadence: a run that caught up makes the
 *    destination due again DESTINATION_POLL_MS later). Boards of the corpus are re-crawled at
 *    --lag-rate boards/s through recordCrawl (the crawl's transaction), --lag-jobs postings each
 *    with a new title. A sample is one changed job: from its crawl transaction's commit (the moment
 *    recordCrawl returned) to its row in the customer table carrying a seq newer than the latest seq
 *    before the crawl, polled every 50 ms. The lag therefore includes the wait for the sequencer's
 *    tick (an event is numbered once its transaction is older than every transaction with an id
 *    running in the cluster — any schema or database: the oldest one seen is printed), the wait
 *    for the delivery loop's tick and the destination's next attempt, the run itself (connect, TLS,
 *    ledger read, customer transaction) and up to 50 ms of polling. Commit → sequenced (seen in
 *    change_events by the same poll) is printed beside it.
 *
 * Targets (issue): ≥ 5,000 events/s into Postgres; commit → customer-table lag p95 ≤ 10 s. Printed
 * as measured figures with PASS/MISS; nothing is asserted. On a busy machine (load average printed)
 * the figures are noisy. The customer database and role are dropped at the end (and on Ctrl-C);
 * the bench's destinations are soft-deleted; the corpus stays cached.
 */
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig, type Config } from '../src/config.js';
import { CorpusRepository, type BoardWithCompany } from '../src/db/corpus.js';
import { DestinationRepository, type DestinationRow } from '../src/db/destinations.js';
import { LedgerRepository } from '../src/db/ledger.js';
import { migrate } from '../src/db/migrate.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { recordCrawl } from '../src/ingest/crawl/pipeline.js';
import type { SourcePosting } from '../src/ingest/types.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { systemClock } from '../src/lib/clock.js';
import { createLogger } from '../src/lib/logger.js';
import { createServices, openRuntime } from '../src/runtime.js';
import { DeliveryService } from '../src/services/delivery.js';
import { DestinationService } from '../src/services/destinations.js';
import { DEFAULT_TICKS, runDeliveryLoop, runLedgerLoops } from '../src/worker/run.js';
import { syntheticBoardLines } from '../test/support/synthetic.js';
import { benchEnv } from './lib/api-process.js';
import { ensureCompanyCorpus, MEAN_BOARD_SIZE } from './lib/company-corpus.js';
import {
  createCustomerDatabase,
  customerSchedDuring,
  schedTimes,
  type SchedTimes,
} from './lib/destinations-customer.js';
import { startReceiverThread, type ReceiverTally } from './lib/destinations-receiver.js';
import { probeDelivery, type DeliveryProbe } from './lib/destinations-timing.js';
import { percentile } from './lib/samples.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    // Change events replayed per measurement; default: --jobs (capped at the events retained).
    events: { type: 'string' },
    'batch-sizes': { type: 'string', default: '500,2000,5000' },
    // Batch records of the long-lived destination (0: skip that measurement).
    history: { type: 'string', default: '1000000' },
    'lag-seconds': { type: 'string', default: '45' },
    // Boards re-crawled per second during the lag measurement, and postings changed per board.
    'lag-rate': { type: 'string', default: '4' },
    'lag-jobs': { type: 'string', default: '3' },
    prefix: { type: 'string', default: 'bench-destinations' },
    // Which measurements to make (a lag-only re-run skips the throughput ones).
    phases: { type: 'string', default: 'postgres,history,webhook,lag' },
  },
});
const PHASES = ['postgres', 'history', 'webhook', 'lag'] as const;
type Phase = (typeof PHASES)[number];
const phases = new Set(values.phases.split(','));
const doing = (phase: Phase): boolean => phases.has(phase);
const jobs = Number(values.jobs);
const eventsWanted = Number(values.events ?? values.jobs);
const batchSizes = values['batch-sizes'].split(',').map(Number);
const history = Number(values.history);
const lagSeconds = Number(values['lag-seconds']);
const lagRate = Number(values['lag-rate']);
const lagJobs = Number(values['lag-jobs']);
const positiveInts = [jobs, eventsWanted, lagJobs, ...batchSizes];
if (
  positiveInts.some((value) => !Number.isInteger(value) || value < 1) ||
  batchSizes.some((size) => size > 20_000) ||
  !Number.isInteger(history) ||
  history < 0 ||
  !(lagSeconds > 0) ||
  !(lagRate > 0) ||
  [...phases].some((phase) => !PHASES.some((known) => known === phase))
) {
  process.stderr.write(
    'usage: npm run bench:destinations -- [--jobs N] [--events N] [--batch-sizes 500,2000,5000 (each ≤ 20000)] ' +
      '[--history N (0 = skip)] [--lag-seconds S] [--lag-rate BOARDS_PER_S] [--lag-jobs N] [--prefix NAME] ' +
      '[--phases postgres,history,webhook,lag]\n',
  );
  process.exit(64);
}
const TARGET = { eventsPerSecond: 5000, lagP95Seconds: 10 };
const POLL_MS = 50;
/** How long the lag phase waits after its last commit for the changes still on their way. */
const DRAIN_MS = 60_000;
const EMAIL = 'bench-destinations@example.com';
/** Synthetic corpus seed (scripts/lib/company-corpus.ts): the lag phase re-crawls its boards. */
const CORPUS_SEED = 42;

// ---- clean-up, on the way out and on Ctrl-C ----
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;
async function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.splice(0).reverse())
      await step().catch((error: unknown) => {
        process.stderr.write(
          `clean-up step failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      });
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    process.stderr.write(`${signal}: cleaning up\n`);
    void cleanUp().finally(() => process.exit(130));
  });

const fmt = (value: number, digits = 0): string =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const loadNote = (): string => {
  const [one, five, fifteen] = loadavg();
  return `load average ${(one ?? 0).toFixed(2)} / ${(five ?? 0).toFixed(2)} / ${(fifteen ?? 0).toFixed(2)} on ${availableParallelism()} CPUs`;
};
const startLoad1 = loadavg()[0] ?? 0;
/**
 * Other work competed for the CPUs: the load was high before the bench began, or is above what the
 * bench itself explains at the end (it keeps about one CPU busy: its event loop and Postgres).
 */
const busy = (): boolean =>
  startLoad1 > availableParallelism() * 0.75 || (loadavg()[0] ?? 0) > availableParallelism() + 0.5;
const progress = (message: string): void => {
  process.stderr.write(`${message}\n`);
};
/**
 * This process's main thread — the event loop delivery runs on — on a CPU and waiting for one; the
 * receiver's and the prepare pool's threads are not counted (/proc/<pid>/task/<pid> is the main thread).
 */
const mainThread = (): SchedTimes =>
  schedTimes(`${String(process.pid)}/task/${String(process.pid)}`) ?? { cpu: 0, wait: 0 };

const rows: string[] = [];
const out = (line = ''): void => {
  rows.push(line);
};
const startLoad = loadNote();

async function main(): Promise<void> {
  // ---- environment: the dev stack, a CA bundle trusting it and the receiver, the cached corpus ----
  const receiver = await startReceiverThread();
  cleanups.push(() => receiver.close());
  const base = await benchEnv(values.prefix);
  const caFile = join(tmpdir(), `bench-destinations-ca-${String(process.pid)}.pem`);
  const stackCa = base.DESTINATION_EXTRA_CA_FILE;
  await writeFile(
    caFile,
    `${stackCa === undefined || stackCa === '' ? '' : readFileSync(stackCa, 'utf8')}\n${receiver.certificate}`,
  );
  cleanups.push(() => rm(caFile, { force: true }));
  const env: NodeJS.ProcessEnv = {
    ...base,
    // The customer database and the receiver are on this machine: loopback must be allowed.
    DESTINATION_ALLOWED_CIDRS: '127.0.0.0/8,::1/128',
    DESTINATION_EXTRA_CA_FILE: caFile,
  };
  const config: Config = loadConfig(env);
  const runtime = openRuntime(config);
  cleanups.push(() => runtime.close());
  const { db } = runtime.database;
  await migrate(db, config.postgres.schema);
  const corpus = await ensureCompanyCorpus(runtime, config, jobs, values.prefix);
  // Changes a previous run committed after its loops stopped: numbered before anything is measured.
  await catchUp(db, runtime.es, runtime.indices.alias, systemClock, 600_000);

  const ledger = new LedgerRepository(db);
  const repository = new DestinationRepository(db);
  const destinations = new DestinationService(db, config.destinations);
  const warnings: string[] = [];
  const logger = createLogger(
    'warn',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        warnings.push(chunk.toString('utf8'));
        done();
      },
    }),
  );

  // Destinations an interrupted run left behind in this schema would be delivered by the lag loop.
  const leftovers = await db.any<{ id: string }>('SELECT id FROM destinations WHERE deleted_at IS NULL');
  for (const { id } of leftovers) await repository.softDelete(id);

  const existing = await db.oneOrNone<{ id: string }>('SELECT id FROM accounts WHERE email = $1 LIMIT 1', [
    EMAIL,
  ]);
  const accountId =
    existing?.id ??
    (
      await createServices(runtime).accounts.createActiveAccount({
        email: EMAIL,
        plan: 'scale',
        isService: false,
      })
    ).accountId;
  const created: string[] = [];
  cleanups.push(async () => {
    for (const id of created) await repository.softDelete(id);
  });

  const customer = await createCustomerDatabase(env.DATABASE_URL ?? '', 'bench_dst');
  cleanups.push(() => customer.drop());

  const latest = await ledger.latestSeq();
  const bounds = await ledger.retainedBounds();
  const events = Math.min(eventsWanted, latest - bounds.oldest + 1);
  const from = latest - events;
  // What the customer's table must hold afterwards: a whole-corpus read of documents, longer than
  // the statement timeout on a busy machine, so it gets its own.
  const counts = await db.tx('bench-destinations-counts', async (tx) => {
    await tx.none("SET LOCAL statement_timeout = '10min'");
    return tx.one<{ open: number; open_resolved: number; expected: number; doc_bytes: number }>(
      `SELECT (SELECT count(*)::int FROM job_state WHERE status = 'open') AS open,
              (SELECT count(*)::int FROM job_state
                WHERE status = 'open' AND (document->>'company_resolved')::boolean) AS open_resolved,
              (SELECT count(*)::int FROM (SELECT job_key, max(seq) AS seq FROM change_events WHERE seq > $1 GROUP BY job_key) last
                 JOIN change_events e ON e.seq = last.seq
                WHERE e.document->>'status' = 'open' AND (e.document->>'company_resolved')::boolean) AS expected,
              (SELECT COALESCE(avg(pg_column_size(document)), 0)::float8
                 FROM (SELECT document FROM change_events WHERE seq > $1 ORDER BY seq LIMIT 1000) sample) AS doc_bytes`,
      [from],
    );
  });
  progress(
    `corpus: ${fmt(corpus.jobs)} jobs (${fmt(counts.open)} open), latest seq ${fmt(latest)}; replaying ${fmt(events)} events`,
  );

  // ---- delivery, measured ----
  interface Measured {
    what: string;
    size: number;
    items: number;
    seconds: number;
    runs: number;
    batches: number;
    totals: DeliveryProbe['totals'];
    main: SchedTimes;
    customer?: SchedTimes;
    check: string;
  }

  const probe = probeDelivery();
  cleanups.push(() => {
    probe.restore();
    return Promise.resolve();
  });

  async function current(id: string): Promise<DestinationRow> {
    const row = await repository.get(accountId, id);
    if (row === null) throw new Error(`destination ${id} vanished`);
    return row;
  }

  /** Runs of `id` one after another (as the worker would) until `done`; a failed run stops the bench. */
  async function deliverUntil(
    service: DeliveryService,
    id: string,
    done: (row: DestinationRow) => boolean,
  ): Promise<number> {
    let runs = 0;
    while (!done(await current(id))) {
      if (!(await service.deliver(id))) throw new Error(`destination ${id} is locked by another run`);
      runs += 1;
      const [last] = await repository.runs(id, 1);
      if (last?.status === 'failed')
        throw new Error(`run failed: ${last.report.error_class ?? ''} ${last.report.message ?? ''}`);
      if (runs > 10_000) throw new Error('no progress after 10,000 runs');
    }
    return runs;
  }

  async function measure(
    what: string,
    size: number,
    items: number,
    work: () => Promise<number>,
    withCustomerCpu: boolean,
    check: () => Promise<string>,
  ): Promise<Measured> {
    progress(`  ${what} (batch ${fmt(size)})…`);
    probe.reset();
    const mainBefore = mainThread();
    const started = performance.now();
    let runs: number;
    let customerSched: SchedTimes | undefined;
    if (withCustomerCpu) {
      const measured = await customerSchedDuring(customer, work);
      runs = measured.result;
      customerSched = measured.sched;
    } else runs = await work();
    const seconds = (performance.now() - started) / 1000;
    const mainAfter = mainThread();
    const main = { cpu: mainAfter.cpu - mainBefore.cpu, wait: mainAfter.wait - mainBefore.wait };
    const totals = structuredClone(probe.totals);
    const batches = Math.max(totals.apply.calls, totals.progress.calls);
    return {
      what,
      size,
      items,
      seconds,
      runs,
      batches,
      totals,
      main,
      ...(customerSched === undefined ? {} : { customer: customerSched }),
      check: await check(),
    };
  }

  function serviceWith(overrides: Partial<Config['destinations']>): DeliveryService {
    const service = new DeliveryService({
      db,
      config: { ...config.destinations, ...overrides },
      userAgent: config.ingest.userAgent,
      logger,
    });
    cleanups.push(() => service.close());
    return service;
  }

  /** Our side's position back to `seq`, backfill done, nothing pending; due now. */
  async function rewind(id: string, seq: number): Promise<void> {
    await db.none(
      `UPDATE destinations SET position = $2, backfill_after = NULL, pending_from = NULL, pending_to = NULL,
            next_attempt_at = now() WHERE id = $1`,
      [id, seq],
    );
  }

  async function createPostgres(table: string): Promise<string> {
    const view = await destinations.create(accountId, {
      name: `bench ${table}`,
      config: { kind: 'postgres', ...customer.settings, table, sslmode: 'verify-full' },
    });
    created.push(view.row.id);
    return view.row.id;
  }

  const reached = (seq: number) => (row: DestinationRow) =>
    row.backfill_after === null && (row.position ?? 0) >= seq;

  const postgresResults: Measured[] = [];
  const defaultSize = batchSizes.includes(config.destinations.postgresBatchSize)
    ? config.destinations.postgresBatchSize
    : (batchSizes[batchSizes.length - 1] ?? config.destinations.postgresBatchSize);
  let lagDestination: { id: string; table: string } | undefined;

  if (doing('postgres')) progress('postgres destinations');
  for (const size of doing('postgres') ? batchSizes : []) {
    const table = `jobs_b${String(size)}`;
    const service = serviceWith({ postgresBatchSize: size });
    const id = await createPostgres(table);
    await destinations.enable(accountId, id);
    postgresResults.push(
      await measure(
        'backfill (jobs)',
        size,
        counts.open,
        () => deliverUntil(service, id, reached(latest)),
        true,
        async () => {
          const { live } = await customer.live(table);
          return live === counts.open_resolved
            ? 'ok'
            : `rows ${fmt(live)} ≠ ${fmt(counts.open_resolved)} open`;
        },
      ),
    );
    const replay = async (what: string, prepare: () => Promise<void>): Promise<void> => {
      await prepare();
      await customer.forget(table);
      await rewind(id, from);
      postgresResults.push(
        await measure(
          what,
          size,
          events,
          () => deliverUntil(service, id, reached(latest)),
          true,
          async () => {
            const { above } = await customer.live(table, from);
            return above === counts.expected ? 'ok' : `rows ${fmt(above)} ≠ ${fmt(counts.expected)} expected`;
          },
        ),
      );
    };
    await replay('replay, insert', () => customer.clearRows(table));
    await replay('replay, update', () => customer.age(table));
    if (size === defaultSize) {
      await replay('replay, idempotent', () => Promise.resolve());
      lagDestination = { id, table };
    } else await repository.softDelete(id);
  }

  /** The destination of the default batch size, backfilled: the postgres phase's, or a new one. */
  async function defaultDestination(): Promise<{ id: string; table: string }> {
    if (lagDestination !== undefined) return lagDestination;
    const table = `jobs_b${String(defaultSize)}`;
    progress(`backfilling ${table} (not measured)`);
    const id = await createPostgres(table);
    await destinations.enable(accountId, id);
    await deliverUntil(serviceWith({ postgresBatchSize: defaultSize }), id, reached(latest));
    lagDestination = { id, table };
    return lagDestination;
  }

  // ---- a long-lived destination's record ----
  let historyResult: { measured: Measured; plan: string[]; before: Measured | undefined } | undefined;
  if (history > 0 && doing('history')) {
    const { id, table } = await defaultDestination();
    progress(`postgres destination with ${fmt(history)} batch records`);
    const service = serviceWith({ postgresBatchSize: defaultSize });
    await customer.clearRows(table);
    await customer.forget(table);
    await customer.seedHistory(table, id, history, from);
    await rewind(id, from);
    const plan = await customer.explainRetention(table, id);
    const measured = await measure(
      `replay, insert, ${fmt(history)} records`,
      defaultSize,
      events,
      () => deliverUntil(service, id, reached(latest)),
      true,
      async () => {
        const { above } = await customer.live(table, from);
        return above === counts.expected ? 'ok' : `rows ${fmt(above)} ≠ ${fmt(counts.expected)} expected`;
      },
    );
    historyResult = {
      measured,
      plan,
      before: postgresResults.find(
        (result) => result.size === defaultSize && result.what === 'replay, insert',
      ),
    };
    // The lag phase starts from a fresh record: its runs resume from our side's position.
    await customer.forget(table);
    await rewind(id, latest);
  }

  // ---- webhook ----
  let tally: ReceiverTally | undefined;
  let webhookResult: Measured | undefined;
  if (doing('webhook')) {
    progress('webhook destination');
    const webhookService = serviceWith({});
    const hook = await destinations.create(accountId, {
      name: 'bench webhook',
      config: { kind: 'webhook', url: receiver.url },
    });
    created.push(hook.row.id);
    await destinations.enable(accountId, hook.row.id);
    await rewind(hook.row.id, from);
    await receiver.expect(hook.signingSecret ?? '');
    webhookResult = await measure(
      'replay',
      config.destinations.batchSize,
      events,
      () => deliverUntil(webhookService, hook.row.id, reached(latest)),
      false,
      async () => {
        tally = await receiver.tally();
        const problems = [
          tally.events === events ? '' : `${fmt(tally.events)} events received`,
          tally.firstFrom === from && tally.lastTo === latest
            ? ''
            : `range ${String(tally.firstFrom)}–${String(tally.lastTo)}`,
          tally.gaps === 0 ? '' : `${String(tally.gaps)} gaps`,
          tally.unverified === 0 ? '' : `${String(tally.unverified)} unverified`,
        ].filter((problem) => problem !== '');
        return problems.length === 0 ? 'ok' : problems.join(', ');
      },
    );
    await repository.softDelete(hook.row.id);
  }
  probe.restore();

  // ---- lag: commit → customer table, with the worker's loops running ----
  interface LagResult {
    samples: number[];
    sequenced: number[];
    unseen: number;
    crawls: number;
    changed: number;
    seconds: number;
    runs: { runs: number; failed: number; mean_ms: number; p95_ms: number; max_ms: number; events: number };
    /** Changed jobs that never arrived and were never numbered either. */
    unsequenced: number;
    /** The oldest write transaction seen in the cluster meanwhile. */
    holder?: Holder;
    /** The statement seen waiting longest for a lock meanwhile. */
    blocked?: Holder;
  }
  interface Holder {
    seconds: number;
    pid: number;
    application: string;
    database: string;
    query: string;
  }
  let lagResult: LagResult | undefined;
  if (doing('lag')) {
    const { id, table } = await defaultDestination();
    progress(
      `lag: ${String(lagSeconds)} s of ${String(lagRate)} boards/s, ${String(lagJobs)} changed postings each`,
    );
    const ingest = createIngestDeps(db, config, systemClock);
    cleanups.push(() => ingest.close());
    const tag = Date.now().toString(36);
    const wanted = Math.ceil(lagSeconds * lagRate);
    // The corpus' first boards, as generated for the load (deterministic): their own postings, a few retitled.
    const boards: {
      board: BoardWithCompany;
      line: { company?: string; slug: string };
      postings: SourcePosting[];
      keys: Map<string, string>;
    }[] = [];
    let exhausted = true;
    for (const synthetic of syntheticBoardLines({
      seed: CORPUS_SEED,
      jobs,
      meanBoardSize: MEAN_BOARD_SIZE,
    })) {
      if (boards.length >= Math.min(wanted, 2000)) {
        exhausted = false;
        break;
      }
      if (synthetic.postings.length < lagJobs) continue;
      const found = await db.oneOrNone<{ id: string }>(
        'SELECT id FROM boards WHERE source = $1 AND slug = $2',
        [synthetic.line.source, synthetic.line.slug],
      );
      const board = found === null ? null : await new CorpusRepository(db).board(found.id);
      if (board === null) continue;
      const keyRows = await db.any<{ job_key: string; native_id: string }>(
        'SELECT job_key, native_id FROM job_state WHERE board_id = $1',
        [board.id],
      );
      boards.push({
        board,
        line: synthetic.line,
        postings: synthetic.postings,
        keys: new Map(keyRows.map((row) => [row.native_id, row.job_key])),
      });
    }
    // The generator's last board is cut to the job count asked: the stored one may hold more
    // postings (a corpus loaded with a larger --jobs), which a re-crawl without them would close.
    if (exhausted) boards.pop();
    if (boards.length === 0) throw new Error('no board of the corpus found for the lag phase');

    const waiting = new Map<string, { committed: number; before: number; sequenced?: number }>();
    const samples: number[] = [];
    const sequenced: number[] = [];
    const controller = new AbortController();
    const service = serviceWith({});
    const { startedAt } = await db.one<{ startedAt: string }>(`SELECT now()::text AS "startedAt"`);
    const loops = Promise.all([
      runLedgerLoops(
        { db, es: runtime.es, index: runtime.indices.alias, logger },
        controller.signal,
        DEFAULT_TICKS,
      ),
      runDeliveryLoop(
        { service, concurrency: config.destinations.concurrency, pollMs: config.destinations.pollMs },
        logger,
        controller.signal,
      ),
    ]);
    cleanups.push(async () => {
      controller.abort();
      await loops;
    });
    // The sequencer numbers an event only once its transaction is older than every transaction with
    // an id running in the cluster — any schema, any database: the oldest write transaction seen
    // meanwhile is printed, since one that lasts stalls every change feed of the cluster.
    let holder: Holder | undefined;
    let blocked: Holder | undefined;
    const watcher = setInterval(() => {
      // A statement waiting for a lock (a run stalled on one, say) is printed too.
      void db
        .oneOrNone<Holder>(
          `SELECT EXTRACT(EPOCH FROM now() - query_start)::float8 AS seconds, pid,
                  COALESCE(application_name, '') AS application, COALESCE(datname, '') AS database,
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS query
             FROM pg_stat_activity WHERE wait_event_type = 'Lock' ORDER BY query_start LIMIT 1`,
        )
        .then((found) => {
          if (found !== null && (blocked === undefined || found.seconds > blocked.seconds)) blocked = found;
        })
        .catch(() => undefined);
      void db
        .oneOrNone<Holder>(
          `SELECT EXTRACT(EPOCH FROM now() - xact_start)::float8 AS seconds, pid,
                  COALESCE(application_name, '') AS application, COALESCE(datname, '') AS database,
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 80) AS query
             FROM pg_stat_activity WHERE backend_xid IS NOT NULL ORDER BY xact_start LIMIT 1`,
        )
        .then((found) => {
          if (found !== null && (holder === undefined || found.seconds > holder.seconds)) holder = found;
        })
        .catch(() => undefined);
    }, 1000);
    cleanups.push(() => {
      clearInterval(watcher);
      return Promise.resolve();
    });
    // Mutated by the crawl loop below while the poller runs.
    const phase = { crawling: true, drainUntil: Number.POSITIVE_INFINITY };
    const poller = (async () => {
      while (phase.crawling || waiting.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (waiting.size === 0) continue;
        const keys = [...waiting.keys()];
        const lowest = Math.min(...[...waiting.values()].map((entry) => entry.before));
        const numbered = await db.any<{ job_key: string; seq: number }>(
          'SELECT job_key, seq::float8 AS seq FROM change_events WHERE job_key = ANY($1) AND seq > $2',
          [keys, lowest],
        );
        const arrived = await customer.seqs(table, keys);
        const now = performance.now();
        for (const row of numbered) {
          const entry = waiting.get(row.job_key);
          if (entry !== undefined && row.seq > entry.before) entry.sequenced ??= now;
        }
        for (const [key, entry] of waiting) {
          if ((arrived.get(key) ?? 0) <= entry.before) continue;
          samples.push(now - entry.committed);
          sequenced.push((entry.sequenced ?? now) - entry.committed);
          waiting.delete(key);
        }
        if (!phase.crawling && performance.now() > phase.drainUntil) break;
      }
    })();
    const started = performance.now();
    let cursor = 0;
    let crawls = 0;
    let changed = 0;
    for (let index = 0; performance.now() - started < lagSeconds * 1000; index += 1) {
      const due = started + (index * 1000) / lagRate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() - started >= lagSeconds * 1000) break;
      // A board whose last changes are still on their way is skipped (its keys are the samples' keys).
      let candidate: (typeof boards)[number] | undefined;
      for (let offset = 0; offset < boards.length && candidate === undefined; offset += 1) {
        const entry = boards[(cursor + offset) % boards.length];
        if (entry !== undefined && ![...entry.keys.values()].some((key) => waiting.has(key))) {
          candidate = entry;
          cursor = (cursor + offset + 1) % boards.length;
        }
      }
      if (candidate === undefined) continue;
      const { board, line, postings, keys } = candidate;
      const retitled = postings.map((posting, i) =>
        i < lagJobs ? { ...posting, title: `${posting.title} (${tag}.${String(index)})` } : posting,
      );
      const ctx = { board, company: board.company, now: new Date() };
      const prepared = await Promise.all(
        retitled.map((posting) =>
          ingest.prepare(
            { ...posting, organization: posting.organization ?? line.company ?? line.slug },
            ctx,
          ),
        ),
      );
      const before = await ledger.latestSeq();
      const summary = await recordCrawl(db, board, { kind: 'ok', jobs: prepared });
      const committed = performance.now();
      crawls += 1;
      changed += summary.modified + summary.created + summary.closed + summary.reopened;
      for (const posting of retitled.slice(0, lagJobs)) {
        const key = keys.get(posting.nativeId);
        if (key !== undefined) waiting.set(key, { committed, before });
      }
    }
    const seconds = (performance.now() - started) / 1000;
    phase.drainUntil = performance.now() + DRAIN_MS;
    phase.crawling = false;
    await poller;
    controller.abort();
    await loops;
    const runs = await db.one<LagResult['runs']>(
      `SELECT count(*)::int AS runs, count(*) FILTER (WHERE status = 'failed')::int AS failed,
            COALESCE(avg(ms), 0)::float8 AS mean_ms,
            COALESCE(percentile_disc(0.95) WITHIN GROUP (ORDER BY ms), 0)::float8 AS p95_ms,
            COALESCE(max(ms), 0)::float8 AS max_ms, COALESCE(sum(source_acknowledged), 0)::int AS events
       FROM (SELECT status, source_acknowledged, EXTRACT(EPOCH FROM finished_at - started_at) * 1000 AS ms
               FROM delivery_runs WHERE destination_id = $1 AND started_at >= $2::timestamptz) r`,
      [id, startedAt],
    );
    clearInterval(watcher);
    lagResult = {
      samples,
      sequenced,
      unseen: waiting.size,
      unsequenced: [...waiting.values()].filter((entry) => entry.sequenced === undefined).length,
      crawls,
      changed,
      seconds,
      runs,
      ...(holder === undefined ? {} : { holder }),
      ...(blocked === undefined ? {} : { blocked }),
    };
  }

  // ---- report ----
  const perBatch = (measured: Measured, ms: number): string =>
    measured.batches === 0 ? '—' : (ms / measured.batches).toFixed(1);
  const splitOf = (measured: Measured): string => {
    const t = measured.totals;
    const wallMs = measured.seconds * 1000;
    const staged =
      t.read.ms + t.backfillRead.ms + t.map.ms + t.apply.ms + t.progress.ms + t.pending.ms + t.send.ms;
    return [
      perBatch(measured, t.read.ms + t.backfillRead.ms),
      perBatch(measured, t.map.ms),
      perBatch(measured, t.apply.ms + t.send.ms),
      perBatch(measured, t.progress.ms + t.pending.ms),
      perBatch(measured, wallMs - staged),
    ]
      .map((cell) => cell.padStart(9))
      .join('');
  };
  /** On a CPU / waiting for one, as shares of the wall time. */
  const shares = (times: SchedTimes, seconds: number): string =>
    `${((times.cpu / seconds) * 100).toFixed(0)}/${((times.wait / seconds) * 100).toFixed(0)}%`;
  const row = (measured: Measured, unit: string): string =>
    `${measured.what.padEnd(36)}${fmt(measured.size).padStart(6)}${fmt(measured.items).padStart(9)}` +
    `${measured.seconds.toFixed(1).padStart(8)}${fmt(measured.items / measured.seconds).padStart(9)} ${unit.padEnd(7)}` +
    `${String(measured.runs).padStart(5)}${String(measured.batches).padStart(8)}${splitOf(measured)}` +
    shares(measured.main, measured.seconds).padStart(10) +
    (measured.customer === undefined ? '—' : shares(measured.customer, measured.seconds)).padStart(10) +
    `  ${measured.check}`;
  const header =
    `${'measurement'.padEnd(36)}${'batch'.padStart(6)}${'items'.padStart(9)}${'s'.padStart(8)}${'rate'.padStart(9)} ${''.padEnd(7)}` +
    `${'runs'.padStart(5)}${'batches'.padStart(8)}${'read'.padStart(9)}${'map'.padStart(9)}${'apply'.padStart(9)}` +
    `${'progress'.padStart(9)}${'other'.padStart(9)}${'loop'.padStart(10)}${'cust'.padStart(10)}  check`;

  out(
    `bench:destinations — corpus ${fmt(corpus.jobs)} jobs, ${fmt(counts.open)} open (${fmt(counts.open_resolved)} of resolved ` +
      `companies); latest seq ${fmt(latest)}; ${values.prefix}` +
      (corpus.loadSeconds === undefined ? '' : `; loaded in ${corpus.loadSeconds.toFixed(0)} s this run`),
  );
  out(
    `replay: the last ${fmt(events)} change events (seq ${fmt(from + 1)}–${fmt(latest)}; ${fmt(counts.expected)} jobs live ` +
      `at the end; stored document ${fmt(counts.doc_bytes / 1024, 1)} KiB on average)` +
      (events < eventsWanted ? ` — only ${fmt(events)} of ${fmt(eventsWanted)} asked are retained` : ''),
  );
  out(`start: ${startLoad}; end: ${loadNote()}`);
  if (busy())
    out(
      'NOTE: the load average says other work (another bench?) competed for the CPUs — see the wait shares of ' +
        'loop / cust below; every figure is noisy and a lower bound of what this code does alone.',
    );
  out();
  out(
    'customer Postgres (TLS verify-full, its own database and role). Per batch, ms: read = ledger read (backfill:',
  );
  out(
    'job_state read), map = filters and rows, apply = the customer transaction, progress = our record of it, other =',
  );
  out(
    'wall time per batch minus the four (negative: the next read overlaps the customer transaction). loop / cust = this',
  );
  out(
    "process's main thread / the customer's server processes: % of the wall time on a CPU / waiting for one.",
  );
  out(header);
  for (const measured of postgresResults)
    out(row(measured, measured.what.startsWith('backfill') ? 'jobs/s' : 'ev/s'));
  if (historyResult !== undefined) out(row(historyResult.measured, 'ev/s'));
  const serial = postgresResults.find(
    (result) => result.size === defaultSize && result.what === 'replay, insert',
  );
  if (serial !== undefined && serial.batches > 0) {
    const t = serial.totals;
    const perBatchMs = (serial.seconds * 1000) / serial.batches;
    const overlapped = Math.max(t.read.ms + t.map.ms, t.apply.ms + t.progress.ms) / serial.batches;
    out(
      `  a batch takes ${perBatchMs.toFixed(0)} ms per ${fmt(defaultSize)} events (insert replay); with the next read ` +
        `overlapping the customer transaction the bound is the longer side, ${overlapped.toFixed(0)} ms: ` +
        `≤ ${fmt((defaultSize * 1000) / overlapped)} events/s on this run's figures`,
    );
  }
  if (historyResult !== undefined) {
    const { measured, plan, before } = historyResult;
    out();
    out(
      `long-lived destination: with ${fmt(history)} batch records in the customer's ${lagDestination?.table ?? ''}_deliveries ` +
        `(≈ ${(history / 86_400).toFixed(1)} days at one batch a second; 30 days keep up to 2.6M), each batch's transaction`,
    );
    out(
      `trims the record with DELETE … WHERE destination_id = $1 AND batch < $2 AND committed_at < now() − 30 days (db/customer-table.ts apply):`,
    );
    for (const line of plan
      .filter((text) => /Scan|Rows Removed|Buffers|Execution Time|Delete on/.test(text))
      .slice(0, 8))
      out(`    ${line.trim()}`);
    if (before !== undefined) {
      const applyBefore = before.totals.apply.ms / Math.max(1, before.batches);
      const applyAfter = measured.totals.apply.ms / Math.max(1, measured.batches);
      out(
        `  apply per batch ${applyBefore.toFixed(1)} → ${applyAfter.toFixed(1)} ms; ${fmt(before.items / before.seconds)} → ` +
          `${fmt(measured.items / measured.seconds)} events/s (same batch size ${fmt(defaultSize)}, same replay)`,
      );
    }
  }
  out();
  if (webhookResult !== undefined) {
    out(
      `webhook (HTTPS receiver on a worker thread, every signature verified) — per batch, ms: apply = marked pending → ` +
        `acknowledged (body, signature, POST), progress = pending mark + our record`,
    );
    out(header);
    out(row(webhookResult, 'ev/s'));
  }
  if (tally !== undefined && webhookResult !== undefined)
    out(
      `  ${fmt(tally.batches)} requests, ${fmt(tally.bytes / 1e6, 1)} MB (${fmt(tally.bytes / 1e6 / webhookResult.seconds, 1)} MB/s), ` +
        `${fmt(tally.bytes / Math.max(1, tally.batches) / 1024)} KiB per request`,
    );
  out();
  let lagP95: number | undefined;
  if (lagResult !== undefined) {
    const { samples, sequenced, runs } = lagResult;
    const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
    lagP95 = samples.length === 0 ? undefined : percentile(samples, 95) / 1000;
    out(
      `lag, commit → customer table (${lagResult.crawls} crawls in ${lagResult.seconds.toFixed(0)} s, ${fmt(lagResult.changed)} ` +
        `changed jobs committed; sequencer ${DEFAULT_TICKS.sequenceMs} ms, delivery poll ${config.destinations.pollMs} ms, ` +
        `customer polled every ${POLL_MS} ms)`,
    );
    out('                         samples      p50      p95      max');
    out(
      `commit → customer row   ${String(samples.length).padStart(8)} ${s(percentile(samples, 50)).padStart(8)} ` +
        `${s(percentile(samples, 95)).padStart(8)} ${s(Math.max(0, ...samples)).padStart(8)}`,
    );
    out(
      `commit → sequenced      ${String(sequenced.length).padStart(8)} ${s(percentile(sequenced, 50)).padStart(8)} ` +
        `${s(percentile(sequenced, 95)).padStart(8)} ${s(Math.max(0, ...sequenced)).padStart(8)}`,
    );
    out(
      `  ${String(lagResult.unseen)} changed jobs never reached the customer within ${DRAIN_MS / 1000} s after the last commit ` +
        `(${String(lagResult.unsequenced)} of them never sequenced); delivery runs meanwhile: ${runs.runs} ` +
        `(${runs.failed} failed), ${fmt(runs.events)} events, run ${runs.mean_ms.toFixed(0)} ms mean, ` +
        `${runs.p95_ms.toFixed(0)} ms p95, ${runs.max_ms.toFixed(0)} ms max`,
    );
    const { holder, blocked } = lagResult;
    if (holder !== undefined && holder.seconds >= 1)
      out(
        `  oldest write transaction in the cluster meanwhile: ${holder.seconds.toFixed(1)} s (pid ${String(holder.pid)}, ` +
          `${holder.application || '?'} on ${holder.database}: ${holder.query}) — the sequencer numbers no event committed ` +
          'after such a transaction began until it ends (db/ledger.ts sequence: pg_snapshot_xmin is cluster-wide)',
      );
    if (blocked !== undefined && blocked.seconds >= 1)
      out(
        `  longest lock wait meanwhile: ${blocked.seconds.toFixed(1)} s (pid ${String(blocked.pid)}, ` +
          `${blocked.application || '?'} on ${blocked.database}: ${blocked.query})`,
      );
  }
  if (warnings.length > 0) {
    // Warnings by message, with how often each came.
    const byMessage = new Map<string, number>();
    for (const line of warnings.flatMap((chunk) => chunk.split('\n')).filter((text) => text !== '')) {
      let message = line.slice(0, 120);
      try {
        const parsed: unknown = JSON.parse(line);
        if (typeof parsed === 'object' && parsed !== null && 'msg' in parsed) message = String(parsed.msg);
      } catch {
        // Not pino's JSON: the line's start says what it is.
      }
      byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
    }
    out(
      `warnings logged by delivery and the loops: ${[...byMessage].map(([message, count]) => `${String(count)}× ${message}`).join('; ')}`,
    );
  }
  out();
  out('summary');
  const verdict = (ok: boolean): string => (ok ? 'PASS' : 'MISS');
  const summary: [string, string, string][] = [];
  for (const measured of postgresResults.filter((result) => result.what.startsWith('replay'))) {
    const rate = measured.items / measured.seconds;
    summary.push([
      `Postgres ${measured.what}, batch ${fmt(measured.size)}`,
      `${fmt(rate)} events/s (${(rate / TARGET.eventsPerSecond).toFixed(2)}x target)`,
      `≥ ${fmt(TARGET.eventsPerSecond)}: ${verdict(rate >= TARGET.eventsPerSecond)}`,
    ]);
  }
  if (historyResult !== undefined) {
    const rate = historyResult.measured.items / historyResult.measured.seconds;
    summary.push([
      `Postgres replay, ${fmt(history)} batch records`,
      `${fmt(rate)} events/s (${(rate / TARGET.eventsPerSecond).toFixed(2)}x target)`,
      `≥ ${fmt(TARGET.eventsPerSecond)}: ${verdict(rate >= TARGET.eventsPerSecond)}`,
    ]);
  }
  for (const measured of postgresResults.filter((result) => result.what.startsWith('backfill')))
    summary.push([
      `Postgres backfill, batch ${fmt(measured.size)}`,
      `${fmt(measured.items / measured.seconds)} jobs/s`,
      'no target',
    ]);
  if (webhookResult !== undefined)
    summary.push([
      `webhook, batch ${fmt(webhookResult.size)}`,
      `${fmt(webhookResult.items / webhookResult.seconds)} events/s`,
      'no target',
    ]);
  if (lagResult !== undefined) {
    summary.push([
      'commit → customer table lag p50',
      `${(percentile(lagResult.samples, 50) / 1000).toFixed(2)} s over ${String(lagResult.samples.length)} changed jobs`,
      'no target',
    ]);
    summary.push([
      'commit → customer table lag p95',
      lagP95 === undefined ? 'no sample' : `${lagP95.toFixed(2)} s`,
      `≤ ${String(TARGET.lagP95Seconds)} s: ${verdict(lagP95 !== undefined && lagP95 <= TARGET.lagP95Seconds && lagResult.unseen === 0)}` +
        (lagResult.unseen === 0 ? '' : ` (${String(lagResult.unseen)} changes never arrived)`),
    ]);
  }
  const checks = [
    ...postgresResults,
    ...(historyResult === undefined ? [] : [historyResult.measured]),
    ...(webhookResult === undefined ? [] : [webhookResult]),
  ];
  const failedChecks = checks.filter((measured) => measured.check !== 'ok');
  summary.push([
    'delivered rows and batches check',
    failedChecks.length === 0
      ? `${String(checks.length)} measurements ok`
      : failedChecks.map((m) => `${m.what}: ${m.check}`).join('; '),
    failedChecks.length === 0 ? 'OK' : 'MISMATCH',
  ]);
  for (const [what, figure, judged] of summary) out(`  ${what.padEnd(44)} ${figure.padEnd(40)} ${judged}`);
  out(`  ${loadNote()}${busy() ? ' — busy machine: figures are noisy' : ''}`);
  process.stdout.write(`${rows.join('\n')}\n`);
  if (failedChecks.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
