import { expect } from 'chai';
import { createServices, openRuntime, type Runtime } from '../../src/runtime.js';
import { serve, testConfig, testEnv } from './env.js';
import { call, type Problem } from './http.js';

describe('rate limits: shared by every API instance, per account, aligned to the UTC minute', function () {
  this.timeout(120_000);
  const runtimes: Runtime[] = [];
  let instances: string[] = [];

  before(async () => {
    // Two app instances over the run's schema with the published limits (multiplier 1).
    const shared = testEnv().config;
    for (let i = 0; i < 2; i += 1) {
      const config = testConfig({
        ES_INDEX_PREFIX: shared.elasticsearch.indexPrefix,
        PG_SCHEMA: shared.postgres.schema,
        RATE_LIMIT_MULTIPLIER: '1',
        // Distinct pool settings: two pools of one process, as two instances would have.
        PG_POOL_SIZE: String(4 + i),
      });
      const runtime = openRuntime({ ...config, secrets: shared.secrets });
      runtimes.push(runtime);
      instances.push(await serve(createServices(runtime), testEnv().document));
    }
  });

  after(async () => {
    await Promise.all(runtimes.map((runtime) => runtime.close()));
    instances = [];
  });

  it('two instances never admit more than 60 feed requests per minute of one account, and say so in headers', async () => {
    for (let attempt = 0; ; attempt += 1) {
      const { key } = await testEnv().services.accounts.createActiveAccount({
        email: `limits-${String(attempt)}@example.com`,
        plan: 'starter',
        isService: false,
      });
      const minute = Math.floor(Date.now() / 60_000);
      const responses = await Promise.all(
        Array.from({ length: 100 }, (_, n) =>
          call('/v1/feed/active/count', { headers: { 'X-API-Key': key } }, instances[n % 2]),
        ),
      );
      // A burst that straddles a minute boundary legitimately spans two windows: try again.
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) continue;
      const ok = responses.filter((response) => response.status === 200);
      const limited = responses.filter((response) => response.status === 429);
      expect(ok).to.have.length(60);
      expect(limited).to.have.length(40);
      expect(
        ok.map((response) => Number(response.headers.get('x-ratelimit-remaining'))).sort((a, b) => a - b),
      ).to.deep.equal(Array.from({ length: 60 }, (_, n) => n));
      for (const response of ok) {
        expect(response.headers.get('x-ratelimit-limit')).to.equal('60');
        const reset = Number(response.headers.get('x-ratelimit-reset'));
        expect(reset).to.be.within(1, 60);
      }
      for (const response of limited) {
        expect(response.headers.get('content-type')).to.contain('application/problem+json');
        expect((response.body as Problem).code).to.equal('rate_limited');
        expect(response.headers.get('retry-after')).to.equal(response.headers.get('x-ratelimit-reset'));
        expect(response.headers.get('x-ratelimit-remaining')).to.equal('0');
        expect(Number(response.headers.get('retry-after'))).to.be.within(1, 60);
      }
      return;
    }
  });

  it('counts keyless requests per client address and every bucket separately', async () => {
    const first = await call('/v1/jobs/preview', {}, instances[0]);
    const second = await call('/v1/jobs/preview', {}, instances[1]);
    expect(first.headers.get('x-ratelimit-limit')).to.equal('30');
    if (first.status === 200 && second.status === 200) {
      expect(Number(second.headers.get('x-ratelimit-remaining'))).to.be.lessThan(
        Number(first.headers.get('x-ratelimit-remaining')),
      );
    }
    const behindProxy = await serve(createServices(runtimes[0] ?? testEnv().runtime), testEnv().document, {
      trustedProxyHops: 1,
    });
    // Behind one trusted proxy, the forwarded address is the client: each gets its own counter.
    // TEST-NET-1 (192.0.2.0/24) is this test's own: the MCP suite draws from the other two ranges,
    // and a shared one let a random address collide within the same minute (seen once).
    const octet = 1 + Math.floor(Math.random() * 125);
    for (const address of [`192.0.2.${String(octet)}`, `192.0.2.${String(octet + 125)}`]) {
      const viaProxy = await call(
        '/v1/jobs/preview',
        { headers: { 'X-Forwarded-For': address } },
        behindProxy,
      );
      expect(viaProxy.headers.get('x-ratelimit-remaining'), address).to.equal('29');
    }
    const health = await call('/healthz', {}, instances[0]);
    expect(health.status).to.equal(200);
    expect(health.headers.get('x-ratelimit-limit')).to.equal('120');
  });

  it('writes counters with asynchronous commit, and leaves everything else at the server setting', async () => {
    const { database } = testEnv().runtime;
    const sql = "SELECT setting, source FROM pg_settings WHERE name = 'synchronous_commit'";
    expect(await database.counters.one(sql)).to.deep.equal({ setting: 'off', source: 'client' });
    // The main pool does not override the server (durable unless the server itself is configured otherwise).
    expect((await database.db.one<{ source: string }>(sql)).source).not.to.equal('client');
  });
});
