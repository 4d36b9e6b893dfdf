/**
 * The rate-limit step: after authentication (the counter belongs to the account, the compatibility
 * key, or the client address of a keyless request), before everything else the request costs.
 */
import type { Next } from 'koa';
import type { RateLimits } from '../services/rate-limits.js';
import type { Operation } from '../openapi/document.js';
import type { AppContext } from './state.js';

export function rateLimit(limits: Pick<RateLimits, 'consume'>, operation: Operation) {
  const { rateLimitBucket: bucket, rateLimitPerMinute: perMinute } = operation;
  if (bucket === undefined || perMinute === undefined) return undefined;
  return async function limitRate(ctx: AppContext, next: Next): Promise<void> {
    const state = await limits.consume(bucket, perMinute, subjectOf(ctx));
    ctx.set('X-RateLimit-Limit', String(state.limit));
    ctx.set('X-RateLimit-Remaining', String(state.remaining));
    ctx.set('X-RateLimit-Reset', String(state.resetSeconds));
    await next();
  };
}

/** Keys of one account share its counters; compatibility keys count alone; no key: the client address. */
function subjectOf(ctx: AppContext): string {
  const principal = ctx.state.principal;
  if (principal === undefined) return `ip:${ctx.ip}`;
  return principal.keyKind === 'live' ? `account:${principal.accountId}` : `key:${principal.keyId}`;
}
