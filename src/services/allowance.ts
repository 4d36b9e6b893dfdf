/**
 * Monthly allowances (jobs delivered per billing period; no overage). A request reserves up to what
 * it could deliver with one conditional upsert — the row lock serializes an account's concurrent
 * reservations, so `used` can never pass the limit — and counts it in daily usage in the same
 * statement; then settles: what it delivered stays charged, the rest is given back (to the period
 * and to the day it was counted in). A failed request gives everything back, so
 * errors and partial answers cost nothing. A page that would cross the limit is truncated to what
 * was granted; at zero the request is refused with 402 and delivers nothing (a search fetches its
 * page while the reservation is in flight, and drops it).
 */
import type { Principal } from '../domain/principal.js';
import type { Database } from '../db/database.js';
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
 * `metered` for work that can start before the grant is known: `fetch(want)` runs while the
 * reservation is in flight (the reservation's round trip hides behind it), then `finish` cuts what
 * was fetched to the grant. Nothing reaches the caller before the grant; an exhausted allowance is
 * still a 402 (the fetched result is dropped) and a failed fetch still refunds everything.
 */
export async function meteredAhead<F, T>(
  meter: Meter | undefined,
  want: number,
  fetch: (want: number) => Promise<F>,
  finish: (fetched: F, size: number) => { result: T; delivered: number },
): Promise<T> {
  if (meter === undefined) return finish(await fetch(want), want).result;
  const fetching = fetch(want);
  // Handled now: a fetch that fails while the reservation is pending must not be an unhandled rejection.
  fetching.catch(() => undefined);
  const size = await meter.reserve(want);
  let delivered = 0;
  try {
    const outcome = finish(await fetching, size);
    delivered = outcome.delivered;
    return outcome.result;
  } finally {
    await meter.settle(delivered);
  }
}

/**
 * The account's current allowance period (`$1` = account id): the subscription's current period;
 * accounts without one (operator-made) use the UTC calendar month. Columns start, stop, allowance.
 */
export const CURRENT_PERIOD_SQL = `
  SELECT CASE WHEN a.current_period_start <= now() AND now() < a.current_period_end
              THEN a.current_period_start ELSE date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
         END AS start,
         CASE WHEN a.current_period_start <= now() AND now() < a.current_period_end
              THEN a.current_period_end
              ELSE (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC'
         END AS stop,
         p.monthly_allowance AS allowance
    FROM accounts a JOIN plans p ON p.code = a.plan_code
   WHERE a.id = $1`;

export class Allowances {
  constructor(private readonly db: Database) {}

  /** A meter for a subscription-backed principal (undefined: nothing is charged); 402s link `upgradeUrl`. */
  meterFor(principal: Principal | undefined, upgradeUrl: string): Meter | undefined {
    if (principal?.plan === null || principal === undefined) return undefined;
    return new AccountMeter(this.db, principal.accountId, upgradeUrl);
  }
}

interface Grant {
  granted: string;
  used: string;
  allowance_limit: string;
  period_start: string;
  /** The UTC day whose usage the grant was counted in (a refund goes back to the same day). */
  day: string;
  resets_at: string;
}

class AccountMeter implements Meter {
  private reserved = 0;
  /** A reservation awaits its settlement (a second settle of the same reservation does nothing). */
  private open = false;
  charged = 0;
  private periodStart: string | undefined;
  private usageDay: string | undefined;

  constructor(
    private readonly db: Database,
    private readonly accountId: string,
    private readonly upgradeUrl: string,
  ) {}

  async reserve(want: number, options: { whole?: boolean } = {}): Promise<number> {
    // The plan's allowance applies from the first request after a plan change.
    // What is granted counts as delivered in daily usage at once: a request that delivers it all
    // (most do) then settles without another round trip; settle gives back only what was not.
    const grant = await this.db.one<Grant>(
      `WITH period AS (${CURRENT_PERIOD_SQL}),
       grant_row AS (
         INSERT INTO allowance_periods AS ap (account_id, period_start, period_end, allowance_limit, used, last_grant)
         SELECT $1, start, stop, allowance, grant_of($2, allowance, $3), grant_of($2, allowance, $3) FROM period
         ON CONFLICT (account_id, period_start) DO UPDATE SET
           allowance_limit = GREATEST(EXCLUDED.allowance_limit, ap.used),
           last_grant = grant_of($2, GREATEST(EXCLUDED.allowance_limit, ap.used) - ap.used, $3),
           used = ap.used + grant_of($2, GREATEST(EXCLUDED.allowance_limit, ap.used) - ap.used, $3)
         RETURNING last_grant, used, allowance_limit, period_start, period_end),
       today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS day),
       counted AS (
         INSERT INTO usage_daily (account_id, day, requests, jobs)
         SELECT $1, today.day, 0, grant_row.last_grant FROM grant_row, today WHERE grant_row.last_grant > 0
         ON CONFLICT (account_id, day) DO UPDATE SET jobs = usage_daily.jobs + EXCLUDED.jobs)
       SELECT last_grant::text AS granted, used::text AS used, allowance_limit::text AS allowance_limit,
              period_start::text AS period_start, today.day::text AS day,
              to_char(period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS resets_at
         FROM grant_row, today`,
      [this.accountId, want, options.whole === true],
    );
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

  async settle(delivered: number): Promise<void> {
    if (!this.open) return;
    this.open = false;
    const refund = this.reserved - delivered;
    this.reserved = 0;
    this.charged += delivered;
    if (this.periodStart === undefined || this.usageDay === undefined || refund <= 0) return;
    await this.db.none(
      `WITH refund AS (
         UPDATE allowance_periods SET used = used - $3
          WHERE account_id = $1 AND period_start = $2::timestamptz)
       UPDATE usage_daily SET jobs = jobs - $3 WHERE account_id = $1 AND day = $4::date`,
      [this.accountId, this.periodStart, refund, this.usageDay],
    );
  }
}
