import type { AppContext } from '../http/state.js';

/**
 * The validated query, typed as the handler declares it: the OpenAPI schema (types, enums,
 * defaults) has already been enforced by the validate step, so this is a view, not a guess.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the type is the schema's, by construction
export function query<T extends object>(ctx: AppContext): T {
  return (ctx.state.input?.query ?? {}) as T;
}
