/**
 * How the report pages answer: a page with its entity tag, the stylesheet and icon, and the HTML
 * error page. Compression is the HTTP edge's (`http/compression.ts`, negotiated per request):
 * a page's SVG is verbose text and shrinks about tenfold.
 */
import { createHash } from 'node:crypto';
import { ValidationFailedError } from '../../domain/errors.js';
import type { AppContext } from '../../http/state.js';
import { renderError } from './home.js';

/** The reports are cached data (a stats snapshot, stored reports): a minute of staleness is fine. */
const PAGE_CACHE_CONTROL = 'public, max-age=60';
const ASSET_CACHE_CONTROL = 'public, max-age=3600';
const HTML = 'text/html; charset=utf-8';

/** A rendered page and its entity tag. */
export interface Representation {
  html: string;
  etag: string;
}

export function represent(html: string): Representation {
  return { html, etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"` };
}

export function sendPage(ctx: AppContext, page: Representation): void {
  ctx.status = 200;
  ctx.type = HTML;
  ctx.set('Cache-Control', PAGE_CACHE_CONTROL);
  ctx.set('ETag', page.etag);
  // 304 to a client that holds this very page (koa compares If-None-Match with the ETag, weakly).
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = page.html;
}

export function sendAsset(ctx: AppContext, type: string, body: string): void {
  ctx.status = 200;
  ctx.type = type;
  ctx.set('Cache-Control', ASSET_CACHE_CONTROL);
  ctx.body = body;
}

function errorTitle(status: number): string {
  if (status === 404) return 'Report not available';
  if (status === 405) return 'Method not allowed';
  if (status === 422) return 'Not a valid request for this report';
  if (status === 429) return 'Too many requests';
  if (status >= 500) return 'Temporarily unavailable';
  return 'Request refused';
}

/** The HTML page of a failed request, with the status the JSON endpoint would answer. */
export function sendError(
  ctx: AppContext,
  path: string,
  status: number,
  message: string,
  error?: unknown,
): void {
  ctx.status = status;
  ctx.type = HTML;
  ctx.set('Cache-Control', 'no-store');
  ctx.body = renderError({
    status,
    title: errorTitle(status),
    message:
      error instanceof ValidationFailedError
        ? 'The JSON endpoint of this report refuses this request (422) for these reasons:'
        : message,
    ...(error instanceof ValidationFailedError ? { issues: error.issues } : {}),
    requestId: ctx.state.requestId,
    path,
  });
}
