/**
 * The one place where errors become HTTP responses: application/problem+json (RFC 9457) with
 * `type`, `title`, `status`, `detail`, `instance`, plus `code` and `request_id`. The 422 body keeps
 * the interface's `detail` array (a documented deviation from RFC 9457's string `detail`).
 * A 5xx never carries an internal message or stack.
 */
import { errors as esErrors } from '@elastic/elasticsearch';
import type { Next } from 'koa';
import {
  ApiError,
  DatabaseTimeoutError,
  DatabaseUnavailableError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  UpstreamUnavailableError,
  ValidationFailedError,
} from '../domain/errors.js';
import { DeadlineExceededError } from '../lib/deadline.js';
import type { Logger } from '../lib/logger.js';
import type { AppContext } from './state.js';

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export function problemType(code: string): string {
  return `/problems/${code.replaceAll('_', '-')}`;
}

export function problemMiddleware(logger: Logger) {
  return async function problems(ctx: AppContext, next: Next): Promise<void> {
    try {
      await next();
    } catch (thrown) {
      const error = toApiError(thrown);
      if (error === undefined) {
        logger.error({ err: thrown, request_id: ctx.state.requestId }, 'unhandled error');
      } else if (error.status >= 500) {
        logger.warn({ err: thrown, request_id: ctx.state.requestId, code: error.code }, 'upstream failure');
      }
      writeProblem(ctx, error);
    }
  };
}

function writeProblem(ctx: AppContext, error: ApiError | undefined): void {
  ctx.status = error?.status ?? 500;
  for (const [name, value] of Object.entries(error?.headers ?? {})) ctx.set(name, value);
  ctx.body = problemBody(error, ctx.state.requestId, ctx.path);
  ctx.type = PROBLEM_MEDIA_TYPE;
}

/**
 * The problem document of `error` (undefined: a bug, answered as a bare 500). `instance` is the
 * request path; absent only when the request could not be read at all (http/client-errors.ts).
 */
export function problemBody(
  error: ApiError | undefined,
  requestId: string,
  instance?: string,
): Record<string, unknown> {
  const code = error?.code ?? 'internal_error';
  return {
    type: problemType(code),
    title: error?.title ?? 'Internal server error',
    status: error?.status ?? 500,
    detail:
      error instanceof ValidationFailedError
        ? error.issues
        : (error?.message ?? 'An unexpected error occurred; quote the request_id when reporting it'),
    ...(instance === undefined ? {} : { instance }),
    code,
    request_id: requestId,
    ...error?.extensions,
  };
}

/** Known failures as typed errors; undefined means a bug (answered as a bare 500). */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (isUpstreamFailure(error)) return new UpstreamUnavailableError(5);
  if (isHttpError(error)) {
    if (error.status === 413) return new PayloadTooLargeError('The request body is larger than 1 MiB');
    if (error.status === 415)
      return new UnsupportedMediaTypeError('Send the request body as application/json');
    // co-body reports malformed JSON as a 400 SyntaxError (raw-body's own failures carry `type`).
    if (error.status === 400 && (error instanceof SyntaxError || error.type === 'entity.parse.failed')) {
      return new ValidationFailedError([
        { loc: ['body'], msg: 'JSON decode error: the body is not valid JSON', type: 'json_invalid' },
      ]);
    }
  }
  return undefined;
}

interface HttpLikeError {
  status: number;
  type?: string;
}

function isHttpError(error: unknown): error is HttpLikeError {
  return typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number';
}

/** Node socket failures of a backing service's connection. */
const NET_UNAVAILABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE']);

/**
 * ES timeouts, overload (429/503) and connection failures, an unavailable or timed-out database
 * (typed by db/errors.ts), socket failures, missed deadlines.
 */
function isUpstreamFailure(error: unknown): boolean {
  if (error instanceof DeadlineExceededError) return true;
  if (error instanceof DatabaseUnavailableError || error instanceof DatabaseTimeoutError) return true;
  if (
    error instanceof esErrors.ConnectionError ||
    error instanceof esErrors.TimeoutError ||
    error instanceof esErrors.NoLivingConnectionsError
  ) {
    return true;
  }
  if (error instanceof esErrors.ResponseError) return [429, 502, 503, 504].includes(error.statusCode ?? 0);
  return (
    error instanceof Error &&
    'code' in error &&
    typeof error.code === 'string' &&
    NET_UNAVAILABLE.has(error.code)
  );
}
