import { expect } from 'chai';
import { Faker, en } from '@faker-js/faker';
import { toIndexDocument } from '../../src/search/document.js';
import type { IndexNames } from '../../src/search/indices.js';
import { storedJob } from '../support/jobs.js';
import { createTempIndex, dropIndexFamily, serveOverIndex } from './indices.js';
import { testEnv } from './env.js';
import { call } from './http.js';

const TOTAL = 12_000;

describe('cursor walk over more than 10,000 hits', function () {
  this.timeout(300_000);
  let names: IndexNames;
  let baseUrl = '';
  let key = '';

  before(async () => {
    const env = testEnv();
    names = await createTempIndex('cw');
    const faker = new Faker({ locale: [en] });
    faker.seed(7);
    const words = ['Engineer', 'Manager', 'Analyst', 'Designer', 'Nurse', 'Backend', 'Senior', 'Data'];
    for (let start = 0; start < TOTAL; start += 2000) {
      const operations = Array.from({ length: 2000 }, (_, i) => {
        const n = start + i;
        const stored = storedJob(`walk_${n.toString().padStart(6, '0')}`, {
          native_id: String(n),
          title: faker.helpers.arrayElements(words, { min: 1, max: 3 }).join(' '),
          // Few distinct timestamps: thousands of ties, so job_key must break them.
          first_seen: new Date(Date.UTC(2026, 0, 1 + (n % 17))).toISOString(),
        });
        return [
          { index: { _index: names.alias, _id: stored.job_key } },
          toIndexDocument(stored, '2026-01-01T00:00:00.000Z'),
        ];
      }).flat();
      const bulk = await env.runtime.es.bulk({ operations });
      expect(bulk.errors).to.equal(false);
    }
    await env.runtime.es.indices.refresh({ index: names.alias });
    ({ baseUrl, key } = await serveOverIndex(names.alias, 'walk@example.com'));
  });

  after(async () => {
    const { es } = testEnv().runtime;
    await dropIndexFamily(es, names);
  });

  async function walk(query: string, sizes: number[]): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10_000; page += 1) {
      const limit = sizes[page % sizes.length] ?? 100;
      const response = await call(
        `/v1/jobs/search?${query}&limit=${limit}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        { headers: { 'X-API-Key': key } },
        baseUrl,
      );
      expect(response.status).to.equal(200);
      const body = response.body as { data: { job_key: string }[]; next_cursor?: string };
      seen.push(...body.data.map((job) => job.job_key));
      cursor = body.next_cursor;
      if (cursor === undefined) return seen;
    }
    throw new Error('walk did not end');
  }

  it('returns every job exactly once, newest first, in pages of varied size', async () => {
    const seen = await walk('status=open', [1000, 37, 999, 250, 1, 613]);
    expect(seen).to.have.length(TOTAL);
    expect(new Set(seen).size).to.equal(TOTAL);
  });

  it('returns every matching job exactly once when ordered by relevance', async () => {
    const env = testEnv();
    const expected = (
      await env.runtime.es.count({
        index: names.alias,
        query: { match: { title: { query: 'engineer', operator: 'and' } } },
      })
    ).count;
    expect(expected).to.be.greaterThan(1000);
    const seen = await walk('q=engineer', [500, 73, 1000]);
    expect(seen).to.have.length(expected);
    expect(new Set(seen).size).to.equal(expected);
  });
});
