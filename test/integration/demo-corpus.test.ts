import { expect } from 'chai';
import { startFixtureServer } from '../../scripts/lib/fixture-server.js';
import { serveDemoCorpus } from '../../scripts/lib/demo-corpus.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { crawlBoards, registerBoard } from '../../src/ingest/crawl/boards.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';

describe('demo corpus', function () {
  this.timeout(120_000);

  it('loads every demo board through the real connectors with no failure, every job carrying its receipt', async () => {
    const env = testEnv();
    const server = await startFixtureServer();
    try {
      const lines = serveDemoCorpus(server);
      const ids: string[] = [];
      for (const line of lines) ids.push(await registerBoard(env.runtime.database.db, line));
      // Two prepare threads: the demo load also exercises the worker-thread pool.
      const ingest = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 2);
      const summaries = await crawlBoards(ingest, ids, 4).finally(() => ingest.close());
      const failed = summaries.filter((s) => s.outcome !== 'ok' || s.fetched === 0);
      expect(failed, JSON.stringify(failed)).to.deep.equal([]);
      const fetched = summaries.reduce((sum, s) => sum + s.fetched, 0);
      expect(fetched).to.be.at.least(50);
      await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, systemClock);
      await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
      const sources = await env.runtime.es.search({
        index: env.runtime.indices.alias,
        size: 0,
        aggs: { sources: { terms: { field: 'source', size: 100 } } },
      });
      const buckets = (sources.aggregations?.sources as { buckets: { key: string }[] }).buckets.map(
        (b) => b.key,
      );
      expect(buckets).to.include.members([...new Set(lines.map((l) => l.source))]);
      const sample = await env.runtime.es.search<Record<string, unknown>>({
        index: env.runtime.indices.alias,
        size: 200,
        query: { match_all: {} },
      });
      for (const hit of sample.hits.hits) {
        for (const member of [
          'source',
          'source_slug',
          'source_endpoint',
          'directory_verified_at',
          'job_key',
          'title',
          'url',
          'first_seen',
        ]) {
          expect(hit._source, member).to.have.property(member);
        }
        expect(Object.values(hit._source ?? {}).includes(null), 'unknown means omitted').to.equal(false);
      }
    } finally {
      await server.close();
    }
  });
});
