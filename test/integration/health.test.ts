import { expect } from 'chai';
import { createDatabase } from '../../src/db/database.js';
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

describe('Postgres pool resilience', () => {
  it('survives the server dropping an idle connection and reconnects on the next query', async () => {
    const env = testEnv();
    let dropped: (error: Error) => void = () => undefined;
    const droppedError = new Promise<Error>((resolve) => {
      dropped = resolve;
    });
    const handle = createDatabase(env.config.postgres, (error) => {
      dropped(error);
    });
    try {
      const { pid } = await handle.db.one<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      await env.runtime.database.db.one('SELECT pg_terminate_backend($1) AS done', [pid]);
      expect((await droppedError).message).to.match(/terminating connection/);
      const { ok } = await handle.db.one<{ ok: number }>('SELECT 1 AS ok');
      expect(ok).to.equal(1);
    } finally {
      await handle.close();
    }
  });
});
