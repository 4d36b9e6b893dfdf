/**
 * The fetch every request of the client goes through: a deadline per attempt, and bounded retries
 * of the answers the API marks retryable with `Retry-After` (429 `rate_limited` on every method;
 * 503 `upstream_unavailable` on reads, where a repeat cannot do anything twice).
 */
import { parseRetryAfter } from './problem.js';

export type FetchLike = (request: Request) => Promise<Response>;

export interface RetryOptions {
  /** Retries after the first attempt (default 3); 0 disables retrying. */
  maxRetries?: number;
  /**
   * Longest wait honoured (default 65 s: a rate-limit window is one UTC minute). A longer
   * `Retry-After` is not slept through: the answer is returned and the helper throws it.
   */
  maxDelayMs?: number;
  /** Wait when a retryable answer carries no readable `Retry-After` (default 1 s, doubled per retry). */
  fallbackDelayMs?: number;
  /** Called before each wait (logging, metrics, tests). */
  onRetry?: (event: RetryEvent) => void;
}

export interface RetryEvent {
  attempt: number;
  status: number;
  delayMs: number;
  url: string;
}

export interface TransportOptions extends RetryOptions {
  /** The underlying fetch; default `globalThis.fetch`, read at call time. */
  fetch?: FetchLike;
  /** Deadline of one attempt, body included (default 30 s). */
  timeoutMs?: number;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether an answer may be repeated: the API says so with Retry-After on these statuses. */
export function isRetryable(status: number, method: string): boolean {
  return status === 429 || (status === 503 && READ_METHODS.has(method.toUpperCase()));
}

/** Resolves after `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long to wait before retry number `attempt` (from 0), or undefined: do not retry. */
export function retryDelayMs(
  retryAfter: string | null,
  attempt: number,
  options: Required<Pick<RetryOptions, 'maxRetries' | 'maxDelayMs' | 'fallbackDelayMs'>>,
): number | undefined {
  if (attempt >= options.maxRetries) return undefined;
  const seconds = parseRetryAfter(retryAfter);
  const delay = seconds === undefined ? options.fallbackDelayMs * 2 ** attempt : seconds * 1000;
  return delay > options.maxDelayMs ? undefined : delay;
}

export function createTransport(options: TransportOptions = {}): FetchLike {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const policy = {
    maxRetries: options.maxRetries ?? 3,
    maxDelayMs: options.maxDelayMs ?? 65_000,
    fallbackDelayMs: options.fallbackDelayMs ?? 1000,
  };
  const base: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      // A fresh copy per attempt: a body can be read once, and each attempt has its own deadline.
      const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]);
      const response = await base(new Request(request.clone(), { signal }));
      if (!isRetryable(response.status, request.method)) return response;
      const delayMs = retryDelayMs(response.headers.get('retry-after'), attempt, policy);
      if (delayMs === undefined) return response;
      // Unread bodies hold the connection; this answer is replaced by the next attempt's.
      await response.body?.cancel();
      options.onRetry?.({ attempt: attempt + 1, status: response.status, delayMs, url: request.url });
      await sleep(delayMs, request.signal);
    }
  };
}
