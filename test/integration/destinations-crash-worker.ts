/**
 * The delivery-only worker (src/main/deliver.ts) as a child process the crash test can SIGKILL: no
 * shutdown path runs, so whatever the process was doing — a customer transaction, a webhook call,
 * the progress record between them — is cut where it stands, as when a machine dies.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';

export interface DeliveryWorker {
  /** The process id, for the record of a failing kill. */
  pid: number;
  /** Resolves once the worker logged 'delivery worker started' (its loop begins right after). */
  started: Promise<void>;
  /** Parsed pino lines the worker wrote, in order. */
  logs: { level: number; msg: string; errorClass?: string }[];
  /** SIGKILL, resolved once the process is gone (at once if it already exited). */
  kill(): Promise<NodeJS.Signals | number | null>;
}

const START_DEADLINE_MS = 60_000;

/**
 * Starts `node --import tsx src/main/deliver.ts` with exactly `env` (plus PATH and HOME, the
 * ordinary context of a process): nothing else of the test runner's environment — its schema, its
 * Stripe or model settings — leaks in.
 */
export function startDeliveryWorker(env: Record<string, string>): DeliveryWorker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/deliver.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  const logs: DeliveryWorker['logs'] = [];
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const started = new Promise<void>((resolve, reject) => {
    const deadline = setTimeout(() => {
      reject(new Error(`the delivery worker did not start within ${START_DEADLINE_MS} ms: ${stderr}`));
    }, START_DEADLINE_MS);
    // Always read stdout to the end: a full pipe would stall the worker's logging, and with it the run.
    createInterface({ input: child.stdout }).on('line', (line) => {
      const parsed = parseLogLine(line);
      if (parsed === undefined) return;
      logs.push(parsed);
      if (parsed.msg === 'delivery worker started') {
        clearTimeout(deadline);
        resolve();
      }
    });
    void exited.then(([code, signal]) => {
      clearTimeout(deadline);
      reject(new Error(`the delivery worker exited before it started (${signal ?? code}): ${stderr}`));
    });
  });
  // A rejection nobody awaits (the process exited after its start) is not an error of the test.
  started.catch(() => undefined);
  return {
    pid: child.pid ?? -1,
    started,
    logs,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      // `exited` was subscribed at spawn: it has resolved already when the process is gone.
      const [code, signal] = await exited;
      return signal ?? code;
    },
  };
}

function parseLogLine(line: string): DeliveryWorker['logs'][number] | undefined {
  try {
    const value: unknown = JSON.parse(line);
    if (typeof value !== 'object' || value === null) return undefined;
    const level = 'level' in value && typeof value.level === 'number' ? value.level : 0;
    const msg = 'msg' in value && typeof value.msg === 'string' ? value.msg : '';
    const errorClass =
      'errorClass' in value && typeof value.errorClass === 'string' ? value.errorClass : undefined;
    return { level, msg, ...(errorClass === undefined ? {} : { errorClass }) };
  } catch {
    return undefined;
  }
}
