import pgPromise, { type IBaseProtocol, type IDatabase, type IMain } from 'pg-promise';
import type { Config } from '../config.js';

export type Database = IDatabase<object>;
/** The pool or a transaction: repositories take either, so callers choose the transaction scope. */
export type Queryable = IBaseProtocol<object>;

/** The database clock as UTC ISO with millisecond precision (first_seen's precision). */
export async function databaseNow(db: Queryable): Promise<string> {
  const row = await db.one<{ now: string }>(
    `SELECT to_char(date_trunc('milliseconds', clock_timestamp()) AT TIME ZONE 'UTC',
                    'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS now`,
  );
  return row.now;
}

/** SQL rendering a timestamptz expression as UTC ISO 8601 with milliseconds (`…T…Z`). */
export function isoSql(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export interface DatabaseHandle {
  db: Database;
  pgp: IMain;
  close(): Promise<void>;
}

/**
 * One pool per process, bound to the configured schema (tests use a unique schema per run).
 * Every statement has a server-side deadline; idle transactions are cut so they cannot hold back
 * the change-feed visibility horizon.
 */
export function createDatabase(
  config: Config['postgres'],
  onIdleError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pgp = pgPromise({ schema: config.schema });
  // timestamptz stays an ISO-like string on the response path (Date objects cost 3x to serialize);
  // bigint is a string by default in node-postgres, which avoids precision loss.
  pgp.pg.types.setTypeParser(pgp.pg.types.builtins.TIMESTAMPTZ, (value: string) => value);
  const db = pgp({
    connectionString: config.url,
    max: config.poolSize,
    connectionTimeoutMillis: 5000,
    statement_timeout: config.statementTimeoutMs,
    query_timeout: config.statementTimeoutMs + 1000,
    idle_in_transaction_session_timeout: 60_000,
    // Per schema: visible in pg_stat_activity, and two runtimes on one server are two pools.
    application_name: `job-listings-data-service/${config.schema}`.slice(0, 63),
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool discards it and the next query opens a fresh one.
  db.$pool.on('error', onIdleError);
  return {
    db,
    pgp,
    close: async () => {
      await db.$pool.end();
    },
  };
}
