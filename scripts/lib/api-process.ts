/**
 * Benchmarks against the dev stack: the environment for a cached corpus (index prefix and schema of
 * the same name), and the API as a child process whose CPU and memory are readable from /proc.
 */
import { spawn, spawnSync, type ChildProcessByStdio } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { API_NODE_FLAGS } from '../../src/main/node-flags.js';
import { devEnv, devStackUp } from './dev.js';

/** The dev stack's environment pointed at the corpus cached under `prefix` (schema of the same name). */
export async function benchEnv(prefix: string): Promise<NodeJS.ProcessEnv> {
  return {
    ...(await devEnv(await devStackUp())),
    ES_INDEX_PREFIX: prefix,
    PG_SCHEMA: prefix.replace(/-/g, '_'),
    LOG_LEVEL: 'silent',
    // Speed, not limits, is measured: one key sends thousands of requests a minute.
    RATE_LIMIT_MULTIPLIER: '100000',
    PORT: '0',
  };
}

export interface ApiProcess {
  url: string;
  pid: number;
  /** CPU seconds (user + system) the process has used so far. */
  cpuSeconds(): number;
  /**
   * CPU seconds of V8's worker threads so far (concurrent GC marking and compilation): a search
   * whose CPU jumps with this one has a collector working harder, not code (node-flags.ts).
   */
  v8WorkerSeconds(): number;
  /** Peak resident set size in MiB (VmHWM). */
  peakRssMb(): number;
  stop(): void;
}

/** User + system clock ticks of a /proc stat line. */
function ticksOf(stat: string): number {
  const fields = stat.split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

let built = false;

/**
 * Compiles the API as the image does (`npm run build` → dist/) once per bench run, so what is
 * measured is what runs in production: under the tsx loader the same process idled ~75 MB higher
 * (its compiler and source maps) — measured 324 vs 250 MB RSS after start-up.
 */
function buildApi(): void {
  if (built) return;
  const result = spawnSync('npm', ['run', '-s', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm run build failed (status ${String(result.status)})`);
  built = true;
}

/**
 * The compiled API (dist/main/api.js, built first) as a child process, with the flags it runs with
 * in production (API_NODE_FLAGS). `nodeFlags`: more V8/Node flags for it, space-separated as a
 * bench's `--node-flags` takes them (e.g. "--cpu-prof"; a later heap setting overrides).
 */
export async function startApi(env: NodeJS.ProcessEnv, nodeFlags = ''): Promise<ApiProcess> {
  buildApi();
  const flags = nodeFlags.split(' ').filter((flag) => flag !== '');
  return startNodeProcess(
    [...API_NODE_FLAGS, ...flags, 'dist/main/api.js'],
    env,
    /API listening on (http:\/\/[^"\s]+)/,
  );
}

/**
 * The byte floor (byte-floor.ts) as a child process with the API's flags: what any API process
 * spends per search at least. Under the tsx loader (it is a bench tool, not in dist/): its loader
 * costs start-up and memory, not CPU per request once compiled.
 */
export async function startByteFloor(env: NodeJS.ProcessEnv): Promise<ApiProcess> {
  return startNodeProcess(
    [...API_NODE_FLAGS, '--import', 'tsx', 'scripts/lib/byte-floor.ts'],
    env,
    /floor listening on (http:\/\/[^"\s]+)/,
  );
}

/** Node with `args`, ready when its output matches `listening` (group 1: its URL). */
async function startNodeProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  listening: RegExp,
): Promise<ApiProcess> {
  const child: ChildProcessByStdio<null, Readable, null> = spawn(process.execPath, args, {
    env: { ...process.env, ...env, LOG_LEVEL: 'info', PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      const match = listening.exec(chunk);
      if (match?.[1] !== undefined) resolve(match[1]);
      // Warnings and errors (pino levels 40+) reach the bench's stderr: a failed request says why.
      for (const line of chunk.split('\n'))
        if (/^\{"level":[4-6]\d,/.test(line)) process.stderr.write(`${line}\n`);
    });
    child.once('exit', () => {
      reject(new Error(`${args.join(' ')} exited during start-up`));
    });
  });
  const pid = child.pid ?? 0;
  return {
    url,
    pid,
    cpuSeconds: () => ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8')) / 100,
    v8WorkerSeconds: () => {
      let ticks = 0;
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const stat = readFileSync(`/proc/${pid}/task/${task}/stat`, 'utf8');
        if (stat.includes('(V8Worker)')) ticks += ticksOf(stat);
      }
      return ticks / 100;
    },
    peakRssMb: () => {
      const line = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return Number(line?.[1] ?? 0) / 1024;
    },
    stop: () => {
      child.kill('SIGTERM');
    },
  };
}
