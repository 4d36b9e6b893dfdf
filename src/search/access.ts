/**
 * Who gets what from job search (decisions in the OpenAPI document): a key with `production` gets
 * full paged search; no key, or a key without it, gets evaluation mode (≤ 10 jobs, no cursor,
 * nothing consumed) and may not ask for descriptions or pages.
 */
import type { Principal } from '../domain/principal.js';
import { requireEntitlement, tierOf } from '../services/accounts.js';
import { UnauthorizedError } from '../domain/errors.js';
import { hasEntitlement } from '../domain/plans.js';

/** Production callers are never in evaluation mode; others get it, or a 401/403 for paid features. */
export function searchMode(
  principal: Principal | undefined,
  wants: { description: boolean; cursor: boolean },
  upgradeUrl: string,
): { evaluation: boolean } {
  const paidFeature = wants.description || wants.cursor;
  if (principal === undefined) {
    if (paidFeature) {
      throw new UnauthorizedError(
        'api_key_required',
        'Descriptions and paging need an API key in the X-API-Key header',
      );
    }
    return { evaluation: true };
  }
  if (!hasEntitlement(tierOf(principal), 'production')) {
    if (paidFeature) requireEntitlement(principal, 'production', upgradeUrl);
    return { evaluation: true };
  }
  if (wants.description) requireEntitlement(principal, 'descriptions', upgradeUrl);
  return { evaluation: false };
}

/** Job detail needs a production key even though the header is optional in the schema. */
export function requireProduction(principal: Principal | undefined, upgradeUrl: string): Principal {
  if (principal === undefined)
    throw new UnauthorizedError(
      'api_key_required',
      'This operation needs an API key in the X-API-Key header',
    );
  requireEntitlement(principal, 'production', upgradeUrl);
  return principal;
}
