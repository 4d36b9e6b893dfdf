/**
 * Authentication: X-API-Key → principal, on operations that accept a key (public operations ignore
 * the header). Whether the caller may proceed is the access policy's decision (policies/access.ts),
 * applied by the router's authorize step.
 */
import type { Next } from 'koa';
import type { Operation } from '../openapi/document.js';
import type { AccountService } from '../services/accounts.js';
import type { AppContext } from './state.js';

export function authenticate(accounts: Pick<AccountService, 'authenticate'>, operation: Operation) {
  return async function authenticateKey(ctx: AppContext, next: Next): Promise<void> {
    const presented = operation.access === 'public' ? '' : ctx.get('X-API-Key');
    if (presented !== '') ctx.state.principal = await accounts.authenticate(presented);
    await next();
  };
}
