/**
 * The router is generated from the OpenAPI document: one route per operation, each a chain of small
 * named steps — authenticate, rate-limit, authorize, parse body, validate, meter, handle. An operation marked
 * `x-implemented: false` answers 501; one marked implemented must have a handler (checked at start).
 */
import Router from '@koa/router';
import type { Next } from 'koa';
import type { AccountService } from '../services/accounts.js';
import { MethodNotAllowedError, NotFoundError, NotImplementedError } from '../domain/errors.js';
import { authenticate, authorize } from '../http/auth.js';
import { hasBody, parseJsonBody } from '../http/body.js';
import { rateLimit } from '../http/rate-limit.js';
import type { AppContext, AppState } from '../http/state.js';
import type { Allowances } from '../services/allowance.js';
import type { RateLimits } from '../services/rate-limits.js';
import type { OperationValidator } from '../http/validation.js';
import { toRouterPath, type Operation } from '../openapi/document.js';

export type Handler = (ctx: AppContext) => Promise<void>;
export type HandlerMap = Readonly<Record<string, Handler>>;

export interface RouterDeps {
  operations: Operation[];
  validators: Map<string, OperationValidator>;
  accounts: Pick<AccountService, 'authenticate'>;
  rateLimits: Pick<RateLimits, 'consume'>;
  allowances: Pick<Allowances, 'meterFor'>;
  handlers: HandlerMap;
  /** Where a 403 plan_required sends the customer to change plan. */
  upgradeUrl: string;
}

export function buildRouter(deps: RouterDeps): Router<AppState> {
  checkHandlers(deps.operations, deps.handlers);
  const router = new Router<AppState>();
  // Static segments first, so /v1/jobs/search is not captured by /v1/jobs/{job_key}.
  for (const operation of [...deps.operations].sort(byStaticFirst)) {
    const validator = deps.validators.get(operation.operationId);
    if (validator === undefined) throw new Error(`No validator for ${operation.operationId}`);
    const limit = rateLimit(deps.rateLimits, operation);
    const steps = [
      identify(operation),
      ...(operation.noStore ? [noStore] : []),
      authenticate(deps.accounts, operation),
      ...(limit === undefined ? [] : [limit]),
      authorize(operation, deps.upgradeUrl),
      ...(operation.requestBody === undefined ? [] : [parseJsonBody]),
      validate(validator),
      ...(operation.consumesAllowance ? [meter(deps.allowances, deps.upgradeUrl)] : []),
      deps.handlers[operation.operationId] ?? notImplemented(operation),
    ];
    router.register(toRouterPath(operation.path), [operation.method], steps, { name: operation.operationId });
  }
  return router;
}

/** After the router: unmatched paths are 404, matched paths with another method are 405. */
export function unmatched(router: Router<AppState>) {
  return async function unmatchedRoute(ctx: AppContext, next: Next): Promise<void> {
    await next();
    if (ctx.state.operation !== undefined) return;
    const matched = router.match(ctx.path, ctx.method);
    const allowed = new Set(matched.path.flatMap((layer) => layer.methods));
    if (allowed.size > 0) throw new MethodNotAllowedError([...allowed]);
    throw new NotFoundError(`No resource at ${ctx.path}`);
  };
}

function identify(operation: Operation) {
  return async function identifyOperation(ctx: AppContext, next: Next): Promise<void> {
    ctx.state.operation = operation;
    await next();
  };
}

/** Secrets in a response (keys, claim tokens) must never be cached, nor any answer of the same operation. */
async function noStore(ctx: AppContext, next: Next): Promise<void> {
  ctx.set('Cache-Control', 'no-store');
  await next();
}

function validate(validator: OperationValidator) {
  return async function validateRequest(ctx: AppContext, next: Next): Promise<void> {
    const body: unknown = hasBody(ctx) ? ctx.request.body : undefined;
    const path = ctx.params as Record<string, string>;
    ctx.state.input = validator({ query: ctx.query, path, body });
    await next();
  };
}

/** Operations that deliver jobs get the caller's allowance meter; services reserve and settle on it. */
function meter(allowances: Pick<Allowances, 'meterFor'>, upgradeUrl: string) {
  return async function attachMeter(ctx: AppContext, next: Next): Promise<void> {
    const attached = allowances.meterFor(ctx.state.principal, upgradeUrl);
    if (attached !== undefined) ctx.state.meter = attached;
    await next();
  };
}

function notImplemented(operation: Operation): Handler {
  return () => Promise.reject(new NotImplementedError(operation.operationId));
}

function checkHandlers(operations: Operation[], handlers: HandlerMap): void {
  const known = new Set(operations.map((operation) => operation.operationId));
  for (const operationId of Object.keys(handlers)) {
    if (!known.has(operationId))
      throw new Error(`Handler for ${operationId}, which the OpenAPI document lacks`);
  }
  for (const operation of operations) {
    const handled = operation.operationId in handlers;
    if (operation.implemented && !handled) {
      throw new Error(`${operation.operationId} is x-implemented: true in the document but has no handler`);
    }
    if (!operation.implemented && handled) {
      throw new Error(`${operation.operationId} has a handler; mark it x-implemented: true in the document`);
    }
  }
}

function byStaticFirst(a: Operation, b: Operation): number {
  const segmentsA = a.path.split('/');
  const segmentsB = b.path.split('/');
  for (let i = 0; i < Math.min(segmentsA.length, segmentsB.length); i += 1) {
    const paramA = segmentsA[i]?.startsWith('{') === true;
    const paramB = segmentsB[i]?.startsWith('{') === true;
    if (paramA !== paramB) return paramA ? 1 : -1;
  }
  return 0;
}
