/** GET /v1/jobs/export: one streamed part (or the Parquet artifact) with its part headers. */
import { Readable } from 'node:stream';
import { requireEntitlement } from '../services/accounts.js';
import { DEFAULT_EXPORT_COLUMNS, type ExportColumn } from '../export/columns.js';
import { MEDIA_TYPES, type ExportFormat } from '../export/encoders.js';
import type { ExportFilters } from '../search/export-query.js';
import type { ExportPart, ExportService } from '../services/export.js';
import type { AppContext } from '../http/state.js';
import type { HandlerMap } from './index.js';
import { principal, query } from './query.js';

type ExportQuery = ExportFilters & {
  format: ExportFormat;
  part: number;
  columns?: ExportColumn[];
  cursor?: string;
};

export function exportHandlers(exports: ExportService, upgradeUrl: string): HandlerMap {
  return {
    exportJobs: async (ctx) => {
      const { format, part, cursor, columns = DEFAULT_EXPORT_COLUMNS, ...filters } = query<ExportQuery>(ctx);
      if (columns.includes('description_text'))
        requireEntitlement(principal(ctx), 'export_descriptions', upgradeUrl);
      const opened = await exports.open({
        filters,
        format,
        part,
        columns,
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
  const { part, partCount, nextCursor } = opened;
  ctx.type = MEDIA_TYPES[format];
  ctx.set(
    'Content-Disposition',
    `attachment; filename="jobs-export-part-${String(part).padStart(4, '0')}.${format}"`,
  );
  ctx.set('X-Export-Part', String(part));
  ctx.set('X-Export-Part-Count', String(partCount));
  if (nextCursor !== undefined) {
    const next = new URLSearchParams(ctx.querystring);
    next.set('part', String(part + 1));
    next.set('cursor', nextCursor);
    ctx.set('Link', `<${ctx.path}?${next.toString()}>; rel="next"`);
  }
}
