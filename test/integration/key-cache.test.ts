import { expect } from 'chai';
import { Writable } from 'node:stream';
import { ActivityRecorder } from '../../src/services/activity.js';
import { ActivityRepository } from '../../src/db/activity.js';
import { KeyCache } from '../../src/services/key-cache.js';
import { keyDigest, parseKey } from '../../src/domain/keys.js';
import { AccountRepository, type AuthenticatedKeyRow } from '../../src/db/accounts.js';
import { KEY_CHANGES_CHANNEL, listenForKeyChanges } from '../../src/db/key-changes.js';
import { createLogger } from '../../src/lib/logger.js';
import { testEnv } from './env.js';
import { call, withKey } from './http.js';
import { untilWaitingOnLock } from './locks.js';

/** A cache over the real repository that counts database lookups and reports what it is told. */
class Observed {
  lookups = 0;
  readonly cache: KeyCache;
  private readonly waiters: { event: 'changed' | 'live' | 'off'; resolve: () => void }[] = [];

  constructor() {
    const repository = new AccountRepository(testEnv().runtime.database.db);
    this.cache = new KeyCache({
      findActiveKey: (digest: Buffer): Promise<AuthenticatedKeyRow | null> => {
        this.lookups += 1;
        return repository.findActiveKey(digest);
      },
    });
  }

  /** What the listener drives: the cache, plus a wake-up for whoever waits on the event. */
  readonly target = {
    changed: (): void => {
      this.cache.changed();
      this.wake('changed');
    },
    setLive: (live: boolean): void => {
      this.cache.setLive(live);
      this.wake(live ? 'live' : 'off');
    },
  };

  next(event: 'changed' | 'live' | 'off'): Promise<void> {
    return new Promise((resolve) => this.waiters.push({ event, resolve }));
  }

  private wake(event: 'changed' | 'live' | 'off'): void {
    for (const waiter of this.waiters.splice(0))
      if (waiter.event === event) waiter.resolve();
      else this.waiters.push(waiter);
  }
}

function digestOf(raw: string): Buffer {
  const parsed = parseKey(raw);
  if (parsed === undefined) throw new Error('malformed test key');
  return keyDigest(parsed.raw, testEnv().config.secrets.apiKeyPepper);
}

/** A listener driving an Observed cache, once it serves (closed by the caller). */
async function listening(
  retryMs?: number,
): Promise<{ observed: Observed; listener: ReturnType<typeof listenForKeyChanges> }> {
  const observed = new Observed();
  const live = observed.next('live');
  const listener = listenForKeyChanges(
    testEnv().runtime.database.db,
    testEnv().config.postgres.schema,
    observed.target,
    createLogger('silent'),
    retryMs,
  );
  await live;
  return { observed, listener };
}

async function newAccount(email: string): Promise<{ key: string; accountId: string; keyId: string }> {
  return testEnv().services.accounts.createActiveAccount({ email, plan: 'growth', isService: false });
}

describe('key cache: authentication without a round trip, dropped on every key or account change', function () {
  this.timeout(60_000);
  const schema = (): string => testEnv().config.postgres.schema;

  it('serves a known key from memory and drops it when another process revokes it or changes its account', async () => {
    const { observed, listener } = await listening();
    try {
      const first = await newAccount('cache-revoke@keys.test');
      const second = await newAccount('cache-status@keys.test');
      expect(await observed.cache.findActiveKey(digestOf(first.key))).to.include({ key_id: first.keyId });
      expect(await observed.cache.findActiveKey(digestOf(first.key))).to.include({ key_id: first.keyId });
      expect(observed.lookups).to.equal(1);

      // Another process (here: plain SQL on another connection) revokes the key.
      const revoked = observed.next('changed');
      await testEnv().runtime.database.db.none("UPDATE api_keys SET status = 'revoked' WHERE id = $1", [
        first.keyId,
      ]);
      await revoked;
      expect(await observed.cache.findActiveKey(digestOf(first.key))).to.equal(null);

      await observed.cache.findActiveKey(digestOf(second.key));
      const canceled = observed.next('changed');
      await testEnv().runtime.database.db.none("UPDATE accounts SET status = 'canceled' WHERE id = $1", [
        second.accountId,
      ]);
      await canceled;
      expect(await observed.cache.findActiveKey(digestOf(second.key))).to.include({
        account_status: 'canceled',
      });
    } finally {
      await listener.close();
    }
  });

  it('announces nothing for last-use stamps or billing bookkeeping', async () => {
    const owner = await newAccount('cache-silent@keys.test');
    const db = testEnv().runtime.database.db;
    const connection = await db.connect({ direct: true });
    try {
      const payloads: string[] = [];
      const marker = new Promise<void>((resolve) => {
        connection.client.on('notification', (message: { payload?: string }) => {
          payloads.push(message.payload ?? '');
          if (message.payload === 'marker') resolve();
        });
      });
      await connection.none('LISTEN $1:name', [KEY_CHANGES_CHANNEL]);
      await db.none('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [owner.keyId]);
      await db.none('UPDATE accounts SET updated_at = now(), stripe_checkout_session_id = $2 WHERE id = $1', [
        owner.accountId,
        'cs_test_silent',
      ]);
      // Notifications arrive in commit order: the marker comes first only if nothing came before.
      await db.one('SELECT pg_notify($1, $2)', [KEY_CHANGES_CHANNEL, 'marker']);
      await marker;
      expect(payloads.filter((payload) => payload === schema())).to.deep.equal([]);
    } finally {
      await connection.done();
    }
  });

  it('goes to the database while the notification connection is down, and serves again once it is back', async () => {
    const owner = await newAccount('cache-lost@keys.test');
    const { observed, listener } = await listening(50);
    try {
      const pid = await testEnv().runtime.database.db.one<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity
          WHERE query = $1 AND application_name = $2 AND pid <> pg_backend_pid()
          ORDER BY backend_start DESC LIMIT 1`,
        [`LISTEN "${KEY_CHANGES_CHANNEL}"`, `job-listings-data-service/${schema()}`.slice(0, 63)],
      );
      const off = observed.next('off');
      const back = observed.next('live');
      await testEnv().runtime.database.db.one('SELECT pg_terminate_backend($1)', [pid.pid]);
      await off;
      await observed.cache.findActiveKey(digestOf(owner.key));
      await observed.cache.findActiveKey(digestOf(owner.key));
      expect(observed.lookups).to.equal(2);
      await back;
      await observed.cache.findActiveKey(digestOf(owner.key));
      await observed.cache.findActiveKey(digestOf(owner.key));
      expect(observed.lookups).to.equal(3);
    } finally {
      await listener.close();
    }
  });

  it('through the API: a revoked key is refused on its next request, and each key shows its last use', async () => {
    await testEnv().runtime.keys.whenLive();
    const owner = await newAccount('cache-api@keys.test');
    const spare = await call('/v1/account/keys', withKey(owner.key, { method: 'POST' }));
    const other = spare.body as { id: string; key: string };
    expect((await call('/v1/feed/active/count', withKey(other.key))).status).to.equal(200);
    expect((await call('/v1/feed/active/count', withKey(other.key))).status).to.equal(200);
    const revoke = await call(`/v1/account/keys/${other.id}`, withKey(owner.key, { method: 'DELETE' }));
    expect(revoke.status).to.equal(200);
    expect((await call('/v1/feed/active/count', withKey(other.key))).body).to.include({
      status: 401,
      code: 'invalid_api_key',
    });

    await testEnv().runtime.activity.flush();
    const listed = await call('/v1/account/keys', withKey(owner.key));
    const keys = (listed.body as { data: { id: string; last_used_at?: string }[] }).data;
    for (const entry of keys) {
      expect(entry.last_used_at, entry.id).to.be.a('string');
      expect(Date.now() - Date.parse(entry.last_used_at ?? '')).to.be.below(60_000);
    }
  });

  it('stamps last use without deadlocking a revocation that holds the account row', async () => {
    const owner = await newAccount('cache-stamp@keys.test');
    const logged: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done): void {
        logged.push(chunk.toString());
        done();
      },
    });
    const recorder = new ActivityRecorder(
      new ActivityRepository(testEnv().runtime.database.counters),
      60_000,
      createLogger('warn', sink),
    );
    recorder.record({
      accountId: owner.accountId,
      keyId: owner.keyId,
      occurredAt: new Date(),
      method: 'GET',
      path: '/v1/feed/active/count',
      status: 200,
      jobsReturned: 0,
    });
    let flushing: Promise<void> | undefined;
    await testEnv().runtime.database.db.tx(async (tx) => {
      // What a revocation does: lock the account, then update the key row.
      await tx.one('SELECT id FROM accounts WHERE id = $1 FOR UPDATE', [owner.accountId]);
      flushing = recorder.flush();
      // The flush now waits on the account row (its foreign keys) ...
      await untilWaitingOnLock(testEnv().runtime.database.db, 'request_activity');
      // ... and must not hold the key row meanwhile, or this update deadlocks.
      await tx.none("UPDATE api_keys SET status = 'revoked', revoked_at = now() WHERE id = $1", [
        owner.keyId,
      ]);
    });
    await flushing;
    expect(logged).to.deep.equal([]);
    const row = await testEnv().runtime.database.db.one<{ status: string; used: boolean; n: number }>(
      `SELECT status, last_used_at IS NOT NULL AS used,
              (SELECT count(*)::int FROM request_activity WHERE key_id = $1) AS n
         FROM api_keys WHERE id = $1`,
      [owner.keyId],
    );
    expect(row).to.deep.equal({ status: 'revoked', used: true, n: 1 });
  });
});
