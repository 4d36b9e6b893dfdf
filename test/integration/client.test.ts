/**
 * The typed client (clients/typescript) against the real server: cursor walks of search and the
 * company directory, the exactly-once active-feed consumer and the change-feed consumer (each with
 * a simulated crash between handler and persistence), typed problems, and every example of
 * examples/ run as a child process against the same server.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import {
  activeFeedFileStore,
  changeFeedFileStore,
  consumeActiveFeed,
  consumeChangeFeed,
  createClient,
  MemoryStore,
  ProblemError,
  type ActiveFeedPosition,
  type ChangeEvent,
  type components,
  type FetchLike,
  type JldsClient,
  type PositionStore,
  type RetryEvent,
} from '../../clients/typescript/src/index.js';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { filterBool, type JobFilters } from '../../src/search/job-query.js';
import { activeFeedHorizon, advanceActiveFeedHorizon } from '../../src/services/feeds/horizon.js';
import { crawlDemoCorpus, crawlSampleBoards } from './indices.js';
import { testEnv } from './env.js';
import { call, withKey } from './http.js';

/** What a simulated crash throws: the process "dies" at that point. */
class Crash extends Error {}

/** A store whose `save` number `crashAt` (from 1) crashes instead of persisting. */
function crashingStore<Position>(store: PositionStore<Position>, crashAt: number): PositionStore<Position> {
  let saves = 0;
  return {
    load: () => store.load(),
    save: (position) => {
      saves += 1;
      if (saves === crashAt) return Promise.reject(new Crash(`crashed before save ${String(saves)}`));
      return store.save(position);
    },
  };
}

interface FeedRow {
  job_key: string;
  first_seen: string;
}

/** The active feed's order: first_seen, then job_key (byte order, as Elasticsearch sorts keywords). */
const byFeedOrder = (a: FeedRow, b: FeedRow): number =>
  a.first_seen === b.first_seen ? (a.job_key < b.job_key ? -1 : 1) : a.first_seen < b.first_seen ? -1 : 1;

/** Ground truth of the active feed's window [gte, lt): open jobs of resolved companies, feed order. */
async function feedWindow(gte: string, lt: string): Promise<string[]> {
  const rows = await testEnv().runtime.database.db.any<{ document: FeedRow }>(
    `SELECT document FROM job_state
      WHERE status = 'open' AND first_seen >= $1 AND first_seen < $2
        AND (document->>'company_resolved')::boolean`,
    [gte, lt],
  );
  return rows
    .map((row) => row.document)
    .sort(byFeedOrder)
    .map((job) => job.job_key);
}

/** How many jobs of the shared index a search with these filters matches. */
async function searchCount(filters: JobFilters): Promise<number> {
  const { runtime } = testEnv();
  return (await runtime.es.count({ index: runtime.indices.alias, query: filterBool(filters) })).count;
}

/** Runs an example as a user would (`npx tsx examples/<name>.ts`): this Node, with tsx's loader. */
function runExample(
  name: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `examples/${name}.ts`, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** The number a line of example output reports, e.g. `search: 65 jobs in 1 pages` → 65. */
function reported(output: string, pattern: RegExp): number {
  const match = pattern.exec(output);
  if (match?.[1] === undefined) throw new Error(`no ${String(pattern)} in:\n${output}`);
  return Number(match[1]);
}

describe('typed client (clients/typescript) against the real server', function () {
  this.timeout(180_000);
  let server: FixtureServer;
  let key = '';
  let baseUrl = '';
  let client: JldsClient;
  /** First first_seen of the demo boards: where this suite's active-feed walks start. */
  let since = '';
  let stateDir = '';

  before(async () => {
    const env = testEnv();
    const db = env.runtime.database.db;
    baseUrl = env.baseUrl;
    server = await startFixtureServer();
    const ids = await crawlDemoCorpus(env, server);
    // Another suite of this run may have crawled the demo boards first: start at their first job.
    ({ since } = await db.one<{ since: string }>(
      `SELECT to_char(min(first_seen) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS since
         FROM job_state WHERE board_id = ANY($1::bigint[])`,
      [ids],
    ));
    ({ key } = await env.services.accounts.createActiveAccount({
      email: 'typed-client@example.com',
      plan: 'scale',
      isService: false,
    }));
    client = createClient({ baseUrl, apiKey: key });
    stateDir = await mkdtemp(join(tmpdir(), 'jlds-client-'));
  });

  after(async () => {
    await server.close();
    await rm(stateDir, { recursive: true, force: true });
  });

  describe('cursor iterators', () => {
    it('walks a whole search until next_cursor is absent: every matching job exactly once', async () => {
      const expected = await searchCount({ status: 'open' });
      expect(expected, 'the demo corpus is indexed').to.be.greaterThan(40);
      const keys: string[] = [];
      let pages = 0;
      for await (const page of client.searchPages({ status: 'open', limit: 9 })) {
        pages += 1;
        expect(page.data.length).to.be.at.most(9);
        keys.push(...page.data.map((job) => job.job_key));
      }
      expect(pages).to.equal(Math.ceil(expected / 9));
      expect(keys).to.have.length(expected);
      expect(new Set(keys).size).to.equal(expected);

      // csv parameters go out as one comma-separated value (`source=greenhouse,lever`).
      const sources: components['schemas']['SourceCode'][] = ['greenhouse', 'lever'];
      const filtered: string[] = [];
      for await (const job of client.searchAll({ source: sources, limit: 4 })) {
        expect(sources).to.include(job.source);
        filtered.push(job.job_key);
      }
      const expectedFiltered = await searchCount({ status: 'open', source: sources });
      expect(expectedFiltered).to.be.greaterThan(4);
      expect(filtered).to.have.length(expectedFiltered);
      expect(new Set(filtered).size).to.equal(expectedFiltered);
    });

    it('waits out a 429 as Retry-After says in the middle of a walk, and loses nothing', async () => {
      let requests = 0;
      // The second request is answered 429 before it reaches the server (the published limits are
      // multiplied in this run); every other request goes to the real server.
      const flaky: FetchLike = (request) => {
        requests += 1;
        if (requests === 2)
          return Promise.resolve(
            Response.json(
              {
                type: '/problems/rate-limited',
                title: 'Rate limit exceeded',
                status: 429,
                code: 'rate_limited',
                request_id: 'synthetic',
              },
              { status: 429, headers: { 'content-type': 'application/problem+json', 'retry-after': '1' } },
            ),
          );
        return globalThis.fetch(request);
      };
      const retries: RetryEvent[] = [];
      const patient = createClient({
        baseUrl,
        apiKey: key,
        fetch: flaky,
        onRetry: (event) => retries.push(event),
      });
      const started = Date.now();
      const keys: string[] = [];
      for await (const job of patient.searchAll({ limit: 20 })) keys.push(job.job_key);
      expect(retries.map((event) => [event.status, event.delayMs])).to.deep.equal([[429, 1000]]);
      expect(Date.now() - started).to.be.at.least(1000);
      const expected = await searchCount({ status: 'open' });
      expect(keys).to.have.length(expected);
      expect(new Set(keys).size).to.equal(expected);

      // Retries are bounded: past them the 429 is thrown typed, with Retry-After exposed.
      const limited: FetchLike = () =>
        Promise.resolve(
          Response.json(
            {
              type: '/problems/rate-limited',
              title: 'Rate limit exceeded',
              status: 429,
              code: 'rate_limited',
            },
            { status: 429, headers: { 'retry-after': '0' } },
          ),
        );
      const failure = await createClient({ baseUrl, apiKey: key, fetch: limited, maxRetries: 2 })
        .searchJobs()
        .catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(ProblemError);
      expect(failure).to.include({ status: 429, code: 'rate_limited', retryAfterSeconds: 0 });
    });

    it('walks the company directory in company_key order, each company once', async () => {
      // Ground truth: the same directory read in pages of 1000, without the client.
      const truth: string[] = [];
      let cursor: string | undefined;
      do {
        const response = await call(
          `/v1/companies?limit=1000${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
          withKey(key),
        );
        expect(response.status).to.equal(200);
        const page = response.body as { data: { company_key: string }[]; next_cursor?: string };
        truth.push(...page.data.map((company) => company.company_key));
        cursor = page.next_cursor;
      } while (cursor !== undefined);
      expect(truth.length, 'the demo corpus has companies').to.be.greaterThan(5);

      const keys: string[] = [];
      let pages = 0;
      for await (const page of client.companyPages({ limit: 3 })) {
        pages += 1;
        keys.push(...page.data.map((company) => company.company_key));
      }
      expect(pages).to.equal(Math.ceil(truth.length / 3));
      expect(keys).to.deep.equal(truth);
      expect(keys).to.deep.equal([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });
  });

  describe('active-feed consumer', () => {
    let saved: MemoryStore<ActiveFeedPosition>;
    let horizon = '';

    it('delivers every job exactly once; a crash between handler and save re-delivers that page, losing none', async () => {
      horizon = (await activeFeedHorizon(testEnv().runtime.database.db)) ?? '';
      const expected = await feedWindow(since, horizon);
      expect(expected.length, 'more than three pages').to.be.greaterThan(30);
      saved = new MemoryStore<ActiveFeedPosition>();

      // Run 1 dies after handling its third page, before that page's position is saved.
      const first: string[] = [];
      const crashed = await consumeActiveFeed(client, {
        store: crashingStore(saved, 3),
        start: { first_seen_gte: since },
        limit: 10,
        handler: (jobs) => {
          first.push(...jobs.map((job) => job.job_key));
        },
      }).catch((error: unknown) => error);
      expect(crashed).to.be.instanceOf(Crash);
      expect(first).to.deep.equal(expected.slice(0, 30));
      expect((await saved.load())?.cursor, 'the position after page 2').to.be.a('string');

      // Run 2 (the restarted process) resumes from the saved position: page 3 again, then the rest.
      const second: string[] = [];
      let announced: ActiveFeedPosition | undefined;
      const run = await consumeActiveFeed(client, {
        store: saved,
        start: { first_seen_gte: '2000-01-01T00:00:00Z' }, // ignored: the store has a position
        limit: 10,
        handler: (jobs, _page, next) => {
          second.push(...jobs.map((job) => job.job_key));
          announced = next;
        },
      });
      expect(second.slice(0, 10), 'the unsaved page is delivered again').to.deep.equal(first.slice(20, 30));
      expect([...first.slice(0, 20), ...second], 'nothing lost, nothing else repeated').to.deep.equal(
        expected,
      );
      expect(run.jobs).to.equal(expected.length - 20);
      // The walk ended with the window: the next one starts at its horizon, without a cursor.
      expect(run.position).to.deep.equal({ first_seen_gte: horizon, filters: '{}' });
      expect(await saved.load()).to.deep.equal(run.position);
      expect(announced, 'the handler is told the position about to be saved').to.deep.equal(run.position);
    });

    it('resumes from the saved position: nothing twice, then exactly the jobs recorded since', async () => {
      const again = await consumeActiveFeed(client, {
        store: saved,
        handler: () => {
          throw new Error('nothing new was recorded: the handler must not run');
        },
      });
      expect(again.jobs).to.equal(0);

      // New postings, then a new horizon: the next window holds exactly them.
      const env = testEnv();
      const ingest = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 0);
      await crawlSampleBoards(server, ingest, 'tclient').finally(() => ingest.close());
      await advanceActiveFeedHorizon(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias);
      const next = (await activeFeedHorizon(env.runtime.database.db)) ?? '';
      const expected = await feedWindow(horizon, next);
      expect(expected.length, 'the sample boards added jobs').to.be.greaterThan(0);
      const delivered: string[] = [];
      const run = await consumeActiveFeed(client, {
        store: saved,
        limit: 4,
        handler: (jobs) => {
          delivered.push(...jobs.map((job) => job.job_key));
        },
      });
      expect(delivered).to.deep.equal(expected);
      expect(run.position.first_seen_gte).to.equal(next);
    });

    it('refuses a stored position taken with other filters (its cursor would fail closed)', async () => {
      const store = new MemoryStore<ActiveFeedPosition>({ first_seen_gte: since, filters: '{}' });
      const failure = await consumeActiveFeed(client, {
        store,
        filters: { country: ['US'] },
        handler: () => undefined,
      }).catch((error: unknown) => error);
      expect(failure)
        .to.be.instanceOf(Error)
        .and.have.property('message')
        .that.match(/other filters/);
    });
  });

  describe('change-feed consumer', () => {
    it('persists next_seq only after the handler, survives a crash before the save, and resumes', async () => {
      const db = testEnv().runtime.database.db;
      const bounds = await db.one<{ oldest: number; latest: number }>(
        'SELECT coalesce(min(seq), 1)::int AS oldest, coalesce(max(seq), 0)::int AS latest FROM change_events',
      );
      // The last 120 events (within retention: another suite may have purged the first ones).
      const start = Math.max(bounds.oldest - 1, bounds.latest - 120);
      expect(bounds.latest - start, 'the demo crawl wrote events').to.be.greaterThan(50);
      const path = join(stateDir, 'changes', 'next-seq.json');

      // Run 1: page 1 saved, page 2 handled, then a crash before its save.
      const first: ChangeEvent[] = [];
      const crashed = await consumeChangeFeed(client, {
        store: crashingStore(changeFeedFileStore(path), 2),
        startSeq: start,
        limit: 25,
        handler: (events) => {
          first.push(...events);
        },
      }).catch((error: unknown) => error);
      expect(crashed).to.be.instanceOf(Crash);
      expect(first.map((event) => event.seq)).to.deep.equal(range(start + 1, start + 50));
      expect(JSON.parse(await readFile(path, 'utf8'))).to.equal(start + 25);

      // Run 2, a new process: reads next_seq from the file, gets page 2 again, and drains the feed.
      const second: ChangeEvent[] = [];
      const run = await consumeChangeFeed(client, {
        store: changeFeedFileStore(path),
        startSeq: 0, // ignored: the file has a position
        limit: 25,
        handler: (events) => {
          second.push(...events);
        },
      });
      expect(second.map((event) => event.seq)).to.deep.equal(range(start + 26, bounds.latest));
      expect(second.slice(0, 25), 'the unsaved page is delivered again').to.deep.equal(first.slice(25));
      expect(run.nextSeq).to.equal(bounds.latest);
      expect(JSON.parse(await readFile(path, 'utf8'))).to.equal(bounds.latest);
      for (const event of second) {
        expect(['upsert', 'tombstone']).to.include(event.type);
        if (event.type === 'upsert') expect(event.job?.job_key).to.equal(event.job_key);
      }

      // Run 3: caught up, nothing delivered, position unchanged.
      const idle = await consumeChangeFeed(client, {
        store: changeFeedFileStore(path),
        handler: () => {
          throw new Error('no event is pending');
        },
      });
      expect(idle).to.deep.equal({ events: 0, pages: 0, nextSeq: bounds.latest });
    });
  });

  describe('typed problems', () => {
    it('throws 401 api_key_required without a key, 401 invalid_api_key with a bad one', async () => {
      const keyless = createClient({ baseUrl });
      const missing = await keyless.listCompanies().catch((error: unknown) => error);
      expect(missing).to.be.instanceOf(ProblemError);
      expect(missing).to.include({
        status: 401,
        code: 'api_key_required',
        type: '/problems/api-key-required',
      });
      expect((missing as ProblemError).requestId).to.be.a('string');

      // The iterators throw the same way, from their first page.
      const walk = keyless.companies();
      expect(await walk.next().catch((error: unknown) => error)).to.be.instanceOf(ProblemError);

      const forged = createClient({ baseUrl, apiKey: 'jls_live_not-a-key' });
      const invalid = await forged.activeFeed().catch((error: unknown) => error);
      expect(invalid).to.be.instanceOf(ProblemError).and.include({ status: 401, code: 'invalid_api_key' });
    });

    it('throws 422 with the validation items typed, for a bad parameter and for a drifted cursor', async () => {
      const bad = await client.searchJobs({ limit: 5000 }).catch((error: unknown) => error);
      expect(bad).to.be.instanceOf(ProblemError);
      const problem = bad as ProblemError;
      expect(problem).to.include({ status: 422, code: 'validation_error', detail: undefined });
      expect(problem.validationErrors.map((item) => [item.loc, item.type])).to.deep.equal([
        [['query', 'limit'], 'less_than_equal'],
      ]);

      const { next_cursor: cursor } = await client.searchJobs({ limit: 1 });
      expect(cursor).to.be.a('string');
      const pages = client.searchPages({ source: ['lever'] }, cursor === undefined ? {} : { cursor });
      const drifted = await pages.next().catch((error: unknown) => error);
      expect(drifted).to.be.instanceOf(ProblemError);
      expect((drifted as ProblemError).validationErrors[0]?.type).to.equal('cursor_mismatch');
    });

    it('leaves every other operation to the typed openapi-fetch client', async () => {
      const [first] = (await client.searchJobs({ limit: 1 })).data;
      if (first === undefined) throw new Error('no job to read');
      const { data, error } = await client.raw.GET('/v1/jobs/{job_key}', {
        params: { path: { job_key: first.job_key } },
      });
      expect(error).to.equal(undefined);
      expect(data?.job_key).to.equal(first.job_key);
      expect(data?.description_text).to.be.a('string');
    });
  });

  describe('examples/ as child processes', () => {
    const exampleEnv = (): Record<string, string> => ({
      JLDS_BASE_URL: baseUrl,
      JLDS_API_KEY: key,
      JLDS_STATE_DIR: join(stateDir, 'examples'),
    });

    it('search-all walks the whole search', async () => {
      const { code, stdout, stderr } = await runExample('search-all', exampleEnv());
      expect(code, stderr).to.equal(0);
      expect(reported(stdout, /^search: (\d+) jobs in \d+ pages$/m)).to.equal(
        await searchCount({ status: 'open' }),
      );
      const keyed = await runExample('search-all', exampleEnv(), ['engineer']);
      expect(keyed.code, keyed.stderr).to.equal(0);
      expect(reported(keyed.stdout, /^search: (\d+) jobs/m)).to.be.greaterThan(0);
    });

    it('companies walks the directory', async () => {
      const { code, stdout, stderr } = await runExample('companies', exampleEnv());
      expect(code, stderr).to.equal(0);
      const expected: string[] = [];
      for await (const company of client.companies({ limit: 1000 })) expected.push(company.company_key);
      expect(reported(stdout, /^companies: (\d+) companies/m)).to.equal(expected.length);
    });

    it('active-feed consumes the window once, and a second run resumes from its file with nothing new', async () => {
      const first = await runExample('active-feed', exampleEnv());
      expect(first.code, first.stderr).to.equal(0);
      const delivered = reported(first.stdout, /^active feed: (\d+) jobs/m);
      const position = await activeFeedFileStore(join(stateDir, 'examples', 'active-feed.json')).load();
      expect(position?.cursor).to.equal(undefined);
      const gte = /next window from (\S+)/.exec(first.stdout)?.[1];
      expect(position?.first_seen_gte).to.equal(gte);
      // The 24-hour window ending at the horizon: every job this run recorded is in it.
      const window = await client.countActiveFeed({ time_frame: '24h' });
      expect(delivered).to.equal(window.count);
      expect(delivered).to.be.greaterThan(40);
      const second = await runExample('active-feed', exampleEnv());
      expect(second.code, second.stderr).to.equal(0);
      expect(reported(second.stdout, /^active feed: (\d+) jobs/m)).to.equal(0);
    });

    it('change-feed persists next_seq in its file and resumes from it', async () => {
      const { latest } = await testEnv().runtime.database.db.one<{ latest: number }>(
        'SELECT max(seq)::int AS latest FROM change_events',
      );
      // Resume from a saved position (a fresh start at 0 may be past retention in this run).
      const path = join(stateDir, 'examples', 'change-feed.json');
      await changeFeedFileStore(path).save(latest - 40);
      const first = await runExample('change-feed', exampleEnv());
      expect(first.code, first.stderr).to.equal(0);
      expect(reported(first.stdout, /^change feed: (\d+) events/m)).to.equal(40);
      expect(JSON.parse(await readFile(path, 'utf8'))).to.equal(latest);
      const second = await runExample('change-feed', exampleEnv());
      expect(second.code, second.stderr).to.equal(0);
      expect(reported(second.stdout, /^change feed: (\d+) events/m)).to.equal(0);
      expect(second.stdout).to.contain(`next_seq ${String(latest)}`);
    });
  });
});

/** from..to inclusive. */
function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
