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
      url: valid.ELASTICSEARCH_URL,
      indexPrefix: 'jobs',
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
