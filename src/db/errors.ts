/**
 * Driver failures become typed errors (domain/errors.ts) where database calls leave db/, so nothing
 * above db/ knows SQLSTATE codes or driver messages. `withTypedErrors` wraps a pool (database.ts
 * does, for every pool it makes): every query method and every task or transaction — and the
 * queries run inside them — rejects with the translated error. Errors a task's callback throws
 * itself (not from a query) pass through untouched.
 */
import { DatabaseConflictError, DatabaseTimeoutError, DatabaseUnavailableError } from '../domain/errors.js';

/**
 * SQLSTATEs of an unreachable or overloaded server: admin_shutdown, crash_shutdown,
 * cannot_connect_now, too_many_connections; class 08 (connection exception) is matched as a class.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Socket failures of the driver's connection. */
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);
/** query_canceled: the server's statement_timeout (or an operator's cancel). */
const TIMEOUT_STATES = new Set(['57014']);
/** unique_violation, serialization_failure, deadlock_detected. */
const CONFLICT_STATES = new Set(['23505', '40001', '40P01']);
/** Failures without a code: the pool's connect timeout and a connection that went away. */
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated/i;
/** The driver's own deadline (query_timeout), reported without a code. */
const TIMEOUT_MESSAGE = /^Query read timeout$/;

/** The typed error for a driver failure; anything else (including typed errors) is returned as is. */
export function translateDatabaseError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  switch (kindOf(error)) {
    case 'unavailable':
      return new DatabaseUnavailableError('the database is unavailable', error);
    case 'timeout':
      return new DatabaseTimeoutError('a database statement timed out', error);
    case 'conflict':
      return new DatabaseConflictError('a database write conflicted with another', error);
    case undefined:
      return error;
  }
}

function kindOf(error: Error): 'unavailable' | 'timeout' | 'conflict' | undefined {
  // A code decides when there is one (a string: SQLSTATE or socket error; pg-promise's own are numbers).
  if ('code' in error && typeof error.code === 'string') {
    const code = error.code;
    if (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET.has(code))
      return 'unavailable';
    if (TIMEOUT_STATES.has(code)) return 'timeout';
    if (CONFLICT_STATES.has(code)) return 'conflict';
    return undefined;
  }
  if (UNAVAILABLE_MESSAGE.test(error.message)) return 'unavailable';
  if (TIMEOUT_MESSAGE.test(error.message)) return 'timeout';
  return undefined;
}

/** pg-promise methods that run one statement (or connect) and return a promise. */
const QUERY_METHODS = new Set([
  'none',
  'one',
  'oneOrNone',
  'many',
  'manyOrNone',
  'any',
  'result',
  'multiResult',
  'multi',
  'query',
  'func',
  'proc',
  'map',
  'each',
  'stream',
  'connect',
]);
/** pg-promise methods that run a callback with a task or transaction context. */
const SCOPE_METHODS = new Set(['task', 'taskIf', 'tx', 'txIf']);

type Method = (...args: unknown[]) => unknown;
type ScopeCallback = (this: unknown, scope: object) => unknown;

/** The pool (or task context) whose database calls reject with typed errors; same type, same behaviour otherwise. */
export function withTypedErrors<T extends object>(db: T): T {
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || typeof value !== 'function') return value;
      const method = value as Method;
      if (QUERY_METHODS.has(property))
        return (...args: unknown[]) => rejectTranslated(method.apply(target, args), translateDatabaseError);
      if (SCOPE_METHODS.has(property)) return (...args: unknown[]) => runScope(method, target, args);
      return value;
    },
  });
}

/** A task or transaction: its context is wrapped too; what the callback itself throws is kept as is. */
function runScope(method: Method, target: object, args: unknown[]): unknown {
  // pg-promise takes the callback first, or second after a tag or options (utils.taskArgs).
  const at = typeof args[0] === 'function' ? 0 : typeof args[1] === 'function' ? 1 : -1;
  if (at < 0) return rejectTranslated(method.apply(target, args), translateDatabaseError);
  const callback = args[at] as ScopeCallback;
  const thrownByCallback = new WeakSet<object>();
  const wrapped = async function (this: unknown, scope: object): Promise<unknown> {
    try {
      return await callback.call(this, withTypedErrors(scope));
    } catch (error) {
      if (typeof error === 'object' && error !== null) thrownByCallback.add(error);
      throw error;
    }
  };
  // A named callback names the task (its tag) when no tag is given: keep that name.
  Object.defineProperty(wrapped, 'name', { value: callback.name });
  const replaced = [...args];
  replaced[at] = wrapped;
  return rejectTranslated(method.apply(target, replaced), (error) =>
    typeof error === 'object' && error !== null && thrownByCallback.has(error)
      ? error
      : translateDatabaseError(error),
  );
}

function rejectTranslated(result: unknown, translate: (error: unknown) => unknown): unknown {
  if (!isThenable(result)) return result;
  return Promise.resolve(result).catch((error: unknown) => {
    throw translate(error);
  });
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && 'then' in value && typeof value.then === 'function';
}
