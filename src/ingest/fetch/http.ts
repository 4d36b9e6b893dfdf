/**
 * The HttpClient the connectors use, over global fetch. Every attempt has a deadline
 * (AbortSignal.timeout covers the headers and the body). 429, 5xx, network errors and timeouts are
 * retried with exponential backoff and full jitter (delay = random × base × 2^(attempt−1)), except
 * that a Retry-After header (seconds or an HTTP date) sets the delay, capped at 60 s so one
 * source cannot park a worker. When the last attempt still fails, TransientFetchError is thrown:
 * the board is crawled again later and nothing is closed. Any other status, 4xx included, is
 * returned: connectors decide what 404/410 or a redirect means for their source.
 */
import { TransientFetchError, type HttpClient, type HttpRequestInit, type HttpResponse } from '../types.js';

/** Client settings; the injectable members exist so tests run without network or real waiting. */
export interface HttpClientOptions {
  /** Deadline of one attempt, headers and body together. */
  timeoutMs: number;
  /** Attempts in total, the first included (1 = no retry). */
  maxAttempts: number;
  userAgent: string;
  /** First backoff ceiling; doubles per attempt. Default 500 ms. */
  baseDelayMs?: number;
  /** Injectable for tests: waiting without real time passing. */
  sleep?: (ms: number) => Promise<void>;
  /** Injectable for tests: a fake transport. Defaults to global fetch. */
  fetchImpl?: typeof fetch;
  /** Injectable for tests: the jitter source, 0 ≤ x < 1. Defaults to Math.random. */
  random?: () => number;
  /** Injectable for tests: "now" for Retry-After HTTP dates. */
  now?: () => Date;
}

/** Retry-After values above this are cut down: we would rather try again than stall the crawl. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** Backoff ceiling when no Retry-After is given. */
const MAX_BACKOFF_MS = 30_000;
const DEFAULT_BASE_DELAY_MS = 500;

type Attempt = { kind: 'response'; response: HttpResponse } | { kind: 'error'; reason: string };

/** Creates the client with deadlines, retries and backoff described above. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  if (!Number.isInteger(options.maxAttempts) || options.maxAttempts < 1) {
    throw new RangeError('maxAttempts must be a positive integer');
  }
  const fetchImpl = options.fetchImpl ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;

  async function attempt(url: string, init: HttpRequestInit): Promise<Attempt> {
    try {
      const response = await fetchImpl(url, {
        method: init.method ?? 'GET',
        headers: { 'user-agent': options.userAgent, ...lowerCaseKeys(init.headers ?? {}) },
        ...(init.body === undefined ? {} : { body: init.body }),
        redirect: init.followRedirects === false ? 'manual' : 'follow',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      return {
        kind: 'response',
        response: { status: response.status, url: response.url || url, headers: headersOf(response), text },
      };
    } catch (error) {
      return { kind: 'error', reason: describeError(error, options.timeoutMs) };
    }
  }

  return {
    async request(url: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
      // A malformed URL is a programming error, not a transient failure: fail at once.
      if (!URL.canParse(url)) throw new TypeError(`Invalid URL: ${url}`);
      let reason = 'no attempt made';
      for (let attemptNo = 1; attemptNo <= options.maxAttempts; attemptNo++) {
        const result = await attempt(url, init);
        if (result.kind === 'response' && !isRetryableStatus(result.response.status)) return result.response;
        reason = result.kind === 'response' ? `HTTP ${result.response.status}` : result.reason;
        if (attemptNo === options.maxAttempts) break;
        const retryAfter =
          result.kind === 'response'
            ? retryAfterMs(result.response.headers['retry-after'], now())
            : undefined;
        await sleep(retryAfter ?? backoffMs(attemptNo, baseDelayMs, random));
      }
      throw new TransientFetchError(url, `${reason} after ${options.maxAttempts} attempt(s)`);
    },
  };
}

/** 429 and every 5xx are worth another try; everything else is the source's final answer. */
export function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599);
}

/** Full-jitter exponential backoff for the given (1-based) failed attempt. */
export function backoffMs(attemptNo: number, baseDelayMs: number, random: () => number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** (attemptNo - 1));
  return Math.floor(random() * ceiling);
}

/**
 * Milliseconds to wait per a Retry-After header: delta-seconds or an HTTP date, capped at 60 s;
 * undefined when the header is absent or unreadable (then the normal backoff applies).
 */
export function retryAfterMs(header: string | undefined, now: Date): number | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, MAX_RETRY_AFTER_MS);
  // HTTP dates always name the weekday and a GMT zone; Date.parse reads all three RFC 9110 forms.
  if (!/[a-z]{3}/i.test(value)) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(at - now.getTime(), 0), MAX_RETRY_AFTER_MS);
}

function headersOf(response: Response): Record<string, string> {
  const out: Record<string, string> = {};
  // Headers iterates with lower-case names already; lower-casing again documents the contract.
  response.headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  // Iteration yields each Set-Cookie apart (the last would win above); a session needs them all.
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies.join('\n');
  return out;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

function describeError(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `timed out after ${timeoutMs} ms`;
  }
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return `network error: ${error.message}${cause}`;
  }
  return 'network error';
}

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
