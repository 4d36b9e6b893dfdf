/**
 * Rate-limit counters in Postgres (table `rate_limits`), through rate-limiter-flexible: one atomic
 * upsert per request, shared by every API instance.
 *
 * Two kinds of counter, because a fallback is only harmless where nothing is sold:
 * - **exact** (an account's or a key's: plan terms): counted on the counters pool under the
 *   request deadline; when Postgres cannot count in time the request fails (503 upstream
 *   unavailable), never admitted on a count of this process alone. Two API processes falling back
 *   to memory admitted 69 of a burst of 100 under a limit of 60 (a full run under load).
 * - **insured** (keyless requests, counted per client address: /healthz, the document, previews):
 *   given up after RATE_LIMIT_DEADLINE_MS, then a per-process in-memory limiter with the same limit
 *   takes over (the library's insurance limiter), so /healthz keeps answering within its second
 *   while Postgres is down.
 */
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { Database } from './database.js';
import { translateDatabaseError } from './errors.js';

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

  /**
   * `insuredPool`: the counters pool with the rate-limit deadline (keyless counters);
   * `exactPool`: the counters pool with the request deadline (account and key counters).
   */
  constructor(
    private readonly insuredPool: Database['$pool'],
    private readonly exactPool: Database['$pool'],
    private readonly schema: string,
  ) {}

  /**
   * Counts one request under `key` in `bucket`: the points left, or `limited` over `limit`. An
   * exact counter Postgres cannot update in time throws the typed database error.
   */
  async consume(bucket: string, limit: number, key: string, exact: boolean): Promise<number | 'limited'> {
    try {
      return (await this.limiter(bucket, limit, exact).consume(key)).remainingPoints;
    } catch (error) {
      if (error instanceof RateLimiterRes) return 'limited';
      throw translateDatabaseError(error);
    }
  }

  private limiter(bucket: string, limit: number, exact: boolean): RateLimiterPostgres {
    const name = `${bucket}/${String(limit)}/${exact ? 'exact' : 'insured'}`;
    let limiter = this.limiters.get(name);
    if (limiter === undefined) {
      limiter = new RateLimiterPostgres({
        storeClient: exact ? this.exactPool : this.insuredPool,
        storeType: 'pool',
        schemaName: this.schema,
        tableName: 'rate_limits',
        tableCreated: true,
        keyPrefix: bucket,
        points: limit,
        duration: ROW_SECONDS,
        ...(exact
          ? {}
          : {
              insuranceLimiter: new RateLimiterMemory({
                keyPrefix: bucket,
                points: limit,
                duration: ROW_SECONDS,
              }),
            }),
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
