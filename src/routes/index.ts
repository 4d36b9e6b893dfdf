/**
 * The router is generated from the OpenAPI document: one route per operation, each a chain of small
 * named steps — authenticate, rate-limit, parse body, validate, authorize (the access policy), meter,
 * handle. An operation marked `x-implemented: false` answers 501; one marked implemented must have a
 * handler (checked at start).
 */
import Router from '@koa/router';
import type { Next } from 'koa';
import { MethodNotAllowedError, NotFoundError, NotImplementedError } from '../domain/errors.js';
import { authenticate } from '../http/auth.js';
import { hasBody, parseJsonBody } from '../http/body.js';
import { rateLimit } from '../http/rate-limit.js';
import type { AppContext, AppState } from '../http/state.js';
import type { OperationValidator } from '../http/validation.js';
import { toRouterPath, type Operation } from '../openapi/document.js';
import type { OperationId, ValidatedInput } from '../openapi/operations.js';
import { decideAccess, parseEntitlement, type AccessTerms } from '../policies/access.js';
import { featuresOf } from '../policies/features.js';
import type { AccountService } from '../services/accounts.js';
import type { Allowances } from '../services/allowance.js';
import type { RateLimits } from '../services/rate-limits.js';

/** A handler gets the context and its operation's validated input, typed from the document. */
export type Handler<Op extends OperationId> = (ctx: AppContext, input: ValidatedInput<Op>) => Promise<void>;

export type HandlerMap = { readonly [Op in OperationId]?: Handler<Op> };

export interface RouterDeps {
  operations: Operation[];
  validators: Map<string, OperationValidator>;
  accounts: Pick<AccountService, 'authenticate'>;
  rateLimits: Pick<RateLimits, 'ticket'>;
  allowances: Pick<Allowances, 'meterFor'>;
  handlers: HandlerMap;
  /** Paid enforcement and where a 403 plan_required sends the customer to change plan. */
  terms: AccessTerms;
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
      ...(operation.requestBody === undefined ? [] : [parseJsonBody]),
      validate(validator),
      authorize(operation, deps.terms),
      ...(operation.consumesAllowance ? [meter(deps.allowances, deps.terms.upgradeUrl)] : []),
      handle(deps.handlers, operation.operationId) ?? notImplemented(operation),
    ];
    router.register(toRouterPath(operation.path), [operation.method], steps, { name: operation.operationId });
  }
  return router;
}

/** The order methods are listed in `Allow`. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/**
 * Before the router, per document path: an unknown path is 404; OPTIONS answers 204 with `Allow`;
 * a method the path does not have is 405 with `Allow`. A request path belongs to the first
 * document path that matches it in the router's order (static segments first, byStaticFirst), so
 * `/v1/account/keys/rotate` is that path and never `/v1/account/keys/{key_id}`: the methods of
 * two document paths are never merged. `Allow` is the document's methods of the path, HEAD where
 * there is GET (the router answers HEAD with the GET operation, without a body), and OPTIONS.
 */
export function unmatched(router: Router<AppState>) {
  const paths = new Map<string, { layer: (typeof router.stack)[number]; methods: Set<string> }>();
  for (const layer of router.stack) {
    const key = String(layer.path);
    const entry = paths.get(key) ?? { layer, methods: new Set(['OPTIONS']) };
    for (const method of layer.methods) entry.methods.add(method);
    paths.set(key, entry);
  }
  const documentPaths = [...paths.values()].map(({ layer, methods }) => ({
    layer,
    allow: METHOD_ORDER.filter((method) => methods.has(method)),
  }));
  return async function unmatchedRoute(ctx: AppContext, next: Next): Promise<void> {
    const path = documentPaths.find(({ layer }) => layer.match(ctx.path));
    if (path === undefined) throw new NotFoundError(`No resource at ${ctx.path}`);
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', path.allow.join(', '));
      return;
    }
    if (!path.allow.includes(ctx.method)) throw new MethodNotAllowedError(path.allow);
    await next();
    // Unreachable while the router registers every path it matches here; kept as the last word.
    if (ctx.state.operation === undefined) throw new NotFoundError(`No resource at ${ctx.path}`);
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

/** The validated input, typed by its operation: validate enforced the schemas these types come from. */
function inputOf<Op extends OperationId>(ctx: AppContext, _operationId: Op): ValidatedInput<Op> {
  return ctx.state.input as ValidatedInput<Op>;
}

/** The access policy, applied once per request: 401/403, or the mode and metering it is served in. */
function authorize(operation: Operation, terms: AccessTerms) {
  const guarded = {
    ...operation,
    entitlement: parseEntitlement(operation.operationId, operation.entitlement),
  };
  return async function authorizeRequest(ctx: AppContext, next: Next): Promise<void> {
    const features = featuresOf(operation.operationId, inputOf(ctx, operation.operationId));
    ctx.state.access = decideAccess(guarded, ctx.state.principal, features, terms);
    await next();
  };
}

/**
 * Requests the policy meters get the caller's allowance meter; services reserve and settle on it.
 */
function meter(allowances: Pick<Allowances, 'meterFor'>, upgradeUrl: string) {
  return async function attachMeter(ctx: AppContext, next: Next): Promise<void> {
    const principal = ctx.state.principal;
    const ticket = ctx.state.rateLimit;
    if (ctx.state.access?.metered === true && principal !== undefined) {
      // The first reservation takes the rate-limit count in its own statement (http/rate-limit.ts).
      ctx.state.meter = allowances.meterFor(principal.accountId, upgradeUrl, ticket);
    } else if (ticket !== undefined) {
      // Not charged: counted alone, before the handler does any work.
      await ticket.take();
    }
    await next();
  };
}

/** The operation's handler as the route's last step, given its typed input. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- Op ties the handler to its input's type
function handle<Op extends OperationId>(handlers: HandlerMap, operationId: Op) {
  const handler: Handler<Op> | undefined = handlers[operationId];
  if (handler === undefined) return undefined;
  return function handleRequest(ctx: AppContext): Promise<void> {
    return handler(ctx, inputOf(ctx, operationId));
  };
}

function notImplemented(operation: Operation) {
  return function answerNotImplemented(): Promise<void> {
    return Promise.reject(new NotImplementedError(operation.operationId));
  };
}

function checkHandlers(operations: Operation[], handlers: HandlerMap): void {
  const known = new Set<string>(operations.map((operation) => operation.operationId));
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
