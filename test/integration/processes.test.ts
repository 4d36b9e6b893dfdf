/**
 * The scale path as deployed: two API processes and two workers (src/main/api.ts, worker.ts) at
 * once, on one Postgres schema and the two-node Elasticsearch cluster (cluster.ts). What only holds
 * if the processes coordinate through Postgres, never through their own memory:
 *
 * - rate limits and the monthly allowance are shared: a burst split over both APIs is admitted
 *   exactly up to the limit, never beyond;
 * - the crawl loops claim due boards with FOR UPDATE SKIP LOCKED: every board is crawled once;
 * - one sequencer numbers the ledger (advisory lock): seq is 1..N without a gap or a duplicate,
 *   and the change feed read through both APIs alternately is that same sequence;
 * - each API's key cache hears a revocation made through the other (LISTEN/NOTIFY).
 *
 * Own schema and index prefix (the processes own their data); everything is dropped afterwards,
 * and every process is stopped (SIGTERM; parent-death signal should mocha itself be killed).
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { serveDemoCorpus } from '../../scripts/lib/demo-corpus.js';
import { KEY_CHANGES_CHANNEL } from '../../src/db/key-changes.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { ES_PROJECTION } from '../../src/ledger/projector.js';
import { testCluster } from './cluster.js';
import { closeEnv, openEnv, testConfig, type TestEnv } from './env.js';
import { call, withKey, type ApiResponse, type Problem } from './http.js';
import { startServiceProcess, type ServiceProcess } from './processes-support.js';

/** The published per-minute limit of the `feeds` bucket (openapi.yaml), multiplier 1. */
const FEEDS_PER_MINUTE = 60;
/** Allowance units left to the allowance test's account, and the burst that competes for them. */
const ALLOWANCE_LEFT = 25;
const SEARCHES = 50;
const SEARCH_PAGE = 10;
/**
 * How long a revocation may take to reach both APIs' key caches: well below the cache's own 60 s
 * bound on staleness (services/key-cache.ts), so only the notification can make it in time.
 */
const REVOCATION_DEADLINE_MS = 10_000;

interface Board {
  id: string;
  /** Path prefix of the board's routes on the fixture server. */
  prefix: string;
}

interface CrawlLog {
  worker: string;
  boardId: string;
  outcome: string;
}

interface FeedPage {
  data: { seq: number; job_key: string; type: string }[];
  next_seq: number;
}

interface SearchPage {
  data: { job_key: string }[];
}

describe('two API processes and two workers on one Postgres and one cluster', function () {
  this.timeout(180_000);
  let env: TestEnv | undefined;
  let fixtures: FixtureServer | undefined;
  const processes: ServiceProcess[] = [];
  const apis: string[] = [];
  const boards: Board[] = [];
  let appName = '';

  const testRun = (): TestEnv => {
    if (env === undefined) throw new Error('the environment was not opened (see before)');
    return env;
  };

  /** Polls `probe` until it answers a value; fails after `ms`, or at once when a process died. */
  const until = async <T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> => {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      const dead = processes.find((child) => !child.running());
      if (dead !== undefined)
        throw new Error(`${dead.name} exited while waiting for ${what}: ${dead.stderr()}`);
      if (Date.now() > deadline) throw new Error(`no ${what} within ${ms / 1000} s`);
      await sleep(100);
    }
  };

  before(async function () {
    // The cluster's first start and four processes starting at once on two cores take a while.
    this.timeout(600_000);
    const cluster = await testCluster();
    const run = process.env.JLDS_TEST_RUN ?? randomBytes(4).toString('hex');
    const databaseUrl = process.env.DATABASE_URL;
    if (databaseUrl === undefined || databaseUrl === '') throw new Error('DATABASE_URL is not set');
    // What every process shares: one schema, one index family, one set of secrets (a key made by
    // one process must verify in another, a cursor of one must decode in the other).
    const shared = {
      ELASTICSEARCH_URL: cluster.url,
      DATABASE_URL: databaseUrl,
      PG_SCHEMA: `t_${run}_procs`,
      ES_INDEX_PREFIX: `t${run}-procs-jobs`,
      API_KEY_PEPPER: randomBytes(32).toString('hex'),
      CURSOR_SECRET: randomBytes(32).toString('hex'),
      RATE_LIMIT_MULTIPLIER: '1',
      CRAWL_HOST_MIN_INTERVAL_MS: '0',
      ES_SHARDS: '2',
      ES_REPLICAS: '1',
      DATASETS_DIR: join(tmpdir(), `jlds-datasets-${run}-procs`),
    };
    // Migrated and indexed here first, so the processes' own start-up finds both done. No model:
    // nothing here searches semantically, and it would cost each process a CPU-heavy load.
    env = await openEnv(testConfig({ ...shared, EMBEDDING_MODEL_DIR: '' }));
    appName = `job-listings-data-service/${shared.PG_SCHEMA}`.slice(0, 63);
    const db = env.runtime.database.db;

    fixtures = await startFixtureServer();
    for (const line of serveDemoCorpus(fixtures)) {
      const id = await registerBoard(db, line);
      boards.push({ id, prefix: new URL(line.endpoint ?? fixtures.url).pathname });
    }
    // Held back until both workers run, so that both crawl loops compete for the same due boards
    // (a worker starting seconds before the other would otherwise claim the first batches alone).
    await db.none("UPDATE boards SET next_crawl_at = 'infinity'");

    const childEnv = {
      ...shared,
      PORT: '0',
      LOG_LEVEL: 'info',
      // 16 boards per claim: the 35 demo boards take three claims, so both workers get some.
      CRAWL_CONCURRENCY: '8',
      // Normalization on the crawl loop's thread: two worker threads per worker would only add
      // start-up CPU on this two-core budget; claiming, the property tested, is unchanged.
      INGEST_THREADS: '0',
    };
    for (const n of [0, 1]) processes.push(startServiceProcess(`api-${n}`, 'api', childEnv));
    for (const n of [0, 1]) processes.push(startServiceProcess(`worker-${n}`, 'worker', childEnv));
    const ready = await Promise.all(processes.map((child) => child.ready));
    apis.push(...ready.slice(0, 2));

    await db.none('UPDATE boards SET next_crawl_at = now()');
    // Settled: every board crawled, every event numbered and projected into the index.
    await until('crawled, sequenced and projected ledger', 120_000, async () => {
      const state = await db.one<{
        uncrawled: number;
        unsequenced: number;
        events: number;
        latest: number;
        projected: number;
      }>(
        `SELECT (SELECT count(*)::int FROM boards WHERE last_crawl_at IS NULL) AS uncrawled,
                (SELECT count(*)::int FROM change_events WHERE seq IS NULL) AS unsequenced,
                (SELECT count(*)::int FROM change_events) AS events,
                (SELECT COALESCE(max(seq), 0)::int FROM change_events) AS latest,
                COALESCE((SELECT seq::int FROM projector_checkpoints WHERE name = $1), 0) AS projected`,
        [ES_PROJECTION],
      );
      const settled =
        state.uncrawled === 0 &&
        state.unsequenced === 0 &&
        state.events > 0 &&
        state.projected === state.latest;
      return settled ? state : undefined;
    });
    await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
  });

  after(async function () {
    this.timeout(120_000);
    // Processes first: they hold connections to the schema about to be dropped.
    const stopped = await Promise.all(
      processes.map(async (child) => ({ name: child.name, ...(await child.stop()) })),
    );
    await fixtures?.close();
    if (env !== undefined) await closeEnv(env);
    // Checked only once everything is cleaned up: a process that ignores SIGTERM is a shutdown bug.
    const forced = stopped.filter((result) => result.killed);
    if (forced.length > 0)
      throw new Error(
        `not stopped by SIGTERM within the grace period: ${forced.map((f) => f.name).join(', ')}`,
      );
  });

  /** The 'board crawled' lines of both workers. */
  const crawlLogs = (): CrawlLog[] =>
    processes
      .filter((child) => child.name.startsWith('worker'))
      .flatMap((child) =>
        child.logs
          .filter((line) => line.msg === 'board crawled')
          .map((line) => {
            const crawl = line.fields.crawl;
            const summary =
              typeof crawl === 'object' && crawl !== null ? (crawl as Record<string, unknown>) : {};
            return {
              worker: child.name,
              boardId: String(summary.boardId),
              outcome: String(summary.outcome),
            };
          }),
      );

  it('crawls every board exactly once between the two workers, and both take part', async () => {
    // A worker logs a batch's crawls once the whole batch is done: the last lines may trail the rows.
    const logs = await until('a crawl log line per board', 30_000, () =>
      Promise.resolve(crawlLogs().length >= boards.length ? crawlLogs() : undefined),
    );
    const sorted = (ids: string[]): string[] => [...ids].sort((a, b) => Number(a) - Number(b));
    expect(sorted(logs.map((log) => log.boardId))).to.deep.equal(sorted(boards.map((board) => board.id)));
    expect(
      logs.filter((log) => log.outcome !== 'ok'),
      'failed crawls',
    ).to.deep.equal([]);
    const byWorker = new Map<string, number>();
    for (const log of logs) byWorker.set(log.worker, (byWorker.get(log.worker) ?? 0) + 1);
    expect([...byWorker.keys()].sort(), JSON.stringify([...byWorker])).to.deep.equal([
      'worker-0',
      'worker-1',
    ]);

    // The ATS side: every board was fetched, and no GET twice. Within one crawl every GET differs
    // (pages differ in their query, details in their path), so a repeated GET is a second crawl.
    // (A few connectors page with POSTs to one path, the offset in the body; the log above covers them.)
    // Eightfold's list pages are the exception: a walk that ends short of the board's count is swept
    // again from the start (the demo board's recording lists 3 of 1,758), so they repeat within one
    // crawl; its detail requests do not.
    const requests = fixtures?.requests ?? [];
    for (const board of boards)
      expect(
        requests.some((request) => request.split(' ')[1]?.startsWith(`${board.prefix}/`)),
        `board ${board.id} (${board.prefix}) fetched`,
      ).to.equal(true);
    const gets = new Map<string, number>();
    const resweptList = /\/api\/(?:pcsx\/search|apply\/v2\/jobs)\?/;
    for (const request of requests.filter((r) => r.startsWith('GET ') && !resweptList.test(r)))
      gets.set(request, (gets.get(request) ?? 0) + 1);
    expect([...gets].filter(([, count]) => count > 1)).to.deep.equal([]);
  });

  it('one sequencer: seq is 1..N without a gap or a duplicate, in writing-transaction order, all projected', async () => {
    const { db } = testRun().runtime.database;
    const events = await db.any<{ seq: number; xid: string; id: string; job_key: string }>(
      'SELECT seq::int AS seq, xid::text AS xid, id::text AS id, job_key FROM change_events ORDER BY seq',
    );
    expect(events.length).to.be.greaterThan(50);
    expect(events.map((event) => event.seq)).to.deep.equal(
      Array.from({ length: events.length }, (_, n) => n + 1),
    );
    // Numbers go only to events whose transaction is older than every running one, in (xid, id)
    // order: so the whole ledger in seq order is in (xid, id) order too. Two sequencers at once
    // would number from the same `max(seq)` and interleave their batches.
    const outOfOrder = events.filter((event, n) => {
      const previous = events[n - 1];
      if (previous === undefined) return false;
      const [xid, before] = [BigInt(event.xid), BigInt(previous.xid)];
      return xid < before || (xid === before && BigInt(event.id) <= BigInt(previous.id));
    });
    expect(outOfOrder.map((event) => event.seq)).to.deep.equal([]);
    // Both workers' projectors share one checkpoint (session lock): every job is in the index once.
    const { es, indices } = testRun().runtime;
    const indexed = await es.count({ index: indices.alias });
    expect(indexed.count).to.equal(new Set(events.map((event) => event.job_key)).size);
  });

  it('the change feed read through both APIs alternately is the same gap-free 1..N', async () => {
    const { db } = testRun().runtime.database;
    const ledger = await db.any<{ seq: number; job_key: string }>(
      'SELECT seq::int AS seq, job_key FROM change_events ORDER BY seq',
    );
    const { key } = await testRun().services.accounts.createActiveAccount({
      email: 'procs-feed@example.com',
      plan: 'starter',
      isService: false,
    });
    const read: { seq: number; job_key: string }[] = [];
    const pagesBy = [0, 0];
    let since = 0;
    for (let page = 0; page < 100; page += 1) {
      const api = page % 2;
      const response = await call(`/v1/feed/changes?since_seq=${since}&limit=20`, withKey(key), apis[api]);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const body = response.body as FeedPage;
      if (body.data.length === 0) {
        expect(body.next_seq).to.equal(since);
        break;
      }
      pagesBy[api] = (pagesBy[api] ?? 0) + 1;
      read.push(...body.data.map((event) => ({ seq: event.seq, job_key: event.job_key })));
      expect(body.next_seq).to.equal(body.data[body.data.length - 1]?.seq);
      since = body.next_seq;
    }
    expect(read.map((event) => event.seq)).to.deep.equal(
      Array.from({ length: read.length }, (_, n) => n + 1),
    );
    expect(read).to.deep.equal(ledger);
    expect(
      pagesBy.every((pages) => pages > 0),
      JSON.stringify(pagesBy),
    ).to.equal(true);
  });

  it('admits exactly the per-minute limit of a burst split over both APIs, never more', async () => {
    const accounts = testRun().services.accounts;
    // Warm both APIs' counter pools: a burst on cold pools waits on connection set-up.
    await Promise.all(apis.flatMap((api) => Array.from({ length: 6 }, () => call('/healthz', {}, api))));
    for (let attempt = 0; ; attempt += 1) {
      const { key, accountId } = await accounts.createActiveAccount({
        email: `procs-limits-${attempt}@example.com`,
        plan: 'starter',
        isService: false,
      });
      const minute = Math.floor(Date.now() / 60_000);
      const burst = 100;
      const responses = await Promise.all(
        Array.from({ length: burst }, (_, n) => call('/v1/feed/active/count', withKey(key), apis[n % 2])),
      );
      // A burst that straddles a minute boundary legitimately spans two windows: try again.
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) continue;
      const ok = responses.filter((response) => response.status === 200);
      const limited = responses.filter((response) => response.status === 429);
      // A count Postgres could not take within the request deadline (a loaded machine) is a 503,
      // never an admission on one process's own count (db/rate-limits.ts): it may or may not have
      // been counted, so each one can stand for at most one admission less.
      const unavailable = responses.filter((response) => response.status === 503);
      expect(ok.length + limited.length + unavailable.length, statuses(responses)).to.equal(burst);
      for (const response of unavailable)
        expect((response.body as Problem).code, statuses(responses)).to.equal('upstream_unavailable');
      expect(
        ok.length,
        `admitted ${ok.length} of ${burst} (statuses ${statuses(responses)}); over ${FEEDS_PER_MINUTE} means a process counted alone`,
      ).to.be.within(FEEDS_PER_MINUTE - unavailable.length, FEEDS_PER_MINUTE);
      // One counter: each admitted request saw a different count; with nothing unavailable, 59 left down to 0.
      const remaining = ok.map((response) => Number(response.headers.get('x-ratelimit-remaining')));
      expect(new Set(remaining).size).to.equal(ok.length);
      if (unavailable.length === 0)
        expect([...remaining].sort((a, b) => a - b)).to.deep.equal(
          Array.from({ length: FEEDS_PER_MINUTE }, (_, n) => n),
        );
      for (const response of limited) expect((response.body as Problem).code).to.equal('rate_limited');
      // Every request of both processes went into the account's one Postgres row.
      const counted = await testRun().runtime.database.db.one<{ points: number }>(
        'SELECT COALESCE(sum(points), 0)::int AS points FROM rate_limits WHERE key LIKE $1',
        [`feeds:account:${accountId}:%`],
      );
      expect(counted.points).to.be.within(burst - unavailable.length, burst);
      return;
    }
  });

  it('never charges past the allowance with concurrent searches on both APIs; usage equals what was delivered', async () => {
    const { db } = testRun().runtime.database;
    const { key, accountId } = await testRun().services.accounts.createActiveAccount({
      email: 'procs-allowance@example.com',
      plan: 'starter',
      isService: false,
    });
    // The first metered request opens the period row; then all but ALLOWANCE_LEFT of it is spent.
    const opened = await call('/v1/jobs/search?limit=1', withKey(key), apis[0]);
    expect(opened.status, JSON.stringify(opened.body)).to.equal(200);
    await db.none('UPDATE allowance_periods SET used = allowance_limit - $2 WHERE account_id = $1', [
      accountId,
      ALLOWANCE_LEFT,
    ]);
    const usage = (): Promise<{ used: number; limit: number; jobs: number }> =>
      db.one<{ used: number; limit: number; jobs: number }>(
        `SELECT ap.used::int AS used, ap.allowance_limit::int AS limit,
                (SELECT COALESCE(sum(jobs), 0)::int FROM usage_daily WHERE account_id = $1) AS jobs
           FROM allowance_periods ap WHERE ap.account_id = $1`,
        [accountId],
      );
    const before = await usage();
    const responses = await Promise.all(
      Array.from({ length: SEARCHES }, (_, n) =>
        call(`/v1/jobs/search?limit=${SEARCH_PAGE}`, withKey(key), apis[n % 2]),
      ),
    );
    const unexpected = responses.filter((response) => response.status !== 200 && response.status !== 402);
    expect(unexpected.map((response) => response.body)).to.deep.equal([]);
    const delivered = responses
      .filter((response) => response.status === 200)
      .reduce((sum, response) => sum + (response.body as SearchPage).data.length, 0);
    // The demand (500 jobs) is far above what is left: all of it is delivered, and not one more.
    expect(delivered).to.equal(ALLOWANCE_LEFT);
    expect(responses.filter((response) => response.status === 402).length).to.be.greaterThan(0);
    const after = await usage();
    expect(after.used).to.equal(after.limit);
    expect(after.used - before.used).to.equal(delivered);
    expect(after.jobs - before.jobs).to.equal(delivered);
  });

  it("each API's key cache hears a revocation made through the other", async () => {
    const { db } = testRun().runtime.database;
    // Both APIs listen for key changes (the cache serves only while they do); so does this
    // process's own runtime. The workers do not authenticate and do not listen.
    await until('a key-change listener in each API', 30_000, async () => {
      const { listeners } = await db.one<{ listeners: number }>(
        `SELECT count(*)::int AS listeners FROM pg_stat_activity
          WHERE application_name = $1 AND query = $2 AND pid <> pg_backend_pid()`,
        [appName, `LISTEN "${KEY_CHANGES_CHANNEL}"`],
      );
      return listeners === 3 ? listeners : undefined;
    });
    const owner = await testRun().services.accounts.createActiveAccount({
      email: 'procs-revoke@example.com',
      plan: 'starter',
      isService: false,
    });
    const created = await call('/v1/account/keys', withKey(owner.key, { method: 'POST' }), apis[0]);
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const spare = created.body as { id: string; key: string };
    // Both APIs have resolved the key, and keep it: their caches serve while they listen.
    for (const api of apis)
      for (let n = 0; n < 2; n += 1)
        expect((await call('/v1/feed/active/count', withKey(spare.key), api)).status).to.equal(200);

    const revoked = await call(
      `/v1/account/keys/${spare.id}`,
      withKey(owner.key, { method: 'DELETE' }),
      apis[0],
    );
    expect(revoked.status, JSON.stringify(revoked.body)).to.equal(200);
    expect(revoked.body).to.include({ id: spare.id, status: 'revoked' });
    const start = Date.now();
    const refusedAfter = new Map<string, number>();
    while (refusedAfter.size < apis.length && Date.now() - start < REVOCATION_DEADLINE_MS) {
      for (const api of apis) {
        if (refusedAfter.has(api)) continue;
        const response = await call('/v1/feed/active/count', withKey(spare.key), api);
        if (response.status === 401) {
          expect((response.body as Problem).code).to.equal('invalid_api_key');
          refusedAfter.set(api, Date.now() - start);
        }
      }
      if (refusedAfter.size < apis.length) await sleep(50);
    }
    expect([...refusedAfter.keys()].sort(), JSON.stringify([...refusedAfter])).to.deep.equal(
      [...apis].sort(),
    );
    // Only that key: the account's other key is still accepted everywhere.
    for (const api of apis)
      expect((await call('/v1/feed/active/count', withKey(owner.key), api)).status).to.equal(200);
  });
});

function statuses(responses: ApiResponse[]): string {
  return responses.map((response) => response.status).join(',');
}
