import type { Principal } from '../domain/principal.js';
import type { AppContext } from '../http/state.js';

/**
 * The authenticated caller of an operation the access policy admits only with a key. Absent here
 * means the document and the policy disagree: a bug (500), not a client error.
 */
export function caller(ctx: AppContext): Principal {
  const found = ctx.state.principal;
  if (found === undefined)
    throw new Error(`${String(ctx.state.operation?.operationId)} ran without a caller`);
  return found;
}
