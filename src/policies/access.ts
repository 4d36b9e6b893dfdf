/**
 * The access policy: every decision of plan, key kind and entitlement, as pure functions of the
 * operation (its `security`, `x-entitlement` and `x-allow-inactive-subscription` in the OpenAPI
 * document), the caller and what the request asks for. The router applies it in one step
 * (routes/index.ts, `authorize`); handlers and services never decide access. Its table test is
 * test/unit/access-policy.test.ts.
 *
 * Rules, in the order they apply (the document's "Authentication" section):
 * 1. public operations: anyone, the key is ignored;
 * 2. no key: 401 where the operation needs one; keyword search without a key is evaluation mode
 *    (≤ 10 jobs, no cursor, nothing charged), and paid features there need a key (401);
 * 3. `service` operations need an account approved as a service (403 service_key_required);
 * 4. account self-service (`x-allow-inactive-subscription`) needs a live key of an account with a
 *    plan, whatever its subscription's state;
 * 5. otherwise the tier's entitlements decide: the operation's own, then each feature the request
 *    asks for; a lapsed subscription is 403 subscription_inactive, a missing entitlement 403
 *    plan_required with `required_entitlement` and `upgrade_url`;
 * 6. keyword search with a key whose tier lacks `production` is evaluation mode, as without a key.
 */
import { ForbiddenError, UnauthorizedError } from '../domain/errors.js';
import {
  cheapestPlanWith,
  hasEntitlement,
  TIERS,
  type Entitlement,
  type PlanCode,
  type Tier,
} from '../domain/plans.js';
import type { Principal } from '../domain/principal.js';
import type { AccountStatus } from '../domain/subscriptions.js';
import type { Access } from '../openapi/document.js';
import type { Feature } from './features.js';

/** The deployment's terms: paid enforcement (config PAID_ENFORCEMENT) and where to change plan. */
export interface AccessTerms {
  paidEnforcement: boolean;
  upgradeUrl: string;
}

/** What the policy reads of an operation (all of it from the OpenAPI document). */
export interface GuardedOperation {
  operationId: string;
  access: Access;
  /** `x-entitlement`: a plan entitlement, or `service` (approved service accounts). */
  entitlement?: OperationEntitlement;
  allowInactiveSubscription: boolean;
  consumesAllowance: boolean;
}

export type OperationEntitlement = Entitlement | 'service';

export interface AccessDecision {
  /** `evaluation`: the keyless sample of keyword search (≤ 10 jobs, no cursor, no descriptions). */
  mode: 'full' | 'evaluation';
  /** Jobs delivered are charged to the caller's monthly allowance. */
  metered: boolean;
}

const ENTITLEMENTS: readonly string[] = [
  'production',
  'descriptions',
  'semantic_search',
  'datasets',
  'destinations',
  'export_descriptions',
  'service',
] satisfies OperationEntitlement[];

/** An `x-entitlement` value of the document, checked at start-up (an unknown name is a bug). */
export function parseEntitlement(
  operationId: string,
  value: string | undefined,
): OperationEntitlement | undefined {
  if (value === undefined) return undefined;
  if (!isOperationEntitlement(value)) {
    throw new Error(`Operation ${operationId} names an unknown entitlement: ${value}`);
  }
  return value;
}

function isOperationEntitlement(value: string): value is OperationEntitlement {
  return ENTITLEMENTS.includes(value);
}

/** The entitlement each content-dependent feature needs. */
const FEATURE_ENTITLEMENT: Readonly<Record<Feature, Entitlement>> = {
  descriptions: 'descriptions',
  export_descriptions: 'export_descriptions',
  semantic_search: 'semantic_search',
  paging: 'production',
};

/** Subscription states that keep access: past_due is the billing provider's dunning grace period. */
const SUBSCRIBED: ReadonlySet<AccountStatus> = new Set(['active', 'past_due']);

/** Decides one request; throws the documented 401 or 403 when it may not proceed. */
export function decideAccess(
  operation: GuardedOperation,
  principal: Principal | undefined,
  features: readonly Feature[],
  terms: AccessTerms,
): AccessDecision {
  if (operation.access === 'public') return { mode: 'full', metered: false };
  if (principal === undefined) return keyless(operation, features);
  const required = operation.entitlement;
  if (required === 'service') {
    if (!principal.isService) {
      throw new ForbiddenError('service_key_required', 'This operation needs an approved service key');
    }
  } else if (operation.allowInactiveSubscription) {
    if (!isAccountHolder(principal)) {
      throw planRequired(
        required ?? 'production',
        'Account and billing operations need a live key of a subscription',
        terms,
      );
    }
  } else if (required !== undefined) {
    requireEntitlement(principal, required, terms);
  } else if (!hasEntitlement(tierOf(principal, terms), 'production')) {
    // Keyword search with a key that has no production access: the evaluation sample, as without one.
    if (features.length > 0) requireEntitlement(principal, 'production', terms);
    return { mode: 'evaluation', metered: false };
  }
  for (const feature of features) requireEntitlement(principal, FEATURE_ENTITLEMENT[feature], terms);
  return { mode: 'full', metered: operation.consumesAllowance && principal.plan !== null };
}

function keyless(operation: GuardedOperation, features: readonly Feature[]): AccessDecision {
  if (operation.access === 'key_required' || operation.entitlement !== undefined) {
    throw apiKeyRequired('This operation needs an API key in the X-API-Key header');
  }
  if (features.length > 0)
    throw apiKeyRequired('Descriptions and paging need an API key in the X-API-Key header');
  return { mode: 'evaluation', metered: false };
}

/** The 401 for a missing key (built here only). */
export function apiKeyRequired(message: string): UnauthorizedError {
  return new UnauthorizedError('api_key_required', message);
}

/**
 * The tier whose entitlements apply: a live key of a subscribed account gets its plan's; so does a
 * compatibility key while paid enforcement is off; everyone else is `public`.
 */
export function tierOf(principal: Principal | undefined, terms: Pick<AccessTerms, 'paidEnforcement'>): Tier {
  if (principal === undefined || principal.plan === null) return 'public';
  if (principal.keyKind !== 'live' && terms.paidEnforcement) return 'public';
  return SUBSCRIBED.has(principal.accountStatus) ? principal.plan : 'public';
}

/** Whether a caller without a key (the public tier: preview, MCP) has an entitlement. */
export function keylessHas(entitlement: Entitlement): boolean {
  return hasEntitlement(tierOf(undefined, { paidEnforcement: true }), entitlement);
}

/** What an account's plan entitles it to, with `service` for accounts approved as service accounts. */
export function entitlementsOf(plan: PlanCode, isService: boolean): OperationEntitlement[] {
  return [...TIERS[plan].entitlements, ...(isService ? (['service'] as const) : [])];
}

/** The plan a new compatibility key's account gets: Starter while paid enforcement is off, else none. */
export function compatibilityPlan(terms: Pick<AccessTerms, 'paidEnforcement'>): PlanCode | null {
  return terms.paidEnforcement ? null : 'starter';
}

/** A live key of an account with a plan, whatever its subscription state (account self-service). */
function isAccountHolder(principal: Principal): boolean {
  return principal.keyKind === 'live' && principal.plan !== null;
}

/** Throws the documented 403 when the principal's tier lacks an entitlement. */
export function requireEntitlement(principal: Principal, entitlement: Entitlement, terms: AccessTerms): void {
  if (hasEntitlement(tierOf(principal, terms), entitlement)) return;
  if (isAccountHolder(principal) && !SUBSCRIBED.has(principal.accountStatus)) {
    const inactive = new ForbiddenError(
      'subscription_inactive',
      `The subscription of this account is ${principal.accountStatus}; production endpoints need an active subscription (fix billing in the portal)`,
    );
    inactive.extensions.portal_path = '/v1/billing/portal';
    throw inactive;
  }
  const plan = cheapestPlanWith(entitlement);
  throw planRequired(
    entitlement,
    plan === undefined
      ? `No plan includes ${entitlement}`
      : `This operation needs the ${entitlement} entitlement, included from the ${plan} plan`,
    terms,
  );
}

function planRequired(
  entitlement: OperationEntitlement,
  message: string,
  terms: AccessTerms,
): ForbiddenError {
  const error = new ForbiddenError('plan_required', message);
  error.extensions.required_entitlement = entitlement;
  error.extensions.upgrade_url = terms.upgradeUrl;
  return error;
}
