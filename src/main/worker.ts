/** Worker entry point: schema and index preparation, then the crawl, sequencer and projector loops. */
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { createIngestDeps } from '../ingest/crawl/deps.js';
import { runWorker } from '../worker/run.js';
import { DeliveryService } from '../services/delivery.js';
import { systemClock } from '../lib/clock.js';
import { createLogger } from '../lib/logger.js';
import { createServices, openRuntime } from '../runtime.js';
import { ensureJobsIndex } from '../search/indices.js';
import { exitOnConfigError, onStopSignal } from './shared.js';

const config = exitOnConfigError(loadConfig);
const logger = createLogger(config.logLevel);
const runtime = openRuntime(config, logger);
await migrate(runtime.database.db, config.postgres.schema);
await ensureJobsIndex(runtime.es, runtime.indices);

const controller = new AbortController();
onStopSignal(() => {
  controller.abort();
});
logger.info('worker started');
const services = createServices(runtime);
const ingest = createIngestDeps(runtime.database.db, config, systemClock, logger);
const deliveries = new DeliveryService({
  db: runtime.database.db,
  config: config.destinations,
  userAgent: config.ingest.userAgent,
  logger,
});
await runWorker(
  {
    db: runtime.database.db,
    es: runtime.es,
    index: runtime.indices.alias,
    ingest,
    logger,
    concurrency: config.ingest.concurrency,
    ...(runtime.embedder === undefined ? {} : { embedder: runtime.embedder }),
    quality: config.quality,
    reports: {
      stats: services.stats,
      sitemaps: services.sitemaps,
      hiring: services.analytics,
      everyMs: config.statsRefreshSeconds * 1000,
    },
    deliveries: {
      service: deliveries,
      concurrency: config.destinations.concurrency,
      pollMs: config.destinations.pollMs,
    },
  },
  controller.signal,
);
logger.info('worker stopped');
await ingest.close();
await deliveries.close();
await runtime.close();
