import { expect } from 'chai';
import { createDatabase } from '../../src/db/database.js';
import { translateDatabaseError, withTypedErrors } from '../../src/db/errors.js';
import {
  DatabaseConflictError,
  DatabaseTimeoutError,
  DatabaseUnavailableError,
  UpstreamUnavailableError,
} from '../../src/domain/errors.js';
import { toApiError } from '../../src/http/problem.js';

/** A driver failure as node-postgres reports it: an Error with a string `code` (SQLSTATE or socket). */
function driverError(code: string | undefined, message = 'driver failure'): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

const UNAVAILABLE_CODES = [
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EPIPE',
];
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
];

describe('database errors', () => {
  describe('translateDatabaseError', () => {
    for (const code of UNAVAILABLE_CODES) {
      it(`types ${code} as unavailable, keeping the driver error as the cause`, () => {
        const original = driverError(code);
        const translated = translateDatabaseError(original);
        expect(translated).to.be.instanceOf(DatabaseUnavailableError);
        expect((translated as Error).cause).to.equal(original);
      });
    }

    for (const message of UNAVAILABLE_MESSAGES) {
      it(`types "${message}" (no code) as unavailable`, () => {
        expect(translateDatabaseError(driverError(undefined, message))).to.be.instanceOf(
          DatabaseUnavailableError,
        );
      });
    }

    it('types a statement timeout (57014) and the client query timeout as timeouts', () => {
      const statement = driverError('57014', 'canceling statement due to statement timeout');
      expect(translateDatabaseError(statement)).to.be.instanceOf(DatabaseTimeoutError);
      expect(translateDatabaseError(driverError(undefined, 'Query read timeout'))).to.be.instanceOf(
        DatabaseTimeoutError,
      );
    });

    for (const code of ['23505', '40001', '40P01']) {
      it(`types ${code} as a conflict`, () => {
        expect(translateDatabaseError(driverError(code))).to.be.instanceOf(DatabaseConflictError);
      });
    }

    it('leaves every other failure as it is', () => {
      const others: unknown[] = [
        driverError('42P01', 'relation "nope" does not exist'),
        driverError('23503', 'violates foreign key constraint'),
        driverError('ENOTFOUND'),
        // pg-promise's QueryResultError carries a numeric code.
        Object.assign(new Error('No data returned from the query.'), { code: 0 }),
        // A code decides over the message.
        driverError('42601', 'Connection terminated'),
        new Error('something else'),
        'not an error',
        undefined,
      ];
      for (const other of others) expect(translateDatabaseError(other)).to.equal(other);
    });

    it('returns a typed error unchanged', () => {
      const typed = new DatabaseUnavailableError('the database is unavailable', driverError('57P01'));
      expect(translateDatabaseError(typed)).to.equal(typed);
    });
  });

  describe('the problem mapper', () => {
    for (const code of [...UNAVAILABLE_CODES, '57014']) {
      it(`answers a translated ${code} with 503 upstream_unavailable and Retry-After 5`, () => {
        const problem = toApiError(translateDatabaseError(driverError(code)));
        expect(problem).to.be.instanceOf(UpstreamUnavailableError);
        expect(problem?.status).to.equal(503);
        expect(problem?.headers).to.deep.equal({ 'Retry-After': '5' });
      });
    }

    for (const message of [...UNAVAILABLE_MESSAGES, 'Query read timeout']) {
      it(`answers a translated "${message}" with 503`, () => {
        const problem = toApiError(translateDatabaseError(driverError(undefined, message)));
        expect(problem?.status).to.equal(503);
        expect(problem?.headers).to.deep.equal({ 'Retry-After': '5' });
      });
    }

    it('answers a conflict that reached it as an unexpected failure (500), as before', () => {
      expect(toApiError(translateDatabaseError(driverError('23505')))).to.equal(undefined);
    });
  });

  describe('withTypedErrors', () => {
    /** A stand-in for a pg-promise pool: query methods, tasks with a context, and plain properties. */
    class FakeDb {
      readonly $pool = { name: 'pool' };
      readonly seen: string[] = [];
      constructor(private readonly failure?: Error) {}

      one(query: string): Promise<{ query: string }> {
        this.seen.push(query);
        return this.failure === undefined ? Promise.resolve({ query }) : Promise.reject(this.failure);
      }

      async tx<T>(
        tagOrCallback: string | ((t: FakeDb) => Promise<T>),
        callback?: (t: FakeDb) => Promise<T>,
      ): Promise<T> {
        const run = typeof tagOrCallback === 'function' ? tagOrCallback : callback;
        if (run === undefined) throw new Error('no callback');
        this.seen.push(`tx ${run.name}`);
        return run.call(this, this);
      }
    }

    it('rejects a query with the typed error', async () => {
      const db = withTypedErrors(new FakeDb(driverError('57P01')));
      const failure: unknown = await db.one('SELECT 1').catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(DatabaseUnavailableError);
    });

    it('passes results, plain properties and untyped failures through', async () => {
      const fake = new FakeDb();
      const db = withTypedErrors(fake);
      expect(await db.one('SELECT 1')).to.deep.equal({ query: 'SELECT 1' });
      expect(db.$pool).to.equal(fake.$pool);
      const syntax = driverError('42601');
      const failure: unknown = await withTypedErrors(new FakeDb(syntax))
        .one('SELEC 1')
        .catch((error: unknown) => error);
      expect(failure).to.equal(syntax);
    });

    it('types failures of queries inside a transaction, with or without a tag', async () => {
      const db = withTypedErrors(new FakeDb(driverError('57014')));
      for (const run of [
        () => db.tx((t) => t.one('SELECT 1')),
        () => db.tx('tagged', (t) => t.one('SELECT 1')),
      ]) {
        const failure: unknown = await run().catch((error: unknown) => error);
        expect(failure).to.be.instanceOf(DatabaseTimeoutError);
      }
    });

    it('keeps what a transaction callback throws itself, even with a socket error code', async () => {
      const db = withTypedErrors(new FakeDb());
      const own = driverError('ECONNRESET', 'an HTTP call inside the transaction failed');
      const failure: unknown = await db
        .tx(async () => {
          await Promise.resolve();
          throw own;
        })
        .catch((error: unknown) => error);
      expect(failure).to.equal(own);
    });

    it('types a failure of the transaction itself (begin, commit, connection)', async () => {
      const fake = new FakeDb();
      fake.tx = () => Promise.reject(driverError(undefined, 'timeout exceeded when trying to connect'));
      const failure: unknown = await withTypedErrors(fake)
        .tx(() => Promise.resolve())
        .catch((error: unknown) => error);
      expect(failure).to.be.instanceOf(DatabaseUnavailableError);
    });

    it('wraps both pools createDatabase makes (nothing listens on port 1: connection refused)', async () => {
      const handle = createDatabase({
        url: 'postgres://nobody@127.0.0.1:1/none',
        schema: 'unit_db_errors',
        statementTimeoutMs: 1000,
        poolSize: 1,
      });
      try {
        for (const pool of [handle.db, handle.counters]) {
          const failures: unknown[] = await Promise.all([
            pool.one('SELECT 1').catch((error: unknown) => error),
            pool.tx((t) => t.one('SELECT 1')).catch((error: unknown) => error),
          ]);
          for (const failure of failures) expect(failure).to.be.instanceOf(DatabaseUnavailableError);
        }
      } finally {
        await handle.close();
      }
    });

    it("keeps a named callback's name (pg-promise tags the task with it)", async () => {
      const fake = new FakeDb();
      await withTypedErrors(fake).tx(async function crawl(t) {
        return t.one('SELECT 1');
      });
      expect(fake.seen).to.deep.equal(['tx crawl', 'SELECT 1']);
    });
  });
});
