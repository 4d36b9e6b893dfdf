/**
 * Typed errors with stable codes. Services throw these; exactly one HTTP middleware
 * (src/http/problem.ts) turns them into problem+json. Nothing else decides an error's shape.
 */

export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export abstract class ApiError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;
  abstract readonly title: string;
  /** Extra problem members (RFC 9457 extensions), e.g. upgrade_url. */
  readonly extensions: Record<string, unknown> = {};
  /** Extra response headers, e.g. Retry-After or Allow. */
  readonly headers: Record<string, string> = {};
}

/** An error type whose occurrences carry one of several stable codes, chosen by the thrower. */
abstract class CodedError<C extends string> extends ApiError {
  constructor(
    readonly code: C,
    message: string,
  ) {
    super(message);
  }
}

export class ValidationFailedError extends ApiError {
  readonly status = 422;
  readonly code = 'validation_error';
  readonly title = 'Request validation failed';
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
  }
}

export class NotFoundError extends ApiError {
  readonly status = 404;
  readonly code = 'not_found';
  readonly title = 'Not found';
}

/** A report (data quality, a state-of-hiring quarter) that does not exist, or not yet completely. */
export class ReportNotAvailableError extends ApiError {
  readonly status = 404;
  readonly code = 'report_not_available';
  readonly title = 'Report not available';
}

export class MethodNotAllowedError extends ApiError {
  readonly status = 405;
  readonly code = 'method_not_allowed';
  readonly title = 'Method not allowed';
  constructor(allowed: string[]) {
    super(`Allowed methods: ${allowed.join(', ')}`);
    this.headers.Allow = allowed.join(', ');
  }
}

export type UnauthorizedCode = 'api_key_required' | 'invalid_api_key';

export class UnauthorizedError extends CodedError<UnauthorizedCode> {
  readonly status = 401;
  readonly title = 'Unauthorized';
  constructor(code: UnauthorizedCode, message: string) {
    super(code, message);
    this.headers['WWW-Authenticate'] = 'ApiKey header="X-API-Key"';
  }
}

export type ForbiddenCode =
  | 'subscription_inactive'
  | 'plan_required'
  | 'service_key_required'
  | 'dataset_url_invalid'
  | 'origin_forbidden';

export class ForbiddenError extends CodedError<ForbiddenCode> {
  readonly status = 403;
  readonly title = 'Forbidden';
}

export class UnsupportedMediaTypeError extends ApiError {
  readonly status = 415;
  readonly code = 'unsupported_media_type';
  readonly title = 'Unsupported media type';
}

export class PayloadTooLargeError extends ApiError {
  readonly status = 413;
  readonly code = 'payload_too_large';
  readonly title = 'Payload too large';
}

/**
 * A request Node's HTTP parser could not read: a malformed request line, header or framing. Raised
 * by the server's clientError handler (http/client-errors.ts), before any routing.
 */
export class MalformedRequestError extends ApiError {
  readonly status = 400;
  readonly code = 'malformed_request';
  readonly title = 'Malformed request';
}

/** The request target (path and query) is longer than the service reads. */
export class UriTooLongError extends ApiError {
  readonly status = 414;
  readonly code = 'uri_too_long';
  readonly title = 'URI too long';
}

/** The request line and headers together are larger than the HTTP parser's limit. */
export class HeaderFieldsTooLargeError extends ApiError {
  readonly status = 431;
  readonly code = 'header_fields_too_large';
  readonly title = 'Request header fields too large';
}

/** The client did not send a complete request within the server's deadline. */
export class RequestTimeoutError extends ApiError {
  readonly status = 408;
  readonly code = 'request_timeout';
  readonly title = 'Request timeout';
}

export class NotImplementedError extends ApiError {
  readonly status = 501;
  readonly code = 'not_implemented';
  readonly title = 'Not implemented';
  constructor(operationId: string, what = `The operation ${operationId}`) {
    super(`${what} is part of the interface but not available yet`);
    this.extensions.operation_id = operationId;
  }
}

/** Elasticsearch or Postgres is unreachable, overloaded or answered partially: retryable. */
export class UpstreamUnavailableError extends ApiError {
  readonly status = 503;
  readonly code = 'upstream_unavailable';
  readonly title = 'Service temporarily unavailable';
  constructor(retryAfterSeconds: number) {
    super('A backing service is unavailable; retry after the indicated delay');
    this.headers['Retry-After'] = String(retryAfterSeconds);
  }
}

/** since_seq is older than the change feed's retention: the consumer must re-bootstrap. */
export class ChangeFeedExpiredError extends ApiError {
  readonly status = 410;
  readonly code = 'change_feed_expired';
  readonly title = 'Change feed position expired';
  constructor(oldestSeq: number, latestSeq: number) {
    super(
      'since_seq is older than the 30-day retention: record latest_seq, load a dataset snapshot or a full export, then resume with since_seq=latest_seq',
    );
    this.extensions.oldest_seq = oldestSeq;
    this.extensions.latest_seq = latestSeq;
  }
}

export class RateLimitedError extends ApiError {
  readonly status = 429;
  readonly code = 'rate_limited';
  readonly title = 'Too many requests';
  constructor(limit: number, resetSeconds: number) {
    super(`Rate limit of ${limit} requests per minute reached; retry after ${resetSeconds} s`);
    this.headers['Retry-After'] = String(resetSeconds);
    this.headers['X-RateLimit-Limit'] = String(limit);
    this.headers['X-RateLimit-Remaining'] = '0';
    this.headers['X-RateLimit-Reset'] = String(resetSeconds);
  }
}

export class AllowanceExhaustedError extends ApiError {
  readonly status = 402;
  readonly code = 'allowance_exhausted';
  readonly title = 'Monthly allowance used up';
  constructor(state: {
    limit: number;
    used: number;
    resetsAt: string;
    requested: number;
    upgradeUrl: string;
  }) {
    super(
      `The monthly allowance of ${state.limit} jobs is used up until ${state.resetsAt}; upgrade the plan for more`,
    );
    Object.assign(this.extensions, {
      upgrade_url: state.upgradeUrl,
      allowance_limit: state.limit,
      allowance_used: state.used,
      resets_at: state.resetsAt,
      requested: state.requested,
    });
  }
}

/** The billing webhook's Stripe-Signature is missing, malformed, stale or does not match. */
export class WebhookSignatureError extends ApiError {
  readonly status = 400;
  readonly code = 'webhook_signature_invalid';
  readonly title = 'Invalid webhook signature';
}

/** A signed webhook whose event lacks what every event of its type carries (id, type, created, object). */
export class WebhookPayloadError extends ApiError {
  readonly status = 400;
  readonly code = 'webhook_payload_invalid';
  readonly title = 'Invalid webhook payload';
}

export class ClaimTokenNotFoundError extends ApiError {
  readonly status = 404;
  readonly code = 'claim_token_not_found';
  readonly title = 'Claim token not found';
  constructor() {
    super('No checkout issued this claim token');
  }
}

export type GoneCode =
  'claim_token_used' | 'claim_token_expired' | 'dataset_url_expired' | 'export_cursor_expired';

export class GoneError extends CodedError<GoneCode> {
  readonly status = 410;
  readonly title = 'Gone';
}

export type ConflictCode =
  | 'claim_pending'
  | 'last_active_key'
  | 'key_limit_reached'
  | 'billing_customer_missing'
  | 'destination_busy'
  | 'destination_limit_reached';

export class ConflictError extends CodedError<ConflictCode> {
  readonly status = 409;
  readonly title = 'Conflict';
}

/** Stripe is not configured on this deployment (no STRIPE_SECRET_KEY). */
export class BillingUnavailableError extends ApiError {
  readonly status = 503;
  readonly code = 'billing_unavailable';
  readonly title = 'Billing unavailable';
  constructor() {
    super('Billing is not configured on this deployment');
  }
}

/**
 * A database failure as db/ reports it (src/db/errors.ts translates the driver's errors), so that
 * services and the problem mapper can tell the kinds apart without knowing the database. The
 * driver's error is the `cause`. Not an ApiError: what a kind means to a client is the mapper's call.
 */
export abstract class DatabaseError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
  }
}

/** Unreachable, starting or shutting down, out of connections, or the connection dropped: retryable. */
export class DatabaseUnavailableError extends DatabaseError {}

/** A statement outlived its deadline (the server's statement timeout or the client's query timeout). */
export class DatabaseTimeoutError extends DatabaseError {}

/** A write lost a race: unique violation, serialization failure or deadlock. */
export class DatabaseConflictError extends DatabaseError {}
