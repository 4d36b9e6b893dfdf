import { expect } from 'chai';
import type { FixtureServer } from '../../scripts/lib/fixture-server.js';
import type { IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { embedMissing } from '../../src/embeddings/index-embeddings.js';
import type { KeywordField, KeywordNode } from '../../src/search/typed-query.js';
import { testEnv } from './env.js';
import { call, jsonBody, type Problem, type ValidationBody } from './http.js';
import { crawlFixture, crawlSampleBoards } from './indices.js';

interface Job {
  job_key: string;
  title: string;
  organization: string;
  description_text?: string;
  source: string;
  remote_derived?: boolean;
  locations_derived: { country_code: string | null }[];
}
interface Result {
  mode: string;
  data: Job[];
  next_cursor?: string;
  facets?: Record<string, { value: string | boolean; count: number }[]>;
}

const SOURCES = ['ashby', 'greenhouse', 'lever'];

/** Words as the standard analyzer sees them, closely enough for the fixture vocabulary. */
function words(text: string | undefined): string[] {
  return (text ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '');
}

/** The naive reading of a keyword tree over one job. */
function matches(node: KeywordNode, job: Job): boolean {
  if ('and' in node) return node.and.every((child) => matches(child, job));
  if ('or' in node) return node.or.some((child) => matches(child, job));
  if ('not' in node) return !matches(node.not, job);
  const fields: KeywordField[] = node.fields ?? ['title', 'description', 'company'];
  const texts = fields.map((field) =>
    words(field === 'title' ? job.title : field === 'company' ? job.organization : job.description_text),
  );
  if ('term' in node) {
    const wanted = words(node.term);
    return texts.some((text) => wanted.every((word) => text.includes(word)));
  }
  const phrase = words(node.phrase);
  return texts.some((text) =>
    text.some((_, at) => phrase.every((word, offset) => text[at + offset] === word)),
  );
}

describe('typed JSON search: keyword trees, facets, cursors, semantic gating', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;
  let growth: string;
  let starter: string;
  let corpus: Job[] = [];

  const search = async (
    body: Record<string, unknown>,
    key = growth,
  ): Promise<{ status: number; body: unknown }> =>
    call('/v1/jobs/search', {
      ...jsonBody(body),
      headers: { 'content-type': 'application/json', 'X-API-Key': key },
    });

  /** Every job of a typed search, walking the cursor with the given page size. */
  const walk = async (body: Record<string, unknown>, limit = 7): Promise<Job[]> => {
    const jobs: Job[] = [];
    let cursor: string | undefined;
    do {
      const response = await search({ ...body, limit, ...(cursor === undefined ? {} : { cursor }) });
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const result = response.body as Result;
      jobs.push(...result.data);
      cursor = result.next_cursor;
    } while (cursor !== undefined);
    return jobs;
  };

  before(async () => {
    const env = testEnv();
    ({ server, ingest } = await crawlFixture('typed-setup@example.com'));
    await crawlSampleBoards(server, ingest, 'ty');
    growth = (
      await env.services.accounts.createActiveAccount({
        email: 'typed-growth@example.com',
        plan: 'growth',
        isService: false,
      })
    ).key;
    starter = (
      await env.services.accounts.createActiveAccount({
        email: 'typed-starter@example.com',
        plan: 'starter',
        isService: false,
      })
    ).key;
    corpus = await walk({ filters: { source: SOURCES }, include_description: true }, 100);
    expect(corpus.length).to.be.greaterThan(15);
  });

  after(async () => {
    await ingest.close();
    await server.close();
  });

  const TREES: KeywordNode[] = [
    { term: 'engineer' },
    { term: 'engineer', fields: ['title'] },
    { phrase: 'software engineer', fields: ['title'] },
    { and: [{ term: 'engineer', fields: ['title'] }, { not: { term: 'senior', fields: ['title'] } }] },
    {
      or: [
        { term: 'sales', fields: ['title'] },
        { term: 'marketing', fields: ['title'] },
        { term: 'design', fields: ['title'] },
      ],
    },
    {
      and: [
        { or: [{ term: 'manager' }, { phrase: 'account executive' }] },
        {
          not: {
            or: [
              { term: 'intern', fields: ['title'] },
              { term: 'director', fields: ['title'] },
            ],
          },
        },
      ],
    },
    { not: { term: 'the', fields: ['description'] } },
    { term: 'stripe', fields: ['company'] },
  ];

  it('evaluates and/or/not trees (nested, per field) exactly like a naive reading of every job', async () => {
    for (const tree of TREES) {
      const expected = corpus.filter((job) => matches(tree, job)).map((job) => job.job_key);
      const found = await walk({ query: tree, filters: { source: SOURCES } });
      const keys = found.map((job) => job.job_key);
      expect(new Set(keys).size, 'no job twice').to.equal(keys.length);
      expect(keys, JSON.stringify(tree)).to.have.members(expected);
    }
    // The trees discriminate: most select some but not all of the corpus.
    const selective = TREES.filter((tree) => {
      const n = corpus.filter((job) => matches(tree, job)).length;
      return n > 0 && n < corpus.length;
    });
    expect(selective.length).to.be.at.least(6);
  });

  it('facets count the whole matching set: each bucket equals the count of the search filtered to it', async () => {
    const response = await search({
      filters: { source: SOURCES },
      facets: ['source', 'remote', 'country'],
      limit: 1,
    });
    const result = response.body as Result;
    expect(result.mode).to.equal('keyword');
    const facets = result.facets ?? {};
    expect(facets.source?.map((bucket) => bucket.value)).to.have.members(SOURCES);
    for (const bucket of facets.source ?? []) {
      expect(
        (await walk({ filters: { source: [bucket.value] } }, 100)).length,
        String(bucket.value),
      ).to.equal(bucket.count);
    }
    for (const bucket of facets.remote ?? []) {
      expect(typeof bucket.value).to.equal('boolean');
      const expected = corpus.filter((job) => (job.remote_derived ?? false) === bucket.value).length;
      if (bucket.value === true) expect(bucket.count).to.equal(expected);
    }
    for (const bucket of facets.country ?? []) {
      const expected = corpus.filter((job) =>
        job.locations_derived.some((location) => location.country_code === bucket.value),
      );
      expect(bucket.count, String(bucket.value)).to.equal(expected.length);
    }
    const counts = (facets.source ?? []).map((bucket) => bucket.count);
    expect(counts).to.deep.equal([...counts].sort((a, b) => b - a));
    // Later pages repeat the same counts.
    const next = await search({
      filters: { source: SOURCES },
      facets: ['source', 'remote', 'country'],
      limit: 1,
      cursor: result.next_cursor,
    });
    expect((next.body as Result).facets).to.deep.equal(facets);
  });

  it('binds cursors to the whole body except limit (drift → 422 cursor_mismatch at body.cursor)', async () => {
    const first = (await search({ query: { term: 'engineer' }, filters: { source: SOURCES }, limit: 2 }))
      .body as Result;
    expect(first.next_cursor).to.be.a('string');
    const resized = await search({
      query: { term: 'engineer' },
      filters: { source: SOURCES },
      limit: 5,
      cursor: first.next_cursor,
    });
    expect(resized.status).to.equal(200);
    for (const drifted of [
      { query: { term: 'manager' }, filters: { source: SOURCES } },
      { query: { term: 'engineer' }, filters: { source: ['lever'] } },
      { query: { term: 'engineer' }, filters: { source: SOURCES }, facets: ['source'] },
      { query: { term: 'engineer' }, filters: { source: SOURCES }, include_description: true },
    ]) {
      const response = await search({ ...drifted, limit: 2, cursor: first.next_cursor });
      expect(response.status, JSON.stringify(drifted)).to.equal(422);
      expect((response.body as ValidationBody).detail[0]).to.deep.include({
        type: 'cursor_mismatch',
        loc: ['body', 'cursor'],
      });
    }
  });

  it('gates semantic mode by plan and rejects the combinations it excludes', async () => {
    const denied = await search({ semantic: { query: 'backend payments engineer' } }, starter);
    expect(denied.status).to.equal(403);
    expect(denied.body).to.include({ code: 'plan_required', required_entitlement: 'semantic_search' });
    for (const invalid of [
      { semantic: { query: 'x' }, cursor: 'abc' },
      { semantic: { query: 'x' }, facets: ['source'] },
      { semantic: { query: 'x' }, query: { term: 'engineer' } },
      { semantic: { query: 'x' }, limit: 101 },
      { semantic: { query: 'x' }, filters: { status: 'closed' } },
    ]) {
      expect((await search(invalid)).status, JSON.stringify(invalid)).to.equal(422);
    }
  });

  it('semantic mode: kNN over job vectors under the filters, open jobs only, ≤ limit, no cursor', async () => {
    const env = testEnv();
    const embedder = env.runtime.embedder;
    if (embedder === undefined)
      throw new Error('EMBEDDING_MODEL_DIR is not set: run through npm test or the dev stack');
    while ((await embedMissing(env.runtime.es, env.runtime.indices.alias, embedder, 200)) > 0);
    await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
    // A job's own title finds that job among the nearest of its company. (Other suites crawl the
    // same recorded boards under other names: near-identical jobs of other companies are filtered out.)
    const target = corpus.find((job) => job.source === 'lever') ?? corpus[0];
    const response = await search({
      semantic: { query: target?.title ?? '' },
      filters: { source: ['lever'], company: target?.organization },
      limit: 5,
    });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const result = response.body as Result;
    expect(result.mode).to.equal('semantic');
    expect(result).not.to.have.property('next_cursor');
    expect(result.data.length).to.be.within(1, 5);
    expect(result.data.every((job) => job.source === 'lever')).to.equal(true);
    expect(result.data.map((job) => job.job_key)).to.include(target?.job_key);
    const wide = (await search({ semantic: { query: 'software engineer' }, limit: 100 })).body as Result;
    expect(wide.data.length).to.be.at.most(100);
    const statuses = await Promise.all(
      wide.data
        .slice(0, 20)
        .map(
          async (job) => (await call(`/v1/jobs/${job.job_key}`, { headers: { 'X-API-Key': growth } })).body,
        ),
    );
    expect(statuses.every((job) => (job as { status: string }).status === 'open')).to.equal(true);
  });

  it('validates the body with loc pointing into it, and bounds the tree (query_too_complex)', async () => {
    const badLeaf = await search({ query: { and: [{ term: '' }] } });
    expect(badLeaf.status).to.equal(422);
    expect((badLeaf.body as ValidationBody).detail.some((issue) => issue.loc[0] === 'body')).to.equal(true);
    const wide = {
      or: Array.from({ length: 3 }, () => ({ and: Array.from({ length: 40 }, () => ({ term: 'x' })) })),
    };
    const wideResponse = await search({ query: wide });
    expect((wideResponse.body as ValidationBody).detail[0]).to.deep.include({
      type: 'query_too_complex',
      loc: ['body', 'query'],
    });
    let deep: KeywordNode = { term: 'x' };
    for (let depth = 0; depth < 10; depth += 1) deep = { not: deep };
    expect(((await search({ query: deep })).body as ValidationBody).detail[0]).to.include({
      type: 'query_too_complex',
    });
    expect((await search({ facets: ['nope'] })).status).to.equal(422);
    expect((await search({ include_description: true }, starter)).status).to.equal(200);
    const keyless = await call('/v1/jobs/search', jsonBody({}));
    expect((keyless.body as Problem).status).to.equal(401);
  });
});
