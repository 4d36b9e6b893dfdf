import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../src/config.js';

const valid = {
  ELASTICSEARCH_URL: 'http://127.0.0.1:9200',
  DATABASE_URL: 'postgres://u@127.0.0.1:5432/jobs',
  API_KEY_PEPPER: 'x'.repeat(32),
  CURSOR_SECRET: 'y'.repeat(32),
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('config', () => {
  it('reads a valid environment with defaults', () => {
    const config = loadConfig(valid);
    expect(config.http).to.deep.equal({
      host: '127.0.0.1',
      port: 8080,
      publicBaseUrl: 'http://127.0.0.1:8080',
      upgradeUrl: 'http://127.0.0.1:8080/openapi.json',
      accountUrl: 'http://127.0.0.1:8080',
      trustedProxyHops: 0,
    });
    expect(config.limits).to.deep.equal({ rateLimitMultiplier: 1, paidEnforcement: true });
    expect(config).not.to.have.property('stripe');
    expect(config.elasticsearch).to.deep.equal({
      nodes: [valid.ELASTICSEARCH_URL],
      indexPrefix: 'jobs',
      layout: { shards: 1, replicas: 0 },
      requestTimeoutMs: 5000,
      searchTimeoutMs: 2000,
      pitShareMs: 1000,
    });
    expect(loadConfig({ ...valid, SEARCH_PIT_SHARE_MS: '0' }).elasticsearch.pitShareMs).to.equal(0);
    expect(problemsOf({ ...valid, SEARCH_PIT_SHARE_MS: '60001' })).to.have.length(1);
    expect(config.postgres).to.deep.include({
      schema: 'public',
      statementTimeoutMs: 10_000,
      requestTimeoutMs: 1500,
    });
    expect(loadConfig({ ...valid, PG_REQUEST_TIMEOUT_MS: '2000' }).postgres.requestTimeoutMs).to.equal(2000);
    expect(problemsOf({ ...valid, PG_REQUEST_TIMEOUT_MS: '50' })).to.have.length(1);
    expect(loadConfig({ ...valid, ES_SEARCH_TIMEOUT_MS: '3000' }).elasticsearch.searchTimeoutMs).to.equal(
      3000,
    );
    expect(config.logLevel).to.equal('info');
  });

  it('reads several Elasticsearch nodes and the index layout (shards, replicas or an auto-expand range)', () => {
    const cluster = loadConfig({
      ...valid,
      ELASTICSEARCH_URL: 'http://10.0.0.1:9200, http://10.0.0.2:9200',
      ES_SHARDS: '4',
      ES_REPLICAS: '0-all',
    }).elasticsearch;
    expect(cluster.nodes).to.deep.equal(['http://10.0.0.1:9200', 'http://10.0.0.2:9200']);
    expect(cluster.layout).to.deep.equal({ shards: 4, replicas: { autoExpand: '0-all' } });
    expect(loadConfig({ ...valid, ES_REPLICAS: '2' }).elasticsearch.layout.replicas).to.equal(2);
    expect(loadConfig({ ...valid, ES_REPLICAS: '1-2' }).elasticsearch.layout.replicas).to.deep.equal({
      autoExpand: '1-2',
    });
    for (const bad of ['-1', '33', '2-1', 'all', '0-', 'one'])
      expect(problemsOf({ ...valid, ES_REPLICAS: bad }), bad).to.deep.equal([
        `ES_REPLICAS must be a replica count from 0 to 32 or a range like 0-1 or 1-all (got "${bad}")`,
      ]);
    expect(problemsOf({ ...valid, ES_SHARDS: '0' })).to.have.length(1);
    expect(problemsOf({ ...valid, ELASTICSEARCH_URL: 'http://a:9200,not a url' })).to.deep.equal([
      'ELASTICSEARCH_URL must be a URL or a comma-separated list of URLs',
    ]);
  });

  it('derives the upgrade link from PUBLIC_BASE_URL unless UPGRADE_URL is set', () => {
    expect(loadConfig({ ...valid, PUBLIC_BASE_URL: 'https://api.test/' }).http.upgradeUrl).to.equal(
      'https://api.test/openapi.json',
    );
    expect(loadConfig({ ...valid, UPGRADE_URL: 'https://billing.test/plans' }).http.upgradeUrl).to.equal(
      'https://billing.test/plans',
    );
    expect(problemsOf({ ...valid, UPGRADE_URL: 'not a url' })).to.deep.equal(['UPGRADE_URL must be a URL']);
  });

  it('reads Stripe as a group: secret, webhook secrets (several during rotation), one price per plan', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_test_0123456789',
      STRIPE_WEBHOOK_SECRET: 'whsec_new_0123456789, whsec_old_0123456789',
      STRIPE_PRICE_STARTER: 'price_a',
      STRIPE_PRICE_GROWTH: 'price_b',
      STRIPE_PRICE_SCALE: 'price_c',
    };
    expect(loadConfig({ ...valid, ...stripe }).stripe).to.deep.equal({
      secretKey: 'sk_test_0123456789',
      webhookSecrets: ['whsec_new_0123456789', 'whsec_old_0123456789'],
      prices: { starter: 'price_a', growth: 'price_b', scale: 'price_c' },
      timeoutMs: 10_000,
    });
    expect(problemsOf({ ...valid, STRIPE_SECRET_KEY: 'sk_test_0123456789' })).to.deep.equal([
      'STRIPE_WEBHOOK_SECRET is required (at least 8 characters of random data)',
      'STRIPE_PRICE_STARTER is required',
      'STRIPE_PRICE_GROWTH is required',
      'STRIPE_PRICE_SCALE is required',
    ]);
    expect(problemsOf({ ...valid, PAID_ENFORCEMENT: 'yes' })).to.deep.equal([
      'PAID_ENFORCEMENT must be true or false (got "yes")',
    ]);
  });

  it('names every missing variable at once', () => {
    const problems = problemsOf({});
    for (const name of ['ELASTICSEARCH_URL', 'DATABASE_URL', 'API_KEY_PEPPER', 'CURSOR_SECRET']) {
      expect(
        problems.some((problem) => problem.startsWith(`${name} `)),
        name,
      ).to.equal(true);
    }
  });

  it('names bad values without echoing secrets', () => {
    const problems = problemsOf({
      ...valid,
      PORT: '70000',
      LOG_LEVEL: 'loud',
      PG_SCHEMA: 'Bad-Schema',
      API_KEY_PEPPER: 'short-secret',
    });
    expect(problems).to.have.length(4);
    expect(problems.join('\n'))
      .to.include('PORT must be an integer from 0 to 65535')
      .and.not.include('short-secret');
  });
});
