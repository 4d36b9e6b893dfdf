/**
 * Authentication (X-API-Key → principal) and authorization (the operation's `security` and
 * `x-entitlement` from the OpenAPI document, checked against the entitlement table).
 */
import type { Next } from 'koa';
import { isAccountHolder, requireEntitlement, type AccountService } from '../services/accounts.js';
import { ForbiddenError, UnauthorizedError } from '../domain/errors.js';
import type { Entitlement } from '../domain/plans.js';
import type { Principal } from '../domain/principal.js';
import type { Operation } from '../openapi/document.js';
import type { AppContext } from './state.js';

const PLAN_ENTITLEMENTS: readonly string[] = [
  'production',
  'descriptions',
  'semantic_search',
  'datasets',
  'destinations',
  'export_descriptions',
] satisfies Entitlement[];

function isEntitlement(value: string): value is Entitlement {
  return PLAN_ENTITLEMENTS.includes(value);
}

/** Resolves the key when the operation accepts one; public operations ignore the header. */
export function authenticate(accounts: Pick<AccountService, 'authenticate'>, operation: Operation) {
  return async function authenticateKey(ctx: AppContext, next: Next): Promise<void> {
    if (operation.access !== 'public') {
      const presented = ctx.get('X-API-Key');
      if (presented !== '') {
        ctx.state.principal = await accounts.authenticate(presented);
      } else if (operation.access === 'key_required') {
        throw new UnauthorizedError(
          'api_key_required',
          'This operation needs an API key in the X-API-Key header',
        );
      }
    }
    await next();
  };
}

/** Enforces the operation's entitlement; content-dependent checks (e.g. descriptions) stay in services. */
export function authorize(operation: Operation, upgradeUrl: string) {
  const entitlement = operation.entitlement;
  if (entitlement !== undefined && entitlement !== 'service' && !isEntitlement(entitlement)) {
    throw new Error(`Operation ${operation.operationId} names an unknown entitlement: ${entitlement}`);
  }
  return async function authorizeOperation(ctx: AppContext, next: Next): Promise<void> {
    const principal = ctx.state.principal;
    if (entitlement !== undefined) {
      if (principal === undefined) {
        throw new UnauthorizedError(
          'api_key_required',
          'This operation needs an API key in the X-API-Key header',
        );
      }
      checkEntitlement(operation, principal, entitlement, upgradeUrl);
    }
    await next();
  };
}

function checkEntitlement(
  operation: Operation,
  principal: Principal,
  entitlement: string,
  upgradeUrl: string,
): void {
  if (entitlement === 'service') {
    if (!principal.isService)
      throw new ForbiddenError('service_key_required', 'This operation needs an approved service key');
    return;
  }
  if (operation.allowInactiveSubscription) {
    // Account self-service belongs to live keys of subscription accounts, whatever the subscription's
    // state; a compatibility key never manages keys or billing, even while paid enforcement is off.
    if (isAccountHolder(principal)) return;
    const error = new ForbiddenError(
      'plan_required',
      'Account and billing operations need a live key of a subscription',
    );
    error.extensions.required_entitlement = entitlement;
    error.extensions.upgrade_url = upgradeUrl;
    throw error;
  }
  if (isEntitlement(entitlement)) requireEntitlement(principal, entitlement, upgradeUrl);
}
