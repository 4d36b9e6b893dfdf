/**
 * Preparing postings (HTML → text, enrichment, job draft) is the CPU-heavy part of ingestion
 * (~2–3 ms a posting, mostly language detection). It runs on a pool of worker threads so that a
 * worker process uses every core and its event loop stays free for I/O; `threads: 0` prepares
 * inline (tests, tiny loads).
 */
import { Worker } from 'node:worker_threads';
import type { CompanyRow } from '../db/corpus.js';
import type { PreparedJob } from './lifecycle.js';
import type { PrepareContext } from './normalize/job.js';
import type { SourcePosting } from './types.js';

/** What crosses the thread boundary: plain data only. */
export interface PrepareRequest {
  posting: SourcePosting & { organization: string };
  board: { source: string; slug: string; verified_at: string };
  company: CompanyRow;
  now: string;
}

export type PrepareFn = (
  posting: SourcePosting & { organization: string },
  ctx: PrepareContext,
) => Promise<PreparedJob>;

export interface PreparePool {
  prepare: PrepareFn;
  close: () => Promise<void>;
}

interface Pending {
  resolve: (job: PreparedJob) => void;
  reject: (error: Error) => void;
}

export type WorkerReply = { id: number; job: PreparedJob } | { id: number; error: string };

/** A pool of `threads` workers running `prepare-worker`; requests go to the least-loaded thread. */
export function createPreparePool(threads: number, workerData: unknown): PreparePool {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  const pending = new Map<number, Pending>();
  const load = new Map<Worker, number>();
  let nextId = 0;
  const workers = Array.from({ length: threads }, () => {
    const worker = new Worker(new URL(`./prepare-worker.${extension}`, import.meta.url), { workerData });
    load.set(worker, 0);
    worker.on('message', (reply: WorkerReply) => {
      load.set(worker, (load.get(worker) ?? 1) - 1);
      const waiter = pending.get(reply.id);
      pending.delete(reply.id);
      if ('job' in reply) waiter?.resolve(reply.job);
      else waiter?.reject(new Error(reply.error));
    });
    worker.on('error', (error: Error) => {
      for (const waiter of pending.values()) waiter.reject(error);
      pending.clear();
    });
    return worker;
  });

  return {
    prepare: (posting, ctx) =>
      new Promise<PreparedJob>((resolve, reject) => {
        const id = (nextId += 1);
        const worker = [...load.entries()].sort(([, a], [, b]) => a - b)[0]?.[0];
        if (worker === undefined) {
          reject(new Error('prepare pool has no threads'));
          return;
        }
        pending.set(id, { resolve, reject });
        load.set(worker, (load.get(worker) ?? 0) + 1);
        const request: PrepareRequest = {
          posting,
          board: { source: ctx.board.source, slug: ctx.board.slug, verified_at: ctx.board.verified_at },
          company: ctx.company,
          now: ctx.now.toISOString(),
        };
        worker.postMessage({ id, request });
      }),
    close: async () => {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
