/** Corpus statistics, paid analytics and the state-of-hiring report. */
import type { AnalyticsService } from '../services/analytics.js';
import type { StatsService } from '../services/stats.js';
import type { HandlerMap } from './index.js';
import { sendJson } from './json-body.js';

export function analyticsHandlers(stats: StatsService, analytics: AnalyticsService): HandlerMap {
  return {
    getStats: async (ctx) => {
      sendJson(ctx, await stats.current());
    },
    getPostingVelocity: async (ctx, { path, query }) => {
      ctx.body = await analytics.postingVelocity(path.company_key, query.window_days);
    },
    getTimeToFill: async (ctx, { query }) => {
      ctx.body = await analytics.timeToFill(query);
    },
    getStateOfHiring: async (ctx, { query }) => {
      sendJson(ctx, await analytics.stateOfHiring(query.quarter));
    },
  };
}
