/**
 * Preparing postings (HTML → text, enrichment, job draft) is the CPU-heavy part of ingestion
 * (~2–3 ms a posting, mostly language detection). It runs on a pool of worker threads so that a
 * worker process uses every core and its event loop stays free for I/O; `threads: 0` prepares
 * inline (tests, tiny loads).
 */
import { createWorkerPool, moduleExtension } from '../../lib/worker-pool.js';
import type { CompanyRow } from '../../db/corpus.js';
import type { PreparedJob } from './lifecycle.js';
import type { PrepareContext } from '../normalize/job.js';
import type { SourcePosting } from '../types.js';

/** What crosses the thread boundary: plain data only. */
export interface PrepareRequest {
  posting: SourcePosting & { organization: string };
  board: PrepareContext['board'];
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

/** A pool of `threads` workers running `prepare-worker`; requests go to the least-loaded thread. */
export function createPreparePool(threads: number, workerData: unknown): PreparePool {
  const pool = createWorkerPool<PrepareRequest, PreparedJob>(
    new URL(`./prepare-worker.${moduleExtension(import.meta.url)}`, import.meta.url),
    threads,
    workerData,
  );
  return {
    prepare: (posting, ctx) =>
      pool.run({
        posting,
        board: { source: ctx.board.source, slug: ctx.board.slug, verified_at: ctx.board.verified_at },
        company: ctx.company,
        now: ctx.now.toISOString(),
      }),
    close: () => pool.close(),
  };
}
