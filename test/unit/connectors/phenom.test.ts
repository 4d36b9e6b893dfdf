import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import {
  PHENOM_PAGE_SIZE,
  parsePhenomSlug,
  phenomConnector,
  phenomDetailBody,
  phenomSearchBody,
} from '../../../src/ingest/connectors/phenom.js';
import { BoardNotFoundError, TransientFetchError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'phenom', slug: 'careers.cisco.com/global/en' };
const SITE = parsePhenomSlug(BOARD.slug);
const WIDGETS = 'https://careers.cisco.com/widgets';
const RECORDING = 'phenom/cisco-widgets-refinesearch-2-of-1313.json';
const IDS = ['2011157', '2006930'];

type Job = Record<string, unknown>;
const recordedJobs = (): Job[] =>
  (JSON.parse(fixture(RECORDING)) as { refineSearch: { data: { jobs: Job[] } } }).refineSearch.data.jobs;
const listPage = (jobs: Job[], totalHits: number) =>
  json({ refineSearch: { status: 200, totalHits, data: { jobs } } });
/** The detail answer for an id that is no longer there: a 200 without `job`. */
const NO_JOB = json({ jobDetail: { status: 200, data: {} } });

/** A FakeHttp serving list pages by `from` and, for every id, the given detail answer. */
function site(
  pages: [number, ReturnType<typeof json>][],
  details: Record<string, ReturnType<typeof json>>,
): FakeHttp {
  const http = new FakeHttp();
  for (const [from, answer] of pages)
    http.on(WIDGETS, answer, phenomSearchBody(SITE, from, PHENOM_PAGE_SIZE));
  for (const [id, answer] of Object.entries(details)) http.on(WIDGETS, answer, phenomDetailBody(SITE, id));
  return http;
}

describe('phenom connector', () => {
  it('maps the recorded list page; the constructed detail (shaped after a real Cisco jobDetail) adds the description', async () => {
    const detail = json({
      jobDetail: {
        status: 200,
        data: {
          job: {
            jobId: '2011157',
            companyName: 'Cisco',
            jobUpdatedDate: '2026-07-29T18:10:38.063+0000',
            description: '<p><b>Meet the team </b></p><p>As Quality Engineering team, we bridge the gap.</p>',
          },
        },
      },
    });
    // The recording kept 2 of 1313 jobs, so the connector asks for the next page: empty here.
    const http = site(
      [
        [0, ok(RECORDING)],
        [2, listPage([], 1313)],
      ],
      { [IDS[0] ?? '']: detail, [IDS[1] ?? '']: NO_JOB },
    );
    const result = await phenomConnector.crawl(BOARD, http);

    expect(
      http.requests.map((r) => JSON.parse(r.body ?? '{}') as Job).map((b) => b.from ?? b.jobId),
    ).to.deep.equal([0, 2, ...IDS]);
    expect(http.requests.every((r) => r.method === 'POST' && r.url === WIDGETS)).to.equal(true);
    expect(result.endpoint).to.equal(WIDGETS);
    const [quality, asic] = result.postings;
    expect(quality).to.deep.include({
      nativeId: '2011157',
      title: 'Quality Engineer | NPI(New Product Introduction) exp',
      url: 'https://careers.cisco.com/global/en/job/2011157',
      sourceEndpoint: WIDGETS,
      organization: 'Cisco',
      descriptionHtml: '<p><b>Meet the team </b></p><p>As Quality Engineering team, we bridge the gap.</p>',
      locations: [
        { text: 'Bangalore, India', city: 'Bangalore', country: 'India', lat: 12.97194, lng: 77.59369 },
      ],
      postedAt: '2026-07-29T00:00:00.000Z',
      updatedAt: '2026-07-29T18:10:38.063Z',
      // `category`, the family candidates filter by; `department` is a supervisory organisation.
      department: 'Supply Chain and Manufacturing Ops',
      employmentTypes: ['Full time'],
      workplaceType: 'Hybrid',
      requisitionId: '2011157',
    });
    // No job in its detail: list data only, never the teaser as a description.
    expect(asic).to.deep.include({
      nativeId: '2006930',
      workplaceType: 'Onsite Only',
      postedAt: '2026-04-21T00:00:00.000Z',
    });
    expect(asic).not.to.have.property('descriptionHtml');
    expect(asic).not.to.have.property('organization');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('pages with from/size until the first page’s totalHits, deduplicating repeated rows', async () => {
    const jobs = recordedJobs();
    const [first] = jobs;
    const extra = {
      ...first,
      jobId: '3000001',
      title: 'Another role',
      RemoteType: undefined,
      remoteType: 'Remote',
    };
    const http = site(
      [
        [0, listPage(jobs, 4)],
        // Later pages may report another total (0 past the window): the first page's counts.
        [2, listPage([first ?? {}, extra], 0)],
      ],
      {
        [IDS[0] ?? '']: status(404),
        [IDS[1] ?? '']: NO_JOB,
        // A detail that names another job is not used for this one.
        '3000001': json({
          jobDetail: { status: 200, data: { job: { jobId: '2011157', description: '<p>x</p>' } } },
        }),
      },
    );
    const result = await phenomConnector.crawl(BOARD, http);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal([...IDS, '3000001']);
    expect(result.postings[2]).to.deep.include({ title: 'Another role', workplaceType: 'Remote' });
    expect(result.postings[2]).not.to.have.property('descriptionHtml');
  });

  it('stops at a page that brings no new job (a server that ignores `from`)', async () => {
    const http = site(
      [
        [0, ok(RECORDING)],
        [2, ok(RECORDING)],
      ],
      { [IDS[0] ?? '']: NO_JOB, [IDS[1] ?? '']: NO_JOB },
    );
    const result = await phenomConnector.crawl(BOARD, http);
    expect(http.requests).to.have.length(4);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(IDS);
  });

  it('shrinks the last page so from + size stays inside the result window', async () => {
    // Small rows: ten thousand copies of a recorded job would only slow the test down.
    const jobs = (from: number, n: number): Job[] =>
      Array.from({ length: n }, (_, i) => ({ jobId: String(from + i), title: 'Role' }));
    const http = new FakeHttp()
      .on(WIDGETS, listPage(jobs(0, 9950), 9999), phenomSearchBody(SITE, 0, PHENOM_PAGE_SIZE))
      .on(WIDGETS, listPage(jobs(9950, 49), 0), phenomSearchBody(SITE, 9950, 49))
      .on(WIDGETS, NO_JOB);
    const result = await phenomConnector.crawl(BOARD, http);
    expect(result.postings).to.have.length(9999);
  });

  it('ends the crawl at the first transient detail failure without requesting the other details', async () => {
    const jobs = Array.from({ length: 12 }, (_, i) => ({ jobId: String(i + 1), title: 'Role' }));
    let details = 0;
    const list = new FakeHttp().on(WIDGETS, listPage(jobs, 12), phenomSearchBody(SITE, 0, PHENOM_PAGE_SIZE));
    const crawl = phenomConnector.crawl(BOARD, {
      request: (url, init) => {
        if (init?.body?.includes('"jobDetail"') !== true) return list.request(url, init);
        details++;
        return Promise.reject(new TransientFetchError(url, 'HTTP 503'));
      },
    });
    expect(await crawl.catch((e: unknown) => e)).to.be.instanceOf(TransientFetchError);
    expect(details).to.be.at.most(4);
  });

  it('reads a board beyond the 10,000 window up to the window and says the crawl is partial (recorded rows, total constructed)', async () => {
    const http = site(
      [
        [0, listPage(recordedJobs(), 19_649)],
        [2, listPage([], 0)],
      ],
      { [IDS[0] ?? '']: NO_JOB, [IDS[1] ?? '']: NO_JOB },
    );
    const result = await phenomConnector.crawl(BOARD, http);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(IDS);
    expect(result.truncated).to.equal('2 of 19649 postings: the search lists at most 9999');
  });

  it('returns an empty board as empty, 404 as BoardNotFoundError, another shape as UnexpectedResponseError', async () => {
    const empty = await phenomConnector.crawl(BOARD, site([[0, listPage([], 0)]], {}));
    expect(empty).to.deep.equal({ endpoint: WIDGETS, postings: [] });

    const missing = await phenomConnector.crawl(BOARD, site([[0, status(404)]], {})).catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);

    for (const body of [{ status: 'failure' }, { refineSearch: { status: 200, data: {} } }, []]) {
      const error = await phenomConnector.crawl(BOARD, site([[0, json(body)]], {})).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('reads host/country/lang slugs, rejects others, and honours the override', async () => {
    expect(parsePhenomSlug('jobs.example.com/us/en')).to.deep.equal({
      host: 'jobs.example.com',
      country: 'us',
      lang: 'en',
    });
    for (const bad of [
      'careers.cisco.com',
      'careers.cisco.com/global',
      'https://careers.cisco.com/us/en',
      'a/b/c',
    ]) {
      expect(() => parsePhenomSlug(bad)).to.throw(/Invalid Phenom board slug/);
    }
    const base = 'http://127.0.0.1:4010/phenom';
    const http = new FakeHttp()
      .on(`${base}/widgets`, ok(RECORDING), phenomSearchBody(SITE, 0, PHENOM_PAGE_SIZE))
      .on(`${base}/widgets`, listPage([], 1313), phenomSearchBody(SITE, 2, PHENOM_PAGE_SIZE))
      .on(`${base}/widgets`, NO_JOB);
    const result = await phenomConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.endpoint).to.equal(`${base}/widgets`);
    expect(result.postings[0]?.url).to.equal('https://careers.cisco.com/global/en/job/2011157');
  });
});
