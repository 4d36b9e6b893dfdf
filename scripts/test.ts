/**
 * The whole test suite (README's test command): typecheck and lint, unit tests, then a throw-away
 * Elasticsearch + Postgres for the integration tests, stopped afterwards whatever happened. The
 * scale-path suites add a two-node Elasticsearch cluster of their own (test/integration/cluster.ts:
 * started on first use by the integration run, stopped by its root hook or with it).
 * ELASTICSEARCH_URL / DATABASE_URL / STRIPE_API_URL (a stripe-mock) use existing services instead
 * of starting local ones. Interrupted (Ctrl-C, SIGTERM, a closed terminal), it stops the running
 * step and the stack, however far the start-up had got, removes its directory and exits 130/143/129.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installEmbeddingModel } from './lib/model.js';
import { log, onStopSignals, startStack, stopStarted, type StackState } from './lib/stack.js';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

const bin = (name: string): string => join('node_modules', '.bin', name);

/** The step running now (a signal stops it). */
let current: ChildProcess | undefined;
/** Set by a signal: no step starts after it. */
let interrupted = false;
/** A function, not the variable: a signal sets it while the run awaits. */
const isInterrupted = (): boolean => interrupted;

async function step(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<number> {
  if (isInterrupted()) return 1;
  log(`${name}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    current = child;
    child.on('exit', (code, signal) => {
      if (current === child) current = undefined;
      resolve(code ?? (signal === null ? 1 : 128));
    });
  });
}

/** Stats files of mocha runs not read yet (an interrupted run removes them in cleanup()). */
const statsFiles = new Set<string>();

async function mocha(suite: string, config: string, env: NodeJS.ProcessEnv): Promise<Counts> {
  const statsFile = join(tmpdir(), `jlds-stats-${suite}-${process.pid}.json`);
  statsFiles.add(statsFile);
  const code = await step(`${suite} tests`, bin('mocha'), ['--config', config], {
    ...env,
    JLDS_SUITE: suite,
    JLDS_STATS_FILE: statsFile,
  });
  const counts: Counts = existsSync(statsFile)
    ? (JSON.parse(await readFile(statsFile, 'utf8')) as Counts)
    : { passed: 0, failed: 1, skipped: 0 };
  await rm(statsFile, { force: true });
  statsFiles.delete(statsFile);
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  return counts;
}

const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
const add = (counts: Counts): void => {
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
};

/**
 * The browser tests (test/integration/browser.ts) drive Debian's Chromium: installed here when
 * missing, as root (the test machines, CI); anyone else is told how.
 */
async function ensureChromium(): Promise<void> {
  const configured = process.env.CHROMIUM_PATH;
  const path = configured === undefined || configured === '' ? '/usr/bin/chromium' : configured;
  if (existsSync(path)) return;
  const how = `install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH`;
  if (path !== '/usr/bin/chromium') throw new Error(`CHROMIUM_PATH ${path} does not exist: ${how}`);
  if (process.getuid?.() !== 0) throw new Error(`the browser tests need Chromium at ${path}: ${how}`);
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const install = ['install', '-y', 'chromium'];
  // A fresh machine may have no package lists yet: update once, then try again.
  if ((await step('chromium', 'apt-get', install, env)) === 0 && existsSync(path)) return;
  if ((await step('apt lists', 'apt-get', ['update'], env)) !== 0) throw new Error('apt-get update failed');
  if ((await step('chromium', 'apt-get', install, env)) !== 0 || !existsSync(path))
    throw new Error(`apt-get could not install chromium: ${how}`);
}

let stack: StackState | undefined;
let dir: string | undefined;
let cleaning: Promise<void> | undefined;
/** Stops the stack (also one still starting: every server this process spawned), removes its files. */
async function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await stopStarted();
    stack = undefined;
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    dir = undefined;
    await Promise.all([...statsFiles].map((file) => rm(file, { force: true })));
  })();
  return cleaning;
}

/** The running step gets the terminal's signal too, but not when only this process is signalled. */
async function stopCurrentStep(): Promise<void> {
  const child = current;
  if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

onStopSignals((signal, code) => {
  interrupted = true;
  log(`${signal}: stopping the run`);
  void stopCurrentStep()
    .then(cleanup)
    .finally(() => process.exit(code));
});

try {
  const started = Date.now();
  if ((await step('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])) !== 0) totals.failed += 1;
  if ((await step('lint', bin('eslint'), ['--max-warnings=0', '.'])) !== 0) totals.failed += 1;
  const layers = ['src', '--config', '.dependency-cruiser.cjs'];
  if ((await step('layer rule', bin('depcruise'), layers)) !== 0) totals.failed += 1;
  const drift = ['scripts/openapi-types.ts', '--check'];
  if ((await step('types from the OpenAPI document', bin('tsx'), drift)) !== 0) totals.failed += 1;
  add(await mocha('unit', '.mocharc.json', {}));

  // Interrupted: the signal's handler is stopping everything and exits; start nothing new.
  if (isInterrupted()) throw new Error('interrupted');
  await ensureChromium();
  const esUrl = process.env.ELASTICSEARCH_URL ?? '';
  const pgUrl = process.env.DATABASE_URL ?? '';
  const stripeUrl = process.env.STRIPE_API_URL ?? '';
  dir = await mkdtemp(join(tmpdir(), 'jlds-test-'));
  const stackStarted = Date.now();
  stack = await startStack({
    dir,
    esHeapMb: 768,
    ephemeral: true,
    startElasticsearch: esUrl === '',
    startPostgres: pgUrl === '',
    startStripeMock: stripeUrl === '',
    // Stopped with this process even if it is killed outright (no cleanup of its own then).
    stopWithParent: true,
  });
  log(`stack ready in ${((Date.now() - stackStarted) / 1000).toFixed(1)} s`);
  const modelDir = process.env.EMBEDDING_MODEL_DIR ?? (await installEmbeddingModel());
  add(
    await mocha('integration', '.mocharc.integration.json', {
      EMBEDDING_MODEL_DIR: modelDir,
      ELASTICSEARCH_URL: stack.elasticsearch?.url ?? esUrl,
      DATABASE_URL: stack.postgres?.url ?? pgUrl,
      DESTINATION_EXTRA_CA_FILE: stack.postgres?.caFile ?? process.env.DESTINATION_EXTRA_CA_FILE ?? '',
      STRIPE_API_URL: stack.stripeMock?.url ?? stripeUrl,
      JLDS_TEST_RUN: randomBytes(4).toString('hex'),
    }),
  );
  if (!isInterrupted()) log(`suite finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (!isInterrupted()) log(`test run failed: ${error instanceof Error ? error.message : String(error)}`);
  totals.failed += 1;
} finally {
  await cleanup();
}
process.stdout.write(`total: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped\n`);
// exitCode, not exit(): a piped stdout may still be flushing the closing line.
process.exitCode = totals.failed > 0 ? 1 : 0;
