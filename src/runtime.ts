/**
 * The process-wide resources (pools and clients) built from Config, and the services over them.
 * Entry points and tests open one Runtime and close it on exit; nothing else creates clients.
 */
import { DestinationService } from './services/destinations.js';
import { ActivityRecorder } from './services/activity.js';
import { KeyCache } from './services/key-cache.js';
import { AccountService } from './services/accounts.js';
import { UsageService } from './services/usage.js';
import { BillingService } from './services/billing.js';
import { createStripeClient, type StripeClient } from './billing/stripe.js';
import { BillingRepository } from './db/billing.js';
import { DatasetService } from './services/datasets.js';
import { urlSigningKey } from './datasets/signing.js';
import { ExportService } from './services/export.js';
import { createEmbedder, type Embedder } from './embeddings/service.js';
import { ParquetEngine } from './export/parquet-duckdb.js';
import type { Services } from './app.js';
import type { Config } from './config.js';
import { AccountRepository } from './db/accounts.js';
import { ActivityRepository } from './db/activity.js';
import { AllowanceRepository } from './db/allowance.js';
import { DatasetRepository } from './db/datasets.js';
import { FeedRepository } from './db/feeds.js';
import { LedgerRepository } from './db/ledger.js';
import { UsageRepository } from './db/usage.js';
import { createDatabase, type DatabaseHandle } from './db/database.js';
import { listenForKeyChanges } from './db/key-changes.js';
import { HealthService } from './services/health.js';
import { JobSearchService } from './services/jobs.js';
import { CompanyService } from './services/companies.js';
import { CompanyRepository } from './db/companies.js';
import { QualityRepository } from './db/quality.js';
import { QualityReportService } from './services/quality/reports.js';
import { AnalyticsRepository } from './db/analytics.js';
import { CorpusNoticeRepository } from './db/notices.js';
import { CorpusNotice } from './services/corpus-notice.js';
import { AnalyticsService } from './services/analytics.js';
import { StatsService } from './services/stats.js';
import { SitemapService } from './services/sitemaps.js';
import { SitemapRepository } from './db/sitemaps.js';
import { JobCounts } from './services/job-counts.js';
import { ActiveFeed } from './services/feeds/active.js';
import { Allowances } from './services/allowance.js';
import { RateLimits } from './services/rate-limits.js';
import { RateLimitStore } from './db/rate-limits.js';
import { ChangeFeedService } from './services/feeds/changes.js';
import { WindowedFeeds } from './services/feeds/windowed.js';
import { systemClock } from './lib/clock.js';
import { createEsClient, requestPathClient, type EsClient } from './search/client.js';
import { indexNames, type IndexNames } from './search/indices.js';
import { createLogger, type Logger } from './lib/logger.js';

export interface Runtime {
  config: Config;
  database: DatabaseHandle;
  /** Elasticsearch with the general deadline (ES_REQUEST_TIMEOUT_MS): index management, the worker. */
  es: EsClient;
  /** What the services answering requests read Elasticsearch with: the request path's deadline when serving. */
  searchEs: EsClient;
  indices: IndexNames;
  /** Absent when Stripe is not configured. */
  stripe?: StripeClient;
  /** Batched writer of recent activity, flushed on close. */
  activity: ActivityRecorder;
  /** Absent when no embedding model is configured. */
  embedder?: Embedder;
  /** Resolved API keys; serves only while the runtime listens for key changes (see openRuntime). */
  keys: KeyCache;
  /** DuckDB, which encodes Parquet exports; opened at the first one. */
  parquet: ParquetEngine;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /**
   * Listen for key and account changes on a dedicated Postgres connection, so authentication can
   * be served from the key cache: processes that serve the API do; scripts need not.
   */
  cacheKeys?: boolean;
  /**
   * The process answers API requests: Postgres statements and connections give up after
   * PG_REQUEST_TIMEOUT_MS (client side), rate-limit counters after RATE_LIMIT_DEADLINE_MS, and the
   * services read Elasticsearch with ES_SEARCH_TIMEOUT_MS, so a client learns within about 2 s
   * that a backing service is down. The worker and operator scripts keep the long deadlines their
   * batch statements need (statement timeout, ES_REQUEST_TIMEOUT_MS).
   */
  serving?: boolean;
}

export function openRuntime(config: Config, logger?: Logger, options: RuntimeOptions = {}): Runtime {
  const serving = options.serving === true;
  const database = createDatabase(
    config.postgres,
    (error) => {
      logger?.warn({ err: error }, 'idle Postgres connection lost');
    },
    serving ? { requestTimeoutMs: config.postgres.requestTimeoutMs } : {},
  );
  const es = createEsClient(config.elasticsearch);
  const activity = new ActivityRecorder(
    new ActivityRepository(database.counters),
    config.activityFlushMs,
    logger ?? createLogger('silent'),
  );
  const embedder = config.embedding === undefined ? undefined : createEmbedder(config.embedding);
  const keys = new KeyCache(new AccountRepository(database.db));
  const parquet = new ParquetEngine();
  const listener =
    options.cacheKeys === true
      ? listenForKeyChanges(database.db, config.postgres.schema, keys, logger ?? createLogger('silent'))
      : undefined;
  return {
    config,
    database,
    es,
    searchEs: serving ? requestPathClient(es, config.elasticsearch.searchTimeoutMs) : es,
    indices: indexNames(config.elasticsearch.indexPrefix, config.elasticsearch.layout),
    ...(config.stripe === undefined ? {} : { stripe: createStripeClient(config.stripe) }),
    activity,
    ...(embedder === undefined ? {} : { embedder }),
    keys,
    parquet,
    close: async () => {
      await listener?.close();
      await activity.close();
      await embedder?.close();
      await parquet.close();
      await Promise.allSettled([database.close(), es.close()]);
    },
  };
}

export interface AppServices extends Services {
  accounts: AccountService;
}

export function createServices(runtime: Runtime): AppServices {
  const repository = new AccountRepository(runtime.database.db);
  const listing = [
    runtime.searchEs,
    runtime.indices.alias,
    new FeedRepository(runtime.database.db),
    runtime.config.secrets.cursorSecret,
    systemClock,
  ] as const;
  const jobs = new JobSearchService(
    runtime.searchEs,
    runtime.indices.alias,
    runtime.config.secrets.cursorSecret,
    {
      ...(runtime.embedder === undefined ? {} : { embedder: runtime.embedder }),
      pitShareMs: runtime.config.elasticsearch.pitShareMs,
    },
  );
  const companies = new CompanyService(new CompanyRepository(runtime.database.db), jobs, {
    cursorSecret: runtime.config.secrets.cursorSecret,
    verifiedWithinDays: runtime.config.directoryVerifiedDays,
  });
  const analytics = new AnalyticsRepository(runtime.database.db);
  const notice = new CorpusNotice(new CorpusNoticeRepository(runtime.database.db));
  return {
    accounts: new AccountService(repository, runtime.keys, {
      pepper: runtime.config.secrets.apiKeyPepper,
      paidEnforcement: runtime.config.limits.paidEnforcement,
      authChanges: runtime.keys,
    }),
    billing: new BillingService({
      repository: new BillingRepository(runtime.database.db),
      pepper: runtime.config.secrets.apiKeyPepper,
      accountUrl: runtime.config.http.accountUrl,
      authChanges: runtime.keys,
      ...(runtime.stripe === undefined || runtime.config.stripe === undefined
        ? {}
        : { stripe: { client: runtime.stripe, config: runtime.config.stripe } }),
    }),
    usage: new UsageService(
      new UsageRepository(runtime.database.db),
      new AllowanceRepository(runtime.database.db),
      new ActivityRepository(runtime.database.db),
    ),
    exports: new ExportService(
      runtime.searchEs,
      runtime.indices.alias,
      runtime.config.secrets.cursorSecret,
      runtime.parquet,
    ),
    datasets: new DatasetService(
      new DatasetRepository(runtime.database.db),
      runtime.config.datasetsDir,
      urlSigningKey(runtime.config.secrets.cursorSecret),
    ),
    activity: runtime.activity,
    rateLimits: new RateLimits(
      new RateLimitStore(
        runtime.database.rateLimitPool,
        runtime.database.exactRateLimitPool,
        runtime.config.postgres.schema,
      ),
      runtime.config.limits.rateLimitMultiplier,
    ),
    allowances: new Allowances(new AllowanceRepository(runtime.database.counters)),
    health: new HealthService(runtime.searchEs, runtime.database.db),
    jobs,
    companies,
    quality: new QualityReportService(new QualityRepository(runtime.database.db)),
    stats: new StatsService(analytics, {
      refreshSeconds: runtime.config.statsRefreshSeconds,
      verifiedWithinDays: runtime.config.directoryVerifiedDays,
      notice,
    }),
    analytics: new AnalyticsService(analytics, companies, {
      partialMaxAgeSeconds: 2 * runtime.config.statsRefreshSeconds,
      notice,
    }),
    notice,
    sitemaps: new SitemapService(new SitemapRepository(runtime.database.db), analytics, {
      refreshSeconds: runtime.config.statsRefreshSeconds,
    }),
    counts: new JobCounts(runtime.searchEs, runtime.indices.alias),
    changes: new ChangeFeedService(new LedgerRepository(runtime.database.db)),
    destinations: new DestinationService(runtime.database.db, runtime.config.destinations),
    active: new ActiveFeed(...listing),
    feeds: new WindowedFeeds(...listing),
  };
}
