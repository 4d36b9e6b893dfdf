/**
 * SQL for monthly allowances (allowance_periods): reservations and refunds, which also count the
 * jobs in daily usage (usage_daily), and the current period's state. The rules are described in
 * services/allowance.ts.
 */
import { isoSql, type Queryable } from './database.js';
import { counterRow } from './rate-limits.js';
import type { PlanCode } from '../domain/plans.js';
import type { AccountStatus, SubscriptionStatus } from '../domain/subscriptions.js';

/** What one reservation was granted, and the period's state after it. */
export interface Grant {
  granted: string;
  used: string;
  allowance_limit: string;
  period_start: string;
  /** The UTC day whose usage the grant was counted in (a refund goes back to the same day). */
  day: string;
  resets_at: string;
}

/** The account's plan and its current allowance period (timestamps UTC ISO). */
export interface AllowancePeriodRow {
  plan_code: PlanCode;
  status: AccountStatus;
  subscription_status: SubscriptionStatus | null;
  is_service: boolean;
  period_start: string;
  period_end: string;
  allowance: string;
  used: string;
}

/**
 * The account's current allowance period (`$1` = account id): the subscription's current period;
 * accounts without one (operator-made) use the UTC calendar month. Columns start, stop, allowance.
 */
const CURRENT_PERIOD_SQL = `
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

/**
 * The grant as common table expressions (`$1` account, `$2` want, `$3` whole): `grant_row` upserts
 * the period's row (one conditional upsert: the row lock serializes an account's reservations, so
 * `used` never passes the limit), `counted` adds the grant to today's usage. `admitted`: an extra
 * condition on the grant over the CTEs before it (empty: none).
 */
function grantCtes(admitted: string): string {
  return `period AS (${CURRENT_PERIOD_SQL}),
       grant_row AS (
         INSERT INTO allowance_periods AS ap (account_id, period_start, period_end, allowance_limit, used, last_grant)
         SELECT $1, start, stop, allowance, grant_of($2, allowance, $3), grant_of($2, allowance, $3)
           FROM period${admitted === '' ? '' : `, counted_request WHERE ${admitted}`}
         ON CONFLICT (account_id, period_start) DO UPDATE SET
           allowance_limit = GREATEST(EXCLUDED.allowance_limit, ap.used),
           last_grant = grant_of($2, GREATEST(EXCLUDED.allowance_limit, ap.used) - ap.used, $3),
           used = ap.used + grant_of($2, GREATEST(EXCLUDED.allowance_limit, ap.used) - ap.used, $3)
         RETURNING last_grant, used, allowance_limit, period_start, period_end),
       today AS (SELECT (now() AT TIME ZONE 'UTC')::date AS day),
       counted AS (
         INSERT INTO usage_daily (account_id, day, requests, jobs)
         SELECT $1, today.day, 0, grant_row.last_grant FROM grant_row, today WHERE grant_row.last_grant > 0
         ON CONFLICT (account_id, day) DO UPDATE SET jobs = usage_daily.jobs + EXCLUDED.jobs)`;
}

const GRANT_COLUMNS = `grant_row.last_grant::text AS granted, grant_row.used::text AS used,
       grant_row.allowance_limit::text AS allowance_limit, grant_row.period_start::text AS period_start,
       today.day::text AS day,
       to_char(grant_row.period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS resets_at`;

export class AllowanceRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Grants up to `want` units of the current period (all or nothing with `whole`) with one
   * conditional upsert, and counts the grant in today's usage in the same statement. The row lock
   * serializes an account's concurrent reservations, so `used` can never pass the limit.
   */
  async reserve(accountId: string, want: number, whole: boolean): Promise<Grant> {
    // The plan's allowance applies from the first request after a plan change.
    // What is granted counts as delivered in daily usage at once: a request that delivers it all
    // (most do) then settles without another round trip; settle gives back only what was not.
    return this.db.one<Grant>(
      `WITH ${grantCtes('')}
       SELECT ${GRANT_COLUMNS} FROM grant_row, today`,
      [accountId, want, whole],
    );
  }

  /**
   * reserve, and the request's rate-limit count in the same statement (one round trip instead of
   * two on the search path): the counter row is upserted as rate-limiter-flexible does
   * (db/rate-limits.ts counterRow), and nothing is granted when the count passes `limit`.
   * `requests` is the window's count with this request; `grant` is null when over the limit.
   */
  async admitAndReserve(
    count: { bucket: string; key: string; nowMs: number; limit: number },
    accountId: string,
    want: number,
    whole: boolean,
  ): Promise<{ requests: number; grant: Grant | null }> {
    const row = counterRow(count.bucket, count.key, count.nowMs);
    const answer = await this.db.one<Partial<Grant> & { requests: number }>(
      `WITH counted_request AS (
         INSERT INTO rate_limits AS rl (key, points, expire) VALUES ($4, 1, $5)
         ON CONFLICT (key) DO UPDATE SET
           points = CASE WHEN rl.expire <= $6 THEN 1 ELSE rl.points + 1 END,
           expire = CASE WHEN rl.expire <= $6 THEN $5 ELSE rl.expire END
         RETURNING points),
       ${grantCtes('counted_request.points <= $7')}
       SELECT counted_request.points AS requests, ${GRANT_COLUMNS}
         FROM counted_request CROSS JOIN today LEFT JOIN grant_row ON true`,
      [accountId, want, whole, row.key, row.expire, row.now, count.limit],
    );
    const { requests, granted, used, allowance_limit, period_start, day, resets_at } = answer;
    if (
      granted == null ||
      used == null ||
      allowance_limit == null ||
      period_start == null ||
      day == null ||
      resets_at == null
    )
      return { requests, grant: null };
    return { requests, grant: { granted, used, allowance_limit, period_start, day, resets_at } };
  }

  /**
   * Gives `units` back to the period (`periodStart`, as reserve returned it) and to the usage day.
   * The period row is locked first, as reserve locks it (rate counter, period, usage day): an
   * unreferenced data-modifying CTE runs after the main statement, so the period update is read
   * by the usage update's condition. The other order deadlocked with concurrent reservations of
   * the account (40P01, reproduced with 8 concurrent reserve + refund pairs).
   */
  async refund(accountId: string, periodStart: string, units: number, day: string): Promise<void> {
    await this.db.none(
      `WITH refund AS (
         UPDATE allowance_periods SET used = used - $3
          WHERE account_id = $1 AND period_start = $2::timestamptz
         RETURNING 1)
       UPDATE usage_daily SET jobs = jobs - $3
        WHERE account_id = $1 AND day = $4::date AND (SELECT count(*) FROM refund) >= 0`,
      [accountId, periodStart, units, day],
    );
  }

  /** The account's plan, its current period and what the period has used so far. */
  async currentPeriod(accountId: string): Promise<AllowancePeriodRow> {
    return this.db.one<AllowancePeriodRow>(
      `WITH period AS (${CURRENT_PERIOD_SQL})
       SELECT a.plan_code, a.status, a.subscription_status, a.is_service,
              ${isoSql('period.start')} AS period_start, ${isoSql('period.stop')} AS period_end,
              period.allowance::text AS allowance, COALESCE(ap.used, 0)::text AS used
         FROM accounts a CROSS JOIN period
         LEFT JOIN allowance_periods ap ON ap.account_id = a.id AND ap.period_start = period.start
        WHERE a.id = $1`,
      [accountId],
    );
  }
}
