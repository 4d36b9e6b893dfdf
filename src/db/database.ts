import { Socket } from 'node:net';
import pgPromise, { type IBaseProtocol, type IDatabase, type IEventContext, type IMain } from 'pg-promise';
import type { Config } from '../config.js';
import { withDeadline } from '../lib/deadline.js';
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
  /**
   * The counters pool as the rate limiter uses it for keyless counters. Serving requests, each of
   * its statements is given up after RATE_LIMIT_DEADLINE_MS (the limiter then counts in memory, see
   * db/rate-limits.ts).
   */
  rateLimitPool: Database['$pool'];
  /**
   * The counters pool as the rate limiter uses it for account and key counters: given up at the
   * request deadline (PG_REQUEST_TIMEOUT_MS), and then the request fails, never counted in memory.
   */
  exactRateLimitPool: Database['$pool'];
  pgp: IMain;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * Client-side deadline of a process that answers requests (PG_REQUEST_TIMEOUT_MS, default
   * 1500): a statement that has not answered, or a connection not obtained, within it fails
   * (DatabaseTimeoutError or DatabaseUnavailableError → 503), so a request learns within about
   * 2 s that Postgres does not answer. The server-side statement timeout stays as it is. Measured
   * on the 2-core development machine at load 6–10: the heaviest request-path statements read
   * 1,000 change events with their documents (250 ms p50, 400 ms max); the counters' activity
   * flush of 10,000 entries (a backlog; 1,000 normally) 630–810 ms; account transactions, key
   * lookups and allowance reservations (100 at once on one account) stay below 170 ms.
   * Absent (worker, scripts): the statement timeout plus 1 s, and 5 s to connect, so long batch
   * statements keep the server's deadline as theirs.
   */
  requestTimeoutMs?: number;
}

/**
 * How long a request waits for its rate-limit counter when serving. The upsert takes under 1 ms
 * alone; 200 at once took at most 93–217 ms (the first round opening connections) on the 2-core
 * development machine at load 10. Past the deadline the limiter counts the request in memory, so
 * a slow or frozen Postgres costs a request at most this before its own work, which keeps
 * /healthz (rate-limited too) within its 1 s.
 */
export const RATE_LIMIT_DEADLINE_MS = 300;

/**
 * One pool per process, bound to the configured schema (tests use a unique schema per run).
 * Every statement has a server-side deadline; idle transactions are cut so they cannot hold back
 * the change-feed visibility horizon. Both pools reject with typed errors (errors.ts).
 */
export function createDatabase(
  config: Pick<Config['postgres'], 'url' | 'schema' | 'statementTimeoutMs' | 'poolSize'>,
  onIdleError: (error: Error) => void = () => undefined,
  deadlines: DatabaseOptions = {},
): DatabaseHandle {
  const pgp = pgPromise({ schema: config.schema, error: dropTimedOutConnection });
  // timestamptz stays an ISO-like string on the response path (Date objects cost 3x to serialize);
  // bigint is a string by default in node-postgres, which avoids precision loss.
  pgp.pg.types.setTypeParser(pgp.pg.types.builtins.TIMESTAMPTZ, (value: string) => value);
  const { requestTimeoutMs } = deadlines;
  const connection = {
    connectionString: config.url,
    connectionTimeoutMillis: requestTimeoutMs ?? 5000,
    statement_timeout: config.statementTimeoutMs,
    query_timeout: requestTimeoutMs ?? config.statementTimeoutMs + 1000,
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
    rateLimitPool:
      requestTimeoutMs === undefined
        ? counters.$pool
        : withQueryDeadline(counters.$pool, RATE_LIMIT_DEADLINE_MS),
    exactRateLimitPool:
      requestTimeoutMs === undefined ? counters.$pool : withQueryDeadline(counters.$pool, requestTimeoutMs),
    pgp,
    close: async () => {
      await Promise.all([db.$pool.end(), counters.$pool.end()]);
    },
  };
}

/**
 * node-postgres gives up on a statement at query_timeout but leaves it running on the connection:
 * the next statement on that connection (a transaction's ROLLBACK, the next user of the pooled
 * connection) would queue behind it. So the connection is closed at once and marked broken;
 * pg-promise then releases it to the pool as broken, and the pool drops it and opens a new one.
 */
function dropTimedOutConnection(error: unknown, context: IEventContext): void {
  if (!(error instanceof Error) || error.message !== 'Query read timeout') return;
  // pg-promise's own flag for a broken connection: its release then tells the pool to drop it.
  Object.assign(context.client, { $connectionError: error });
  // pg-promise's subset types the stream without destroy(); it is node-postgres's net.Socket.
  const stream: unknown = context.client.connection.stream;
  if (stream instanceof Socket) stream.destroy();
}

/** The pool whose `query` rejects with DeadlineExceededError after `ms` (the statement itself ends at the pool's own deadline). */
function withQueryDeadline(pool: Database['$pool'], ms: number): Database['$pool'] {
  return new Proxy(pool, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'query' || typeof value !== 'function') return value;
      const query = value as (...args: unknown[]) => unknown;
      return (...args: unknown[]) =>
        withDeadline(Promise.resolve(query.apply(target, args)), ms, 'the rate-limit counter');
    },
  });
}
