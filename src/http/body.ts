/** JSON body parsing for operations that declare a request body; everything else never reads one. */
import { koaBody } from 'koa-body';
import type { Next } from 'koa';
import { UnsupportedMediaTypeError } from '../domain/errors.js';
import type { AppContext } from './state.js';

const parseJson = koaBody({
  json: true,
  jsonStrict: true,
  jsonLimit: '1mb',
  urlencoded: false,
  text: false,
  multipart: false,
  // The billing webhook verifies its signature over the exact bytes received.
  includeUnparsed: true,
});

/** The exact bytes of a parsed JSON body (koa-body keeps them as `request.rawBody`). */
export function rawBody(ctx: AppContext): string {
  return ctx.request.rawBody ?? '';
}

/** True when the request carries a body at all (a length or a chunked transfer). */
export function hasBody(ctx: AppContext): boolean {
  return Number(ctx.get('Content-Length') || '0') > 0 || ctx.get('Transfer-Encoding') !== '';
}

export async function parseJsonBody(ctx: AppContext, next: Next): Promise<void> {
  if (hasBody(ctx) && ctx.is('application/json', '+json') === false) {
    throw new UnsupportedMediaTypeError('Send the request body as application/json');
  }
  await parseJson(ctx, next);
}
