/** API entry point: validate config, prepare schema and index, serve until SIGTERM/SIGINT. */
import { createApp } from '../app.js';
import { attachClientErrorHandler } from '../http/client-errors.js';
import { loadConfig } from '../config.js';
import { migrate } from '../db/migrate.js';
import { createLogger } from '../lib/logger.js';
import { loadDocument } from '../openapi/document.js';
import { createServices, openRuntime } from '../runtime.js';
import { ensureJobsIndex } from '../search/indices.js';
import { exitOnConfigError, onStopSignal } from './shared.js';

const config = exitOnConfigError(loadConfig);
const logger = createLogger(config.logLevel);
const runtime = openRuntime(config, logger, { cacheKeys: true, serving: true });
await migrate(runtime.database.db, config.postgres.schema);
await ensureJobsIndex(runtime.es, runtime.indices);
const app = createApp({
  document: loadDocument(),
  logger,
  services: createServices(runtime),
  upgradeUrl: config.http.upgradeUrl,
  paidEnforcement: config.limits.paidEnforcement,
  trustedProxyHops: config.http.trustedProxyHops,
  ...(config.http.linkBaseUrl === undefined ? {} : { linkBaseUrl: config.http.linkBaseUrl }),
});
const server = app.listen(config.http.port, config.http.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.http.port;
  logger.info({ port }, `API listening on http://${config.http.host}:${port}`);
});
attachClientErrorHandler(server, logger);

async function shutdown(signal: string): Promise<void> {
  logger.info({ signal }, 'shutting down');
  server.close();
  await runtime.close();
}
onStopSignal((signal) => void shutdown(signal));
