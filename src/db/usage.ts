/** Reads of usage accounting (written by the allowance meter and the activity batch: db/allowance.ts, db/activity.ts). */
import type { Queryable } from './database.js';

export interface UsageDayRow {
  date: string;
  requests: number;
  jobs_returned: number;
}

export class UsageRepository {
  constructor(private readonly db: Queryable) {}

  async today(accountId: string): Promise<{ requests: number; jobs: number }> {
    const row = await this.db.oneOrNone<{ requests: number; jobs: string }>(
      `SELECT requests, jobs FROM usage_daily WHERE account_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
      [accountId],
    );
    return { requests: row?.requests ?? 0, jobs: Number(row?.jobs ?? 0) };
  }

  /** One entry per UTC day from `from` to `to` (default: today by the database clock), zeros included. */
  async days(accountId: string, from: string, to?: string): Promise<UsageDayRow[]> {
    return this.db.any<UsageDayRow>(
      `SELECT to_char(d, 'YYYY-MM-DD') AS date, COALESCE(u.requests, 0) AS requests,
              COALESCE(u.jobs, 0)::int AS jobs_returned
         FROM generate_series($2::date, COALESCE($3::date, (now() AT TIME ZONE 'UTC')::date), interval '1 day') AS d
         LEFT JOIN usage_daily u ON u.account_id = $1 AND u.day = d::date
        ORDER BY d`,
      [accountId, from, to ?? null],
    );
  }
}
