/**
 * Per-minute rate limits per bucket (OpenAPI `x-rate-limit` / `x-rate-limit-bucket`), counted in
 * Postgres (db/rate-limits.ts) so every API instance shares the counters. Windows are fixed and
 * aligned to the UTC minute: the minute is part of the counter's key.
 */
import type { RateLimitStore } from '../db/rate-limits.js';
import { RateLimitedError } from '../domain/errors.js';

const WINDOW_MS = 60_000;

export interface RateLimitState {
  limit: number;
  /** Requests left in the current window after this one. */
  remaining: number;
  /** Seconds until the window resets (1–60). */
  resetSeconds: number;
}

export class RateLimits {
  constructor(
    private readonly store: Pick<RateLimitStore, 'consume'>,
    private readonly multiplier = 1,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `subject` in `bucket`; throws RateLimitedError (429) over the limit. */
  async consume(bucket: string, perMinute: number, subject: string): Promise<RateLimitState> {
    const limit = perMinute * this.multiplier;
    const now = this.now();
    const minute = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * WINDOW_MS - now) / 1000));
    const remaining = await this.store.consume(bucket, limit, `${subject}:${String(minute)}`);
    if (remaining === 'limited') throw new RateLimitedError(limit, resetSeconds);
    return { limit, remaining, resetSeconds };
  }
}
