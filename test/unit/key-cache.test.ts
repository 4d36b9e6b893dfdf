import { expect } from 'chai';
import { KeyCache } from '../../src/services/key-cache.js';
import type { AuthenticatedKeyRow } from '../../src/db/accounts.js';

const ROW: AuthenticatedKeyRow = {
  key_id: 'k1',
  key_kind: 'live',
  account_id: 'a1',
  plan_code: 'scale',
  account_status: 'active',
  is_service: false,
};

/** A database stand-in that counts lookups and can hold one open until released. */
class Lookups {
  calls = 0;
  rows = new Map<string, AuthenticatedKeyRow>([['01', ROW]]);
  private held: (() => void) | undefined;
  hold = false;

  async findActiveKey(digest: Buffer): Promise<AuthenticatedKeyRow | null> {
    this.calls += 1;
    if (this.hold) await new Promise<void>((resolve) => (this.held = resolve));
    return this.rows.get(digest.toString('hex')) ?? null;
  }

  release(): void {
    this.hold = false;
    this.held?.();
  }
}

const digest = (hex: string): Buffer => Buffer.from(hex, 'hex');

describe('key cache', () => {
  let lookups: Lookups;
  let clock: number;
  let cache: KeyCache;

  beforeEach(() => {
    lookups = new Lookups();
    clock = 0;
    cache = new KeyCache(lookups, { ttlMs: 1000, maxEntries: 2 }, () => clock);
  });

  it('goes to the database every time until change notifications are heard', async () => {
    expect(await cache.findActiveKey(digest('01'))).to.deep.equal(ROW);
    expect(await cache.findActiveKey(digest('01'))).to.deep.equal(ROW);
    expect(lookups.calls).to.equal(2);
  });

  it('serves a resolved key from memory while live, and asks again after any change', async () => {
    cache.setLive(true);
    await cache.findActiveKey(digest('01'));
    expect(await cache.findActiveKey(digest('01'))).to.deep.equal(ROW);
    expect(lookups.calls).to.equal(1);
    cache.changed();
    lookups.rows.clear();
    expect(await cache.findActiveKey(digest('01'))).to.equal(null);
    expect(lookups.calls).to.equal(2);
  });

  it('never keeps an unknown key: one created later works at once', async () => {
    cache.setLive(true);
    expect(await cache.findActiveKey(digest('02'))).to.equal(null);
    lookups.rows.set('02', { ...ROW, key_id: 'k2' });
    expect(await cache.findActiveKey(digest('02'))).to.include({ key_id: 'k2' });
  });

  it('does not keep an answer read before a change that arrived while it was in flight', async () => {
    cache.setLive(true);
    lookups.hold = true;
    const pending = cache.findActiveKey(digest('01'));
    cache.changed();
    lookups.release();
    expect(await pending).to.deep.equal(ROW);
    lookups.rows.clear();
    expect(await cache.findActiveKey(digest('01'))).to.equal(null);
  });

  it('stops serving, and forgets, when notifications are lost', async () => {
    cache.setLive(true);
    await cache.findActiveKey(digest('01'));
    cache.setLive(false);
    await cache.findActiveKey(digest('01'));
    await cache.findActiveKey(digest('01'));
    expect(lookups.calls).to.equal(3);
  });

  it('asks again after the time bound, and keeps at most maxEntries keys (oldest out)', async () => {
    cache.setLive(true);
    lookups.rows.set('02', { ...ROW, key_id: 'k2' });
    lookups.rows.set('03', { ...ROW, key_id: 'k3' });
    await cache.findActiveKey(digest('01'));
    clock = 1000;
    await cache.findActiveKey(digest('01'));
    expect(lookups.calls).to.equal(2);
    await cache.findActiveKey(digest('02'));
    await cache.findActiveKey(digest('03'));
    expect(lookups.calls).to.equal(4);
    await cache.findActiveKey(digest('03'));
    await cache.findActiveKey(digest('01'));
    expect(lookups.calls).to.equal(5);
  });

  it('wakes whoever waits for it to serve', async () => {
    let woke = false;
    const waiting = cache.whenLive().then(() => (woke = true));
    expect(woke).to.equal(false);
    cache.setLive(true);
    await waiting;
    expect(woke).to.equal(true);
    await cache.whenLive();
  });
});
