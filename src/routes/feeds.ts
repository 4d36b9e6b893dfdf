/** /v1/feed/*: the durable change feed and the windowed expired and modified feeds. */
import type { ChangeFeedService } from '../feeds/changes.js';
import type { TimeFrame, WindowedFeeds } from '../feeds/windowed.js';
import type { AppContext } from '../http/state.js';
import { presentChangePage, presentJobPage, presentModifiedPage } from '../presenters/jobs.js';
import type { HandlerMap } from './index.js';

/** time_frame, limit and cursor of a windowed feed (validated and defaulted by the schema). */
function pageOf(ctx: AppContext): {
  timeFrame: TimeFrame;
  limit: number;
  cursor?: string;
  accountId?: string;
} {
  const query = ctx.state.input?.query ?? {};
  const accountId = ctx.state.principal?.accountId;
  return {
    timeFrame: query.time_frame as TimeFrame,
    limit: Number(query.limit),
    ...(typeof query.cursor === 'string' ? { cursor: query.cursor } : {}),
    ...(accountId === undefined ? {} : { accountId }),
  };
}

export function feedHandlers(changes: ChangeFeedService, windowed: WindowedFeeds): HandlerMap {
  return {
    getChangeFeed: async (ctx) => {
      const query = ctx.state.input?.query ?? {};
      const page = await changes.page(
        Number(query.since_seq ?? 0),
        Number(query.limit ?? 100),
        ctx.state.principal?.accountId,
      );
      ctx.body = presentChangePage(page);
    },
    getExpiredFeed: async (ctx) => {
      ctx.body = presentJobPage(await windowed.expired(pageOf(ctx)));
    },
    getModifiedFeed: async (ctx) => {
      ctx.body = presentModifiedPage(await windowed.modified(pageOf(ctx)));
    },
  };
}
