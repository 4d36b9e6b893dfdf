import pgPromise, { type IBaseProtocol, type IDatabase, type IMain } from 'pg-promise';
import type { Config } from '../config.js';
import { withTypedErrors } from './errors.js';

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

/** One round trip to the server (the health probe). */
export async function ping(db: Queryable): Promise<void> {
  await db.one('SELECT 1 AS ok');
}

/** SQL rendering a timestamptz expression as UTC ISO 8601 with milliseconds (`…T…Z`). */
export function isoSql(expression: string): string {
  return `to_char(${expression} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

export interface DatabaseHandle {
  db: Database;
  /**
   * A second, smaller pool for high-rate counters (rate limits, allowance reservations, activity)
   * with asynchronous commit: a commit does not wait for its WAL flush, which saves one disk
   * flush per counter write on the request path. The price, on a Postgres crash only, is losing
   * the last ~0.6 s (3 × wal_writer_delay) of counter updates — never a torn or inconsistent row,
   * because Postgres still replays the WAL in order. Accounts, keys and billing use `db`.
   */
  counters: Database;
  pgp: IMain;
  close(): Promise<void>;
}

/**
 * One pool per process, bound to the configured schema (tests use a unique schema per run).
 * Every statement has a server-side deadline; idle transactions are cut so they cannot hold back
 * the change-feed visibility horizon. Both pools reject with typed errors (errors.ts).
 */
export function createDatabase(
  config: Config['postgres'],
  onIdleError: (error: Error) => void = () => undefined,
): DatabaseHandle {
  const pgp = pgPromise({ schema: config.schema });
  // timestamptz stays an ISO-like string on the response path (Date objects cost 3x to serialize);
  // bigint is a string by default in node-postgres, which avoids precision loss.
  pgp.pg.types.setTypeParser(pgp.pg.types.builtins.TIMESTAMPTZ, (value: string) => value);
  const connection = {
    connectionString: config.url,
    connectionTimeoutMillis: 5000,
    statement_timeout: config.statementTimeoutMs,
    query_timeout: config.statementTimeoutMs + 1000,
    idle_in_transaction_session_timeout: 60_000,
  };
  const db = withTypedErrors(
    pgp({
      ...connection,
      max: config.poolSize,
      // Per schema: visible in pg_stat_activity, and two runtimes on one server are two pools.
      application_name: `job-listings-data-service/${config.schema}`.slice(0, 63),
    }),
  );
  // node-postgres passes the connection string's `options` to the server as startup options.
  const countersUrl = new URL(config.url);
  const options = countersUrl.searchParams.get('options');
  countersUrl.searchParams.set(
    'options',
    `${options === null ? '' : `${options} `}-c synchronous_commit=off`,
  );
  const counters = withTypedErrors(
    pgp({
      ...connection,
      connectionString: countersUrl.toString(),
      max: Math.max(2, Math.ceil(config.poolSize / 2)),
      application_name: `job-listings-data-service/${config.schema}/counters`.slice(0, 63),
    }),
  );
  // An idle connection dropped by the server (restart, failover) must not crash the process:
  // the pool discards it and the next query opens a fresh one.
  db.$pool.on('error', onIdleError);
  counters.$pool.on('error', onIdleError);
  return {
    db,
    counters,
    pgp,
    close: async () => {
      await Promise.all([db.$pool.end(), counters.$pool.end()]);
    },
  };
}
