/** Reads of usage accounting (written by the allowance meter's settle, src/limits/allowance.ts). */
import type { Queryable } from './database.js';

export class UsageRepository {
  constructor(private readonly db: Queryable) {}

  async today(accountId: string): Promise<{ requests: number; jobs: number }> {
    const row = await this.db.oneOrNone<{ requests: number; jobs: string }>(
      `SELECT requests, jobs FROM usage_daily WHERE account_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
      [accountId],
    );
    return { requests: row?.requests ?? 0, jobs: Number(row?.jobs ?? 0) };
  }
}
