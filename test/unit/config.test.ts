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
    });
    expect(config.elasticsearch).to.deep.equal({
      url: valid.ELASTICSEARCH_URL,
      indexPrefix: 'jobs',
      requestTimeoutMs: 5000,
    });
    expect(config.postgres.schema).to.equal('public');
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
