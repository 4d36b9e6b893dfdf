/**
 * Delivers one change-feed message to a customer's webhook, signed per Standard Webhooks (one
 * `v1,` signature per secret, so a receiver keeps verifying while we rotate). Every connection
 * passes the SSRF guard at connect time (literals in the connector, names in its lookup),
 * redirects are never followed, each attempt has one deadline for headers and body, and 408, 429,
 * 5xx, connect failures and timeouts are retried with the ingest client's backoff and Retry-After.
 * Messages are built from status and error codes only: no secret, signature, body, userinfo,
 * query or response text can reach a log.
 */
import { redact, type ErrorClass } from './failures.js';
import { randomBytes } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { setTimeout as delay } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import { Agent, buildConnector, request } from 'undici';
import { backoffMs, isRetryableStatus, retryAfterMs } from '../ingest/fetch/http.js';
import {
  AddressBlockedError,
  literalBlockedReason,
  guardedLookup,
  parseHostLiteral,
  type AddressPolicy,
  type HostLookup,
} from './address-guard.js';

/** One message: `body` is the JSON text sent and signed byte for byte. */
export interface WebhookMessage {
  id: string;
  timestamp: Date;
  body: string;
}

/** Sender settings; the injectable members exist so tests run without real waiting or DNS. */
export interface WebhookSenderOptions {
  /** Deadline of one attempt, headers and body together. */
  timeoutMs: number;
  /** Attempts in total, the first included (1 = no retry). */
  maxAttempts: number;
  /** First backoff ceiling; doubles per attempt. Default 500 ms. */
  baseDelayMs?: number;
  addressPolicy: AddressPolicy;
  /** A PEM certificate trusted besides the system roots (tests' self-signed receivers). */
  extraCaPem?: string;
  userAgent: string;
  sleep?: (ms: number) => Promise<void>;
  /** The jitter source, 0 ≤ x < 1. Defaults to Math.random. */
  random?: () => number;
  /** "now" for Retry-After HTTP dates. */
  now?: () => Date;
  /** Name resolution judged by the guard; defaults to the system resolver. */
  lookup?: HostLookup;
}

/** Every class a delivery failure can have but `auth`, which is Postgres's. */
export type WebhookErrorClass = Exclude<ErrorClass, 'auth'>;

/** `attempts` is 0 when the URL was refused before any connection was tried. */
export type WebhookOutcome =
  | { ok: true; attempts: number; status: number }
  | {
      ok: false;
      attempts: number;
      errorClass: WebhookErrorClass;
      httpStatus?: number;
      message: string;
      retryAfterMs?: number;
    };

export interface WebhookSender {
  send(url: string, secrets: string[], message: WebhookMessage): Promise<WebhookOutcome>;
  close(): Promise<void>;
}

type Failure = Extract<WebhookOutcome, { ok: false }>;
type AttemptResult =
  | { kind: 'status'; status: number; retryAfter: string | undefined }
  | { kind: 'error'; errorClass: WebhookErrorClass; message: string };

/** Enough to let a keep-alive connection be reused; a receiver that says more is cut off. */
const MAX_RESPONSE_BYTES = 64 * 1024;
const DEFAULT_BASE_DELAY_MS = 500;

/** A new secret in the Standard Webhooks format: `whsec_` + base64 of 32 random bytes. */
export function generateSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The signed headers of a message: one `v1,` signature per secret, current secret first. */
export function webhookHeaders(secrets: string[], message: WebhookMessage): Record<string, string> {
  if (secrets.length === 0) throw new RangeError('at least one signing secret is required');
  const signatures = secrets.map((secret) =>
    new Webhook(secret).sign(message.id, message.timestamp, message.body),
  );
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(message.timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** Creates the sender described above; `close()` ends its connections. */
export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  if (!Number.isInteger(options.maxAttempts) || options.maxAttempts < 1) {
    throw new RangeError('maxAttempts must be a positive integer');
  }
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
  const agent = createGuardedAgent(options);

  async function attempt(url: URL, headers: Record<string, string>, body: string): Promise<AttemptResult> {
    try {
      const response = await request(url, {
        dispatcher: agent,
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await discard(response.body);
      const retryAfter = [response.headers['retry-after']].flat()[0];
      return { kind: 'status', status: response.statusCode, retryAfter };
    } catch (error) {
      return { kind: 'error', ...classifyError(error, options.timeoutMs) };
    }
  }

  async function deliver(url: URL, headers: Record<string, string>, body: string): Promise<WebhookOutcome> {
    let failure: Failure = { ok: false, attempts: 0, errorClass: 'internal', message: 'no attempt made' };
    for (let attemptNo = 1; attemptNo <= options.maxAttempts; attemptNo++) {
      const result = await attempt(url, headers, body);
      if (result.kind === 'status' && result.status >= 200 && result.status <= 299) {
        return { ok: true, attempts: attemptNo, status: result.status };
      }
      failure = failureOf(result, attemptNo, now());
      if (!isRetryable(result) || attemptNo === options.maxAttempts) return failure;
      await sleep(failure.retryAfterMs ?? backoffMs(attemptNo, baseDelayMs, random));
    }
    return failure;
  }

  return {
    async send(url: string, secrets: string[], message: WebhookMessage): Promise<WebhookOutcome> {
      const signed = webhookHeaders(secrets, message);
      const target = targetOf(url, options.addressPolicy);
      if ('ok' in target) return target;
      const headers = { 'content-type': 'application/json', 'user-agent': options.userAgent, ...signed };
      const outcome = await deliver(target.url, headers, message.body);
      if (outcome.ok) return outcome;
      const sensitive = [...secrets, ...Object.values(signed), message.body, url, ...target.sensitive];
      // Short values (an empty JSON body, say) would mask ordinary words; they cannot leak much.
      return {
        ...outcome,
        message: redact(outcome.message, ...sensitive.filter((value) => value.length >= 8)),
      };
    },
    close: () => agent.close(),
  };
}

/** An undici Agent whose every connection is judged by the guard before a socket opens. */
function createGuardedAgent(options: WebhookSenderOptions): Agent {
  const connectBase = buildConnector({
    lookup: guardedLookup(options.addressPolicy, options.lookup),
    timeout: options.timeoutMs,
    ...(options.extraCaPem === undefined ? {} : { ca: [...rootCertificates, options.extraCaPem] }),
  });
  const connect: buildConnector.connector = (connectOptions, callback) => {
    // net.connect skips the lookup for an IP literal, so literals are judged here.
    const reason = literalBlockedReason(connectOptions.hostname, options.addressPolicy);
    if (reason !== undefined) {
      callback(
        new AddressBlockedError(connectOptions.hostname, parseHostLiteral(connectOptions.hostname), reason),
        null,
      );
      return;
    }
    connectBase(connectOptions, callback);
  };
  return new Agent({ connect, headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs });
}

interface Target {
  url: URL;
  /** The query, which must never appear in a message (it often carries a token). */
  sensitive: string[];
}

/** The URL to post to, or the outcome that refuses it before any connection. */
function targetOf(raw: string, policy: AddressPolicy): Target | Failure {
  const url = URL.parse(raw);
  if (url === null) return refused('rejected', 'the webhook URL cannot be parsed');
  if (url.protocol !== 'https:') return refused('rejected', 'only https URLs are accepted');
  // Receivers authenticate us by the signature; credentials in a URL would only be one more secret to leak.
  if (url.username !== '' || url.password !== '')
    return refused('rejected', 'credentials in the URL are not accepted');
  const reason = literalBlockedReason(url.hostname, policy);
  if (reason !== undefined) return refused('address_blocked', blockedMessage(reason));
  return { url, sensitive: url.search === '' ? [] : [url.search] };
}

function blockedMessage(reason: string): string {
  return `the webhook host is not permitted (${reason})`;
}

function refused(errorClass: WebhookErrorClass, message: string): Failure {
  return { ok: false, attempts: 0, errorClass, message };
}

function isRetryable(result: AttemptResult): boolean {
  if (result.kind === 'status') return result.status === 408 || isRetryableStatus(result.status);
  return result.errorClass === 'connect' || result.errorClass === 'timeout';
}

function failureOf(result: AttemptResult, attempts: number, now: Date): Failure {
  if (result.kind === 'error') {
    return { ok: false, attempts, errorClass: result.errorClass, message: result.message };
  }
  const { status } = result;
  const failure = { ok: false, attempts, httpStatus: status } as const;
  if (status >= 300 && status <= 399) {
    const message = `the receiver redirected (HTTP ${status}); redirects are not followed`;
    return { ...failure, errorClass: 'rejected', message };
  }
  const retryAfter = retryAfterMs(result.retryAfter, now);
  const message = `the receiver answered HTTP ${status}`;
  return {
    ...failure,
    errorClass: 'http_status',
    message,
    ...(retryAfter === undefined ? {} : { retryAfterMs: retryAfter }),
  };
}

/** Reads and drops at most 64 KiB; leaving the loop early destroys the stream. */
async function discard(body: AsyncIterable<Uint8Array>): Promise<void> {
  let read = 0;
  try {
    for await (const chunk of body) {
      read += chunk.byteLength;
      if (read >= MAX_RESPONSE_BYTES) break;
    }
  } catch {
    // The status line already carries the receiver's verdict; a body cut short changes nothing.
  }
}

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL_|CERT_|DEPTH_ZERO_|SELF_SIGNED_|UNABLE_TO_|HOSTNAME_MISMATCH)/;
const TIMEOUT_CODE = /^(UND_ERR_(HEADERS|BODY|CONNECT)_TIMEOUT|ETIMEDOUT)$/;
const TIMEOUT_NAMES = new Set(['TimeoutError', 'AbortError', 'DeadlineExceededError']);
const CONNECT_CODE = /^(E[A-Z]+|UND_ERR_SOCKET|UND_ERR_CLOSED|EAI_[A-Z]+)$/;

/** The class and a safe message of a failed attempt: only error names and codes are quoted. */
function classifyError(
  error: unknown,
  timeoutMs: number,
): { errorClass: WebhookErrorClass; message: string } {
  const chain = errorChain(error);
  const blocked = chain.find((item) => item instanceof AddressBlockedError);
  if (blocked instanceof AddressBlockedError) {
    return { errorClass: 'address_blocked', message: blockedMessage(blocked.reason) };
  }
  const codes = chain.map(codeOf).filter((code) => code !== undefined);
  if (chain.some((item) => TIMEOUT_NAMES.has(item.name)) || codes.some((code) => TIMEOUT_CODE.test(code))) {
    return { errorClass: 'timeout', message: `no answer within ${timeoutMs} ms` };
  }
  const tls = codes.find((code) => TLS_CODE.test(code));
  if (tls !== undefined) return { errorClass: 'tls', message: `TLS failure (${tls})` };
  const connect = codes.find((code) => CONNECT_CODE.test(code));
  if (connect !== undefined) return { errorClass: 'connect', message: `connection failed (${connect})` };
  const [first] = chain;
  return { errorClass: 'internal', message: `unexpected failure (${first?.name ?? 'unknown'})` };
}

/** The error, its causes and, for AggregateError (happy eyeballs), each member. */
function errorChain(error: unknown, depth = 0): Error[] {
  if (!(error instanceof Error) || depth > 5) return [];
  const members =
    error instanceof AggregateError ? error.errors.flatMap((item) => errorChain(item, depth + 1)) : [];
  return [error, ...errorChain(error.cause, depth + 1), ...members];
}

function codeOf(error: Error): string | undefined {
  const code = 'code' in error ? error.code : undefined;
  return typeof code === 'string' ? code : undefined;
}
