/**
 * createApp(deps): the Koa application without listen(). Everything it needs is passed in;
 * tests build it against real Elasticsearch and Postgres with their own names.
 */
import { destinationHandlers } from './routes/destinations.js';
import type { DestinationService } from './services/destinations.js';
import Koa from 'koa';
import type { ActivityRecorder } from './services/activity.js';
import { recordActivity } from './http/activity.js';
import type { AccountService } from './services/accounts.js';
import type { UsageService } from './services/usage.js';
import type { BillingService } from './services/billing.js';
import type { DatasetService } from './services/datasets.js';
import type { ExportService } from './services/export.js';
import { datasetHandlers } from './routes/datasets.js';
import { accountHandlers } from './routes/account.js';
import { exportHandlers } from './routes/export.js';
import { billingHandlers } from './routes/billing.js';
import type { HealthService } from './services/health.js';
import { limitRequestTarget } from './http/client-errors.js';
import { requestContext } from './http/context.js';
import { compression } from './http/compression.js';
import { corpusNoticeHeader } from './http/corpus-notice.js';
import type { CorpusNotice } from './services/corpus-notice.js';
import { problemMiddleware } from './http/problem.js';
import type { AppState } from './http/state.js';
import { compileValidators } from './http/validation.js';
import type { Logger } from './lib/logger.js';
import { listOperations, type OpenApiDocument } from './openapi/document.js';
import { healthHandlers, openApiHandlers } from './routes/health.js';
import { buildRouter, unmatched } from './routes/index.js';
import { jobHandlers } from './routes/jobs.js';
import { companyHandlers } from './routes/companies.js';
import type { CompanyService } from './services/companies.js';
import { qualityHandlers } from './routes/quality.js';
import type { QualityReportService } from './services/quality/reports.js';
import { analyticsHandlers } from './routes/analytics.js';
import type { AnalyticsService } from './services/analytics.js';
import type { StatsService } from './services/stats.js';
import { sitemapHandlers } from './routes/sitemaps.js';
import type { SitemapService } from './services/sitemaps.js';
import { feedHandlers } from './routes/feeds.js';
import type { ActiveFeed } from './services/feeds/active.js';
import type { Allowances } from './services/allowance.js';
import type { RateLimits } from './services/rate-limits.js';
import type { ChangeFeedService } from './services/feeds/changes.js';
import type { WindowedFeeds } from './services/feeds/windowed.js';
import type { JobSearchService } from './services/jobs.js';
import type { JobCounts } from './services/job-counts.js';
import { mcpHandlers } from './mcp/handler.js';
import { mcpBodyErrors } from './mcp/rpc-errors.js';
import { createMcpEndpoint } from './mcp/server.js';
import { docsPages } from './pages/docs.js';
import { reportPages } from './pages/reports/index.js';

export interface Services {
  accounts: AccountService;
  billing: BillingService;
  usage: UsageService;
  activity: Pick<ActivityRecorder, 'record'>;
  exports: ExportService;
  datasets: DatasetService;
  rateLimits: Pick<RateLimits, 'ticket'>;
  allowances: Pick<Allowances, 'meterFor'>;
  health: HealthService;
  jobs: JobSearchService;
  /** Free counts and vocabularies in use (the keyless MCP tools). */
  counts: JobCounts;
  active: ActiveFeed;
  changes: ChangeFeedService;
  feeds: WindowedFeeds;
  companies: CompanyService;
  quality: QualityReportService;
  stats: StatsService;
  analytics: AnalyticsService;
  sitemaps: SitemapService;
  destinations: DestinationService;
  /** Whether the corpus includes synthetic demo data: every response says so. */
  notice: CorpusNotice;
}

export interface AppDeps {
  document: OpenApiDocument;
  upgradeUrl: string;
  /** While on, compatibility keys unlock nothing (config PAID_ENFORCEMENT; the access policy reads it). */
  paidEnforcement: boolean;
  /** Base of absolute links (PUBLIC_BASE_URL); absent → the request's origin. */
  linkBaseUrl?: string;
  /** Reverse proxies whose X-Forwarded-For is trusted for the client address (0: none). */
  trustedProxyHops?: number;
  logger: Logger;
  services: Services;
}

export function createApp(deps: AppDeps): Koa<AppState> {
  const operations = listOperations(deps.document);
  const router = buildRouter({
    operations,
    validators: compileValidators(deps.document, operations),
    accounts: deps.services.accounts,
    rateLimits: deps.services.rateLimits,
    allowances: deps.services.allowances,
    terms: { paidEnforcement: deps.paidEnforcement, upgradeUrl: deps.upgradeUrl },
    handlers: {
      ...healthHandlers(deps.services.health, deps.document.info.version),
      ...openApiHandlers(deps.document),
      ...jobHandlers(deps.services.jobs),
      ...companyHandlers(deps.services.companies),
      ...qualityHandlers(deps.services.quality),
      ...analyticsHandlers(deps.services.stats, deps.services.analytics),
      ...sitemapHandlers(deps.services.sitemaps),
      ...feedHandlers(deps.services.active, deps.services.changes, deps.services.feeds),
      ...billingHandlers(deps.services.billing),
      ...accountHandlers(deps.services.accounts, deps.services.usage),
      ...exportHandlers(deps.services.exports),
      ...datasetHandlers(deps.services.datasets, deps.linkBaseUrl),
      ...destinationHandlers(deps.services.destinations),
      ...mcpHandlers(
        createMcpEndpoint({
          document: deps.document,
          logger: deps.logger,
          jobs: deps.services.jobs,
          counts: deps.services.counts,
          active: deps.services.active,
          companies: deps.services.companies,
          stats: deps.services.stats,
          analytics: deps.services.analytics,
          upgradeUrl: deps.upgradeUrl,
        }),
        deps.linkBaseUrl,
      ),
    },
  });
  const hops = deps.trustedProxyHops ?? 0;
  const app = new Koa<AppState>(hops > 0 ? { proxy: true, maxIpsCount: hops } : { proxy: false });
  app.silent = true;
  app.use(requestContext(deps.logger));
  app.use(corpusNoticeHeader(deps.services.notice));
  // Accept-Encoding negotiation (zstd, br, gzip) of every body, problem+json included: outside the
  // problem mapper, inside the access log (whose duration ends before a streamed body does anyway).
  app.use(compression());
  // Outside the problem mapper, so it sees the final status of failed requests too.
  app.use(recordActivity(deps.services.activity));
  app.use(problemMiddleware(deps.logger));
  app.use(limitRequestTarget);
  // Body failures of POST /mcp (malformed JSON, a batch) as JSON-RPC errors, not problem+json.
  app.use(mcpBodyErrors);
  app.use(docsPages(deps));
  app.use(reportPages({ document: deps.document, ...deps.services }));
  app.use(unmatched(router));
  app.use(router.routes());
  return app;
}
