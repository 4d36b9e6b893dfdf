import { expect } from 'chai';
import { AccountService } from '../../src/services/accounts.js';
import type { KeyLookup } from '../../src/services/key-cache.js';
import { generateKey } from '../../src/domain/keys.js';
import { AccountRepository } from '../../src/db/accounts.js';
import { testEnv, serve } from './env.js';
import { call } from './http.js';

describe('API keys', () => {
  let lookups = 0;
  let baseUrl = '';
  let key = '';

  before(async () => {
    const env = testEnv();
    const repository = new AccountRepository(env.runtime.database.db);
    const counting: KeyLookup = {
      findActiveKey: (digest) => {
        lookups += 1;
        return repository.findActiveKey(digest);
      },
    };
    const accounts = new AccountService(repository, counting, {
      pepper: env.config.secrets.apiKeyPepper,
      paidEnforcement: true,
    });
    baseUrl = await serve({ ...env.services, accounts }, env.document);
    key = (await accounts.createActiveAccount({ email: 'keys@example.com', plan: 'scale', isService: false }))
      .key;
  });

  beforeEach(() => {
    lookups = 0;
  });

  it('rejects a key with a wrong checksum without any database lookup', async () => {
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    const tampered = `${key.slice(0, -1)}${last}`;
    const response = await call('/v1/companies', { headers: { 'X-API-Key': tampered } }, baseUrl);
    expect(response.status).to.equal(401);
    expect((response.body as { code: string }).code).to.equal('invalid_api_key');
    expect(lookups).to.equal(0);
  });

  it('rejects a key of the wrong shape without any database lookup', async () => {
    const response = await call('/v1/companies', { headers: { 'X-API-Key': `${key}x` } }, baseUrl);
    expect(response.status).to.equal(401);
    expect(lookups).to.equal(0);
  });

  it('looks up a well-formed key exactly once, by digest', async () => {
    const response = await call('/v1/companies', { headers: { 'X-API-Key': generateKey('live') } }, baseUrl);
    expect(response.status).to.equal(401);
    expect(lookups).to.equal(1);
  });

  it('resolves a valid key to its account and plan', async () => {
    const response = await call('/v1/companies', { headers: { 'X-API-Key': key } }, baseUrl);
    expect(response.status).to.equal(200);
    expect(lookups).to.equal(1);
  });

  it('stores only the digest and the four-character hint, never the raw key', async () => {
    const { db } = testEnv().runtime.database;
    const rows = await db.any<{ row: string }>('SELECT row_to_json(k)::text AS row FROM api_keys k');
    expect(rows.length).to.be.greaterThan(0);
    for (const { row } of rows) expect(row).not.to.include(key.slice(9, 41));
    const hints = await db.any<{ hint: string }>('SELECT hint FROM api_keys');
    expect(hints.map((h) => h.hint)).to.include(key.slice(-4));
  });
});
