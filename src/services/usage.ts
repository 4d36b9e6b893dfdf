/** What an account has used: GET /v1/account/usage and GET /v1/usage/daily. */
import { isoSql, type Queryable } from '../db/database.js';
import { ValidationFailedError } from '../domain/errors.js';
import { TIERS, type Entitlement, type PlanCode } from '../domain/plans.js';
import type { AccountStatus, SubscriptionStatus } from '../domain/subscriptions.js';
import { CURRENT_PERIOD_SQL } from './allowance.js';
import type { Principal } from '../domain/principal.js';

/** Daily usage spans at most 90 days inclusive; the default is the last 30. */
const MAX_SPAN_DAYS = 90;
const DEFAULT_SPAN_DAYS = 30;
const RECENT_ACTIVITY = 50;

export interface UsageDay {
  date: string;
  requests: number;
  jobs_returned: number;
}

export interface AccountUsage {
  account_id: string;
  plan: PlanCode;
  subscription_status: SubscriptionStatus;
  entitlements: (Entitlement | 'service')[];
  period_start: string;
  period_end: string;
  allowance: { limit: number; used: number; remaining: number };
  daily: UsageDay[];
  recent_activity: {
    occurred_at: string;
    key_id: string;
    key_hint: string;
    method: string;
    path: string;
    status: number;
    jobs_returned: number;
  }[];
}

export interface DailyUsage {
  date_from: string;
  date_to: string;
  data: UsageDay[];
}

interface SummaryRow {
  plan_code: PlanCode;
  status: AccountStatus;
  subscription_status: SubscriptionStatus | null;
  is_service: boolean;
  period_start: string;
  period_end: string;
  allowance: string;
  used: string;
}

export class UsageService {
  constructor(private readonly db: Queryable) {}

  async accountUsage(principal: Principal): Promise<AccountUsage> {
    const summary = await this.db.one<SummaryRow>(
      `WITH period AS (${CURRENT_PERIOD_SQL})
       SELECT a.plan_code, a.status, a.subscription_status, a.is_service,
              ${isoSql('period.start')} AS period_start, ${isoSql('period.stop')} AS period_end,
              period.allowance::text AS allowance, COALESCE(ap.used, 0)::text AS used
         FROM accounts a CROSS JOIN period
         LEFT JOIN allowance_periods ap ON ap.account_id = a.id AND ap.period_start = period.start
        WHERE a.id = $1`,
      [principal.accountId],
    );
    const [daily, recent] = await Promise.all([
      // period_start is UTC ISO: its first ten characters are the UTC day.
      this.days(principal.accountId, summary.period_start.slice(0, 10)),
      this.db.any<AccountUsage['recent_activity'][number]>(
        `SELECT ${isoSql('r.occurred_at')} AS occurred_at, r.key_id, k.hint AS key_hint, r.method, r.path,
                r.status::int AS status, r.jobs_returned
           FROM request_activity r JOIN api_keys k ON k.id = r.key_id
          WHERE r.account_id = $1 AND r.occurred_at > now() - interval '7 days'
          ORDER BY r.occurred_at DESC, r.id DESC LIMIT ${RECENT_ACTIVITY}`,
        [principal.accountId],
      ),
    ]);
    const limit = Number(summary.allowance);
    const used = Number(summary.used);
    return {
      account_id: principal.accountId,
      plan: summary.plan_code,
      subscription_status: summary.subscription_status ?? stripeStatusOf(summary.status),
      entitlements: [
        ...TIERS[summary.plan_code].entitlements,
        ...(summary.is_service ? (['service'] as const) : []),
      ],
      period_start: summary.period_start,
      period_end: summary.period_end,
      allowance: { limit, used, remaining: Math.max(0, limit - used) },
      daily,
      recent_activity: recent,
    };
  }

  /** Defaults: date_to = today (UTC), date_from = date_to − 29 days; at most 90 days, in order. */
  async dailyUsage(
    principal: Principal,
    range: { date_from?: string; date_to?: string },
  ): Promise<DailyUsage> {
    const dateTo = range.date_to ?? new Date().toISOString().slice(0, 10);
    const dateFrom = range.date_from ?? addDays(dateTo, -(DEFAULT_SPAN_DAYS - 1));
    checkRange(dateFrom, dateTo);
    const data = await this.days(principal.accountId, dateFrom, dateTo);
    return { date_from: dateFrom, date_to: dateTo, data };
  }

  /** One entry per UTC day from `from` to `to` (default: today by the database clock), zeros included. */
  private async days(accountId: string, from: string, to?: string): Promise<UsageDay[]> {
    return this.db.any<UsageDay>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date, COALESCE(u.requests, 0) AS requests,
              COALESCE(u.jobs, 0)::int AS jobs_returned
         FROM generate_series($2::date, COALESCE($3::date, (now() AT TIME ZONE 'UTC')::date), interval '1 day') AS d
         LEFT JOIN usage_daily u ON u.account_id = $1 AND u.day = d::date
        ORDER BY d`,
      [accountId, from, to ?? null],
    );
  }
}

export function checkRange(dateFrom: string, dateTo: string): void {
  if (dateFrom > dateTo) {
    throw new ValidationFailedError([
      {
        loc: ['query', 'date_from'],
        msg: 'date_from must not be after date_to',
        type: 'date_range_inverted',
        input: dateFrom,
      },
    ]);
  }
  if (addDays(dateFrom, MAX_SPAN_DAYS - 1) < dateTo) {
    throw new ValidationFailedError([
      {
        loc: ['query', 'date_to'],
        msg: `The range may span at most ${MAX_SPAN_DAYS} days`,
        type: 'date_range_too_long',
        input: dateTo,
        ctx: { max_days: MAX_SPAN_DAYS },
      },
    ]);
  }
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Accounts made by the operator have no Stripe status; show the one matching their access. */
function stripeStatusOf(status: AccountStatus): SubscriptionStatus {
  return status === 'pending' ? 'incomplete' : status;
}
