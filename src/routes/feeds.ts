/** /v1/feed/*: the active feed and its count, the durable change feed, the expired and modified feeds. */
import type { ValidatedQuery } from '../openapi/operations.js';
import {
  presentActiveCount,
  presentActivePage,
  presentChangePage,
  presentExpiredPage,
  presentModifiedPage,
} from '../presenters/jobs.js';
import type { ActiveFeed, ActiveFeedScope } from '../services/feeds/active.js';
import type { ChangeFeedService } from '../services/feeds/changes.js';
import type { FeedPageRequest, WindowedFeeds } from '../services/feeds/windowed.js';
import type { Meter } from '../services/allowance.js';
import type { HandlerMap } from './index.js';

/** time_frame, limit and cursor of a windowed feed (validated and defaulted by the schema). */
function pageOf(
  { time_frame, limit, cursor }: ValidatedQuery<'getExpiredFeed' | 'getModifiedFeed'>,
  meter: Meter | undefined,
): FeedPageRequest {
  return {
    time_frame,
    limit,
    ...(cursor === undefined ? {} : { cursor }),
    ...(meter === undefined ? {} : { meter }),
  };
}

/** The filters and window of an active-feed request (its count takes the same). */
function activeScopeOf(query: ValidatedQuery<'countActiveFeed'>): ActiveFeedScope {
  const { time_frame, first_seen_gte, ...filters } = query;
  return { filters, time_frame, ...(first_seen_gte === undefined ? {} : { first_seen_gte }) };
}

export function feedHandlers(
  active: ActiveFeed,
  changes: ChangeFeedService,
  windowed: WindowedFeeds,
): HandlerMap {
  return {
    getActiveFeed: async (ctx, { query }) => {
      const { description_format: format, limit, cursor, ...scope } = query;
      const page = await active.page({
        ...activeScopeOf(scope),
        limit,
        include_description: format === 'text',
        ...(cursor === undefined ? {} : { cursor }),
        ...(ctx.state.meter === undefined ? {} : { meter: ctx.state.meter }),
      });
      ctx.body = presentActivePage(page);
    },
    countActiveFeed: async (ctx, { query }) => {
      ctx.body = presentActiveCount(await active.count(activeScopeOf(query)));
    },
    getChangeFeed: async (ctx, { query }) => {
      ctx.body = presentChangePage(await changes.page(query.since_seq, query.limit, ctx.state.meter));
    },
    getExpiredFeed: async (ctx, { query }) => {
      ctx.body = presentExpiredPage(await windowed.expired(pageOf(query, ctx.state.meter)));
    },
    getModifiedFeed: async (ctx, { query }) => {
      ctx.body = presentModifiedPage(await windowed.modified(pageOf(query, ctx.state.meter)));
    },
  };
}
