/**
 * Closed-loop load for a bench's throughput (saturation) mode: `concurrency` workers each send a
 * request, read the whole answer, and send the next one at once, for a fixed duration. Requests/s is
 * then what the server sustains at that many requests in flight, not what the client offers.
 *
 * The client is undici's `request` over one keep-alive Agent with more connections per origin than
 * workers (no queueing in the client), and it only counts the answer's bytes: it never parses them,
 * so the bench process takes as little of the machine it shares with the servers as it can. Its
 * own CPU, the machine's busy cores and any other process's CPU are measured around each phase
 * (cpuMeter) so a reader sees every share.
 */
import { readFileSync } from 'node:fs';
import { Agent, request } from 'undici';

export interface LoadTarget {
  method: 'GET' | 'POST';
  /** Absolute URL. */
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  /** Wall time from the first request to the last answer, seconds. */
  seconds: number;
  /** Latencies of the 2xx answers, ms. */
  latencies: number[];
  /** Everything else, by status ('network' for a request that got no answer); never dropped. */
  failures: Map<string, number>;
  /** The first failure's status and the start of its body, to say why. */
  firstFailure?: string;
  /** Bytes of the 2xx bodies. */
  bytes: number;
}

/** One keep-alive connection pool for the load, `connections` per origin. */
export function loadAgent(connections: number): Agent {
  return new Agent({ connections, pipelining: 1, keepAliveTimeout: 60_000 });
}

/**
 * `concurrency` closed-loop workers for `durationMs`; worker w starts at target w and cycles
 * through all of them, so the workers do not ask the same thing at the same time. No worker starts
 * a request after the deadline; those in flight finish and count.
 */
export async function closedLoop(
  agent: Agent,
  targets: readonly LoadTarget[],
  concurrency: number,
  durationMs: number,
): Promise<LoadResult> {
  if (targets.length === 0) throw new Error('closedLoop: no targets');
  const result: LoadResult = { seconds: 0, latencies: [], failures: new Map(), bytes: 0 };
  const started = performance.now();
  const deadline = started + durationMs;
  const fail = (status: string, detail: string): void => {
    result.failures.set(status, (result.failures.get(status) ?? 0) + 1);
    result.firstFailure ??= `${status}: ${detail.slice(0, 300)}`;
  };
  const worker = async (w: number): Promise<void> => {
    for (let i = w; performance.now() < deadline; i += 1) {
      const target = targets[i % targets.length];
      if (target === undefined) continue;
      const sent = performance.now();
      try {
        const response = await request(target.url, {
          dispatcher: agent,
          method: target.method,
          ...(target.headers === undefined ? {} : { headers: target.headers }),
          ...(target.body === undefined ? {} : { body: target.body }),
        });
        if (response.statusCode >= 200 && response.statusCode < 300) {
          const body = await response.body.bytes();
          result.latencies.push(performance.now() - sent);
          result.bytes += body.byteLength;
        } else {
          fail(String(response.statusCode), await response.body.text());
        }
      } catch (error) {
        fail('network', error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

export function failureCount(result: LoadResult): number {
  let count = 0;
  for (const n of result.failures.values()) count += n;
  return count;
}

/** Busy and total jiffies of the whole machine (/proc/stat): busy = all but idle and iowait. */
function machineJiffies(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = fields.reduce((sum, n) => sum + n, 0);
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}

export interface CpuReading {
  /** CPU ms of each named process over the interval. */
  processMs: Record<string, number>;
  /** Busy cores of the whole machine over the interval (of `os.availableParallelism()`). */
  machineCores: number;
}

/**
 * Starts measuring: `sources` name a reader of a process's cumulative CPU ms each (the bench's own
 * is added as 'bench'); the returned function reads them again and gives the differences.
 */
export async function cpuMeter(
  sources: Record<string, () => number | Promise<number>>,
  cores: number,
): Promise<() => Promise<CpuReading>> {
  const read = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const [name, source] of Object.entries(sources)) out[name] = await source();
    const own = process.cpuUsage();
    out.bench = (own.user + own.system) / 1000;
    return out;
  };
  const before = await read();
  const machineBefore = machineJiffies();
  return async () => {
    const after = await read();
    const machineAfter = machineJiffies();
    const processMs: Record<string, number> = {};
    for (const [name, value] of Object.entries(after)) processMs[name] = value - (before[name] ?? 0);
    const total = machineAfter.total - machineBefore.total;
    return {
      processMs,
      machineCores: total === 0 ? 0 : ((machineAfter.busy - machineBefore.busy) / total) * cores,
    };
  };
}
