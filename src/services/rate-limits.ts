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

/** Counters SeenCounts keeps within a minute; past this many it starts over (never a wrong yes). */
const MAX_SEEN_COUNTERS = 100_000;

/**
 * The window counts this process has last been told, by counter: what lets a search start its
 * Elasticsearch read beside its admission (RateLimitTicket.hasHeadroom). Only the current minute's
 * are kept (the counters' own keys carry the minute), and at most MAX_SEEN_COUNTERS of them: a
 * forgotten count reads as unknown, which is no.
 */
class SeenCounts {
  private minute = -1;
  private readonly used = new Map<string, number>();

  get(id: string, minute: number): number | undefined {
    return minute === this.minute ? this.used.get(id) : undefined;
  }

  set(id: string, minute: number, used: number): void {
    if (minute !== this.minute || this.used.size >= MAX_SEEN_COUNTERS) {
      this.used.clear();
      this.minute = minute;
    }
    this.used.set(id, used);
  }
}

export class RateLimits {
  private readonly seen = new SeenCounts();

  constructor(
    private readonly store: Pick<RateLimitStore, 'consume'>,
    private readonly multiplier = 1,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * One request's count, not taken yet: taken alone (`take`, one statement) or by the allowance
   * reservation in the same statement as the grant (services/allowance.ts), so a metered search
   * makes one Postgres round trip, not two.
   */
  ticket(bucket: string, perMinute: number, subject: string, exact: boolean): RateLimitTicket {
    const limit = perMinute * this.multiplier;
    const now = this.now();
    const minute = Math.floor(now / WINDOW_MS);
    return new RateLimitTicket(
      this.store,
      {
        bucket,
        limit,
        key: `${subject}:${String(minute)}`,
        resetSeconds: Math.max(1, Math.ceil(((minute + 1) * WINDOW_MS - now) / 1000)),
        nowMs: now,
        exact,
      },
      this.seen,
      minute,
    );
  }
}

/** Where a request's count goes: the counter row (db/rate-limits.ts) and the window's numbers. */
export interface RateLimitCount {
  bucket: string;
  limit: number;
  /** The counter's key within the bucket: subject and UTC minute. */
  key: string;
  resetSeconds: number;
  nowMs: number;
  /** An account's or a key's counter: never counted in this process's memory (db/rate-limits.ts). */
  exact: boolean;
}

export class RateLimitTicket {
  private state: RateLimitState | undefined;

  constructor(
    private readonly store: Pick<RateLimitStore, 'consume'>,
    readonly count: RateLimitCount,
    private readonly seen: SeenCounts,
    private readonly minute: number,
  ) {}

  /**
   * Whether the window's count, as this process last saw it, leaves at least half the limit: then
   * this request is all but sure to be admitted, and a search may start reading beside the
   * statement that counts it. Unknown (the first of the minute here) is no.
   */
  hasHeadroom(): boolean {
    const used = this.seen.get(this.counter(), this.minute);
    return used !== undefined && used < this.count.limit / 2;
  }

  private counter(): string {
    return `${this.count.bucket}:${this.count.key}`;
  }

  /** The state once taken (by `take` or by a reservation); undefined before. */
  get taken(): RateLimitState | undefined {
    return this.state;
  }

  /**
   * Counts the request alone (the limiter's statement; only a keyless counter falls back to this
   * process's memory, db/rate-limits.ts).
   */
  async take(): Promise<RateLimitState> {
    if (this.state !== undefined) return this.state;
    const { bucket, limit, key, exact } = this.count;
    const remaining = await this.store.consume(bucket, limit, key, exact);
    return this.record(remaining === 'limited' ? limit + 1 : limit - remaining);
  }

  /**
   * Records the window's count after this request (`used`, this request included), as a statement
   * that counted it reports it; throws RateLimitedError (429) over the limit.
   */
  record(used: number): RateLimitState {
    const { limit, resetSeconds } = this.count;
    this.seen.set(this.counter(), this.minute, used);
    // Recorded before a 429 too: the request has been counted and is never counted again.
    this.state = { limit, remaining: Math.max(0, limit - used), resetSeconds };
    if (used > limit) throw new RateLimitedError(limit, resetSeconds);
    return this.state;
  }
}
