/** Accounts and keys: issuing keys to operators and resolving a presented key to a principal. */
import { ConflictError, NotFoundError, UnauthorizedError } from '../domain/errors.js';
import type { PlanCode } from '../domain/plans.js';
import {
  MAX_ACTIVE_KEYS,
  type AccountRepository,
  type AuthenticatedKeyRow,
  type KeyRow,
  type NewKey,
} from '../db/accounts.js';
import type { Principal } from '../domain/principal.js';
import { compatibilityPlan } from '../policies/access.js';
import type { AuthChanges, KeyLookup } from './key-cache.js';
import { generateKey, keyDigest, keyHint, parseKey, type KeyKind } from '../domain/keys.js';

export interface IssuedAccount {
  accountId: string;
  keyId: string;
  /** Raw key material: shown once, never stored. */
  key: string;
}

/** A new key and what is stored of it (digest and hint, never the key). */
export function newKeyMaterial(
  kind: KeyKind,
  label: string | null,
  pepper: string,
): { key: string; material: Omit<NewKey, 'accountId'> } {
  const key = generateKey(kind);
  return { key, material: { kind, digest: keyDigest(key, pepper), hint: keyHint(key), label } };
}

export interface IssuedKey {
  /** Raw key material: shown once, never stored. */
  key: string;
  row: KeyRow;
}

export interface AccountServiceOptions {
  pepper: string;
  /** While on, compatibility keys unlock nothing (config PAID_ENFORCEMENT). */
  paidEnforcement: boolean;
  /** Told when a key is revoked here, so a cached authentication of it ends at once. */
  authChanges?: AuthChanges;
}

type AccountStore = Pick<
  AccountRepository,
  'createAccountWithKey' | 'listKeys' | 'addKeyWithinLimit' | 'keyLabel' | 'revokeKey'
>;

export class AccountService {
  private readonly pepper: string;
  private readonly paidEnforcement: boolean;
  private readonly authChanges: AuthChanges | undefined;

  constructor(
    private readonly repository: AccountStore,
    private readonly keys: KeyLookup,
    options: AccountServiceOptions,
  ) {
    this.pepper = options.pepper;
    this.paidEnforcement = options.paidEnforcement;
    this.authChanges = options.authChanges;
  }

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

  /**
   * POST /v1/keys: a compatibility key on an account of its own. While paid enforcement is off it
   * comes with the Starter plan (trials, staging); while on, with none.
   */
  async issueCompatibilityKey(email: string | undefined): Promise<IssuedKey & { productionAccess: boolean }> {
    const { key, material } = newKeyMaterial('compat', null, this.pepper);
    const created = await this.repository.createAccountWithKey(
      {
        email: email ?? null,
        planCode: compatibilityPlan({ paidEnforcement: this.paidEnforcement }),
        status: 'active',
        isService: false,
      },
      material,
    );
    return {
      key,
      row: created.key,
      productionAccess: compatibilityPlan({ paidEnforcement: this.paidEnforcement }) !== null,
    };
  }

  async listKeys(principal: Principal): Promise<KeyRow[]> {
    return this.repository.listKeys(principal.accountId);
  }

  /** Another live key of the caller's account (at most MAX_ACTIVE_KEYS active). */
  async createKey(principal: Principal, label: string | undefined): Promise<IssuedKey> {
    return this.addKey(principal.accountId, label ?? null);
  }

  /** Stages a replacement for the calling key: same label, the calling key stays active. */
  async rotateKey(principal: Principal): Promise<IssuedKey> {
    const current = await this.repository.keyLabel(principal.accountId, principal.keyId);
    if (current === null) throw new NotFoundError('The calling key no longer exists');
    return this.addKey(principal.accountId, current.label, principal.keyId);
  }

  async revokeKey(principal: Principal, keyId: string): Promise<KeyRow> {
    const outcome = await this.repository.revokeKey(principal.accountId, keyId);
    if (outcome === 'not_found') throw new NotFoundError(`No key ${keyId} on this account`);
    if (outcome === 'last_active_key') {
      throw new ConflictError(
        'last_active_key',
        'This is the last active key of the account; create or rotate another key before revoking it',
      );
    }
    this.authChanges?.changed();
    return outcome.key;
  }

  private async addKey(accountId: string, label: string | null, replacesKeyId?: string): Promise<IssuedKey> {
    const { key, material } = newKeyMaterial('live', label, this.pepper);
    const row = await this.repository.addKeyWithinLimit({
      ...material,
      accountId,
      ...(replacesKeyId === undefined ? {} : { replacesKeyId }),
    });
    if (row === 'limit_reached') {
      const error = new ConflictError(
        'key_limit_reached',
        `The account already has ${MAX_ACTIVE_KEYS} active keys; revoke one first`,
      );
      error.extensions.limit = MAX_ACTIVE_KEYS;
      throw error;
    }
    return { key, row };
  }

  /** Operator path (`npm run accounts -- create`): an active account on a plan with its first key. */
  async createActiveAccount(input: {
    email: string;
    plan: PlanCode;
    isService: boolean;
  }): Promise<IssuedAccount> {
    const { key, material } = newKeyMaterial('live', 'operator', this.pepper);
    const created = await this.repository.createAccountWithKey(
      { email: input.email, planCode: input.plan, status: 'active', isService: input.isService },
      material,
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
