import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { darwinboxConnector, darwinboxHost } from '../../../src/ingest/connectors/darwinbox.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const JOBS = 'darwinbox/licious-candidateapi-jobs-2.json';
const BOARD: BoardRef = { source: 'darwinbox', slug: 'licious' };
const URL = 'https://licious.darwinbox.in/ms/candidateapi/job/alljobs?companyId=main';
const body = (page: number): string =>
  JSON.stringify({ companyId: 'main', page, sort_option: 'new', limit: 100 });
const recorded = (): Record<string, unknown>[] => JSON.parse(fixture(JOBS)) as Record<string, unknown>[];

describe('darwinbox connector', () => {
  it('maps the recorded jobs: decoded jd, cleaned location strings, careers window, experience', async () => {
    const http = new FakeHttp().on(URL, ok(JOBS), body(1));
    const result = await darwinboxConnector.crawl(BOARD, http);

    expect(result.endpoint).to.equal(URL);
    const [dispatch, sales] = result.postings;
    expect(dispatch).to.deep.include({
      nativeId: '5ebea18409d3e',
      title: 'Dispatch Supervisor',
      url: 'https://licious.darwinbox.in/ms/candidatev2/main/careers/jobDetails/5ebea18409d3e',
      sourceEndpoint: URL,
      locations: [
        { text: 'Bengaluru, Karnataka, India' },
        { text: 'Gurgaon, Haryana, India' },
        { text: 'Mumbai, Maharashtra, India' },
      ],
      postedAt: '2025-02-02T18:30:00.000Z',
      department: 'Dispatch',
      employmentTypes: ['Onroll'],
      remote: false,
      experience: '2 - 4 Years',
      requisitionId: 'Licious39',
    });
    const html = dispatch?.descriptionHtml ?? '';
    expect(html).to.match(/^<p style="margin-bottom: 0px;/);
    expect(html).to.include('<li><p data-renderer-start-pos="3968"');
    expect(html).to.include("'Segoe UI'");
    expect(html).not.to.include('&lt;');
    expect(dispatch).not.to.have.property('salary');
    expect(dispatch).not.to.have.property('validThrough');

    expect(sales).to.deep.include({
      nativeId: 'a6610fb2a780ac',
      title: 'Area Sales Manager',
      department: 'B2B',
    });
    expect(sales?.locations).to.have.length(4);
    expect(sales).not.to.have.property('descriptionHtml');
    expect(sales).not.to.have.property('experience');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads the served envelope like the recorded array; posted_on and salary text when published', async () => {
    const [first, second] = recorded();
    const variant = [
      { ...first, job_posting: null, posted_on: '3-Feb-2025', salary_range: '10 - 12 LPA' },
      { ...second, job_posting: null, posted_on: 1738521000, is_remote: 1 },
    ];
    const http = new FakeHttp().on(URL, json({ status: 'success', data: variant, job_counts: 2 }), body(1));
    const { postings } = await darwinboxConnector.crawl(BOARD, http);
    expect(postings[0]).to.deep.include({
      postedAt: '2025-02-03T00:00:00.000Z',
      salary: { text: '10 - 12 LPA', periodRaw: 'Annual' },
    });
    expect(postings[1]).to.deep.include({ postedAt: '2025-02-02T18:30:00.000Z', remote: true });
  });

  it('pages until a short page', async () => {
    const [first] = recorded();
    const full = Array.from({ length: 100 }, (_, i) => ({ ...first, id: `p1-${i}` }));
    const http = new FakeHttp()
      .on(URL, json({ status: 'success', data: full, job_counts: 102 }), body(1))
      .on(URL, ok(JOBS), body(2));
    const { postings } = await darwinboxConnector.crawl(BOARD, http);
    expect(postings).to.have.length(102);
    expect(http.requests.map((r) => r.body)).to.deep.equal([body(1), body(2)]);
  });

  it('reads an empty board; status "error" and 404 are not found; another shape is unexpected', async () => {
    const empty = await darwinboxConnector.crawl(
      BOARD,
      new FakeHttp().on(URL, json({ status: 'success', data: [], job_counts: 0 })),
    );
    expect(empty.postings).to.deep.equal([]);
    for (const response of [json({ status: 'error' }), status(404)]) {
      const missing = await darwinboxConnector
        .crawl(BOARD, new FakeHttp().on(URL, response))
        .catch((e: unknown) => e);
      expect(missing).to.be.instanceOf(BoardNotFoundError);
    }
    for (const odd of [{ status: 'success' }, { jobs: [] }, { status: 'failure', data: [] }]) {
      const error = await darwinboxConnector
        .crawl(BOARD, new FakeHttp().on(URL, json(odd)))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('reads a tenant or a tenant host as the slug', () => {
    expect(darwinboxHost('licious')).to.equal('licious.darwinbox.in');
    expect(darwinboxHost('acme.darwinbox.com')).to.equal('acme.darwinbox.com');
    for (const slug of ['acme.example.com', 'a/b', ''])
      expect(() => darwinboxHost(slug)).to.throw(/Invalid darwinbox/);
  });
});
