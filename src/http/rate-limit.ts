/**
 * The rate-limit step: after authentication (the counter belongs to the account, the compatibility
 * key, or the client address of a keyless request), before everything else the request costs.
 *
 * On operations that consume the allowance the count is not taken here: the meter step hands the
 * request's ticket to the allowance reservation, which takes it in the same statement (one Postgres
 * round trip on the search path, not two; a request over the limit is refused before any search),
 * and a request that is not charged takes it alone before its handler runs. A request that ends
 * before either (invalid input, no access, a failure before the reservation) takes it on the way
 * out, and a 429 then wins over its own error, as it would have had the count come first.
 */
import type { Next } from 'koa';
import type { RateLimits, RateLimitState } from '../services/rate-limits.js';
import type { Operation } from '../openapi/document.js';
import { toApiError } from './problem.js';
import type { AppContext } from './state.js';

export function rateLimit(limits: Pick<RateLimits, 'ticket'>, operation: Operation) {
  const { rateLimitBucket: bucket, rateLimitPerMinute: perMinute } = operation;
  if (bucket === undefined || perMinute === undefined) return undefined;
  if (!operation.consumesAllowance) {
    return async function limitRate(ctx: AppContext, next: Next): Promise<void> {
      const { subject, exact } = counterOf(ctx);
      setHeaders(ctx, await limits.ticket(bucket, perMinute, subject, exact).take());
      await next();
    };
  }
  return async function limitRateWithAllowance(ctx: AppContext, next: Next): Promise<void> {
    const { subject, exact } = counterOf(ctx);
    const ticket = limits.ticket(bucket, perMinute, subject, exact);
    ctx.state.rateLimit = ticket;
    try {
      await next();
    } catch (error) {
      // A backing service that failed the request (its reservation, most often: Postgres) would
      // fail the count too, after another deadline: the request is answered at once, uncounted.
      if (ticket.taken === undefined && toApiError(error)?.status === 503) throw error;
      setHeaders(ctx, ticket.taken ?? (await ticket.take()));
      throw error;
    }
    setHeaders(ctx, ticket.taken ?? (await ticket.take()));
  };
}

function setHeaders(ctx: AppContext, state: RateLimitState): void {
  ctx.set('X-RateLimit-Limit', String(state.limit));
  ctx.set('X-RateLimit-Remaining', String(state.remaining));
  ctx.set('X-RateLimit-Reset', String(state.resetSeconds));
}

/**
 * Whose counter: keys of one account share its counters, compatibility keys count alone, both
 * exactly (plan terms); no key: the client address, whose counter may fall back to memory
 * (db/rate-limits.ts).
 */
function counterOf(ctx: AppContext): { subject: string; exact: boolean } {
  const principal = ctx.state.principal;
  if (principal === undefined) return { subject: `ip:${ctx.ip}`, exact: false };
  const subject = principal.keyKind === 'live' ? `account:${principal.accountId}` : `key:${principal.keyId}`;
  return { subject, exact: true };
}
