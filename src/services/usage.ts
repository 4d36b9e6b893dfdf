/** What an account has used: GET /v1/account/usage and GET /v1/usage/daily. */
import type { ActivityRepository, RecentActivityRow } from '../db/activity.js';
import type { AllowanceRepository } from '../db/allowance.js';
import type { UsageRepository } from '../db/usage.js';
import { ValidationFailedError } from '../domain/errors.js';
import type { PlanCode } from '../domain/plans.js';
import type { AccountStatus, SubscriptionStatus } from '../domain/subscriptions.js';
import type { Principal } from '../domain/principal.js';
import { entitlementsOf, type OperationEntitlement } from '../policies/access.js';

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
  entitlements: OperationEntitlement[];
  period_start: string;
  period_end: string;
  allowance: { limit: number; used: number; remaining: number };
  daily: UsageDay[];
  recent_activity: RecentActivityRow[];
}

export interface DailyUsage {
  date_from: string;
  date_to: string;
  data: UsageDay[];
}

export class UsageService {
  constructor(
    private readonly usage: UsageRepository,
    private readonly allowances: AllowanceRepository,
    private readonly activity: ActivityRepository,
  ) {}

  async accountUsage(principal: Principal): Promise<AccountUsage> {
    const summary = await this.allowances.currentPeriod(principal.accountId);
    const [daily, recent] = await Promise.all([
      // period_start is UTC ISO: its first ten characters are the UTC day.
      this.days(principal.accountId, summary.period_start.slice(0, 10)),
      this.activity.recent(principal.accountId, RECENT_ACTIVITY),
    ]);
    const limit = Number(summary.allowance);
    const used = Number(summary.used);
    return {
      account_id: principal.accountId,
      plan: summary.plan_code,
      subscription_status: summary.subscription_status ?? stripeStatusOf(summary.status),
      entitlements: entitlementsOf(summary.plan_code, summary.is_service),
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
    return this.usage.days(accountId, from, to);
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
