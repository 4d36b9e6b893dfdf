import { expect } from 'chai';
import { createServices, openRuntime } from '../../src/runtime.js';
import { serve, testConfig, testEnv } from './env.js';
import { call } from './http.js';

describe('/healthz when a backing service is down', () => {
  it('still answers 200 JSON, degraded, naming the component that is down', async () => {
    // Port 1 on loopback: nothing listens there, so both probes fail fast.
    const runtime = openRuntime(
      testConfig({
        ELASTICSEARCH_URL: 'http://127.0.0.1:1',
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      }),
    );
    try {
      const baseUrl = await serve(createServices(runtime), testEnv().document);
      const response = await call('/healthz', {}, baseUrl);
      expect(response.status).to.equal(200);
      expect(response.body).to.deep.include({ status: 'degraded' });
      const checks = (response.body as { checks: Record<string, { status: string; error?: string }> }).checks;
      expect(checks.elasticsearch?.status).to.equal('down');
      expect(checks.postgres?.status).to.equal('down');
      expect(JSON.stringify(checks)).not.to.match(/127\.0\.0\.1|ECONNREFUSED/);
    } finally {
      await runtime.close();
    }
  });

  it('answers degraded when only Postgres is down', async () => {
    const env = testEnv();
    const runtime = openRuntime(testConfig({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }));
    try {
      const baseUrl = await serve(createServices(runtime), env.document);
      const body = (await call('/healthz', {}, baseUrl)).body as {
        status: string;
        checks: Record<string, { status: string }>;
      };
      expect(body.status).to.equal('degraded');
      expect(body.checks.elasticsearch?.status).to.equal('up');
      expect(body.checks.postgres?.status).to.equal('down');
    } finally {
      await runtime.close();
    }
  });
});
