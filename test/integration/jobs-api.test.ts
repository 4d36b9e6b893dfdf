import { expect } from 'chai';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { serveDemoCorpus } from '../../scripts/lib/demo-corpus.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { crawlBoards, registerBoard } from '../../src/ingest/crawl/boards.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';
import { call, type ValidationBody } from './http.js';

interface Page {
  data: Record<string, unknown>[];
  next_cursor?: string;
}

describe('jobs API: search, preview, detail', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let key = '';
  let starter = '';
  let openResolved = 0;

  const get = async (path: string, apiKey?: string) =>
    call(path, apiKey === undefined ? {} : { headers: { 'X-API-Key': apiKey } });

  before(async () => {
    const env = testEnv();
    server = await startFixtureServer();
    const lines = serveDemoCorpus(server);
    const ids: string[] = [];
    for (const line of lines) ids.push(await registerBoard(env.runtime.database.db, line));
    // A board of an unresolved company: an opaque tenant id (numeric slug), no name or domain from the
    // operator, none from its URLs (personio's do not contain the slug): its jobs are hidden unless
    // include_unresolved is set.
    const personio = lines.find((line) => line.source === 'personio');
    if (personio === undefined) throw new Error('demo corpus has no personio board');
    const { company: _company, domain: _domain, ...unresolved } = personio;
    ids.push(await registerBoard(env.runtime.database.db, { ...unresolved, slug: '90417' }));
    const ingest = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 0);
    await crawlBoards(ingest, ids, 4).finally(() => ingest.close());
    await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, systemClock);
    await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
    openResolved = (
      await env.runtime.es.count({
        index: env.runtime.indices.alias,
        query: { bool: { filter: [{ term: { status: 'open' } }, { term: { company_resolved: true } }] } },
      })
    ).count;
    key = (
      await env.services.accounts.createActiveAccount({
        email: 'search@example.com',
        plan: 'scale',
        isService: false,
      })
    ).key;
    starter = (
      await env.services.accounts.createActiveAccount({
        email: 'starter@example.com',
        plan: 'starter',
        isService: false,
      })
    ).key;
  });

  after(async () => {
    await server.close();
  });

  it('walks every open job of resolved companies exactly once with signed cursors, in pages of varied size', async () => {
    expect(openResolved).to.be.greaterThan(40);
    const seen: string[] = [];
    let cursor: string | undefined;
    const sizes = [7, 3, 11, 5];
    for (let page = 0; page < 100; page += 1) {
      const limit = sizes[page % sizes.length] ?? 5;
      const response = await get(
        `/v1/jobs/search?limit=${limit}${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        key,
      );
      expect(response.status).to.equal(200);
      const body = response.body as Page;
      expect(body.data.length).to.be.at.most(limit);
      seen.push(...body.data.map((job) => String(job.job_key)));
      cursor = body.next_cursor;
      if (cursor === undefined) break;
      expect(body.data.length).to.equal(limit);
    }
    expect(new Set(seen).size).to.equal(seen.length);
    expect(seen.length).to.equal(openResolved);
  });

  it('fails closed on a cursor used with other filters, or altered', async () => {
    const first = (await get('/v1/jobs/search?limit=2&source=greenhouse', key)).body as Page;
    expect(first.next_cursor).to.be.a('string');
    const cursor = encodeURIComponent(first.next_cursor ?? '');
    const drift = await get(`/v1/jobs/search?limit=2&source=lever&cursor=${cursor}`, key);
    expect(drift.status).to.equal(422);
    expect((drift.body as ValidationBody).detail[0]).to.deep.include({
      loc: ['query', 'cursor'],
      type: 'cursor_mismatch',
    });
    const tampered = await get(`/v1/jobs/search?limit=2&source=greenhouse&cursor=${cursor}x`, key);
    expect((tampered.body as ValidationBody).detail[0]).to.deep.include({ type: 'cursor_invalid' });
    const sameFiltersOtherLimit = await get(
      `/v1/jobs/search?limit=3&source=greenhouse&cursor=${cursor}`,
      key,
    );
    expect(sameFiltersOtherLimit.status).to.equal(200);
  });

  it('applies filters: source, country, status, title grammar, include_unresolved', async () => {
    const bySource = (await get('/v1/jobs/search?source=lever,ashby&limit=1000', key)).body as Page;
    expect(bySource.data.length).to.be.greaterThan(0);
    expect(bySource.data.every((job) => job.source === 'lever' || job.source === 'ashby')).to.equal(true);
    const gb = (await get('/v1/jobs/search?country=GB&limit=1000', key)).body as Page;
    expect(gb.data.length).to.be.greaterThan(0);
    for (const job of gb.data) {
      const codes = (job.locations_derived as { country_code: string | null }[]).map((l) => l.country_code);
      expect(codes).to.include('GB');
    }
    const titled = (
      await get(
        `/v1/jobs/search?title=${encodeURIComponent('engineer | scientist & !intern')}&limit=1000`,
        key,
      )
    ).body as Page;
    expect(titled.data.length).to.be.greaterThan(0);
    for (const job of titled.data) {
      const title = String(job.title).toLowerCase();
      expect(
        title.includes('engineer') || (title.includes('scientist') && !title.includes('intern')),
        title,
      ).to.equal(true);
    }
    const hidden = (await get('/v1/jobs/search?limit=1000', key)).body as Page;
    const withUnresolved = (await get('/v1/jobs/search?limit=1000&include_unresolved=true', key))
      .body as Page;
    expect(withUnresolved.data.length).to.be.greaterThan(hidden.data.length);
    expect(hidden.data.some((job) => job.source_slug === '90417')).to.equal(false);
    const closed = (await get('/v1/jobs/search?status=closed&limit=1000', key)).body as Page;
    expect(closed.data.every((job) => job.status === 'closed')).to.equal(true);
  });

  it('answers a malformed title expression with a 422 naming the position', async () => {
    const response = await get(`/v1/jobs/search?title=${encodeURIComponent('engineer &')}`, key);
    expect(response.status).to.equal(422);
    expect((response.body as ValidationBody).detail[0]).to.deep.include({
      loc: ['query', 'title'],
      type: 'title_grammar',
      ctx: { position: 10 },
    });
  });

  it('keyless search is an evaluation: at most 10 jobs, no cursor, no descriptions; paid features need a key', async () => {
    const response = await get('/v1/jobs/search?limit=50');
    expect(response.status).to.equal(200);
    const body = response.body as Page;
    expect(body.data).to.have.length(10);
    expect(body).not.to.have.property('next_cursor');
    expect(body.data.every((job) => !('description_text' in job))).to.equal(true);
    expect((await get('/v1/jobs/search?include_description=true')).status).to.equal(401);
    expect((await get('/v1/jobs/search?cursor=abc')).status).to.equal(401);
  });

  it('returns descriptions only to production keys that ask for them, and records usage', async () => {
    const env = testEnv();
    const before = await env.runtime.database.db.oneOrNone<{ jobs: string }>(
      `SELECT sum(jobs)::text AS jobs FROM usage_daily u JOIN api_keys k ON k.account_id = u.account_id WHERE k.hint = $1`,
      [key.slice(-4)],
    );
    const body = (await get('/v1/jobs/search?include_description=true&limit=20&source=greenhouse', key))
      .body as Page;
    expect(body.data.some((job) => typeof job.description_text === 'string')).to.equal(true);
    const plain = (await get('/v1/jobs/search?limit=20&source=greenhouse', key)).body as Page;
    expect(plain.data.every((job) => !('description_text' in job))).to.equal(true);
    const after = await env.runtime.database.db.one<{ jobs: string }>(
      `SELECT sum(jobs)::text AS jobs FROM usage_daily u JOIN api_keys k ON k.account_id = u.account_id WHERE k.hint = $1`,
      [key.slice(-4)],
    );
    expect(Number(after.jobs) - Number(before?.jobs ?? 0)).to.equal(body.data.length + plain.data.length);
  });

  it('serves job detail with its description to production keys only', async () => {
    const [job] = ((await get('/v1/jobs/search?limit=1&source=greenhouse', key)).body as Page).data;
    const jobKey = String(job?.job_key);
    expect((await get(`/v1/jobs/${jobKey}`)).status).to.equal(401);
    const detail = await get(`/v1/jobs/${jobKey}`, starter);
    expect(detail.status).to.equal(200);
    expect(detail.body).to.deep.include({ job_key: jobKey });
    const unknown = await get('/v1/jobs/greenhouse_doesnotexist', key);
    expect(unknown.status).to.equal(404);
  });

  it('serves the keyless preview: at most 10 open jobs, no descriptions, only its own parameters', async () => {
    const preview = await get('/v1/jobs/preview?limit=10&source=greenhouse,lever');
    expect(preview.status).to.equal(200);
    const body = preview.body as Page;
    expect(body.data.length).to.be.at.most(10).and.greaterThan(0);
    expect(body.data.every((job) => job.status === 'open' && !('description_text' in job))).to.equal(true);
    expect((await get('/v1/jobs/preview?status=closed')).status).to.equal(422);
    expect((await get('/v1/jobs/preview?limit=11')).status).to.equal(422);
  });
});
