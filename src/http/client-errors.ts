/**
 * The answers Node would otherwise give on its own, as problem+json with a request id like every
 * other error: requests its HTTP parser rejects (400, 408, 413, 431: the server's `clientError`
 * event, before Koa sees anything) and request targets longer than the service reads (414, the
 * first step after the problem mapper).
 *
 * Limits, chosen together:
 * - Node's parser refuses a request line plus headers over `--max-http-header-size` (16 KiB by
 *   default) with HPE_HEADER_OVERFLOW → 431. Node has no limit of its own on the request target.
 * - The request target (path and query) is refused over 12 KiB → 414. Every query parameter of
 *   the document is bounded (`cursor` 2048 characters, `q` 500, csv parameters by their raw
 *   length): with all of them at their bounds, the longest valid target is GET /v1/jobs/search's,
 *   about 8.6 KB unencoded, so the common 8 KiB limit would refuse valid requests. 12 KiB admits
 *   them and leaves 4 KiB of Node's 16 KiB for the headers, so a long URL is told 414, not 431.
 *   (Percent-encoded non-ASCII text can outgrow any such limit; POST /v1/jobs/search takes the
 *   same search as a JSON body.) Below the limit, the validator names the parameter that is too
 *   long (422).
 */
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Next } from 'koa';
import {
  HeaderFieldsTooLargeError,
  MalformedRequestError,
  PayloadTooLargeError,
  RequestTimeoutError,
  UriTooLongError,
  type ApiError,
} from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import { newRequestId } from './context.js';
import { PROBLEM_MEDIA_TYPE, problemBody } from './problem.js';
import type { AppContext } from './state.js';

/** The longest request target (path and query, in bytes) the service reads; see the header. */
export const MAX_REQUEST_TARGET_BYTES = 12 * 1024;

/** 414 for a request target over MAX_REQUEST_TARGET_BYTES, before routing and validation. */
export async function limitRequestTarget(ctx: AppContext, next: Next): Promise<void> {
  if (Buffer.byteLength(ctx.url) > MAX_REQUEST_TARGET_BYTES) {
    throw new UriTooLongError(
      `The request target (path and query) is longer than ${String(MAX_REQUEST_TARGET_BYTES)} bytes`,
    );
  }
  await next();
}

/** What a parser failure means to the client; undefined: the client is gone, answer nothing. */
function problemOf(code: string | undefined): ApiError | undefined {
  switch (code) {
    case 'ECONNRESET':
      return undefined;
    case 'HPE_HEADER_OVERFLOW':
      return new HeaderFieldsTooLargeError(
        'The request line and headers are larger than the server reads (16 KiB)',
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new PayloadTooLargeError('The chunk extensions of the request body are too large');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new RequestTimeoutError('The request was not received completely in time');
    default:
      // HPE_INVALID_METHOD, HPE_INVALID_CONSTANT, HPE_INVALID_HEADER_TOKEN, … and any other.
      return new MalformedRequestError('The request is not valid HTTP/1.1 (request line, header or framing)');
  }
}

/** The whole response, written straight to the socket: there is no request or response object. */
function rawProblem(error: ApiError, requestId: string): string {
  // No `instance`: the request's path was not (reliably) read.
  const body = JSON.stringify(problemBody(error, requestId));
  const lines = [
    `HTTP/1.1 ${String(error.status)} ${STATUS_CODES[error.status] ?? ''}`,
    `Content-Type: ${PROBLEM_MEDIA_TYPE}`,
    `Content-Length: ${String(Buffer.byteLength(body))}`,
    `X-Request-Id: ${requestId}`,
    ...Object.entries(error.headers).map(([name, value]) => `${name}: ${value}`),
    `Date: ${new Date().toUTCString()}`,
    'Connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** True when a response of an earlier request on this connection has begun: writing would corrupt it. */
function responseStarted(socket: Duplex): boolean {
  // Node's own default handler checks the same internal member.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  return inFlight?.headersSent === true;
}

/**
 * Answers what Node's parser rejects with a complete problem+json response and closes the
 * connection (Node's default writes a bare status line). A socket that cannot be written to, or
 * whose connection already carries a response, is destroyed as Node would.
 */
export function attachClientErrorHandler(server: Server, logger: Logger): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    const problem = problemOf(error.code);
    if (problem === undefined || !socket.writable || responseStarted(socket)) {
      socket.destroy();
      return;
    }
    const requestId = newRequestId();
    logger.info(
      { request_id: requestId, status: problem.status, parser_error: error.code },
      'request refused by the HTTP parser',
    );
    // Flushed, then closed: the connection cannot be read any further.
    socket.end(rawProblem(problem, requestId), () => socket.destroy());
  });
}
