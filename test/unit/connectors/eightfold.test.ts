import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { eightfoldConnector, parseEightfoldSlug } from '../../../src/ingest/connectors/eightfold.js';
import { BoardNotFoundError, TransientFetchError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const PCSX_FILE = 'eightfold/caci-pcsx-search-3-of-1758.json';
const FCX_FILE = 'eightfold/fcx-apply-v2-jobs-3-of-256.json';
const ALB_FILE = 'eightfold/albemarle-apply-v2-jobs-2-of-59.json';

const pcsxList = (host: string, domain: string, start: number): string =>
  `https://${host}/api/pcsx/search?domain=${domain}&query=&location=&start=${start}&sort_by=timestamp`;
const pcsxDetail = (host: string, domain: string, id: string): string =>
  `https://${host}/api/pcsx/position_details?position_id=${id}&domain=${domain}&hl=en`;
const v2List = (host: string, domain: string, start: number): string =>
  `https://${host}/api/apply/v2/jobs?domain=${domain}&start=${start}&num=10&sort_by=timestamp`;
const v2Detail = (host: string, domain: string, id: string): string =>
  `https://${host}/api/apply/v2/jobs/${id}?domain=${domain}`;

const CACI: BoardRef = { source: 'eightfold', slug: 'caci/caci.com' };
const CACI_HOST = 'caci.eightfold.ai';
const CACI_IDS = ['1443153815392', '1443153778442', '1443153816177'];
const FCX: BoardRef = { source: 'eightfold', slug: 'talent.fmjobs.com/fcx.com' };
const FCX_IDS = ['42478672', '42477103', '42475929'];

type Position = Record<string, unknown>;

describe('eightfold connector', () => {
  it('maps the recorded PCSX page (camelCase) and adds each detail description (detail constructed)', async () => {
    const http = new FakeHttp()
      .on(pcsxList(CACI_HOST, 'caci.com', 0), ok(PCSX_FILE))
      .on(pcsxList(CACI_HOST, 'caci.com', 3), json({ status: 200, data: { positions: [], count: 1758 } }))
      .on(
        pcsxDetail(CACI_HOST, 'caci.com', CACI_IDS[0] ?? ''),
        json({ data: { jobDescription: '<p>Systems</p>' } }),
      )
      .on(pcsxDetail(CACI_HOST, 'caci.com', CACI_IDS[1] ?? ''), status(404))
      .on(pcsxDetail(CACI_HOST, 'caci.com', CACI_IDS[2] ?? ''), json({ status: 200, data: {} }));
    const result = await eightfoldConnector.crawl(CACI, http);

    expect(result.endpoint).to.equal(pcsxList(CACI_HOST, 'caci.com', 0));
    const [systems, intern, manager] = result.postings;
    expect(systems).to.deep.equal({
      nativeId: '1443153815392',
      title: 'Systems Engineer, Mid-level',
      url: 'https://caci.eightfold.ai/careers/job/1443153815392',
      sourceEndpoint: pcsxDetail(CACI_HOST, 'caci.com', '1443153815392'),
      descriptionHtml: '<p>Systems</p>',
      locations: [{ text: 'Sterling, VA, US' }, { text: 'Denver, CO, US' }],
      postedAt: '2026-10-05T00:00:00.000Z',
      department: 'Systems Engineering',
      workplaceType: 'onsite',
      requisitionId: '332948',
    });
    expect(intern).to.deep.include({
      sourceEndpoint: pcsxList(CACI_HOST, 'caci.com', 0),
      department: 'Intern/Co-op - Technical',
    });
    expect(intern).not.to.have.property('descriptionHtml');
    expect(manager).to.deep.include({
      workplaceType: 'remote',
      locations: [{ text: 'Colorado Springs, CO, US' }],
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('switches to SmartApply v2 when PCSX answers 403, and maps the recorded v2 page (snake_case)', async () => {
    const host = 'talent.fmjobs.com';
    const [first] = (JSON.parse(fixture(FCX_FILE)) as { positions: Position[] }).positions;
    const http = new FakeHttp()
      .on(pcsxList(host, 'fcx.com', 0), status(403, '{"message": "Not authorized for PCSX"}'))
      .on(v2List(host, 'fcx.com', 0), ok(FCX_FILE))
      .on(v2List(host, 'fcx.com', 3), json({ domain: 'fcx.com', count: 256, positions: [] }))
      .on(v2Detail(host, 'fcx.com', FCX_IDS[0] ?? ''), json({ ...first, job_description: '<p>Lead</p>' }))
      .on(v2Detail(host, 'fcx.com', FCX_IDS[1] ?? ''), status(404))
      .on(v2Detail(host, 'fcx.com', FCX_IDS[2] ?? ''), status(404));
    const result = await eightfoldConnector.crawl(FCX, http);

    expect(result.endpoint).to.equal(v2List(host, 'fcx.com', 0));
    expect(result.postings[0]).to.deep.equal({
      nativeId: '42478672',
      title: 'Manager Engineering - Electrical',
      url: 'https://talent.fmjobs.com/careers/job/42478672',
      sourceEndpoint: v2Detail(host, 'fcx.com', '42478672'),
      descriptionHtml: '<p>Lead</p>',
      locations: [{ text: 'New Orleans, LA USA 70112' }],
      postedAt: '2026-06-17T01:48:12.000Z',
      updatedAt: '2026-06-17T15:54:57.000Z',
      department: 'Engineering Services',
      workplaceType: 'onsite',
      language: 'en_US',
      requisitionId: '144860',
    });
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(FCX_IDS);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('maps the Albemarle v2 page (no domain key, hyphenated locale) and marks private positions unlisted', async () => {
    const host = 'albemarle.eightfold.ai';
    const payload = JSON.parse(fixture(ALB_FILE)) as { positions: Position[]; count: number };
    const [a, b] = payload.positions;
    const http = new FakeHttp()
      .on(pcsxList(host, 'albemarle.com', 0), status(403))
      .on(v2List(host, 'albemarle.com', 0), json({ ...payload, positions: [a, { ...b, isPrivate: true }] }))
      .on(v2List(host, 'albemarle.com', 2), json({ positions: [], count: 59 }))
      .on(v2Detail(host, 'albemarle.com', '1099556324897'), status(404))
      .on(v2Detail(host, 'albemarle.com', '1099556190478'), status(404));
    const { postings } = await eightfoldConnector.crawl(
      { source: 'eightfold', slug: 'albemarle/albemarle.com' },
      http,
    );
    expect(postings[0]).to.deep.include({
      title: 'Environmental Professional',
      url: 'https://albemarle.eightfold.ai/careers/job/1099556324897',
      department: 'Health, Safety & Environment',
      language: 'en-US',
      requisitionId: 'REQ-31520',
      postedAt: '2026-09-24T00:00:00.000Z',
    });
    expect(postings[0]).not.to.have.property('unlisted');
    expect(postings[1]).to.deep.include({ unlisted: true });
  });

  it('pages by start until count; a page with nothing new to the sweep ends it, and a short crawl says so', async () => {
    const host = CACI_HOST;
    const page = JSON.parse(fixture(PCSX_FILE)) as { data: { positions: Position[]; count: number } };
    const moved = page.data.positions.map((p, i) => ({ ...p, id: 7000 + i }));
    const http = new FakeHttp()
      .on(pcsxList(host, 'caci.com', 0), ok(PCSX_FILE))
      .on(pcsxList(host, 'caci.com', 3), json({ data: { positions: moved, count: 1758 } }))
      .on(pcsxList(host, 'caci.com', 6), ok(PCSX_FILE));
    for (const id of [...CACI_IDS, '7000', '7001', '7002'])
      http.on(pcsxDetail(host, 'caci.com', id), status(404));
    const result = await eightfoldConnector.crawl(CACI, http);
    expect(result.postings).to.have.length(6);
    // The first sweep ends on the repeated first page; a second adds nothing, so none more.
    const starts = http.urls
      .filter((url) => url.includes('/search?'))
      .map((url) => /start=(\d+)/.exec(url)?.[1]);
    expect(starts).to.deep.equal(['0', '3', '6', '0', '3', '6']);
    expect(result.truncated).to.equal('6 of 1758 positions read in 2 sweeps');
  });

  it('sweeps again from start=0 when replicas deal a position twice and another never (recorded positions, orders constructed)', async () => {
    const host = CACI_HOST;
    const recorded = JSON.parse(fixture(PCSX_FILE)) as { data: { positions: Position[] } };
    const [a, b, c] = recorded.data.positions.map((p) => ({ ...p }));
    const more = recorded.data.positions.map((p, i) => ({ ...p, id: 7000 + i }));
    const [d, e, f] = more;
    const list = (...positions: (Position | undefined)[]): ReturnType<typeof json> =>
      json({ status: 200, data: { positions, count: 6 } });
    // Sweep 1 is dealt c twice and f never; sweep 2's replica deals f and repeats d.
    const http = new FakeHttp()
      .onEach(pcsxList(host, 'caci.com', 0), [list(a, b, c), list(a, b, f)])
      .onEach(pcsxList(host, 'caci.com', 3), [list(c, d, e), list(d, d, e)]);
    for (const id of [...CACI_IDS, '7000', '7001', '7002'])
      http.on(pcsxDetail(host, 'caci.com', id), status(404));
    const result = await eightfoldConnector.crawl(CACI, http);

    expect(result.postings.map((p) => p.nativeId)).to.deep.equal([...CACI_IDS, '7000', '7001', '7002']);
    expect(result).not.to.have.property('truncated');
    const starts = http.urls
      .filter((url) => url.includes('/search?'))
      .map((url) => /start=(\d+)/.exec(url)?.[1]);
    expect(starts).to.deep.equal(['0', '3', '0']);
  });

  it("reads a list page that states no count as partial, and a later page's 0 does not shrink the count (recorded positions)", async () => {
    const recorded = JSON.parse(fixture(PCSX_FILE)) as { data: { positions: Position[] } };
    const http = new FakeHttp().on(
      pcsxList(CACI_HOST, 'caci.com', 0),
      json({ data: { positions: recorded.data.positions } }),
    );
    for (const id of CACI_IDS) http.on(pcsxDetail(CACI_HOST, 'caci.com', id), status(404));
    const result = await eightfoldConnector.crawl(CACI, http);
    expect(result.postings).to.have.length(3);
    expect(result.truncated).to.equal('3 positions listed without a count');

    const more = recorded.data.positions.map((p, i) => ({ ...p, id: 8000 + i }));
    const zero = new FakeHttp()
      .on(
        pcsxList(CACI_HOST, 'caci.com', 0),
        json({ data: { positions: recorded.data.positions, count: 9 } }),
      )
      .on(pcsxList(CACI_HOST, 'caci.com', 3), json({ data: { positions: more, count: 0 } }))
      .on(pcsxList(CACI_HOST, 'caci.com', 6), json({ data: { positions: [], count: 0 } }));
    for (const id of [...CACI_IDS, '8000', '8001', '8002'])
      zero.on(pcsxDetail(CACI_HOST, 'caci.com', id), status(404));
    const partial = await eightfoldConnector.crawl(CACI, zero);
    expect(partial.truncated).to.equal('6 of 9 positions read in 2 sweeps');
  });

  it('reads an empty board; 404 is not found, another shape unexpected, 403 on both APIs transient', async () => {
    const list = pcsxList(CACI_HOST, 'caci.com', 0);
    const empty = await eightfoldConnector.crawl(
      CACI,
      new FakeHttp().on(list, json({ data: { positions: [], count: 0 } })),
    );
    expect(empty.postings).to.deep.equal([]);
    const missing = await eightfoldConnector
      .crawl(CACI, new FakeHttp().on(list, status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    const odd = await eightfoldConnector
      .crawl(CACI, new FakeHttp().on(list, json({ status: 200, data: null })))
      .catch((e: unknown) => e);
    expect(odd).to.be.instanceOf(UnexpectedResponseError);
    const walled = await eightfoldConnector
      .crawl(CACI, new FakeHttp().on(list, status(403)).on(v2List(CACI_HOST, 'caci.com', 0), status(403)))
      .catch((e: unknown) => e);
    expect(walled).to.be.instanceOf(TransientFetchError);
  });

  it('parses slugs strictly', () => {
    expect(parseEightfoldSlug('talent.fmjobs.com/fcx.com')).to.deep.equal({
      host: 'talent.fmjobs.com',
      domain: 'fcx.com',
    });
    for (const slug of ['caci', 'caci/caci', 'a/b.com/c', 'a b/c.com']) {
      expect(() => parseEightfoldSlug(slug)).to.throw(/Invalid eightfold board slug/);
    }
  });
});
