/**
 * Request and response types of each operation, derived from the types generated from the OpenAPI
 * document (types.ts): handlers receive `ValidatedInput<'searchJobs'>` and presenters return
 * `ResponseBody<'searchJobs'>`, so a change of the document that the code does not follow fails the
 * typecheck.
 */
import type { operations, QueryDefaults } from './types.js';

export type OperationId = keyof operations;

type Defined<T> = Exclude<T, undefined>;
type Parameters<Op extends OperationId> = operations[Op]['parameters'];
type Present<T> = [T] extends [never] ? Record<string, never> : T;

/** Query parameters after validation: those with a schema default are always present. */
export type ValidatedQuery<Op extends OperationId> = Present<
  Defined<Parameters<Op>['query']> & {
    [Name in QueryDefaults[Op] & keyof Defined<Parameters<Op>['query']>]-?: Defined<
      Defined<Parameters<Op>['query']>[Name]
    >;
  }
>;

export type PathParameters<Op extends OperationId> = Present<Defined<Parameters<Op>['path']>>;

type JsonContent<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/** The JSON request body; `undefined` where the body is optional and was not sent. */
export type RequestBody<Op extends OperationId> = undefined extends operations[Op]['requestBody']
  ? JsonContent<Defined<operations[Op]['requestBody']>> | undefined
  : JsonContent<operations[Op]['requestBody']>;

/** What a handler receives: the request as the validator left it (types, defaults, csv arrays). */
export interface ValidatedInput<Op extends OperationId> {
  query: ValidatedQuery<Op>;
  path: PathParameters<Op>;
  body: RequestBody<Op>;
}

/** The documented JSON body of an operation's response with status `Status` (200 by default). */
export type ResponseBody<
  Op extends OperationId,
  Status extends keyof operations[Op]['responses'] = 200 & keyof operations[Op]['responses'],
> = JsonContent<operations[Op]['responses'][Status]>;
