/**
 * `npm start`: the embedded default. Brings up the local Elasticsearch + Postgres, prepares schema
 * and index, loads the demo corpus through the real connectors from a local fixture server (kept
 * running so the worker can re-crawl it), creates a demo Scale account, serves the API and runs the
 * worker.
 *
 * Ctrl-C, SIGTERM or a closed terminal (SIGHUP), at any point, stop what this run started: the API
 * and worker, then Elasticsearch, Postgres and stripe-mock, waited for, and the exit code is the
 * signal's (130, 143, 129). A dev stack it found running (`npm run stack:up`) keeps running.
 *
 * `npm start -- --history [--history-jobs N]`: also loads the synthetic demo history (about 3,000
 * generated postings crawled every 3–7 days over the two previous quarters and the running one:
 * scripts/lib/demo-history.ts), once per schema; the API then labels every response synthetic.
 *
 * JLDS_DEMO_STACK_DIR: a throw-away stack in that directory instead of the dev stack (tests).
 * JLDS_DEMO_STOP_WITH_PID: stop, as on SIGTERM, once that process is gone (a test runner that dies
 * must not leave the demo running: it is in a process group of its own).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { constants as osConstants } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { API_NODE_FLAGS } from '../src/main/node-flags.js';
import { migrate } from '../src/db/migrate.js';
import { createServices, openRuntime, type Runtime } from '../src/runtime.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { crawlBoards, registerBoard } from '../src/ingest/crawl/boards.js';
import { systemClock } from '../src/lib/clock.js';
import { ensureJobsIndex, IncompatibleMappingsError, reindexJobs } from '../src/search/indices.js';
import { serveDemoCorpus } from './lib/demo-corpus.js';
import { loadDemoHistory } from './lib/demo-history.js';
import { devEnv, devStackDown, ensureDevStack } from './lib/dev.js';
import { startFixtureServer, type FixtureServer } from './lib/fixture-server.js';
import {
  isAlive,
  log,
  onStopSignals,
  parentDeathSignalArgv,
  startStack,
  stopStarted,
  type StackState,
} from './lib/stack.js';

const { values: flags } = parseArgs({
  options: {
    history: { type: 'boolean', default: false },
    'history-jobs': { type: 'string', default: '3000' },
  },
});
const historyJobs = Number(flags['history-jobs']);
if (!Number.isInteger(historyJobs) || historyJobs < 1) {
  process.stderr.write('usage: npm start [-- --history [--history-jobs N]]\n');
  process.exit(64);
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, '127.0.0.1', () =>
      server.close(() => {
        resolve(true);
      }),
    );
  });
}

/** `promise`, or nothing after `ms`: a close that hangs must not keep the stack running. */
async function within(ms: number, promise: Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

const running = (child: ChildProcess): boolean => child.exitCode === null && child.signalCode === null;

const exited = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => {
    if (!running(child)) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });

/** SIGTERM (the API and worker shut down on it), SIGKILL if it is still running after 20 s. */
async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || !running(child)) return;
  child.kill('SIGTERM');
  await within(20_000, exited(child));
  if (running(child)) {
    child.kill('SIGKILL');
    await exited(child);
  }
}

let api: ChildProcess | undefined;
let worker: ChildProcess | undefined;
let fixtures: FixtureServer | undefined;
let runtime: Runtime | undefined;
/** Whether this run started the dev stack (then it stops it) or found it running (then it does not). */
let startedDevStack = false;
/** Whether Ctrl-C stops Elasticsearch and Postgres too (not a dev stack found running). */
let ownsStack = false;
let stopping: Promise<never> | undefined;
/** A function, not the variable: a signal sets it while the start-up awaits. */
const isStopping = (): boolean => stopping !== undefined;

/** Stops what this run started, in order: the API and worker (they close their pools), then the stack. */
function shutdown(code: number): Promise<never> {
  stopping ??= (async (): Promise<never> => {
    try {
      await Promise.all([stopChild(api), stopChild(worker)]);
      await within(5000, fixtures?.close() ?? Promise.resolve());
      await within(5000, runtime?.close() ?? Promise.resolve());
      // Everything this process spawned, ready or still starting.
      await stopStarted();
      if (startedDevStack) await devStackDown();
    } catch (error) {
      log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    process.exit(code);
  })();
  return stopping;
}

onStopSignals((signal, code) => {
  log(`${signal}: stopping`);
  void shutdown(code);
});
const watched = Number(process.env.JLDS_DEMO_STOP_WITH_PID ?? '');
if (Number.isInteger(watched) && watched > 0) {
  setInterval(() => {
    if (isAlive(watched)) return;
    log(`process ${watched} is gone: stopping`);
    void shutdown(128 + osConstants.signals.SIGTERM);
  }, 1000).unref();
}

async function stack(): Promise<StackState> {
  const dir = process.env.JLDS_DEMO_STACK_DIR;
  if (dir !== undefined && dir !== '') {
    ownsStack = true;
    return startStack({
      dir,
      esHeapMb: 512,
      ephemeral: true,
      startElasticsearch: true,
      startPostgres: true,
      startStripeMock: true,
      stopWithParent: true,
    });
  }
  const dev = await ensureDevStack({ stopWithParent: true });
  startedDevStack = dev.started;
  ownsStack = dev.started;
  if (!dev.started)
    log('using the running dev stack; it keeps running after this (npm run stack:down stops it)');
  return dev.state;
}

/** A child for the API or the worker, stopped (SIGTERM) by the kernel should this process die. */
function spawnService(
  entry: string,
  env: NodeJS.ProcessEnv,
  stdout: 'pipe' | 'inherit',
  flags: readonly string[] = [],
): ChildProcess {
  const [setpriv, ...setprivArgs] = parentDeathSignalArgv('SIGTERM');
  const node = [process.execPath, ...flags, '--import', 'tsx', entry];
  const [command, ...args] = setpriv === undefined ? node : [setpriv, ...setprivArgs, ...node];
  return spawn(command ?? process.execPath, args, { env, stdio: ['ignore', stdout, 'inherit'] });
}

async function main(): Promise<void> {
  const state = await stack();
  const env = await devEnv(state);
  const requested = Number(env.PORT ?? '8080');
  env.PORT = String((await portIsFree(requested)) ? requested : 0);
  const config = loadConfig(env);
  runtime = openRuntime(config);
  fixtures = await startFixtureServer();
  await migrate(runtime.database.db, config.postgres.schema);
  const setup = runtime;
  await ensureJobsIndex(setup.es, setup.indices).catch(async (error: unknown) => {
    // A cached demo index from before a mapping change: the corpus is small, rebuild it here.
    if (!(error instanceof IncompatibleMappingsError)) throw error;
    log(`${error.message}: reindexing the demo corpus`);
    await reindexJobs(setup.es, setup.indices, { deleteOld: true });
  });
  const ids: string[] = [];
  for (const line of serveDemoCorpus(fixtures)) ids.push(await registerBoard(setup.database.db, line));
  const ingest = createIngestDeps(setup.database.db, config, systemClock, undefined, 0);
  const summaries = await crawlBoards(ingest, ids, 4);
  const projected = await catchUp(setup.database.db, setup.es, setup.indices.alias, systemClock);
  log(
    `demo corpus: ${summaries.length} boards, ${summaries.reduce((n, s) => n + s.fetched, 0)} postings crawled, ` +
      `${projected.applied} ledger events projected`,
  );
  if (flags.history) {
    log(`loading the synthetic demo history (${String(historyJobs)} postings; 20 s to 2 min)`);
    const history = await loadDemoHistory(setup, { jobs: historyJobs, onProgress: log });
    if ('skipped' in history) log(`synthetic demo history: skipped, ${history.skipped}`);
    else {
      const { jobs, period } = history.loaded;
      const closed = Object.entries(jobs.closed).map(([reason, n]) => `${String(n)} ${reason}`);
      log(
        `synthetic demo history: ${String(history.loaded.boards)} boards, ${String(history.loaded.crawls)} crawls ` +
          `over ${period.quarters.join(', ')}: ${String(jobs.total)} jobs, ${String(jobs.open)} open, ` +
          `closed ${closed.join(', ')}; ${String(history.loaded.seconds)} s`,
      );
    }
  }
  const { key } = await createServices(setup).accounts.createActiveAccount({
    email: 'demo@example.com',
    plan: 'scale',
    isService: true,
  });
  runtime = undefined;
  await setup.close();

  // Nothing may start once a signal has begun the shutdown (it has stopped what there was).
  if (isStopping()) return;
  const child = spawnService('src/main/api.ts', env, 'pipe', API_NODE_FLAGS);
  api = child;
  worker = spawnService('src/main/worker.ts', { ...env, LOG_LEVEL: 'warn' }, 'inherit');
  const stops = ownsStack
    ? 'stops the API, Elasticsearch and Postgres'
    : 'stops the API; the dev stack keeps running';
  let announced = false;
  child.stdout?.setEncoding('utf8');
  child.stdout?.on('data', (chunk: string) => {
    process.stdout.write(chunk);
    const match = /API listening on (http:\/\/[^"\s]+)/.exec(chunk);
    if (!announced && match?.[1] !== undefined) {
      announced = true;
      const url = match[1];
      process.stdout.write(
        `\n  API:        ${url}\n  health:     curl ${url}/healthz\n  contract:   curl ${url}/openapi.json\n` +
          `  demo key:   ${key} (Scale plan; send it as the X-API-Key header)\n` +
          (flags.history
            ? `  history:    curl ${url}/v1/analytics/state-of-hiring (synthetic: every response says X-Corpus-Synthetic: true)\n`
            : '') +
          `  stop:       Ctrl-C (${stops})\n\n`,
      );
    }
  });
  for (const [name, service] of [
    ['API', child],
    ['worker', worker],
  ] as const) {
    service.on('exit', (code, signal) => {
      if (isStopping()) return;
      log(`${name} exited with ${String(code ?? signal)}`);
      void shutdown(code ?? 128 + (signal === null ? 0 : osConstants.signals[signal]));
    });
  }
}

try {
  await main();
} catch (error) {
  // A failure caused by a signal's shutdown (the stack going away under the start-up) is no news.
  if (!isStopping())
    log(`npm start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await shutdown(1);
}
