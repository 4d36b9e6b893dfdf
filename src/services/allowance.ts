/**
 * Monthly allowances (jobs delivered per billing period; no overage). A request reserves up to what
 * it could deliver with one conditional upsert — the row lock serializes an account's concurrent
 * reservations, so `used` can never pass the limit — and counts it in daily usage in the same
 * statement; then settles: what it delivered stays charged, the rest is given back (to the period
 * and to the day it was counted in). A failed request gives everything back, so
 * errors and partial answers cost nothing. A page that would cross the limit is truncated to what
 * was granted; at zero the request is refused with 402 and delivers nothing (a search of an account
 * with room fetches its page while the reservation is in flight, meteredAhead, and drops it).
 */
import type { AllowanceRepository, Grant } from '../db/allowance.js';
import type { RateLimitTicket } from './rate-limits.js';
import { AllowanceExhaustedError } from '../domain/errors.js';

/** One request's claim on its account's allowance. */
export interface Meter {
  /**
   * Grants up to `want` units (at least 1), or throws 402 allowance_exhausted. With `whole`, grants
   * all of `want` or nothing (an export part is charged as a whole before it streams).
   */
  reserve(want: number, options?: { whole?: boolean }): Promise<number>;
  /** Keeps `delivered` units charged and returns the rest of the reservation. */
  settle(delivered: number): Promise<void>;
  /** Units this request has been charged so far (shown in the account's recent activity). */
  readonly charged: number;
  /**
   * Whether `want` is all but sure to be granted whole and the request admitted, as this process
   * last saw the account's allowance and rate-limit window (at least twice `want` left, at least
   * half the window): then the work may start beside the reservation (meteredAhead).
   */
  ahead(want: number): boolean;
}

/** Reserve `want`, run with the granted size, settle what was delivered; a failure refunds all. */
export async function metered<T>(
  meter: Meter | undefined,
  want: number,
  run: (size: number) => Promise<{ result: T; delivered: number }>,
): Promise<T> {
  if (meter === undefined) return (await run(want)).result;
  const size = await meter.reserve(want);
  let delivered = 0;
  try {
    const outcome = await run(size);
    delivered = outcome.delivered;
    return outcome.result;
  } finally {
    await meter.settle(delivered);
  }
}

/**
 * metered, with the work started beside the reservation when the meter says it is all but sure to
 * be granted (Meter.ahead): the reservation's Postgres round trip then hides behind the work instead
 * of preceding it. `fetch(size)` does the work for `size` units, `finish(fetched, granted)` makes the
 * result of what was granted (a grant below the size fetched cuts it). A refusal (402, 429) drops
 * what was fetched and delivers nothing; a failed fetch gives the whole reservation back.
 */
export async function meteredAhead<F, T>(
  meter: Meter | undefined,
  want: number,
  fetch: (size: number) => Promise<F>,
  finish: (fetched: F, granted: number) => { result: T; delivered: number },
): Promise<T> {
  if (meter === undefined) return finish(await fetch(want), want).result;
  // Settled at once, so a fetch that fails while the reservation is out is never an unhandled
  // rejection (which would end the process), and a refused request just drops it.
  const early = meter.ahead(want) ? settle(fetch(want)) : undefined;
  const granted = await meter.reserve(want);
  let delivered = 0;
  try {
    const fetched = early === undefined ? await fetch(granted) : unwrap(await early);
    const outcome = finish(fetched, granted);
    delivered = outcome.delivered;
    return outcome.result;
  } finally {
    await meter.settle(delivered);
  }
}

type Settled<F> = { ok: true; value: F } | { ok: false; error: unknown };

function settle<F>(work: Promise<F>): Promise<Settled<F>> {
  return work.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );
}

function unwrap<F>(settled: Settled<F>): F {
  if (!settled.ok) throw settled.error;
  return settled.value;
}

/** The statements a meter makes (db/allowance.ts). */
type MeterStatements = Pick<AllowanceRepository, 'reserve' | 'admitAndReserve' | 'refund'>;

/** Accounts whose allowance left this process remembers; past this many it starts over. */
const MAX_REMEMBERED_ACCOUNTS = 100_000;

export class Allowances {
  /** What each account had left after its last grant here (for Meter.ahead). */
  private readonly left = new Map<string, number>();

  /** `allowances`: the account allowances' repository (on the counters pool). */
  constructor(private readonly allowances: MeterStatements) {}

  /**
   * The meter of an account the access policy charges; its 402s link `upgradeUrl`. With the
   * request's rate-limit `ticket` not taken yet, the first reservation takes it in the same
   * statement (one Postgres round trip on the search path instead of two) and answers 429 over
   * the limit without granting anything.
   */
  meterFor(accountId: string, upgradeUrl: string, ticket?: RateLimitTicket): Meter {
    return new AccountMeter(this.allowances, accountId, upgradeUrl, ticket, this.left);
  }
}

class AccountMeter implements Meter {
  private reserved = 0;
  /** A reservation awaits its settlement (a second settle of the same reservation does nothing). */
  private open = false;
  charged = 0;
  private periodStart: string | undefined;
  private usageDay: string | undefined;

  constructor(
    private readonly allowances: MeterStatements,
    private readonly accountId: string,
    private readonly upgradeUrl: string,
    private readonly ticket: RateLimitTicket | undefined,
    private readonly left: Map<string, number>,
  ) {}

  ahead(want: number): boolean {
    const left = this.left.get(this.accountId);
    const admitted =
      this.ticket === undefined || this.ticket.taken !== undefined || this.ticket.hasHeadroom();
    return admitted && left !== undefined && left >= 2 * want;
  }

  async reserve(want: number, options: { whole?: boolean } = {}): Promise<number> {
    const grant = await this.grant(want, options.whole === true);
    if (this.left.size >= MAX_REMEMBERED_ACCOUNTS) this.left.clear();
    this.left.set(this.accountId, Number(grant.allowance_limit) - Number(grant.used));
    const granted = Number(grant.granted);
    if (granted === 0) {
      throw new AllowanceExhaustedError({
        limit: Number(grant.allowance_limit),
        used: Number(grant.used),
        resetsAt: grant.resets_at,
        requested: want,
        upgradeUrl: this.upgradeUrl,
      });
    }
    this.reserved += granted;
    this.open = true;
    this.periodStart = grant.period_start;
    this.usageDay = grant.day;
    return granted;
  }

  private async grant(want: number, whole: boolean): Promise<Grant> {
    const ticket = this.ticket;
    if (ticket === undefined || ticket.taken !== undefined)
      return this.allowances.reserve(this.accountId, want, whole);
    const admitted = await this.allowances.admitAndReserve(ticket.count, this.accountId, want, whole);
    ticket.record(admitted.requests);
    if (admitted.grant === null) throw new Error('a request under its rate limit was granted nothing');
    return admitted.grant;
  }

  async settle(delivered: number): Promise<void> {
    if (!this.open) return;
    this.open = false;
    const refund = this.reserved - delivered;
    this.reserved = 0;
    this.charged += delivered;
    if (this.periodStart === undefined || this.usageDay === undefined || refund <= 0) return;
    await this.allowances.refund(this.accountId, this.periodStart, refund, this.usageDay);
  }
}
