import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { startFixtureServer } from '../../scripts/lib/fixture-server.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { runWorker } from '../../src/worker/run.js';
import { systemClock } from '../../src/lib/clock.js';
import { createLogger } from '../../src/lib/logger.js';
import { testEnv } from './env.js';

describe('worker loops', function () {
  this.timeout(60_000);

  it('crawls a due board, sequences its events, projects and embeds them, then stops on abort', async () => {
    const env = testEnv();
    const server = await startFixtureServer();
    const ingest = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 1);
    const controller = new AbortController();
    try {
      server.set('/w/posting-api/job-board/ramp-worker', {
        body: readFileSync('test/fixtures/ats/ashby/ramp-job-board-6-no-compensation.json', 'utf8'),
      });
      await registerBoard(env.runtime.database.db, {
        line: 1,
        source: 'ashby',
        slug: 'ramp-worker',
        endpoint: `${server.url}/w`,
        company: 'Ramp Worker',
      });
      // Boards of other tests point at fixture servers that are gone: not due during this test.
      await env.runtime.database.db.none(
        `UPDATE boards SET next_crawl_at = now() + interval '1 day' WHERE slug <> 'ramp-worker'`,
      );
      const running = runWorker(
        {
          db: env.runtime.database.db,
          es: env.runtime.es,
          index: env.runtime.indices.alias,
          ingest,
          logger: createLogger('silent'),
          concurrency: 2,
          ...(env.runtime.embedder === undefined ? {} : { embedder: env.runtime.embedder }),
        },
        controller.signal,
        { crawlMs: 50, sequenceMs: 20, projectMs: 20, horizonMs: 50, purgeMs: 60_000, embedMs: 50 },
      );
      // Wait on the observable outcome (the jobs searchable), with a deadline; no fixed sleeps.
      const deadline = Date.now() + 30_000;
      let count = 0;
      let embedded = 0;
      while (Date.now() < deadline) {
        await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
        const counted = (filter: object[]): Promise<{ count: number }> =>
          env.runtime.es.count({
            index: env.runtime.indices.alias,
            query: { bool: { filter: [{ term: { source_slug: 'ramp-worker' } }, ...filter] } },
          });
        count = (await counted([])).count;
        embedded = (await counted([{ exists: { field: 'embedding' } }])).count;
        if (count >= 6 && embedded >= 6) break;
      }
      controller.abort();
      await running;
      expect(count).to.equal(6);
      expect(embedded, 'every job gets its vector from the embed loop').to.equal(6);
      const board = await env.runtime.database.db.one<{ health: string; next_due: boolean }>(
        `SELECT health, next_crawl_at > now() + interval '5 hours' AS next_due FROM boards WHERE slug = 'ramp-worker'`,
      );
      expect(board).to.deep.equal({ health: 'ok', next_due: true });
    } finally {
      controller.abort();
      await ingest.close();
      await server.close();
    }
  });
});
