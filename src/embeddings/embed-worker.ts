/** Worker thread of the embedding pool: the model runs here, off the API's and worker's event loop. */
import { parentPort, workerData } from 'node:worker_threads';
import { serveWorkerRequests } from '../lib/worker-pool.js';
import { EmbeddingModel } from './model.js';

const settings = workerData as { modelDir: string; threads: number };
const model = EmbeddingModel.load(settings.modelDir, settings.threads);

serveWorkerRequests<string[], number[][]>(parentPort, async (texts) => {
  const vectors = await (await model).embed(texts);
  return vectors.map((vector) => Array.from(vector));
});
