/** GET /v1/jobs/export: one streamed part (or the Parquet artifact) with its part headers. */
import { Readable } from 'node:stream';
import type { ExportFormat } from '../export/encoders.js';
import type { ExportPart, ExportService } from '../services/export.js';
import type { AppContext } from '../http/state.js';
import type { HandlerMap } from './index.js';

export function exportHandlers(exports: ExportService): HandlerMap {
  return {
    exportJobs: async (ctx, { query }) => {
      const { format, part, cursor, columns, ...filters } = query;
      const opened = await exports.open({
        filters,
        format,
        part,
        ...(columns === undefined ? {} : { columns }),
        ...(cursor === undefined ? {} : { cursor }),
        ...(ctx.state.meter === undefined ? {} : { meter: ctx.state.meter }),
      });
      // A client gone before the body started would otherwise leave the part charged in full.
      ctx.res.once('close', () => void opened.finish());
      setPartHeaders(ctx, format, opened);
      ctx.body = Readable.from(opened.body, { objectMode: false });
    },
  };
}

function setPartHeaders(ctx: AppContext, format: ExportFormat, opened: ExportPart): void {
  const { part, part_count, next_cursor } = opened;
  ctx.type = opened.mediaType;
  ctx.set(
    'Content-Disposition',
    `attachment; filename="jobs-export-part-${String(part).padStart(4, '0')}.${format}"`,
  );
  ctx.set('X-Export-Part', String(part));
  ctx.set('X-Export-Part-Count', String(part_count));
  if (next_cursor !== undefined) {
    const next = new URLSearchParams(ctx.querystring);
    next.set('part', String(part + 1));
    next.set('cursor', next_cursor);
    ctx.set('Link', `<${ctx.path}?${next.toString()}>; rel="next"`);
  }
}
