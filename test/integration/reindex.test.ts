import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { estypes } from '@elastic/elasticsearch';
import { hitSource, toIndexDocument } from '../../src/search/document.js';
import {
  CLUSTER_CHANGE,
  currentIndex,
  ensureJobsIndex,
  IncompatibleMappingsError,
  indexNames,
  reindexJobs,
  shardDrift,
} from '../../src/search/indices.js';
import type { StoredJob } from '../../src/domain/job.js';
import { jobFetch } from '../../src/search/job-query.js';
import { compileTitleExpression, parseTitleExpression } from '../../src/search/title-grammar.js';
import { testEnv } from './env.js';
import { dropIndexFamily } from './indices.js';

const DOCS = 3000;

const template = JSON.parse(readFileSync('index-templates/jobs-mappings.json', 'utf8')) as {
  template: { mappings: estypes.MappingTypeMapping };
};
const SOURCE_EXCLUDES = template.template.mappings._source?.excludes ?? [];

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
      await es.indices.create(
        {
          index: names.indexName(1),
          mappings: {
            dynamic: 'strict',
            _source: { excludes: [...SOURCE_EXCLUDES] },
            properties: { job_key: { type: 'keyword' } },
          },
          aliases: { [names.alias]: { is_write_index: true } },
        },
        CLUSTER_CHANGE,
      );
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

  it('follows a changed layout: replicas in place at start, shards with the next generation', async () => {
    const { es } = testEnv().runtime;
    const prefix = `${testEnv().config.elasticsearch.indexPrefix}-ly${randomBytes(2).toString('hex')}`;
    const before = indexNames(prefix);
    try {
      const first = await ensureJobsIndex(es, before);
      await es.index({ index: before.alias, id: 'gh-acme-1', document: job(1), refresh: true });
      // The operator asks for 2 shards and replicas following the data nodes (one here: none).
      const after = indexNames(prefix, { shards: 2, replicas: { autoExpand: '0-1' } });
      expect(await ensureJobsIndex(es, after)).to.equal(first);
      const live = await es.indices.getSettings({ index: first, flat_settings: true });
      expect(live[first]?.settings).to.deep.include({
        'index.number_of_shards': '1',
        'index.auto_expand_replicas': '0-1',
      });
      expect(await shardDrift(es, after)).to.deep.equal({ index: first, live: 1, configured: 2 });

      const result = await reindexJobs(es, after);
      expect(result.copied).to.equal(1);
      const next = await es.indices.getSettings({ index: result.to, flat_settings: true });
      expect(next[result.to]?.settings).to.deep.include({
        'index.number_of_shards': '2',
        'index.auto_expand_replicas': '0-1',
        'index.number_of_replicas': '0',
      });
      expect(await shardDrift(es, after)).to.equal(undefined);
      // Back to a fixed count: auto-expand is switched off in place.
      await ensureJobsIndex(es, indexNames(prefix, { shards: 2, replicas: 0 }));
      const fixed = await es.indices.getSettings({ index: result.to, flat_settings: true });
      expect(fixed[result.to]?.settings).to.deep.include({
        'index.auto_expand_replicas': 'false',
        'index.number_of_replicas': '0',
      });
    } finally {
      await dropIndexFamily(es, before);
    }
  });
});

describe('documents outside _source across generations', () => {
  it('moves an index from before the description left _source to a new generation, losing nothing', async function () {
    this.timeout(120_000);
    const { es } = testEnv().runtime;
    const names = indexNames(
      `${testEnv().config.elasticsearch.indexPrefix}-sx${randomBytes(2).toString('hex')}`,
    );
    const vector = Array.from({ length: 384 }, (_, i) => (i % 7) / 7 - 0.4);
    const documents = [
      {
        ...toIndexDocument(stored('gh-sx-1', 'Senior C# Engineer', 'Ship the billing platform.'), NOW),
        embedding: vector,
      },
      toIndexDocument(stored('gh-sx-2', 'QA Analyst', undefined), NOW),
    ];
    try {
      // The previous generation's mappings: everything in _source, the description not stored.
      const { _source: _excludes, properties = {}, ...rest } = template.template.mappings;
      await es.indices.create(
        {
          index: names.indexName(1),
          mappings: { ...rest, properties: { ...properties, description_text: { type: 'text' } } },
          aliases: { [names.alias]: { is_write_index: true } },
        },
        CLUSTER_CHANGE,
      );
      await es.bulk({
        refresh: true,
        operations: documents.flatMap((document) => [
          { index: { _index: names.alias, _id: document.job_key } },
          document,
        ]),
      });
      let refused: unknown;
      await ensureJobsIndex(es, names).catch((error: unknown) => {
        refused = error;
      });
      expect(refused).to.be.instanceOf(IncompatibleMappingsError);

      const result = await reindexJobs(es, names, { deleteOld: true });
      expect(result).to.include({ copied: 2, to: names.indexName(2) });
      expect(await ensureJobsIndex(es, names)).to.equal(names.indexName(2));

      // _source now holds none of the large members; a job read with the description gets it back.
      const raw = await es.search<Record<string, unknown>>({ index: names.alias, sort: ['job_key'] });
      for (const hit of raw.hits.hits) expect(hit._source).to.not.have.any.keys(...SOURCE_EXCLUDES);
      const read = await es.search<Record<string, unknown>>({
        index: names.alias,
        sort: ['job_key'],
        ...jobFetch(true),
      });
      expect(read.hits.hits.map((hit) => hitSource(hit).description_text)).to.deep.equal([
        'Ship the billing platform.',
        undefined,
      ]);
      // Still searchable by description, by title grammar (n-grams rebuilt) and by vector.
      const byDescription = await es.search({
        index: names.alias,
        query: { match: { description_text: 'billing' } },
      });
      expect(byDescription.hits.hits.map((hit) => hit._id)).to.deep.equal(['gh-sx-1']);
      for (const [expression, expected] of [
        ['c#', ['gh-sx-1']],
        ['qa', ['gh-sx-2']],
        ['nior c# eng', ['gh-sx-1']],
      ] as const) {
        const found = await es.search({
          index: names.alias,
          query: compileTitleExpression(parseTitleExpression(expression)),
        });
        expect(
          found.hits.hits.map((hit) => hit._id),
          expression,
        ).to.deep.equal([...expected]);
      }
      const nearest = await es.search({
        index: names.alias,
        knn: { field: 'embedding', query_vector: vector, k: 1, num_candidates: 10 },
        docvalue_fields: ['embedding'],
      });
      expect(nearest.hits.hits.map((hit) => hit._id)).to.deep.equal(['gh-sx-1']);
      const copied = nearest.hits.hits[0]?.fields?.embedding as number[][] | undefined;
      expect(copied?.[0]?.length).to.equal(384);
      copied?.[0]?.forEach((value, i) => expect(value).to.be.closeTo(vector[i] ?? 0, 1e-6));
    } finally {
      await dropIndexFamily(es, names);
    }
  });
});

const NOW = '2026-11-02T00:00:00.000Z';

function stored(jobKey: string, title: string, description: string | undefined): StoredJob {
  return {
    job_key: jobKey,
    title,
    organization: 'Acme',
    url: `https://boards.example/acme/${jobKey}`,
    status: 'open',
    first_seen: NOW,
    source: 'greenhouse',
    source_slug: 'acme',
    source_endpoint: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs',
    directory_verified_at: NOW,
    locations_derived: [],
    remote_derived: false,
    employment_type: ['FULL_TIME'],
    skill_clusters: [],
    ...(description === undefined ? {} : { description_text: description }),
    native_id: jobKey,
    company_resolved: true,
    is_duplicate_representative: true,
    revision: 1,
  };
}
