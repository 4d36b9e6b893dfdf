/**
 * The shared integration environment: real Elasticsearch and Postgres from the test runner, with a
 * unique index prefix and schema per run, and the app served on an ephemeral port.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type Services } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { migrate } from '../../src/db/migrate.js';
import { attachClientErrorHandler } from '../../src/http/client-errors.js';
import { createLogger, type Logger } from '../../src/lib/logger.js';
import { loadDocument, type OpenApiDocument } from '../../src/openapi/document.js';
import { createServices, openRuntime, type AppServices, type Runtime } from '../../src/runtime.js';
import { dropIndexFamily, ensureJobsIndex } from '../../src/search/indices.js';
import { registerApp } from './contract.js';

export interface TestEnv {
  run: string;
  config: Config;
  runtime: Runtime;
  services: AppServices;
  document: OpenApiDocument;
  baseUrl: string;
}

export const UPGRADE_URL = 'https://billing.test/upgrade';
/** Two webhook signing secrets, as during a rotation of the endpoint's secret. */
export const WEBHOOK_SECRETS = [
  'whsec_test_current_0123456789abcdef',
  'whsec_test_previous_0123456789abcdef',
] as const;
export const STRIPE_PRICES = {
  starter: 'price_test_starter',
  growth: 'price_test_growth',
  scale: 'price_test_scale',
};

/** Billing against the run's stripe-mock (started by the test runner or the dev stack). */
function stripeEnv(): Record<string, string> {
  const url = process.env.STRIPE_API_URL;
  if (url === undefined || url === '') return {};
  return {
    STRIPE_API_URL: url,
    STRIPE_SECRET_KEY: 'sk_test_integrationrun0123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRETS.join(','),
    STRIPE_PRICE_STARTER: STRIPE_PRICES.starter,
    STRIPE_PRICE_GROWTH: STRIPE_PRICES.growth,
    STRIPE_PRICE_SCALE: STRIPE_PRICES.scale,
  };
}

let current: TestEnv | undefined;
const servers: Server[] = [];

export function testEnv(): TestEnv {
  if (current === undefined) throw new Error('integration environment not set up (see hooks.ts)');
  return current;
}

/** Config for this run: unique names, so runs never share state. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  const run = process.env.JLDS_TEST_RUN ?? randomBytes(4).toString('hex');
  return loadConfig({
    ELASTICSEARCH_URL: process.env.ELASTICSEARCH_URL,
    DATABASE_URL: process.env.DATABASE_URL,
    ES_INDEX_PREFIX: `t${run}-jobs`,
    PG_SCHEMA: `t_${run}`,
    API_KEY_PEPPER: randomBytes(32).toString('hex'),
    CURSOR_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    // The fixture server is one host; politeness spacing would only slow the tests down.
    CRAWL_HOST_MIN_INTERVAL_MS: '0',
    // Suites walk thousands of pages with one key; the published limits are tested, with
    // multiplier 1, by rate-limits.test.ts.
    RATE_LIMIT_MULTIPLIER: '1000',
    DATASETS_DIR: join(tmpdir(), `jlds-datasets-${run}`),
    EMBEDDING_MODEL_DIR: process.env.EMBEDDING_MODEL_DIR,
    ...stripeEnv(),
    ...overrides,
  });
}

/**
 * Serves an app on an ephemeral loopback port; closed in the root after-all hook. Every response the
 * suite receives from it is checked against `document` (contract.ts).
 */
export async function serve(
  services: Services,
  document: OpenApiDocument,
  options: { logger?: Logger; trustedProxyHops?: number; paidEnforcement?: boolean } = {},
): Promise<string> {
  const logger = options.logger ?? createLogger('silent');
  const app = createApp({
    document,
    logger,
    services,
    upgradeUrl: UPGRADE_URL,
    paidEnforcement: options.paidEnforcement ?? true,
    trustedProxyHops: options.trustedProxyHops ?? 0,
  });
  const server = app.listen(0, '127.0.0.1');
  attachClientErrorHandler(server, logger);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  servers.push(server);
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  registerApp(baseUrl, document);
  return baseUrl;
}

/** A migrated schema, an index and an app served over them, for `config`'s names. */
export async function openEnv(config: Config, options: { logger?: Logger } = {}): Promise<TestEnv> {
  // As the API runs: authentication served from the key cache, invalidated by change notifications.
  const runtime = openRuntime(config, undefined, { cacheKeys: true });
  await migrate(runtime.database.db, config.postgres.schema);
  await ensureJobsIndex(runtime.es, runtime.indices);
  const services = createServices(runtime);
  const document = loadDocument();
  return {
    run: config.postgres.schema,
    config,
    runtime,
    services,
    document,
    baseUrl: await serve(services, document, options),
  };
}

/** Drops what openEnv created and closes its clients. */
export async function closeEnv(env: TestEnv): Promise<void> {
  try {
    // The activity recorder flushes on a timer (ACTIVITY_FLUSH_MS) into request_activity, usage_daily
    // and api_keys; a flush landing during DROP SCHEMA … CASCADE locks those tables in another order
    // than the drop does, and Postgres aborts one of them ("deadlock detected", seen once in CI in
    // demo-history's after hook). Flushed and stopped first, nothing writes to the schema while it goes.
    await env.runtime.activity.close();
    await dropIndexFamily(env.runtime.es, env.runtime.indices);
    await env.runtime.database.db.none('DROP SCHEMA IF EXISTS $1:name CASCADE', [env.config.postgres.schema]);
    await rm(env.config.datasetsDir, { recursive: true, force: true });
  } finally {
    // Whatever failed above, the pools close: open handles would keep mocha (and CI) from exiting.
    await env.runtime.close();
  }
}

export async function setUp(): Promise<void> {
  current = await openEnv(testConfig());
}

export async function tearDown(): Promise<void> {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers.length = 0;
  const env = current;
  current = undefined;
  if (env !== undefined) await closeEnv(env);
}
