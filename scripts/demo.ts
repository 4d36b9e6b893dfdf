/**
 * `npm start`: the embedded default. Brings up the local Elasticsearch + Postgres, prepares schema
 * and index, loads the demo corpus through the real connectors from a local fixture server (kept
 * running so the worker can re-crawl it), creates a demo Scale account, serves the API and runs the
 * worker, and stops everything on Ctrl-C.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { createServices, openRuntime } from '../src/runtime.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { crawlBoards, registerBoard } from '../src/ingest/crawl/boards.js';
import { systemClock } from '../src/lib/clock.js';
import { ensureJobsIndex, IncompatibleMappingsError, reindexJobs } from '../src/search/indices.js';
import { serveDemoCorpus } from './lib/demo-corpus.js';
import { devEnv, devStackDown, devStackUp } from './lib/dev.js';
import { startFixtureServer } from './lib/fixture-server.js';
import { log } from './lib/stack.js';

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

const state = await devStackUp();
const env = await devEnv(state);
const requested = Number(env.PORT ?? '8080');
env.PORT = String((await portIsFree(requested)) ? requested : 0);
const config = loadConfig(env);
const runtime = openRuntime(config);
const fixtures = await startFixtureServer();
let key: string;
try {
  await migrate(runtime.database.db, config.postgres.schema);
  await ensureJobsIndex(runtime.es, runtime.indices).catch(async (error: unknown) => {
    // A cached demo index from before a mapping change: the corpus is small, rebuild it here.
    if (!(error instanceof IncompatibleMappingsError)) throw error;
    log(`${error.message}: reindexing the demo corpus`);
    await reindexJobs(runtime.es, runtime.indices, { deleteOld: true });
  });
  const ids: string[] = [];
  for (const line of serveDemoCorpus(fixtures)) ids.push(await registerBoard(runtime.database.db, line));
  const ingest = createIngestDeps(runtime.database.db, config, systemClock, undefined, 0);
  const summaries = await crawlBoards(ingest, ids, 4);
  const projected = await catchUp(runtime.database.db, runtime.es, runtime.indices.alias, systemClock);
  log(
    `demo corpus: ${summaries.length} boards, ${summaries.reduce((n, s) => n + s.fetched, 0)} postings crawled, ` +
      `${projected.applied} ledger events projected`,
  );
  key = (
    await createServices(runtime).accounts.createActiveAccount({
      email: 'demo@example.com',
      plan: 'scale',
      isService: true,
    })
  ).key;
} catch (error) {
  // Nothing else will stop what we started: leave no process behind.
  await fixtures.close();
  await runtime.close();
  await devStackDown();
  throw error;
} finally {
  await runtime.close();
}

const api = spawn(process.execPath, ['--import', 'tsx', 'src/main/api.ts'], {
  env,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const worker = spawn(process.execPath, ['--import', 'tsx', 'src/main/worker.ts'], {
  env: { ...env, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});
let announced = false;
api.stdout.setEncoding('utf8');
api.stdout.on('data', (chunk: string) => {
  process.stdout.write(chunk);
  const match = /API listening on (http:\/\/[^"\s]+)/.exec(chunk);
  if (!announced && match?.[1] !== undefined) {
    announced = true;
    const url = match[1];
    process.stdout.write(
      `\n  API:        ${url}\n  health:     curl ${url}/healthz\n  contract:   curl ${url}/openapi.json\n` +
        `  demo key:   ${key} (Scale plan; send it as the X-API-Key header)\n` +
        '  stop:       Ctrl-C (stops the API, Elasticsearch and Postgres)\n\n',
    );
  }
});

const exited = (child: ChildProcess): Promise<void> =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else
      child.once('exit', () => {
        resolve();
      });
  });
let stopping = false;
/** The API first (it closes its pools), then Elasticsearch and Postgres. */
async function stop(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const child of [api, worker]) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all([exited(api), exited(worker)]);
  await fixtures.close();
  await devStackDown();
  process.exit(code);
}
process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));
api.on('exit', (code) => {
  log(`API exited with ${String(code)}`);
  void stop(code ?? 1);
});
worker.on('exit', (code) => {
  log(`worker exited with ${String(code)}`);
  void stop(code ?? 1);
});
