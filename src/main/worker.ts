/**
 * Worker entry point: long-running background loops (crawl, projector, embeddings, deliveries,
 * roll-ups) register here as they are built. Today it prepares the schema and index and runs the
 * index-health loop, so a deployment has the process in place and supervised.
 */
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { createLogger } from '../lib/logger.js';
import { createServices, openRuntime } from '../runtime.js';
import { ensureJobsIndex } from '../search/indices.js';
import { exitOnConfigError } from './shared.js';

const config = exitOnConfigError(loadConfig);
const logger = createLogger(config.logLevel);
const runtime = openRuntime(config, logger);
await migrate(runtime.database.db, config.postgres.schema);
await ensureJobsIndex(runtime.es, runtime.indices);
const health = createServices(runtime).health;

const controller = new AbortController();
async function healthLoop(signal: AbortSignal): Promise<void> {
  while (!signal.aborted) {
    const report = await health.check();
    if (report.status === 'ok') logger.debug({ report }, 'backing services up');
    else logger.warn({ report }, 'backing services degraded');
    await new Promise((resolve) => setTimeout(resolve, 30_000).unref());
  }
}
logger.info('worker started');
const loops = [healthLoop(controller.signal)];

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'worker stopping');
  controller.abort();
  await runtime.close();
  process.exit(0);
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
await Promise.all(loops);
