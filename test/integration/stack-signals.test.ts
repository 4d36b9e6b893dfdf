/**
 * `npm start` stopped the way a terminal stops it: the signal goes to its whole process group (npm,
 * sh, tsx, the demo, the API and the worker get it at once, and npm and tsx relay it again), while
 * Elasticsearch, Postgres and stripe-mock run in sessions of their own and get nothing from the
 * terminal. Afterwards no process of the run may be left and none of its ports may answer.
 *
 * One full start, stopped with Ctrl-C (SIGINT) once the API answers; SIGTERM and SIGHUP (a closed
 * terminal) hit start-ups half-way, which is cheaper and the case a cleanup installed late misses.
 * Each run has a throw-away stack of its own (JLDS_DEMO_STACK_DIR), never the suite's or a dev stack.
 */
import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { constants as osConstants, tmpdir } from 'node:os';
import { join } from 'node:path';

const DIR_VARIABLE = 'JLDS_DEMO_STACK_DIR';

interface Demo {
  child: ChildProcess;
  dir: string;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

interface Found {
  pid: number;
  command: string;
}

async function readOr(file: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => '');
}

async function delay(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Every process of the run: its environment names the run's directory (all of them inherit it from
 * npm start), or its command line does, or it descends from one that does (Postgres' backends
 * rewrite their environment block with their process title).
 */
async function processesOf(dir: string): Promise<Found[]> {
  const parents = new Map<number, number>();
  const matched = new Map<number, string>();
  const commands = new Map<number, string>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const [stat, environ, cmdline] = await Promise.all([
      readOr(`/proc/${entry}/stat`),
      readOr(`/proc/${entry}/environ`),
      readOr(`/proc/${entry}/cmdline`),
    ]);
    if (stat === '') continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // A zombie has exited; only its parent's wait is missing.
    if (fields[0] === 'Z') continue;
    parents.set(pid, Number(fields[1]));
    const command = cmdline.replaceAll('\0', ' ').trim();
    commands.set(pid, command);
    if (environ.split('\0').includes(`${DIR_VARIABLE}=${dir}`) || cmdline.includes(dir))
      matched.set(pid, command);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!matched.has(pid) && matched.has(parent)) {
        matched.set(pid, commands.get(pid) ?? '');
        grew = true;
      }
    }
  }
  return [...matched].map(([pid, command]) => ({ pid, command }));
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

/** `npm start` in a process group of its own (a terminal's foreground job), on a throw-away stack. */
async function startDemo(): Promise<Demo> {
  const dir = await mkdtemp(join(tmpdir(), 'jlds-demo-signals-'));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // The suite's own services and names: the demo must use its stack, not the suite's.
    if (/^(ELASTICSEARCH_URL|DATABASE_URL|STRIPE_|ES_INDEX_PREFIX|PG_SCHEMA|PORT$|JLDS_)/.test(name))
      continue;
    env[name] = value;
  }
  Object.assign(env, {
    PORT: '0',
    [DIR_VARIABLE]: dir,
    // Should this test's process die, the demo stops itself (it is out of reach of our group).
    JLDS_DEMO_STOP_WITH_PID: String(process.pid),
  });
  const child = spawn('npm', ['start'], { detached: true, env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Never signal group 0 (our own): without a pid there is no group of its own to signal.
  if (child.pid === undefined) throw new Error('could not start npm start');
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      output += chunk;
    });
  }
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve({ code, signal });
    });
  });
  return { child, dir, output: () => output, exit };
}

/** The demo's process group: npm's pid (spawned detached, it leads a session and group of its own). */
function groupOf(demo: Demo): number {
  const pid = demo.child.pid;
  if (pid === undefined || pid <= 1) throw new Error('npm start has no pid');
  return pid;
}

/** Polls until `ready` answers true; fails if the demo exits first or after `ms`. */
async function until(demo: Demo, what: string, ms: number, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await ready().catch(() => false)) return;
    if (demo.child.exitCode !== null || demo.child.signalCode !== null)
      throw new Error(`npm start exited before ${what}:\n${demo.output().slice(-3000)}`);
    await delay(250);
  }
  throw new Error(`no ${what} within ${ms / 1000} s:\n${demo.output().slice(-3000)}`);
}

/** The ports the demo's servers said they start on (and the API's, once it listens). */
function portsOf(demo: Demo): number[] {
  const ports = [...demo.output().matchAll(/(?:starting .+ on|API:\s+http:\/\/)127\.0\.0\.1:(\d+)/g)];
  return ports.map((match) => Number(match[1]));
}

const NAMES = {
  elasticsearch: /elasticsearch/,
  postgres: /postgres -D/,
  stripeMock: /stripe-mock/,
  api: /src\/main\/api\.ts/,
  worker: /src\/main\/worker\.ts/,
};

async function running(demo: Demo, names: (keyof typeof NAMES)[]): Promise<boolean> {
  const commands = (await processesOf(demo.dir)).map((found) => found.command);
  return names.every((name) => commands.some((command) => NAMES[name].test(command)));
}

/**
 * Sends `signal` to the demo's whole process group, as a terminal does, and checks that npm exits
 * with that signal's code and that nothing of the run is left.
 */
async function stopLikeATerminal(demo: Demo, signal: NodeJS.Signals): Promise<void> {
  const ports = portsOf(demo);
  process.kill(-groupOf(demo), signal);
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([
    demo.exit,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(() => {
        resolve(undefined);
      }, 120_000);
    }),
  ]);
  // A pending timer would hold mocha's exit for its whole length.
  clearTimeout(timer);
  if (exit === undefined) throw new Error(`npm start still running 120 s after ${signal}`);
  // npm has returned; what was left behind gets a little while to finish exiting, no more.
  let left = await processesOf(demo.dir);
  for (const deadline = Date.now() + 60_000; left.length > 0 && Date.now() < deadline;) {
    await delay(500);
    left = await processesOf(demo.dir);
  }
  expect(left, `processes left after ${signal}:\n${demo.output().slice(-2000)}`).to.deep.equal([]);
  for (const port of ports)
    expect(await listening(port), `127.0.0.1:${port} after ${signal}`).to.equal(false);
  const code = 128 + osConstants.signals[signal];
  expect(exit.code === code || exit.signal === signal, `npm start's exit: ${JSON.stringify(exit)}`).to.equal(
    true,
  );
}

describe('npm start stopped by a terminal signal', function () {
  let demo: Demo | undefined;

  afterEach(async function () {
    this.timeout(120_000);
    if (demo === undefined) return;
    const failed = demo;
    const { child, dir } = failed;
    demo = undefined;
    // Only after a failure is anything left: leave no process of ours behind either way. The group
    // only while npm runs (its id is npm's pid, which may be reused once npm has exited).
    if (child.exitCode === null && child.signalCode === null) process.kill(-groupOf(failed), 'SIGKILL');
    for (const found of await processesOf(dir)) {
      try {
        process.kill(found.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('Ctrl-C (SIGINT) once the API answers stops the API, worker, Elasticsearch, Postgres and stripe-mock', async function () {
    this.timeout(420_000);
    demo = await startDemo();
    const started = demo;
    await until(started, 'demo key', 300_000, () => Promise.resolve(started.output().includes('demo key:')));
    const url = /API:\s+(http:\/\/\S+)/.exec(started.output())?.[1] ?? '';
    const health = await fetch(`${url}/healthz`);
    expect(health.status).to.equal(200);
    await until(started, 'the whole stack in the process list', 30_000, () =>
      running(started, ['elasticsearch', 'postgres', 'stripeMock', 'api', 'worker']),
    );
    await stopLikeATerminal(started, 'SIGINT');
  });

  it('SIGTERM half-way through the start-up stops the servers it had spawned', async function () {
    this.timeout(240_000);
    demo = await startDemo();
    const started = demo;
    await until(started, 'the servers spawned', 180_000, () =>
      running(started, ['elasticsearch', 'postgres', 'stripeMock']),
    );
    await stopLikeATerminal(started, 'SIGTERM');
  });

  it('SIGHUP (a closed terminal) as the first server starts stops it and starts no other', async function () {
    this.timeout(240_000);
    demo = await startDemo();
    const started = demo;
    await until(started, 'a server starting', 180_000, () =>
      Promise.resolve(started.output().includes('[stack] starting')),
    );
    await stopLikeATerminal(started, 'SIGHUP');
  });
});
