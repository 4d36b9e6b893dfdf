/**
 * Typed problems: every non-2xx answer of the API is an RFC 9457 problem document
 * (`application/problem+json`) with a machine-readable `code`. The helpers of this client throw
 * `ProblemError` for them, so callers branch on `code` (never on `title`, which is prose).
 */
import type { components } from './schema.js';

export type ProblemDocument = components['schemas']['Problem'];
export type ValidationErrorItem = components['schemas']['ValidationErrorItem'];

/** The members RFC 9457 and the API define; every other member is an extension of the problem type. */
const STANDARD_MEMBERS = new Set(['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id']);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringMember = (body: Record<string, unknown>, name: string): string | undefined => {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
};

const isValidationItem = (value: unknown): value is ValidationErrorItem =>
  isRecord(value) &&
  Array.isArray(value.loc) &&
  value.loc.every((part) => typeof part === 'string' || typeof part === 'number') &&
  typeof value.msg === 'string' &&
  typeof value.type === 'string';

/**
 * `Retry-After` in seconds: delta-seconds (the API's form) or an HTTP-date (RFC 9110 allows both,
 * and proxies in front of the API may send either). Undefined when absent or unreadable: the caller
 * then has no server guidance rather than a made-up one.
 */
export function parseRetryAfter(
  value: string | null | undefined,
  now: Date = new Date(),
): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const at = Date.parse(text);
  // A date with letters in it (IMF-fixdate and the obsolete forms); a bare number is handled above,
  // and Date.parse would otherwise read things like "1.5" or "-3" as years.
  if (Number.isNaN(at) || !/[A-Za-z]/.test(text)) return undefined;
  return Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** A non-2xx answer of the API, with the problem document's members typed. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  /** HTTP status of the response (the document's `status` when the body had none). */
  readonly status: number;
  /** Problem type, `/problems/<code with - for _>`, or `about:blank` when the body was no problem. */
  readonly type: string;
  readonly title: string;
  /** Machine-readable snake_case code; branch on this. Undefined only when the body was no problem. */
  readonly code: string | undefined;
  /** The human-readable `detail` when it is a string (every problem except 422). */
  readonly detail: string | undefined;
  /** On 422 `validation_error`, `detail` is an array of items (the spec's deliberate deviation). */
  readonly validationErrors: readonly ValidationErrorItem[];
  readonly instance: string | undefined;
  /** The `request_id` member, else the `X-Request-Id` header: quote it to support. */
  readonly requestId: string | undefined;
  /** Seconds to wait before retrying, from `Retry-After` (429, 503, retryable 409s). */
  readonly retryAfterSeconds: number | undefined;
  /** Extension members of the problem type (`upgrade_url`, `required_entitlement`, `oldest_seq`, …). */
  readonly extensions: Readonly<Record<string, unknown>>;
  /** The body as received (parsed JSON, or text when it was not JSON). */
  readonly body: unknown;

  constructor(status: number, headers: Headers, body: unknown) {
    const document = isRecord(body) ? body : {};
    const code = stringMember(document, 'code');
    const title = stringMember(document, 'title') ?? `HTTP ${String(status)}`;
    const detail = document.detail;
    super(`${String(status)} ${code ?? 'unknown'}: ${typeof detail === 'string' ? detail : title}`);
    this.status = typeof document.status === 'number' ? document.status : status;
    this.type = stringMember(document, 'type') ?? 'about:blank';
    this.title = title;
    this.code = code;
    this.detail = typeof detail === 'string' ? detail : undefined;
    this.validationErrors = Array.isArray(detail) ? detail.filter(isValidationItem) : [];
    this.instance = stringMember(document, 'instance');
    this.requestId = stringMember(document, 'request_id') ?? headers.get('x-request-id') ?? undefined;
    this.retryAfterSeconds = parseRetryAfter(headers.get('retry-after'));
    this.extensions = Object.fromEntries(
      Object.entries(document).filter(([member]) => !STANDARD_MEMBERS.has(member)),
    );
    this.body = body;
  }

  /** An extension member that is a string (`upgrade_url`, `required_entitlement`, `resets_at`, …). */
  stringExtension(name: string): string | undefined {
    const value = this.extensions[name];
    return typeof value === 'string' ? value : undefined;
  }

  /** An extension member that is a number (`oldest_seq`, `allowance_limit`, `limit`, …). */
  numberExtension(name: string): number | undefined {
    const value = this.extensions[name];
    return typeof value === 'number' ? value : undefined;
  }
}

/**
 * 410 `change_feed_expired`: the stored `since_seq` fell out of the 30-day retention. Re-bootstrap
 * from a snapshot or an export, then resume from `latestSeq` (see the change-feed consumer).
 */
export class ChangeFeedExpiredError extends ProblemError {
  /** Smallest `since_seq` still accepted. */
  readonly oldestSeq: number;
  /** Highest `seq` assigned so far. */
  readonly latestSeq: number;

  constructor(status: number, headers: Headers, body: unknown) {
    super(status, headers, body);
    this.oldestSeq = this.numberExtension('oldest_seq') ?? 0;
    this.latestSeq = this.numberExtension('latest_seq') ?? 0;
  }
}

/** The error for a non-2xx response and its (already parsed) body: the most specific class. */
export function problemFromResponse(response: Response, body: unknown): ProblemError {
  if (isRecord(body) && body.code === 'change_feed_expired')
    return new ChangeFeedExpiredError(response.status, response.headers, body);
  return new ProblemError(response.status, response.headers, body);
}

/** Reads a non-2xx response's body (JSON when it parses, else text) into a `ProblemError`. */
export async function readProblem(response: Response): Promise<ProblemError> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    // Not JSON (a proxy's HTML error page, say): keep the text, the status still says what failed.
  }
  return problemFromResponse(response, body);
}

/** Whether `error` is a problem of the API, optionally with the given `code`. */
export function isProblem(error: unknown, code?: string): error is ProblemError {
  return error instanceof ProblemError && (code === undefined || error.code === code);
}
