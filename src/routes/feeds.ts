/** /v1/feed/*: the durable change feed (the windowed feeds follow). */
import type { ChangeFeedService } from '../feeds/changes.js';
import { presentChangePage } from '../presenters/jobs.js';
import type { HandlerMap } from './index.js';

export function feedHandlers(changes: ChangeFeedService): HandlerMap {
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
  };
}
