import { expect } from 'chai';
import { Faker, en } from '@faker-js/faker';
import { toIndexDocument } from '../../src/search/document.js';
import type { IndexNames } from '../../src/search/indices.js';
import { storedJob } from '../support/jobs.js';
import { createTempIndex, dropIndexFamily, serveOverIndex } from './indices.js';
import { testEnv } from './env.js';
import { call } from './http.js';

const TOTAL = 12_000;

/** The point in time a relevance cursor names (the cursor's payload is ours to read in a test). */
function pitOf(cursor: string | undefined): string | undefined {
  const payload = JSON.parse(Buffer.from(String(cursor).split('.')[0] ?? '', 'base64url').toString()) as {
    p?: string;
  };
  return payload.p;
}

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

  /** Every job of a search, page by page; `between` runs after each page (its number from 1). */
  async function walk(
    query: string,
    sizes: number[],
    between: (page: number, seen: string[]) => Promise<void> = () => Promise.resolve(),
  ): Promise<string[]> {
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
      await between(page + 1, seen);
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

  // Scores depend on index statistics, which every write and every merge changes: a relevance walk
  // on the live index repeats and skips jobs. It reads one point in time instead.
  it('keeps a relevance walk on one view while jobs are written, deleted and merged away between pages', async () => {
    const { es } = testEnv().runtime;
    const engineer = { match: { title: { query: 'engineer', operator: 'and' as const } } };
    const before = await es.search<{ job_key: string }>({
      index: names.alias,
      query: engineer,
      size: 10_000,
      _source: ['job_key'],
    });
    const expected = before.hits.hits.map((hit) => hit._source?.job_key ?? '');
    const seen = await walk('q=engineer', [300, 41, 700], async (page, sofar) => {
      if (page > 3) return;
      // Jobs that would rank first, one that is gone, and segments merged (statistics without deletes).
      const operations = Array.from({ length: 50 }, (_, i) => {
        const stored = storedJob(`walk_added_${String(page)}_${String(i)}`, {
          native_id: `added-${String(page)}-${String(i)}`,
          title: 'Engineer Engineer Engineer',
          first_seen: '2026-03-01T00:00:00.000Z',
        });
        return [
          { index: { _index: names.alias, _id: stored.job_key } },
          toIndexDocument(stored, '2026-01-01T00:00:00.000Z'),
        ];
      }).flat();
      expect((await es.bulk({ operations, refresh: true })).errors).to.equal(false);
      const unseen = expected.filter((jobKey) => !sofar.includes(jobKey)).slice(0, 200);
      const deletes = unseen.map((jobKey) => ({ delete: { _index: names.alias, _id: jobKey } }));
      expect((await es.bulk({ operations: deletes, refresh: true })).errors).to.equal(false);
      await es.indices.forcemerge({ index: names.alias, max_num_segments: 1 });
      await es.indices.refresh({ index: names.alias });
    });
    expect(seen).to.have.length(expected.length);
    expect(new Set(seen).size).to.equal(expected.length);
    expect(seen).to.have.members(expected);
  });

  it('goes on over the live index when a relevance walk resumes after its point in time ended', async () => {
    const { es } = testEnv().runtime;
    const first = await call(
      `/v1/jobs/search?q=analyst&limit=100`,
      { headers: { 'X-API-Key': key } },
      baseUrl,
    );
    const { data, next_cursor: cursor } = first.body as { data: { job_key: string }[]; next_cursor?: string };
    expect(cursor).to.be.a('string');
    const pit = pitOf(cursor);
    expect(pit).to.be.a('string');
    await es.closePointInTime({ id: String(pit) });
    const next = await call(
      `/v1/jobs/search?q=analyst&limit=100&cursor=${encodeURIComponent(String(cursor))}`,
      { headers: { 'X-API-Key': key } },
      baseUrl,
    );
    expect(next.status, JSON.stringify(next.body)).to.equal(200);
    const rest = (next.body as { data: { job_key: string }[] }).data.map((job) => job.job_key);
    expect(rest).to.have.length(100);
    expect(rest.filter((jobKey) => data.some((job) => job.job_key === jobKey))).to.deep.equal([]);
  });

  it('starts walks close together in one shared point in time, and replaces a shared one that has gone', async () => {
    const { es } = testEnv().runtime;
    // Shared for a minute, so a slow machine cannot make the two first pages miss each other.
    const sharing = await serveOverIndex(names.alias, 'walk-shared@example.com', { pitShareMs: 60_000 });
    const firstPage = async (q: string): Promise<string | undefined> => {
      const response = await call(
        `/v1/jobs/search?q=${q}&limit=100`,
        { headers: { 'X-API-Key': sharing.key } },
        sharing.baseUrl,
      );
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      return (response.body as { next_cursor?: string }).next_cursor;
    };
    const engineer = await firstPage('engineer');
    const analyst = await firstPage('analyst');
    const shared = pitOf(engineer);
    expect(shared).to.be.a('string');
    expect(pitOf(analyst)).to.equal(shared);
    // Gone (expired, or released by hand here): the next walk gets a new one, not a 503.
    await es.closePointInTime({ id: String(shared) });
    const nurse = await firstPage('nurse');
    expect(pitOf(nurse)).to.be.a('string').and.not.equal(shared);
    expect(pitOf(await firstPage('designer'))).to.equal(pitOf(nurse));
  });

  it('with sharing off, gives every walk a point in time of its own', async () => {
    const own = await serveOverIndex(names.alias, 'walk-own@example.com', { pitShareMs: 0 });
    const pits = await Promise.all(
      ['engineer', 'engineer'].map(async (q) => {
        const response = await call(
          `/v1/jobs/search?q=${q}&limit=100`,
          { headers: { 'X-API-Key': own.key } },
          own.baseUrl,
        );
        return pitOf((response.body as { next_cursor?: string }).next_cursor);
      }),
    );
    expect(pits[0]).to.be.a('string');
    expect(pits[1]).to.be.a('string').and.not.equal(pits[0]);
  });
});
