/** Response shapes of billing and account operations. Raw key material appears only in issuance. */
import type { IssuedKey } from '../services/accounts.js';
import type { KeyRow } from '../db/accounts.js';
import type { ClaimedKey } from '../services/billing.js';

export interface AccountKeyView {
  id: string;
  label?: string;
  hint: string;
  status: 'active' | 'revoked';
  created_at: string;
  last_used_at?: string;
  revoked_at?: string;
  current?: true;
}

/** Non-secret key metadata; `current` marks the key that authenticated the request. */
export function presentKey(row: KeyRow, currentKeyId: string | undefined): AccountKeyView {
  return {
    id: row.id,
    ...(row.label === null ? {} : { label: row.label }),
    hint: row.hint,
    status: row.status,
    created_at: row.created_at,
    ...(row.last_used_at === null ? {} : { last_used_at: row.last_used_at }),
    ...(row.revoked_at === null ? {} : { revoked_at: row.revoked_at }),
    ...(row.id === currentKeyId ? { current: true as const } : {}),
  };
}

export function presentKeyList(rows: KeyRow[], currentKeyId: string): { data: AccountKeyView[] } {
  return { data: rows.map((row) => presentKey(row, currentKeyId)) };
}

export function presentIssuedKey(
  issued: IssuedKey,
): AccountKeyView & { key: string; replaces_key_id?: string } {
  return {
    key: issued.key,
    ...presentKey(issued.row, undefined),
    ...(issued.row.replaces_key_id === null ? {} : { replaces_key_id: issued.row.replaces_key_id }),
  };
}

export function presentClaimedKey(
  claimed: ClaimedKey,
): AccountKeyView & { key: string; account_id: string; plan: ClaimedKey['plan'] } {
  return {
    key: claimed.key,
    ...presentKey(claimed.row, undefined),
    account_id: claimed.row.account_id,
    plan: claimed.plan,
  };
}

export function presentCompatibilityKey(issued: IssuedKey & { productionAccess: boolean }): {
  key: string;
  type: 'compat';
  created_at: string;
  production_access: boolean;
} {
  return {
    key: issued.key,
    type: 'compat',
    created_at: issued.row.created_at,
    production_access: issued.productionAccess,
  };
}
