/** Response shapes of account usage (OpenAPI AccountUsage, DailyUsage). */
import type { ResponseBody } from '../openapi/operations.js';
import type { AccountUsage, DailyUsage, UsageDay } from '../services/usage.js';

function presentDay(day: UsageDay): { date: string; requests: number; jobs_returned: number } {
  return { date: day.date, requests: day.requests, jobs_returned: day.jobs_returned };
}

export function presentAccountUsage(usage: AccountUsage): ResponseBody<'getAccountUsage'> {
  const { limit, used, remaining } = usage.allowance;
  return {
    account_id: usage.account_id,
    plan: usage.plan,
    subscription_status: usage.subscription_status,
    entitlements: usage.entitlements,
    period_start: usage.period_start,
    period_end: usage.period_end,
    allowance: { limit, used, remaining },
    daily: usage.daily.map(presentDay),
    recent_activity: usage.recent_activity.map((entry) => ({
      occurred_at: entry.occurred_at,
      key_id: entry.key_id,
      key_hint: entry.key_hint,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      jobs_returned: entry.jobs_returned,
    })),
  };
}

export function presentDailyUsage(usage: DailyUsage): ResponseBody<'getDailyUsage'> {
  return { date_from: usage.date_from, date_to: usage.date_to, data: usage.data.map(presentDay) };
}
