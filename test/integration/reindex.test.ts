import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { currentIndex, ensureJobsIndex, indexNames, reindexJobs } from '../../src/search/indices.js';
import { testEnv } from './env.js';
import { dropIndexFamily } from './indices.js';

const DOCS = 3000;

function job(i: number, revision = 1): Record<string, unknown> {
  return {
    job_key: `gh-acme-${i}`,
    title: `Engineer ${i}`,
    organization: 'Acme',
    url: `https://boards.example/acme/${i}`,
    status: 'open',
    first_seen: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    source: 'greenhouse',
    source_slug: 'acme',
    source_endpoint: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs',
    directory_verified_at: '2026-01-01T00:00:00Z',
    locations_derived: [{ city: null, country: null, country_code: null, lat: null, lng: null }],
    revision,
    indexed_at: new Date().toISOString(),
  };
}

describe('reindex', () => {
  it('builds the next generation and swaps the alias while searches keep answering', async function () {
    this.timeout(180_000);
    const { es } = testEnv().runtime;
    const names = indexNames(
      `${testEnv().config.elasticsearch.indexPrefix}-rx${randomBytes(2).toString('hex')}`,
    );
    try {
      const first = await ensureJobsIndex(es, names);
      expect(first).to.equal(names.indexName(1));
      const operations = Array.from({ length: DOCS }, (_, i) => [
        {
          index: { _index: names.alias, _id: `gh-acme-${i}`, version: 1, version_type: 'external' as const },
        },
        job(i),
      ]).flat();
      const bulk = await es.bulk({ operations, refresh: true });
      expect(bulk.errors).to.equal(false);

      const state = { reindexing: true };
      const totals: number[] = [];
      const failures: unknown[] = [];
      const searches = (async () => {
        while (state.reindexing) {
          try {
            const result = await es.search({
              index: names.alias,
              size: 1,
              track_total_hits: true,
              query: { term: { status: 'open' } },
            });
            const total = result.hits.total;
            totals.push(typeof total === 'number' ? total : (total?.value ?? -1));
          } catch (error) {
            failures.push(error);
          }
        }
      })();

      let wroteDuringCopy = false;
      const result = await reindexJobs(es, names, {
        batchSize: 100,
        onProgress: () => {
          if (wroteDuringCopy) return;
          wroteDuringCopy = true;
          // A writer keeps writing through the alias during the copy: a new job, and a newer revision of job 0.
          void es.index({
            index: names.alias,
            id: `gh-acme-${DOCS}`,
            version: 1,
            version_type: 'external',
            document: job(DOCS),
          });
          void es.index({
            index: names.alias,
            id: 'gh-acme-0',
            version: 2,
            version_type: 'external',
            document: { ...job(0, 2), title: 'Staff Engineer 0' },
          });
        },
      });
      state.reindexing = false;
      await searches;

      expect(result).to.include({ from: names.indexName(1), to: names.indexName(2), copied: DOCS });
      expect(failures).to.deep.equal([]);
      expect(totals.length).to.be.greaterThan(5);
      expect(totals.every((total) => total === DOCS || total === DOCS + 1)).to.equal(true);
      expect(await currentIndex(es, names)).to.equal(names.indexName(2));
      await es.indices.refresh({ index: names.alias });
      expect((await es.count({ index: names.alias })).count).to.equal(DOCS + 1);
      const updated = await es.get<{ title: string; revision: number }>({
        index: names.alias,
        id: 'gh-acme-0',
      });
      expect(updated._source).to.deep.include({ title: 'Staff Engineer 0', revision: 2 });
      const mapping = await es.indices.getMapping({ index: names.indexName(2) });
      expect(mapping[names.indexName(2)]?.mappings.properties).to.have.property('embedding');
    } finally {
      await dropIndexFamily(es, names);
    }
  });
});

describe('template evolution', () => {
  it('adds fields new in the template to an existing index in place', async () => {
    const { es } = testEnv().runtime;
    const names = indexNames(
      `${testEnv().config.elasticsearch.indexPrefix}-ev${randomBytes(2).toString('hex')}`,
    );
    try {
      // An index from an older template: strict, without the city_keys field.
      await es.indices.create({
        index: names.indexName(1),
        mappings: { dynamic: 'strict', properties: { job_key: { type: 'keyword' } } },
        aliases: { [names.alias]: { is_write_index: true } },
      });
      expect(await ensureJobsIndex(es, names)).to.equal(names.indexName(1));
      const mapping = await es.indices.getMapping({ index: names.indexName(1) });
      expect(mapping[names.indexName(1)]?.mappings.properties).to.include.keys(
        'city_keys',
        'title_grams',
        'embedding',
      );
    } finally {
      await dropIndexFamily(es, names);
    }
  });
});
