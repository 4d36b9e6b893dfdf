/** Worker thread of the prepare pool: the same preparePosting, on its own core. */
import { parentPort, workerData } from 'node:worker_threads';
import { serveWorkerRequests } from '../../lib/worker-pool.js';
import { enrich } from '../enrich/index.js';
import { workArrangementClassifierFor, type ClassifierSettings } from '../enrich/classifier-settings.js';
import { preparePosting } from './pipeline.js';
import type { PreparedJob } from './lifecycle.js';
import type { PrepareRequest } from './prepare.js';

const workArrangement = workArrangementClassifierFor(workerData as ClassifierSettings);

serveWorkerRequests<PrepareRequest, PreparedJob>(parentPort, (request) =>
  preparePosting((input) => enrich(input, { workArrangement }), request.posting, {
    board: request.board,
    company: request.company,
    now: new Date(request.now),
  }),
);
