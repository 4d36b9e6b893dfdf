/**
 * Rate-limit counters in Postgres (table `rate_limits`), through rate-limiter-flexible: one atomic
 * upsert per request, shared by every API instance. If Postgres fails, a per-process in-memory
 * limiter with the same limit takes over (the library's insurance limiter), so /healthz and friends
 * keep answering while Postgres is down.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from './database.js';

/** A counter row's life: a little over the window (the key changes with the minute). */
const ROW_SECONDS = 90;

/**
 * The counter row a request counts in, as rate-limiter-flexible writes it (key `bucket:key`,
 * points, expire in epoch ms): what a statement that counts the request itself (the allowance
 * reservation, db/allowance.ts) upserts, so both share one counter.
 */
export function counterRow(
  bucket: string,
  key: string,
  nowMs: number,
): { key: string; expire: number; now: number } {
  return { key: `${bucket}:${key}`, expire: nowMs + ROW_SECONDS * 1000, now: nowMs };
}

export class RateLimitStore {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(
    private readonly pool: Database['$pool'],
    private readonly schema: string,
  ) {}

  /** Counts one request under `key` in `bucket`: the points left, or `limited` over `limit`. */
  async consume(bucket: string, limit: number, key: string): Promise<number | 'limited'> {
    try {
      return (await this.limiter(bucket, limit).consume(key)).remainingPoints;
    } catch (error) {
      if (error instanceof RateLimiterRes) return 'limited';
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
        duration: ROW_SECONDS,
        insuranceLimiter: new RateLimiterMemory({ keyPrefix: bucket, points: limit, duration: ROW_SECONDS }),
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
