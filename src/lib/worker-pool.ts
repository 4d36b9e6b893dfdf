/**
 * A pool of worker threads running one script: each request goes to the least-loaded thread and
 * comes back as a promise. Workers answer `{ id, result }` or `{ id, error }`; a crashed worker
 * fails everything it had in flight.
 */
import { Worker, type ResourceLimits } from 'node:worker_threads';

export type WorkerReply<R> = { id: number; result: R } | { id: number; error: string };

export interface WorkerPool<Q, R> {
  /** `transfer`: buffers of `request` moved to the worker rather than copied (unusable here after). */
  run(request: Q, transfer?: readonly ArrayBuffer[]): Promise<R>;
  close(): Promise<void>;
}

interface Pending<R> {
  resolve: (result: R) => void;
  reject: (error: Error) => void;
}

/** `script` is resolved next to the caller's module (`.ts` under tsx, `.js` when compiled). */
export function createWorkerPool<Q, R>(
  script: URL,
  threads: number,
  workerData: unknown,
  resourceLimits?: ResourceLimits,
): WorkerPool<Q, R> {
  const pending = new Map<number, Pending<R>>();
  const load = new Map<Worker, number>();
  let nextId = 0;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(script, {
      workerData,
      ...(resourceLimits === undefined ? {} : { resourceLimits }),
    });
    load.set(worker, 0);
    worker.on('message', (reply: WorkerReply<R>) => {
      load.set(worker, (load.get(worker) ?? 1) - 1);
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if ('result' in reply) waiter?.resolve(reply.result);
      else waiter?.reject(new Error(reply.error));
    });
    worker.on('error', (error: Error) => {
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
    // A thread that has gone (crashed, or ended by its resource limits) takes no more requests: one
    // sent to it would never be answered.
    worker.on('exit', (code: number) => {
      load.delete(worker);
      for (const waiter of pending.values())
        waiter.reject(new Error(`worker thread exited (code ${String(code)})`));
      pending.clear();
    });
    return worker;
  });
  return {
    run: (request, transfer = []) =>
      new Promise<R>((resolve, reject) => {
        const worker = [...load.entries()].sort(([, a], [, b]) => a - b)[0]?.[0];
        if (worker === undefined) {
          reject(new Error('worker pool has no threads left'));
          return;
        }
        const id = (nextId += 1);
        pending.set(id, { resolve, reject });
        load.set(worker, (load.get(worker) ?? 0) + 1);
        worker.postMessage({ id, request }, [...transfer]);
      }),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/**
 * The worker side: answers each `{ id, request }` with `handle(request)`; `transferOf` names the
 * buffers of a result to move to the caller rather than copy.
 */
export function serveWorkerRequests<Q, R>(
  port: {
    on(event: 'message', listener: (message: { id: number; request: Q }) => void): unknown;
    postMessage(reply: WorkerReply<R>, transfer?: ArrayBuffer[]): void;
  } | null,
  handle: (request: Q) => Promise<R>,
  transferOf: (result: R) => ArrayBuffer[] = () => [],
): void {
  port?.on('message', ({ id, request }) => {
    handle(request).then(
      (result) => {
        port.postMessage({ id, result }, transferOf(result));
      },
      (error: unknown) => {
        port.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
      },
    );
  });
}

/** The file extension of the running code, to address a worker script next to it. */
export function moduleExtension(url: string): 'ts' | 'js' {
  return url.endsWith('.ts') ? 'ts' : 'js';
}
