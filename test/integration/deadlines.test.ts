/**
 * Deadlines on the request path with a backing service frozen: the connection stays open and
 * nothing answers (a stopped process, not a closed port). The shared Postgres and Elasticsearch
 * are never stopped: each is reached through a TCP proxy of this test, which "freezes" by holding
 * every byte in both directions, as a SIGSTOPped server does from the client's side, and always
 * thaws in a `finally`. A second app, built like the API process (`serving: true`), talks through
 * the proxies.
 *
 * These are bounds, not benchmarks: the deadlines are 1.5 s (Postgres statement or connection),
 * 2 s (Elasticsearch read), 0.3 s (rate-limit counter) and 0.5 s (health probe), so a search
 * answers after about 1.5 s (the rate limit and the allowance are one statement) with Postgres frozen and 2 s with
 * Elasticsearch frozen, /healthz after about 0.8 s; the margins allow a loaded 2-core machine.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { expect } from 'chai';
import { createDatabase } from '../../src/db/database.js';
import { DatabaseError, DatabaseTimeoutError } from '../../src/domain/errors.js';
import { createServices, openRuntime, type Runtime } from '../../src/runtime.js';
import { serve, testConfig, testEnv } from './env.js';
import { call, withKey } from './http.js';

/** A TCP proxy to `target` that can stop forwarding (both ways) without closing anything. */
interface FreezableProxy {
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<FreezableProxy> {
  const { hostname, port } = new URL(target);
  let frozen = false;
  const held: { to: Socket; chunk: Buffer }[] = [];
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket): void => {
    from.on('data', (chunk: Buffer) => {
      if (frozen) held.push({ to, chunk });
      else to.write(chunk);
    });
    from.on('end', () => to.end());
    from.on('error', () => to.destroy());
    from.on('close', () => {
      to.destroy();
      sockets.delete(from);
    });
  };
  const server: Server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    sockets.add(client).add(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const proxyPort = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    through: (url) => {
      const changed = new URL(url);
      changed.hostname = '127.0.0.1';
      changed.port = String(proxyPort);
      return changed.toString();
    },
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: performance.now() - started, result };
}

interface HealthBody {
  status: string;
  checks: Record<string, { status: string }>;
}

describe('the client-side Postgres deadline', () => {
  it('drops a connection whose statement it gave up on: the next statement and a transaction do not wait behind it', async () => {
    const env = testEnv();
    const handle = createDatabase({ ...env.config.postgres, poolSize: 1 }, undefined, {
      requestTimeoutMs: 300,
    });
    try {
      const slow = await timed(() => handle.db.one('SELECT pg_sleep(3)').catch((error: unknown) => error));
      expect(slow.result).to.be.instanceOf(DatabaseTimeoutError);
      expect(slow.ms).to.be.below(1500);
      // Left on the connection, the sleep would hold the pool's one connection for 3 s.
      const next = await timed(() => handle.db.one<{ ok: number }>('SELECT 1 AS ok'));
      expect(next.result.ok).to.equal(1);
      expect(next.ms).to.be.below(1500);
      // In a transaction, ROLLBACK must not queue behind the abandoned statement either: it fails
      // at once on the dropped connection (so the transaction reports the connection's failure).
      const tx = await timed(() =>
        handle.db.tx((t) => t.one('SELECT pg_sleep(3)')).catch((error: unknown) => error),
      );
      expect(tx.result).to.be.instanceOf(DatabaseError);
      expect(tx.ms).to.be.below(1500);
      expect((await handle.db.one<{ ok: number }>('SELECT 1 AS ok')).ok).to.equal(1);
      expect(handle.db.$pool.totalCount).to.be.at.most(1);
    } finally {
      await handle.close();
    }
  });
});

describe('deadlines with a backing service frozen (connection open, no answer)', () => {
  let pgProxy: FreezableProxy;
  let esProxy: FreezableProxy;
  let runtime: Runtime;
  let baseUrl: string;
  let key: string;

  before(async () => {
    const env = testEnv();
    pgProxy = await startProxy(env.config.postgres.url);
    // The run's stack is one node.
    const [esNode = ''] = env.config.elasticsearch.nodes;
    esProxy = await startProxy(esNode);
    // The run's schema and index, reached through the proxies, by a runtime made as the API's is.
    const config = testConfig({
      DATABASE_URL: pgProxy.through(env.config.postgres.url),
      ELASTICSEARCH_URL: esProxy.through(esNode),
    });
    runtime = openRuntime({ ...config, secrets: env.config.secrets }, undefined, {
      cacheKeys: true,
      serving: true,
    });
    baseUrl = await serve(createServices(runtime), env.document);
    key = (
      await env.services.accounts.createActiveAccount({
        email: 'deadlines@example.com',
        plan: 'scale',
        isService: false,
      })
    ).key;
  });

  after(async () => {
    pgProxy.thaw();
    esProxy.thaw();
    await runtime.close();
    await Promise.all([pgProxy.close(), esProxy.close()]);
  });

  /** A search, warmed up first so the pools hold idle connections, as a serving API's do. */
  async function search(): Promise<{ ms: number; status: number }> {
    const { ms, result } = await timed(() => call('/v1/jobs/search?limit=1', withKey(key), baseUrl));
    return { ms, status: result.status };
  }

  async function healthz(): Promise<{ ms: number; body: HealthBody; status: number }> {
    const { ms, result } = await timed(() => call('/healthz', {}, baseUrl));
    return { ms, body: result.body as HealthBody, status: result.status };
  }

  it('with Postgres frozen, a search and a keyed count answer 503 within 2.5 s, /healthz degraded within 1.2 s, and all recover', async () => {
    expect((await search()).status).to.equal(200);
    pgProxy.freeze();
    try {
      // The first on pooled connections (statement deadline), the next on new ones (connect deadline).
      for (let round = 0; round < 3; round += 1) {
        const searched = await search();
        expect(searched.status).to.equal(503);
        expect(searched.ms, `search ${String(round)}`).to.be.below(2500);
        // A keyed request that reads Elasticsearch only: its count cannot be taken, so it is not
        // admitted on this process's own count (db/rate-limits.ts), it fails within the deadline.
        const counted = await timed(() => call('/v1/feed/active/count?time_frame=1h', withKey(key), baseUrl));
        expect(counted.result.status, `count ${String(round)}`).to.equal(503);
        expect((counted.result.body as { code?: string }).code).to.equal('upstream_unavailable');
        expect(counted.ms, `count ${String(round)}`).to.be.below(2500);
        const health = await healthz();
        expect(health.status).to.equal(200);
        expect(health.body.status).to.equal('degraded');
        expect(health.body.checks.postgres?.status).to.equal('down');
        expect(health.body.checks.elasticsearch?.status).to.equal('up');
        expect(health.ms, `healthz ${String(round)}`).to.be.below(1200);
      }
    } finally {
      pgProxy.thaw();
    }
    // Timed-out connections were dropped, not handed out again: the pools serve at once.
    expect((await search()).status).to.equal(200);
    const health = await healthz();
    expect(health.body.status).to.equal('ok');
    for (const pool of [runtime.database.db.$pool, runtime.database.counters.$pool]) {
      expect(pool.waitingCount).to.equal(0);
      expect(pool.totalCount).to.be.at.most(runtime.config.postgres.poolSize);
    }
  });

  it('with Elasticsearch frozen, a search answers 503 within 2.5 s and /healthz degraded within 1.2 s', async () => {
    expect((await search()).status).to.equal(200);
    esProxy.freeze();
    try {
      for (let round = 0; round < 2; round += 1) {
        const searched = await search();
        expect(searched.status).to.equal(503);
        expect(searched.ms, `search ${String(round)}`).to.be.below(2500);
        // A keyed request that reads Elasticsearch only: its count cannot be taken, so it is not
        // admitted on this process's own count (db/rate-limits.ts), it fails within the deadline.
        const counted = await timed(() => call('/v1/feed/active/count?time_frame=1h', withKey(key), baseUrl));
        expect(counted.result.status, `count ${String(round)}`).to.equal(503);
        expect((counted.result.body as { code?: string }).code).to.equal('upstream_unavailable');
        expect(counted.ms, `count ${String(round)}`).to.be.below(2500);
        const health = await healthz();
        expect(health.body.status).to.equal('degraded');
        expect(health.body.checks.elasticsearch?.status).to.equal('down');
        expect(health.body.checks.postgres?.status).to.equal('up');
        expect(health.ms, `healthz ${String(round)}`).to.be.below(1200);
      }
    } finally {
      esProxy.thaw();
    }
    expect((await search()).status).to.equal(200);
    expect((await healthz()).body.status).to.equal('ok');
  });
});
