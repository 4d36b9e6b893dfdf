/** Worker thread of the prepare pool: the same preparePosting, on its own core. */
import { parentPort, workerData } from 'node:worker_threads';
import { enrich } from './enrich/index.js';
import { workArrangementClassifierFor, type ClassifierSettings } from './enrich/classifier-settings.js';
import { preparePosting } from './pipeline.js';
import type { PrepareRequest, WorkerReply } from './prepare.js';

const workArrangement = workArrangementClassifierFor(workerData as ClassifierSettings);

parentPort?.on('message', (message: { id: number; request: PrepareRequest }) => {
  const { id, request } = message;
  const ctx = { board: request.board, company: request.company, now: new Date(request.now) };
  preparePosting((input) => enrich(input, { workArrangement }), request.posting, ctx).then(
    (job) => {
      parentPort?.postMessage({ id, job } satisfies WorkerReply);
    },
    (error: unknown) => {
      parentPort?.postMessage({
        id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies WorkerReply);
    },
  );
});
