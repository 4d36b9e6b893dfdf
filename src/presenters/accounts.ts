/** Response shapes of billing and account operations. Raw key material appears only in issuance. */
import type { IssuedKey } from '../services/accounts.js';
import type { KeyRow } from '../db/accounts.js';
import type { ClaimedKey } from '../services/billing.js';
import type { ResponseBody } from '../openapi/operations.js';
import type { components } from '../openapi/types.js';

type AccountKeyView = components['schemas']['AccountKey'];

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
    ...(row.id === currentKeyId ? { current: true } : {}),
  };
}

export function presentKeyList(rows: KeyRow[], currentKeyId: string): ResponseBody<'listAccountKeys'> {
  return { data: rows.map((row) => presentKey(row, currentKeyId)) };
}

export function presentIssuedKey(issued: IssuedKey): ResponseBody<'createAccountKey', 201> {
  return {
    key: issued.key,
    ...presentKey(issued.row, undefined),
    ...(issued.row.replaces_key_id === null ? {} : { replaces_key_id: issued.row.replaces_key_id }),
  };
}

/** The first key of an account: a claim always labels it (`default`), so a missing label is a bug. */
export function presentClaimedKey(claimed: ClaimedKey): ResponseBody<'claimKey', 201> {
  const label = claimed.row.label;
  if (label === null) throw new Error(`claimed key ${claimed.row.id} has no label`);
  return {
    key: claimed.key,
    ...presentKey(claimed.row, undefined),
    label,
    account_id: claimed.row.account_id,
    plan: claimed.plan,
  };
}

export function presentCompatibilityKey(
  issued: IssuedKey & { productionAccess: boolean },
): ResponseBody<'issueCompatibilityKey', 201> {
  return {
    key: issued.key,
    type: 'compat',
    created_at: issued.row.created_at,
    production_access: issued.productionAccess,
  };
}
