import { expect } from 'chai';
import { AccountService } from '../../src/services/accounts.js';
import { AccountRepository } from '../../src/db/accounts.js';
import { serve, testEnv } from './env.js';
import { call, jsonBody, type Problem, type ValidationBody } from './http.js';

const key = (value: string, init: RequestInit = {}): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string> | undefined), 'X-API-Key': value },
});

interface KeyView {
  id: string;
  key?: string;
  label?: string;
  hint: string;
  status: string;
  current?: boolean;
}

async function account(
  email: string,
  options: { isService?: boolean } = {},
): Promise<{ key: string; accountId: string; keyId: string }> {
  return testEnv().services.accounts.createActiveAccount({
    email,
    plan: 'starter',
    isService: options.isService ?? false,
  });
}

async function createKey(raw: string, label?: string): Promise<KeyView & { key: string }> {
  const response = await call('/v1/account/keys', key(raw, jsonBody(label === undefined ? {} : { label })));
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return response.body as KeyView & { key: string };
}

describe('account keys: list, create, rotate, revoke', function () {
  this.timeout(60_000);

  it('lists metadata only (hint, label, status, current), active keys first', async () => {
    const owner = await account('list@keys.test');
    const extra = await createKey(owner.key, 'ci');
    expect(extra.key).to.match(/^jls_live_/);
    expect(extra.hint).to.equal(extra.key.slice(-4));
    await call(`/v1/account/keys/${extra.id}`, key(owner.key, { method: 'DELETE' }));
    const third = await createKey(owner.key);
    const listed = await call('/v1/account/keys', key(owner.key));
    expect(listed.status).to.equal(200);
    const data = (listed.body as { data: KeyView[] }).data;
    expect(data.map((entry) => [entry.id, entry.status])).to.deep.equal([
      [owner.keyId, 'active'],
      [third.id, 'active'],
      [extra.id, 'revoked'],
    ]);
    expect(data[0]).to.include({ current: true, label: 'operator' });
    expect(data[1]).not.to.have.property('label');
    for (const entry of data) expect(entry).not.to.have.property('key');
    expect(JSON.stringify(listed.body)).not.to.include(extra.key.slice(9, 30));
  });

  it('never revokes the last active key, answers 404 for another account’s key, and is idempotent', async () => {
    const owner = await account('last@keys.test');
    const stranger = await account('stranger@keys.test');
    const last = await call(`/v1/account/keys/${owner.keyId}`, key(owner.key, { method: 'DELETE' }));
    expect(last.status).to.equal(409);
    expect((last.body as Problem).code).to.equal('last_active_key');
    const foreign = await call(`/v1/account/keys/${stranger.keyId}`, key(owner.key, { method: 'DELETE' }));
    expect(foreign.status).to.equal(404);
    const spare = await createKey(owner.key);
    expect(
      (await call(`/v1/account/keys/${owner.keyId}`, key(spare.key, { method: 'DELETE' }))).body,
    ).to.include({
      status: 'revoked',
    });
    const again = await call(`/v1/account/keys/${owner.keyId}`, key(spare.key, { method: 'DELETE' }));
    expect(again.status).to.equal(200);
    expect(again.body).to.include({ id: owner.keyId, status: 'revoked' });
    const badId = await call('/v1/account/keys/not-a-uuid', key(spare.key, { method: 'DELETE' }));
    expect(badId.status).to.equal(422);
  });

  it('stops at 25 active keys with 409 key_limit_reached (rotation counts too)', async () => {
    const owner = await account('limit@keys.test');
    for (let n = 1; n < 25; n += 1) await createKey(owner.key, `k${n}`);
    const over = await call('/v1/account/keys', key(owner.key, jsonBody({ label: 'one too many' })));
    expect(over.status).to.equal(409);
    expect(over.body).to.include({ code: 'key_limit_reached', limit: 25 });
    const rotate = await call('/v1/account/keys/rotate', key(owner.key, { method: 'POST' }));
    expect(rotate.body).to.include({ code: 'key_limit_reached' });
    const tooLong = await call('/v1/account/keys', key(owner.key, jsonBody({ label: 'x'.repeat(101) })));
    expect((tooLong.body as ValidationBody).detail[0]).to.include({ type: 'string_too_long' });
  });

  it('200 concurrent revokes never leave the account without an active key', async () => {
    const owner = await account('race@keys.test');
    const keys = [{ id: owner.keyId, key: owner.key }];
    for (let n = 0; n < 9; n += 1) keys.push(await createKey(owner.key));
    // Every key is targeted by every other key, all at once.
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, n) => {
        const caller = keys[Math.floor(n / 10) % keys.length];
        const target = keys[n % keys.length];
        if (caller === undefined || target === undefined) throw new Error('unreachable');
        return call(`/v1/account/keys/${target.id}`, key(caller.key, { method: 'DELETE' }));
      }),
    );
    const statuses = [...new Set(responses.map((response) => response.status))];
    expect(
      statuses.every((status) => [200, 401, 409].includes(status)),
      statuses.join(),
    ).to.equal(true);
    const active = await activeKeys(owner.accountId);
    expect(active).to.be.at.least(1);
    const revoked = new Set(
      responses
        .filter((response) => response.status === 200)
        .map((response) => (response.body as KeyView).id),
    );
    expect(revoked.size).to.equal(keys.length - active);
  });

  it('two keys revoking each other at the same moment: exactly one wins, every time', async () => {
    for (let round = 0; round < 20; round += 1) {
      const owner = await account(`pair${round}@keys.test`);
      const other = await createKey(owner.key);
      const [a, b] = await Promise.all([
        call(`/v1/account/keys/${other.id}`, key(owner.key, { method: 'DELETE' })),
        call(`/v1/account/keys/${owner.keyId}`, key(other.key, { method: 'DELETE' })),
      ]);
      const wins = [a, b].filter((response) => response.status === 200);
      expect(wins, `round ${round}: ${a.status} ${b.status}`).to.have.length(1);
      expect(await activeKeys(owner.accountId)).to.equal(1);
    }
  });
});

async function activeKeys(accountId: string): Promise<number> {
  const row = await testEnv().runtime.database.db.one<{ n: number }>(
    "SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND status = 'active'",
    [accountId],
  );
  return row.n;
}

describe('compatibility keys and paid enforcement', function () {
  this.timeout(60_000);

  it('POST /v1/keys issues a compat key that unlocks no production endpoint while enforcement is on', async () => {
    const issued = await call('/v1/keys', jsonBody({ email: 'compat@keys.test', extra: 'ignored' }));
    expect(issued.status).to.equal(201);
    expect(issued.headers.get('cache-control')).to.equal('no-store');
    const body = issued.body as { key: string; type: string; production_access: boolean };
    expect(body).to.include({ type: 'compat', production_access: false });
    expect(body.key).to.match(/^jls_compat_[0-9A-Za-z]{38}$/);
    expect((await call('/v1/feed/active/count', key(body.key))).body).to.include({
      status: 403,
      code: 'plan_required',
    });
    expect((await call('/v1/account/keys', key(body.key))).body).to.include({ status: 403 });
    expect((await call('/v1/jobs/preview?limit=1', key(body.key))).status).to.equal(200);
    expect((await call('/v1/keys', jsonBody({ email: 'nope' }))).status).to.equal(422);
    expect((await call('/v1/keys', jsonBody([]))).status).to.equal(422);
    expect((await call('/v1/keys', { method: 'POST' })).status).to.equal(422);
  });

  it('with enforcement off (trials, staging) a new compat key gets the Starter plan', async () => {
    const env = testEnv();
    const repository = new AccountRepository(env.runtime.database.db);
    const accounts = new AccountService(repository, repository, {
      pepper: env.config.secrets.apiKeyPepper,
      paidEnforcement: false,
    });
    const baseUrl = await serve({ ...env.services, accounts }, env.document, { paidEnforcement: false });
    const issued = await call('/v1/keys', jsonBody({}), baseUrl);
    const body = issued.body as { key: string; production_access: boolean };
    expect(body.production_access).to.equal(true);
    expect((await call('/v1/feed/active/count', key(body.key), baseUrl)).status).to.equal(200);
    // It may not manage keys or billing: no live key can be minted from a compatibility key.
    expect((await call('/v1/account/keys', key(body.key, jsonBody({})), baseUrl)).body).to.include({
      status: 403,
      code: 'plan_required',
    });
    // The same key on an instance with enforcement on unlocks nothing.
    expect((await call('/v1/feed/active/count', key(body.key))).status).to.equal(403);
  });

  it('keeps account self-service open to a lapsed subscription, and names the portal on production endpoints', async () => {
    const owner = await account('lapsed@keys.test');
    await testEnv().runtime.database.db.none("UPDATE accounts SET status = 'canceled' WHERE id = $1", [
      owner.accountId,
    ]);
    expect((await call('/v1/account/keys', key(owner.key))).status).to.equal(200);
    expect((await call('/v1/account/usage', key(owner.key))).status).to.equal(200);
    const blocked = await call('/v1/feed/active/count', key(owner.key));
    expect(blocked.body).to.include({
      status: 403,
      code: 'subscription_inactive',
      portal_path: '/v1/billing/portal',
    });
  });
});

describe('daily usage (service keys)', function () {
  this.timeout(60_000);

  it('needs an approved service key', async () => {
    const plain = await account('plain@usage.test');
    expect((await call('/v1/usage/daily', key(plain.key))).body).to.include({
      status: 403,
      code: 'service_key_required',
    });
  });

  it('defaults to the last 30 days ending today, zeros included, and counts requests once recorded', async () => {
    const service = await account('service@usage.test', { isService: true });
    await call('/v1/feed/active/count', key(service.key));
    await testEnv().runtime.activity.flush();
    const response = await call('/v1/usage/daily', key(service.key));
    expect(response.status).to.equal(200);
    const body = response.body as {
      date_from: string;
      date_to: string;
      data: { date: string; requests: number }[];
    };
    // The service's today (UTC); a run that crosses midnight may see the day before the test's clock.
    const today = body.date_to;
    const clockDays = [0, 1].map((back) =>
      new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10),
    );
    expect(clockDays).to.include(today);
    expect(body.data).to.have.length(30);
    expect(body.data[0]?.date).to.equal(body.date_from);
    expect(body.data.at(-1)).to.deep.include({ date: today });
    expect(body.data.at(-1)?.requests).to.be.at.least(1);
    expect(body.data.slice(0, -1).every((day) => day.requests === 0)).to.equal(true);
  });

  it('bounds the range: at most 90 days (422 at date_to), never inverted (422 at date_from)', async () => {
    const service = await account('range@usage.test', { isService: true });
    const ok = await call('/v1/usage/daily?date_from=2026-01-01&date_to=2026-03-31', key(service.key));
    expect((ok.body as { data: unknown[] }).data).to.have.length(90);
    const long = await call('/v1/usage/daily?date_from=2026-01-01&date_to=2026-04-01', key(service.key));
    expect((long.body as ValidationBody).detail[0]).to.include({ type: 'date_range_too_long' });
    expect((long.body as ValidationBody).detail[0]?.loc).to.deep.equal(['query', 'date_to']);
    const inverted = await call('/v1/usage/daily?date_from=2026-02-02&date_to=2026-02-01', key(service.key));
    expect((inverted.body as ValidationBody).detail[0]).to.include({ type: 'date_range_inverted' });
    const bad = await call('/v1/usage/daily?date_from=2026-13-01', key(service.key));
    expect((bad.body as ValidationBody).detail[0]).to.include({ type: 'date_parsing' });
  });
});
