/**
 * Raw keys, claim tokens and webhook signing secrets appear only in the response that creates them (destination passwords in none): never in Postgres, in
 * logs (at trace level), or in any other response. Drives every issuing path and then scans.
 */
import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { createLogger } from '../../src/lib/logger.js';
import { serve, testEnv } from './env.js';
import { call, jsonBody, withKey, type ApiResponse } from './http.js';
import { activate, checkout, claim } from './billing-support.js';

describe('secrets: no raw key or claim token outside the response that creates it', function () {
  this.timeout(60_000);

  it('scans Postgres, every log line and every other response', async () => {
    const env = testEnv();
    const logLines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    const baseUrl = await serve(env.services, env.document, { logger: createLogger('trace', sink) });
    const secrets: string[] = [];
    const others: ApiResponse[] = [];
    const send = async (path: string, init: RequestInit = {}): Promise<ApiResponse> => {
      const response = await call(path, init, baseUrl);
      others.push(response);
      return response;
    };

    // Checkout (creates the claim token) and activation; the claim creates the first key.
    const checkedOut = await checkout('scan@secrets.test', 'growth', baseUrl);
    secrets.push(checkedOut.claimToken);
    await send('/v1/billing/claim', jsonBody({ claim_token: checkedOut.claimToken })); // pending: 409
    await activate(checkedOut, 'growth', baseUrl);
    const claimed = await claim(checkedOut.claimToken, baseUrl);
    const first = (claimed.body as { key: string; id: string }).key;
    secrets.push(first);
    await send('/v1/billing/claim', jsonBody({ claim_token: checkedOut.claimToken })); // used: 410

    // Every key-issuing path: create, rotate, compatibility.
    const created = await call('/v1/account/keys', withKey(first, jsonBody({ label: 'scan' })), baseUrl);
    const second = (created.body as { key: string; id: string }).key;
    const rotated = await call('/v1/account/keys/rotate', withKey(first, { method: 'POST' }), baseUrl);
    const third = (rotated.body as { key: string }).key;
    const compat = await call('/v1/keys', jsonBody({ email: 'scan-compat@secrets.test' }), baseUrl);
    const compatKey = (compat.body as { key: string }).key;
    secrets.push(second, third, compatKey);

    // Use them everywhere, including failures that might echo what was sent.
    for (const key of [first, second, third, compatKey]) {
      await send('/v1/jobs/search?limit=2', withKey(key));
      await send('/v1/feed/active/count', withKey(key));
      await send('/v1/account/keys', withKey(key));
      await send('/v1/account/usage', withKey(key));
      await send('/v1/jobs/search?limit=5000', withKey(key));
      await send('/v1/no/such/path', withKey(key));
    }
    await send(
      `/v1/account/keys/${(claimed.body as { id: string }).id}`,
      withKey(second, { method: 'DELETE' }),
    );
    await send('/v1/feed/active/count', withKey(first)); // revoked: 401
    await send('/v1/feed/active/count', withKey(`${first.slice(0, -1)}x`)); // bad checksum: 401

    // Destinations: a Postgres password (sent, never shown) and a webhook signing secret (shown
    // once, in the creating response), through create, update, a 422 and every read.
    const scale = await env.services.accounts.createActiveAccount({
      email: 'scan-scale@secrets.test',
      plan: 'scale',
      isService: false,
    });
    const password = `pw_${randomBytes(16).toString('hex')}`;
    const target = { host: 'db.example.com', database: 'jobs', user: 'loader', table: 'jobs' };
    const warehouse = await send(
      '/v1/destinations',
      withKey(scale.key, jsonBody({ kind: 'postgres', name: 'scan', config: { ...target, password } })),
    );
    const warehouseId = (warehouse.body as { id: string }).id;
    const replaced = `pw_${randomBytes(16).toString('hex')}`;
    await send(`/v1/destinations/${warehouseId}`, {
      ...withKey(scale.key, jsonBody({ kind: 'postgres', config: { ...target, password: replaced } })),
      method: 'PATCH',
    });
    await send(
      '/v1/destinations',
      withKey(
        scale.key,
        jsonBody({ kind: 'postgres', name: 'bad', config: { ...target, port: 0, password } }),
      ),
    );
    const hook = await call(
      '/v1/destinations',
      withKey(
        scale.key,
        jsonBody({ kind: 'webhook', name: 'scan', config: { url: 'https://hooks.example.com/in' } }),
      ),
      baseUrl,
    );
    const signing = (hook.body as { signing_secret: string }).signing_secret;
    await send('/v1/destinations', withKey(scale.key));
    await send(`/v1/destinations/${warehouseId}`, withKey(scale.key));
    secrets.push(password, replaced, signing);
    await env.runtime.activity.flush();

    const database = await dumpSchema();
    const responses = others.map(
      (response) => `${JSON.stringify([...response.headers])}\n${JSON.stringify(response.body)}`,
    );
    expect(logLines.length).to.be.greaterThan(20);
    for (const secret of secrets) {
      // The random body of the secret, so a truncated or re-encoded copy is caught too.
      const core = secret.replace(/^(jls_(live|compat)_|jlc_|pw_|whsec_)/, '').slice(0, 24);
      expect(core).to.have.length(24);
      for (const [where, texts] of [
        ['postgres', [database]],
        ['logs', logLines],
        ['responses', responses],
      ] as const) {
        const hit = texts.find((text) => text.includes(core));
        expect(hit, `${secret.slice(0, 9)}… found in ${where}`).to.equal(undefined);
      }
    }
  });
});

/** Every row of every table of the run's schema, as text. */
async function dumpSchema(): Promise<string> {
  const env = testEnv();
  const db = env.runtime.database.db;
  const tables = await db.map<string>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = $2',
    [env.config.postgres.schema, 'BASE TABLE'],
    (row: { table_name: string }) => row.table_name,
  );
  expect(tables).to.include.members([
    'accounts',
    'api_keys',
    'claim_tokens',
    'request_activity',
    'billing_events',
  ]);
  const parts: string[] = [];
  for (const table of tables) {
    const rows = await db.any<{ row: string }>('SELECT t::text AS row FROM $1:name.$2:name t', [
      env.config.postgres.schema,
      table,
    ]);
    parts.push(...rows.map((row) => row.row));
  }
  return parts.join('\n');
}
