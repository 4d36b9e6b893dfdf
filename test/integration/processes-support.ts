/**
 * The service's entry points (src/main/api.ts, src/main/worker.ts) as child processes of the test,
 * as production runs them: `node --import tsx <entry>` with exactly the environment given (plus PATH
 * and HOME), nothing of the test runner's own settings. Each gets a parent-death signal, so it
 * stops even if mocha is killed outright; `stop` is the orderly way (SIGTERM, then SIGKILL after a
 * grace period) and resolves only once the process is gone.
 */
import { spawn } from 'node:child_process';
import { API_NODE_FLAGS } from '../../src/main/node-flags.js';
import { createInterface } from 'node:readline';
import { parentDeathSignalArgv } from '../../scripts/lib/stack.js';

/** One pino line a process wrote: its level, message and the whole parsed object. */
export interface LogLine {
  level: number;
  msg: string;
  fields: Record<string, unknown>;
}

export interface ServiceProcess {
  /** For failure messages: "api-0", "worker-1". */
  name: string;
  pid: number;
  /** Resolves once the process is serving (API: with its URL) or its loops begin (worker). */
  ready: Promise<string>;
  /** Every parsed log line so far, in order (read continuously, so the pipe never fills). */
  logs: LogLine[];
  /** The last few KiB of stderr, for failure messages. */
  stderr(): string;
  /** Whether the process is still running (false once it has exited, whatever the reason). */
  running(): boolean;
  /** SIGTERM, SIGKILL after `graceMs`; resolves once the process has exited (at once if it had). */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null; killed: boolean }>;
}

const START_DEADLINE_MS = 120_000;
const STOP_GRACE_MS = 15_000;

/**
 * Starts `entry` ('api' or 'worker'). The API is ready when it logs its listening URL, the worker
 * when it logs 'worker started' (migrations and index done; its loops start right after).
 */
export function startServiceProcess(
  name: string,
  entry: 'api' | 'worker',
  env: Record<string, string>,
): ServiceProcess {
  const flags = entry === 'api' ? API_NODE_FLAGS : [];
  const node = [process.execPath, ...flags, '--import', 'tsx', `src/main/${entry}.ts`];
  // setpriv execs node in its place: the child's pid is node's, and signals reach it directly.
  const [setpriv, ...setprivArgs] = parentDeathSignalArgv('SIGTERM');
  const [command, args] =
    setpriv === undefined ? [process.execPath, node.slice(1)] : [setpriv, [...setprivArgs, ...node]];
  const child = spawn(command, args, {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve([code, signal]);
    });
  });
  // A spawn failure (no setpriv, no node) is an 'error' event; without a listener it would crash mocha.
  const failed = new Promise<Error>((resolve) => {
    child.once('error', resolve);
  });
  const logs: LogLine[] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const ready = new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => {
      reject(new Error(`${name} was not ready within ${START_DEADLINE_MS / 1000} s: ${stderr}`));
    }, START_DEADLINE_MS);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const parsed = parseLogLine(line);
      if (parsed === undefined) return;
      logs.push(parsed);
      const url = /^API listening on (http:\/\/\S+)$/.exec(parsed.msg)?.[1];
      if (entry === 'api' && url !== undefined) {
        clearTimeout(deadline);
        resolve(url);
      } else if (entry === 'worker' && parsed.msg === 'worker started') {
        clearTimeout(deadline);
        resolve('');
      }
    });
    void exited.then(([code, signal]) => {
      clearTimeout(deadline);
      reject(new Error(`${name} exited before it was ready (${signal ?? String(code)}): ${stderr}`));
    });
    void failed.then((error) => {
      clearTimeout(deadline);
      reject(error);
    });
  });
  // Whoever awaits `ready` sees its rejection; one nobody awaits (an exit after start) is no error.
  ready.catch(() => undefined);
  const gone = (): boolean => child.exitCode !== null || child.signalCode !== null || child.pid === undefined;
  return {
    name,
    pid: child.pid ?? -1,
    ready,
    logs,
    stderr: () => stderr,
    running: () => !gone(),
    async stop(graceMs = STOP_GRACE_MS) {
      if (gone()) return { code: child.exitCode, signal: child.signalCode, killed: false };
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => {
          resolve('late');
        }, graceMs);
      });
      const first = await Promise.race([exited, late]);
      clearTimeout(timer);
      let killed = false;
      if (first === 'late') {
        killed = true;
        child.kill('SIGKILL');
      }
      // `exited` was subscribed at spawn: it has resolved already when the process is gone.
      const [code, signal] = await exited;
      return { code, signal, killed };
    },
  };
}

function parseLogLine(line: string): LogLine | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const fields = value as Record<string, unknown>;
  return {
    level: typeof fields.level === 'number' ? fields.level : 0,
    msg: typeof fields.msg === 'string' ? fields.msg : '',
    fields,
  };
}
