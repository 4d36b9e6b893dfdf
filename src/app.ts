/**
 * createApp(deps): the Koa application without listen(). Everything it needs is passed in;
 * tests build it against real Elasticsearch and Postgres with their own names.
 */
import Koa from 'koa';
import type { AccountService } from './accounts/service.js';
import type { HealthService } from './health/service.js';
import { requestContext } from './http/context.js';
import { problemMiddleware } from './http/problem.js';
import type { AppState } from './http/state.js';
import { compileValidators } from './http/validation.js';
import type { Logger } from './lib/logger.js';
import { listOperations, type OpenApiDocument } from './openapi/document.js';
import { healthHandlers, openApiHandlers } from './routes/health.js';
import { buildRouter, unmatched } from './routes/index.js';
import { jobHandlers } from './routes/jobs.js';
import { feedHandlers } from './routes/feeds.js';
import type { ActiveFeed } from './feeds/active.js';
import type { Allowances } from './limits/allowance.js';
import type { RateLimits } from './limits/rate-limits.js';
import type { ChangeFeedService } from './feeds/changes.js';
import type { WindowedFeeds } from './feeds/windowed.js';
import type { JobSearchService } from './search/service.js';

export interface Services {
  accounts: Pick<AccountService, 'authenticate'>;
  rateLimits: Pick<RateLimits, 'consume'>;
  allowances: Pick<Allowances, 'meterFor'>;
  health: HealthService;
  jobs: JobSearchService;
  active: ActiveFeed;
  changes: ChangeFeedService;
  feeds: WindowedFeeds;
}

export interface AppDeps {
  document: OpenApiDocument;
  upgradeUrl: string;
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
    upgradeUrl: deps.upgradeUrl,
    handlers: {
      ...healthHandlers(deps.services.health, deps.document.info.version),
      ...openApiHandlers(deps.document),
      ...jobHandlers(deps.services.jobs, deps.upgradeUrl),
      ...feedHandlers(deps.services.active, deps.services.changes, deps.services.feeds, deps.upgradeUrl),
    },
  });
  const app = new Koa<AppState>({ proxy: false });
  app.silent = true;
  app.use(requestContext(deps.logger));
  app.use(problemMiddleware(deps.logger));
  app.use(unmatched(router));
  app.use(router.routes());
  return app;
}
