/**
 * Worker thread of one Parquet export (parquet-thread.ts): joins the pieces of each page answer it
 * is handed, parses it and encodes the rows, off the API's event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { UpstreamUnavailableError } from '../domain/errors.js';
import { serveWorkerRequests } from '../lib/worker-pool.js';
import { answerRows } from './answer-rows.js';
import { ParquetEncoder } from './encoders.js';
import type { ParquetPageRequest, ParquetPageResult, ParquetWorkerData } from './parquet-thread.js';

const settings = workerData as ParquetWorkerData;
const encoder = new ParquetEncoder(settings.columns);

async function handle(request: ParquetPageRequest): Promise<ParquetPageResult> {
  if (request.answer === undefined) return { bytes: await encoder.finish() };
  const answer = Buffer.concat(request.answer);
  try {
    const sourceBytes = answer.byteLength;
    const rows = answerRows(answer, request.rows, settings.withDescription);
    return { bytes: await encoder.add(rows, sourceBytes) };
  } catch (error) {
    // Elasticsearch's own failure (a timed-out or partial answer) keeps its meaning across the thread.
    if (error instanceof UpstreamUnavailableError) return { upstreamFailed: true };
    throw error;
  }
}

// The encoder's bytes are each in a buffer of their own (ParquetEncoder.drain): moved, not copied.
serveWorkerRequests<ParquetPageRequest, ParquetPageResult>(parentPort, handle, (result) => {
  const buffer = result.bytes?.buffer;
  return buffer instanceof ArrayBuffer ? [buffer] : [];
});
