/** A worker thread for the pool's tests: answers "echo" requests and exits on "exit". */
import { parentPort } from 'node:worker_threads';
import { serveWorkerRequests } from '../../src/lib/worker-pool.js';

serveWorkerRequests<string, string>(parentPort, (request) => {
  if (request === 'exit') process.exit(3);
  return Promise.resolve(request);
});
