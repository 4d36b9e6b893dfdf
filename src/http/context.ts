/** Request id and schema-version header on every response, and one access-log line per request. */
import { randomUUID } from 'node:crypto';
import type { Next } from 'koa';
import type { Logger } from '../lib/logger.js';
import type { AppContext } from './state.js';

export const SCHEMA_VERSION = '1.0.0';
const CLIENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** A request id of the service's own (UUID v4), for requests that bring none, or none usable. */
export function newRequestId(): string {
  return randomUUID();
}

export function requestContext(logger: Logger) {
  return async function context(ctx: AppContext, next: Next): Promise<void> {
    const started = process.hrtime.bigint();
    const offered = ctx.get('X-Request-Id');
    ctx.state.requestId = CLIENT_REQUEST_ID.test(offered) ? offered : newRequestId();
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      if (ctx.status < 400) ctx.set('X-Service-Schema-Version', SCHEMA_VERSION);
      logger.info(
        {
          request_id: ctx.state.requestId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          operation: ctx.state.operation?.operationId,
          account_id: ctx.state.principal?.accountId,
          duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
        },
        'request',
      );
    }
  };
}
