/** SQL for usage accounting. */
import type { Queryable } from './database.js';

export class UsageRepository {
  constructor(private readonly db: Queryable) {}

  /** Adds one request returning `jobs` jobs to today's (UTC) usage of the account. */
  async record(accountId: string, jobs: number): Promise<void> {
    await this.db.none(
      `INSERT INTO usage_daily (account_id, day, requests, jobs) VALUES ($1, (now() AT TIME ZONE 'UTC')::date, 1, $2)
       ON CONFLICT (account_id, day) DO UPDATE SET requests = usage_daily.requests + 1, jobs = usage_daily.jobs + EXCLUDED.jobs`,
      [accountId, jobs],
    );
  }

  async today(accountId: string): Promise<{ requests: number; jobs: number }> {
    const row = await this.db.oneOrNone<{ requests: number; jobs: string }>(
      `SELECT requests, jobs FROM usage_daily WHERE account_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
      [accountId],
    );
    return { requests: row?.requests ?? 0, jobs: Number(row?.jobs ?? 0) };
  }
}
