/**
 * Per-minute rate limits per bucket (OpenAPI `x-rate-limit` / `x-rate-limit-bucket`), counted in
 * Postgres with rate-limiter-flexible so every API instance shares the counters: one atomic upsert
 * per request. Windows are fixed and aligned to the UTC minute: the minute is part of the counter's
 * key. If the store fails, a per-process in-memory limiter with the same limit takes over (the
 * library's insurance limiter), so /healthz and friends keep answering while Postgres is down.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from '../db/database.js';
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
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(
    private readonly pool: Database['$pool'],
    private readonly schema: string,
    private readonly multiplier = 1,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `subject` in `bucket`; throws RateLimitedError (429) over the limit. */
  async consume(bucket: string, perMinute: number, subject: string): Promise<RateLimitState> {
    const limit = perMinute * this.multiplier;
    const now = this.now();
    const minute = Math.floor(now / WINDOW_MS);
    const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * WINDOW_MS - now) / 1000));
    try {
      const result = await this.limiter(bucket, limit).consume(`${subject}:${String(minute)}`);
      return { limit, remaining: result.remainingPoints, resetSeconds };
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RateLimitedError(limit, resetSeconds);
      throw error;
    }
  }

  private limiter(bucket: string, limit: number): RateLimiterPostgres {
    const name = `${bucket}/${String(limit)}`;
    let limiter = this.limiters.get(name);
    if (limiter === undefined) {
      limiter = new RateLimiterPostgres({
        storeClient: this.pool,
        storeType: 'pool',
        schemaName: this.schema,
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: bucket,
        points: limit,
        // A little over the window: the key changes with the minute, so this only bounds the row's life.
        duration: 90,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: bucket, points: limit, duration: 90 }),
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
