import type { Principal } from '../domain/principal.js';
import { UnauthorizedError } from '../domain/errors.js';
import type { AppContext } from '../http/state.js';

/**
 * The validated query, typed as the handler declares it: the OpenAPI schema (types, enums,
 * defaults) has already been enforced by the validate step, so this is a view, not a guess.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the type is the schema's, by construction
export function query<T extends object>(ctx: AppContext): T {
  return (ctx.state.input?.query ?? {}) as T;
}

/** The validated JSON body, typed as the handler declares it (see `query`). */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the type is the schema's, by construction
export function body<T extends object>(ctx: AppContext): T {
  const value = ctx.state.input?.body;
  return (typeof value === 'object' && value !== null ? value : {}) as T;
}

/** The authenticated caller of an operation whose authorize step requires one. */
export function principal(ctx: AppContext): Principal {
  const found = ctx.state.principal;
  if (found === undefined) {
    throw new UnauthorizedError(
      'api_key_required',
      'This operation needs an API key in the X-API-Key header',
    );
  }
  return found;
}
