/** Accounts and keys: issuing keys to operators and resolving a presented key to a principal. */
import { ForbiddenError, UnauthorizedError } from '../domain/errors.js';
import {
  cheapestPlanWith,
  hasEntitlement,
  type Entitlement,
  type PlanCode,
  type Tier,
} from '../domain/plans.js';
import type { AccountRepository, AccountStatus, AuthenticatedKeyRow } from '../db/accounts.js';
import { generateKey, keyDigest, keyHint, parseKey, type KeyKind } from './keys.js';

/** Who is calling, as far as authorization is concerned. */
export interface Principal {
  accountId: string;
  keyId: string;
  keyKind: KeyKind;
  plan: PlanCode | null;
  accountStatus: AccountStatus;
  isService: boolean;
}

/** The lookup authentication needs; the repository implements it, tests may wrap it. */
export type KeyLookup = Pick<AccountRepository, 'findActiveKey'>;

export interface IssuedAccount {
  accountId: string;
  keyId: string;
  /** Raw key material: shown once, never stored. */
  key: string;
}

export class AccountService {
  constructor(
    private readonly repository: Pick<AccountRepository, 'createAccountWithKey'>,
    private readonly keys: KeyLookup,
    private readonly pepper: string,
  ) {}

  /** Resolves X-API-Key; a malformed key is rejected before any database access. */
  async authenticate(rawKey: string): Promise<Principal> {
    const parsed = parseKey(rawKey);
    if (parsed === undefined) {
      throw new UnauthorizedError(
        'invalid_api_key',
        'The API key is malformed or its checksum does not match',
      );
    }
    const row = await this.keys.findActiveKey(keyDigest(parsed.raw, this.pepper));
    if (row === null) throw new UnauthorizedError('invalid_api_key', 'The API key is unknown or revoked');
    return toPrincipal(row);
  }

  /** Operator path (`npm run accounts -- create`): an active account on a plan with its first key. */
  async createActiveAccount(input: {
    email: string;
    plan: PlanCode;
    isService: boolean;
  }): Promise<IssuedAccount> {
    const key = generateKey('live');
    const created = await this.repository.createAccountWithKey(
      { email: input.email, planCode: input.plan, status: 'active', isService: input.isService },
      { kind: 'live', digest: keyDigest(key, this.pepper), hint: keyHint(key), label: 'operator' },
    );
    return { accountId: created.account.id, keyId: created.key.id, key };
  }
}

function toPrincipal(row: AuthenticatedKeyRow): Principal {
  return {
    accountId: row.account_id,
    keyId: row.key_id,
    keyKind: row.key_kind,
    plan: row.plan_code,
    accountStatus: row.account_status,
    isService: row.is_service,
  };
}

/** Subscription states that keep access: past_due is Stripe's dunning grace period. */
const SUBSCRIBED: ReadonlySet<AccountStatus> = new Set(['active', 'past_due']);

/** The tier whose entitlements apply: only a live key of a subscribed account gets its plan's. */
export function tierOf(principal: Principal | undefined): Tier {
  if (principal?.keyKind !== 'live' || principal.plan === null) return 'public';
  return SUBSCRIBED.has(principal.accountStatus) ? principal.plan : 'public';
}

/** A live key of an account with a plan, whatever its subscription state (account self-service). */
export function isAccountHolder(principal: Principal): boolean {
  return principal.keyKind === 'live' && principal.plan !== null;
}

/** Throws the documented 403 when the principal lacks an entitlement; `upgradeUrl` says where to change plan. */
export function requireEntitlement(principal: Principal, entitlement: Entitlement, upgradeUrl: string): void {
  if (hasEntitlement(tierOf(principal), entitlement)) return;
  if (isAccountHolder(principal) && !SUBSCRIBED.has(principal.accountStatus)) {
    throw new ForbiddenError(
      'subscription_inactive',
      `The subscription of this account is ${principal.accountStatus}; production endpoints need an active subscription`,
    );
  }
  const plan = cheapestPlanWith(entitlement);
  const error = new ForbiddenError(
    'plan_required',
    plan === undefined
      ? `No plan includes ${entitlement}`
      : `This operation needs the ${entitlement} entitlement, included from the ${plan} plan`,
  );
  error.extensions.required_entitlement = entitlement;
  error.extensions.upgrade_url = upgradeUrl;
  throw error;
}
