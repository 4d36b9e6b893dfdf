/** /v1/sitemaps: the segment index and one segment. Public and credit-free (the document says so). */
import type { SitemapService } from '../services/sitemaps.js';
import type { HandlerMap } from './index.js';
import { sendJson } from './json-body.js';

export function sitemapHandlers(sitemaps: SitemapService): HandlerMap {
  return {
    listSitemaps: async (ctx) => {
      sendJson(ctx, await sitemaps.index());
    },
    getSitemapSegment: async (ctx, { path }) => {
      ctx.body = await sitemaps.segment(path.segment_id);
    },
  };
}
