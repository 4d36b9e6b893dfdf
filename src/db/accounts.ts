/** SQL for accounts and API keys. Keys are addressed only by digest. */
import { isoSql, type Queryable } from './database.js';
import type { KeyKind } from '../domain/keys.js';
import type { PlanCode } from '../domain/plans.js';
import type { AccountStatus } from '../domain/subscriptions.js';

export interface AccountRow {
  id: string;
  email: string;
  plan_code: PlanCode | null;
  status: AccountStatus;
  is_service: boolean;
}

export interface KeyRow {
  id: string;
  account_id: string;
  kind: KeyKind;
  hint: string;
  label: string | null;
  status: 'active' | 'revoked';
  /** ISO 8601 UTC. */
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
  replaces_key_id: string | null;
}

const KEY_COLUMNS = `id, account_id, kind, hint, label, status, ${isoSql('created_at')} AS created_at,
  ${isoSql('last_used_at')} AS last_used_at, ${isoSql('revoked_at')} AS revoked_at, replaces_key_id`;

/** Active keys per account: a bound on key creation (spec: 25). */
export const MAX_ACTIVE_KEYS = 25;

export interface AuthenticatedKeyRow {
  key_id: string;
  key_kind: KeyKind;
  account_id: string;
  plan_code: PlanCode | null;
  account_status: AccountStatus;
  is_service: boolean;
}

export interface NewAccount {
  /** Callers may fix the id (checkout names the account to Stripe before it exists here). */
  id?: string;
  email: string | null;
  planCode: PlanCode | null;
  status: AccountStatus;
  isService: boolean;
}

export interface NewKey {
  accountId: string;
  kind: KeyKind;
  digest: Buffer;
  hint: string;
  label: string | null;
  replacesKeyId?: string;
}

export class AccountRepository {
  constructor(private readonly db: Queryable) {}

  /** Creates an account and its first key atomically. */
  async createAccountWithKey(
    account: NewAccount,
    key: Omit<NewKey, 'accountId'>,
  ): Promise<{
    account: AccountRow;
    key: KeyRow;
  }> {
    return this.db.tx('create-account', async (tx) => {
      const created = await tx.one<AccountRow>(
        `INSERT INTO accounts (id, email, plan_code, status, is_service)
         VALUES (COALESCE($5::uuid, gen_random_uuid()), $1, $2, $3, $4)
         RETURNING id, email, plan_code, status, is_service`,
        [account.email, account.planCode, account.status, account.isService, account.id ?? null],
      );
      const createdKey = await new AccountRepository(tx).insertKey({ ...key, accountId: created.id });
      return { account: created, key: createdKey };
    });
  }

  async insertKey(key: NewKey): Promise<KeyRow> {
    return this.db.one<KeyRow>(
      `INSERT INTO api_keys (account_id, kind, digest, hint, label, status, replaces_key_id)
       VALUES ($1, $2, $3, $4, $5, 'active', $6)
       RETURNING ${KEY_COLUMNS}`,
      [key.accountId, key.kind, key.digest, key.hint, key.label, key.replacesKeyId ?? null],
    );
  }

  /** Every key of the account: active first, then oldest first. */
  async listKeys(accountId: string): Promise<KeyRow[]> {
    return this.db.any<KeyRow>(
      `SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = $1
        ORDER BY status = 'active' DESC, created_at, id`,
      [accountId],
    );
  }

  /**
   * Adds a live key unless the account already has MAX_ACTIVE_KEYS active ones. The account row
   * lock serializes this with revocations and other creations of the same account.
   */
  async addKeyWithinLimit(key: NewKey): Promise<KeyRow | 'limit_reached'> {
    return this.db.tx('add-key', async (tx) => {
      await lockAccount(tx, key.accountId);
      const active = await tx.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND status = 'active'`,
        [key.accountId],
      );
      if (active.n >= MAX_ACTIVE_KEYS) return 'limit_reached';
      return new AccountRepository(tx).insertKey(key);
    });
  }

  /** The label of one of the account's keys (undefined: no such key). */
  async keyLabel(accountId: string, keyId: string): Promise<{ label: string | null } | null> {
    return this.db.oneOrNone<{ label: string | null }>(
      'SELECT label FROM api_keys WHERE id = $1 AND account_id = $2',
      [keyId, accountId],
    );
  }

  /**
   * Revokes a key of the account unless it is the last active one. Under the account row lock, so
   * concurrent revocations of different keys cannot together revoke every key.
   */
  async revokeKey(
    accountId: string,
    keyId: string,
  ): Promise<{ key: KeyRow } | 'not_found' | 'last_active_key'> {
    return this.db.tx('revoke-key', async (tx) => {
      await lockAccount(tx, accountId);
      const key = await tx.oneOrNone<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = $1 AND account_id = $2`,
        [keyId, accountId],
      );
      if (key === null) return 'not_found';
      if (key.status === 'revoked') return { key };
      const others = await tx.one<{ n: number }>(
        `SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND status = 'active' AND id <> $2`,
        [accountId, keyId],
      );
      if (others.n === 0) return 'last_active_key';
      const revoked = await tx.one<KeyRow>(
        `UPDATE api_keys SET status = 'revoked', revoked_at = now() WHERE id = $1 RETURNING ${KEY_COLUMNS}`,
        [keyId],
      );
      return { key: revoked };
    });
  }

  /**
   * Resolves an active key by digest: a read only. When the key was last used is stamped by the
   * activity batch (accounts/activity.ts), so authentication never writes.
   */
  async findActiveKey(digest: Buffer): Promise<AuthenticatedKeyRow | null> {
    return this.db.oneOrNone<AuthenticatedKeyRow>(
      `SELECT k.id AS key_id, k.kind AS key_kind, a.id AS account_id, a.plan_code,
              a.status AS account_status, a.is_service
         FROM api_keys k JOIN accounts a ON a.id = k.account_id
        WHERE k.digest = $1 AND k.status = 'active'`,
      [digest],
    );
  }
}

async function lockAccount(tx: Queryable, accountId: string): Promise<void> {
  await tx.one('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
}
