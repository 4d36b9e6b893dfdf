/** Text → vector through the embedding worker thread (one per process; the model holds ~25 MB). */
import { createWorkerPool, moduleExtension, type WorkerPool } from '../lib/worker-pool.js';

export interface Embedder {
  embed(texts: string[]): Promise<number[][]>;
  close(): Promise<void>;
}

/** The worker thread starts on the first request, so processes that never embed never load the model. */
export function createEmbedder(settings: { modelDir: string; threads: number }): Embedder {
  let pool: WorkerPool<string[], number[][]> | undefined;
  return {
    embed: (texts) => {
      pool ??= createWorkerPool(
        new URL(`./embed-worker.${moduleExtension(import.meta.url)}`, import.meta.url),
        1,
        settings,
      );
      return pool.run(texts);
    },
    close: async () => {
      await pool?.close();
    },
  };
}

/** What a job's vector is made of: its title and the start of its description (the model reads 128 tokens). */
export function jobEmbeddingText(job: {
  title: string;
  organization?: string;
  description_text?: string;
}): string {
  const description = (job.description_text ?? '').slice(0, 600);
  return `${job.title}. ${job.organization ?? ''}. ${description}`.trim();
}
