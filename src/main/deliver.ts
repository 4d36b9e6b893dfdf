/**
 * Delivery-only worker: runs just the destinations loop (the full worker runs it too). For scaling
 * delivery apart from crawling, and for the crash test, which kills this process mid-run.
 */
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { createLogger } from '../lib/logger.js';
import { openRuntime } from '../runtime.js';
import { DeliveryService } from '../services/delivery.js';
import { runDeliveryLoop } from '../worker/run.js';
import { exitOnConfigError, onStopSignal } from './shared.js';

const config = exitOnConfigError(loadConfig);
const logger = createLogger(config.logLevel);
const runtime = openRuntime(config, logger);
await migrate(runtime.database.db, config.postgres.schema);

const controller = new AbortController();
onStopSignal(() => {
  controller.abort();
});
const deliveries = new DeliveryService({
  db: runtime.database.db,
  config: config.destinations,
  userAgent: config.ingest.userAgent,
  logger,
});
logger.info('delivery worker started');
await runDeliveryLoop(
  { service: deliveries, concurrency: config.destinations.concurrency, pollMs: config.destinations.pollMs },
  logger,
  controller.signal,
);
await deliveries.close();
await runtime.close();
