/** SQL for accounts and API keys. Keys are addressed only by digest. */
import type { Queryable } from './database.js';
import type { KeyKind } from '../accounts/keys.js';
import type { PlanCode } from '../domain/plans.js';

export type AccountStatus = 'pending' | 'active' | 'past_due' | 'canceled';

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
  created_at: string;
  last_used_at: string | null;
}

export interface AuthenticatedKeyRow {
  key_id: string;
  key_kind: KeyKind;
  account_id: string;
  plan_code: PlanCode | null;
  account_status: AccountStatus;
  is_service: boolean;
}

export interface NewAccount {
  email: string;
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
        `INSERT INTO accounts (email, plan_code, status, is_service) VALUES ($1, $2, $3, $4)
         RETURNING id, email, plan_code, status, is_service`,
        [account.email, account.planCode, account.status, account.isService],
      );
      const createdKey = await new AccountRepository(tx).insertKey({ ...key, accountId: created.id });
      return { account: created, key: createdKey };
    });
  }

  async insertKey(key: NewKey): Promise<KeyRow> {
    return this.db.one<KeyRow>(
      `INSERT INTO api_keys (account_id, kind, digest, hint, label, status)
       VALUES ($1, $2, $3, $4, $5, 'active')
       RETURNING id, account_id, kind, hint, label, status, created_at, last_used_at`,
      [key.accountId, key.kind, key.digest, key.hint, key.label],
    );
  }

  /**
   * Resolves an active key by digest in one round trip, and stamps last_used_at at most once a
   * minute per key so authentication does not turn every request into a write.
   */
  async findActiveKey(digest: Buffer): Promise<AuthenticatedKeyRow | null> {
    return this.db.oneOrNone<AuthenticatedKeyRow>(
      `WITH found AS (
         SELECT k.id AS key_id, k.kind AS key_kind, k.last_used_at, a.id AS account_id, a.plan_code,
                a.status AS account_status, a.is_service
           FROM api_keys k JOIN accounts a ON a.id = k.account_id
          WHERE k.digest = $1 AND k.status = 'active'),
       touched AS (
         UPDATE api_keys SET last_used_at = now()
          WHERE id = (SELECT key_id FROM found)
            AND (last_used_at IS NULL OR last_used_at < now() - interval '60 seconds'))
       SELECT key_id, key_kind, account_id, plan_code, account_status, is_service FROM found`,
      [digest],
    );
  }
}
