/** /v1/feed/*: the active feed and its count, the durable change feed, the expired and modified feeds. */
import { requireEntitlement } from '../services/accounts.js';
import type { ActiveFeed, ActiveFeedScope } from '../services/feeds/active.js';
import type { ActiveFeedFilters } from '../search/active-query.js';
import type { ChangeFeedService } from '../services/feeds/changes.js';
import type { FeedPageRequest, TimeFrame, WindowedFeeds } from '../services/feeds/windowed.js';
import type { AppContext } from '../http/state.js';
import {
  presentActiveCount,
  presentActivePage,
  presentChangePage,
  presentJobPage,
  presentModifiedPage,
} from '../presenters/jobs.js';
import type { HandlerMap } from './index.js';
import { query } from './query.js';

/** time_frame, limit and cursor of a windowed feed (validated and defaulted by the schema). */
function pageOf(ctx: AppContext): FeedPageRequest {
  const {
    time_frame: timeFrame,
    limit,
    cursor,
  } = query<{ time_frame: TimeFrame; limit: number; cursor?: string }>(ctx);
  const meter = ctx.state.meter;
  return {
    timeFrame,
    limit,
    ...(cursor === undefined ? {} : { cursor }),
    ...(meter === undefined ? {} : { meter }),
  };
}

type ActiveQuery = ActiveFeedFilters & {
  time_frame: TimeFrame;
  first_seen_gte?: string;
  description_format?: 'none' | 'text';
  limit: number;
  cursor?: string;
};

/** The filters and window of an active-feed request (validated and defaulted by the schema). */
function activeScopeOf(ctx: AppContext): ActiveFeedScope {
  const { time_frame: timeFrame, first_seen_gte: firstSeenGte, ...others } = query<ActiveQuery>(ctx);
  const { description_format: _format, limit: _limit, cursor: _cursor, ...filters } = others;
  return { filters, timeFrame, ...(firstSeenGte === undefined ? {} : { firstSeenGte }) };
}

export function feedHandlers(
  active: ActiveFeed,
  changes: ChangeFeedService,
  windowed: WindowedFeeds,
  upgradeUrl: string,
): HandlerMap {
  return {
    getActiveFeed: async (ctx) => {
      const { description_format: format, limit, cursor } = query<ActiveQuery>(ctx);
      const principal = ctx.state.principal;
      const includeDescription = format === 'text';
      if (includeDescription && principal !== undefined)
        requireEntitlement(principal, 'descriptions', upgradeUrl);
      const page = await active.page({
        ...activeScopeOf(ctx),
        limit,
        includeDescription,
        ...(cursor === undefined ? {} : { cursor }),
        ...(ctx.state.meter === undefined ? {} : { meter: ctx.state.meter }),
      });
      ctx.body = presentActivePage(page);
    },
    countActiveFeed: async (ctx) => {
      ctx.body = presentActiveCount(await active.count(activeScopeOf(ctx)));
    },
    getChangeFeed: async (ctx) => {
      const { since_seq: sinceSeq, limit } = query<{ since_seq: number; limit: number }>(ctx);
      const page = await changes.page(sinceSeq, limit, ctx.state.meter);
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
