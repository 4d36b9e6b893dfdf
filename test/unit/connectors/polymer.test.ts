import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { polymerConnector } from '../../../src/ingest/connectors/polymer.js';
import { BoardNotFoundError, TransientFetchError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'polymer', slug: 'cedar' };
const RECORDING = 'polymer/cedar-list-items-plus-detail-1.json';
const JOBS = 'https://api.polymer.co/v1/hire/organizations/cedar/jobs';
const page = (n: number, jobs = JOBS): string => `${jobs}?page=${n}&per_page=50`;
const detail = (id: string | number, jobs = JOBS): string => `${jobs}/${id}`;
const LAST = json({ items: [], meta: { is_last: true } });

type Job = Record<string, unknown>;
/** The recorder's composite: the list row and the detail of job 38850, each as the API served it. */
const recorded = (): { row: Job; detail: Job } => {
  const { items, details } = JSON.parse(fixture(RECORDING)) as { items: Job[]; details: Record<string, Job> };
  return { row: items[0] ?? {}, detail: details['38850'] ?? {} };
};

describe('polymer connector', () => {
  it('maps the recorded list row plus its detail, with the detail URL as source endpoint', async () => {
    const http = new FakeHttp()
      .on(page(1), ok(RECORDING))
      .on(page(2), LAST)
      .on(detail(38850), json(recorded().detail));
    const result = await polymerConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([page(1), page(2), detail(38850)]);
    expect(result.endpoint).to.equal(page(1));
    const [job] = result.postings;
    expect(job).to.deep.include({
      nativeId: '38850',
      title: 'Senior Software Engineer',
      url: 'https://careers.cedar.build/38850',
      sourceEndpoint: detail(38850),
      organization: 'Cedar',
      locations: [{ text: 'San Diego, CA', city: 'San Diego', region: 'CA', countryCode: 'US' }],
      postedAt: '2026-02-19T16:17:06.862Z',
      employmentTypes: ['Full-time'],
      workplaceType: 'No remote',
      salary: { text: '170K - 220K USD a year' },
    });
    expect(job?.descriptionHtml).to.match(
      /^<p><strong>Help reinvent how housing gets designed, permitted, and built in America\.<\/strong><\/p>/,
    );
    // department and archived_at are null in the detail.
    expect(job).not.to.have.property('department');
    expect(job).not.to.have.property('expired');
    // job_post_url is on the employer's own careers site.
    expect(result.companyUrls).to.deep.equal(['https://careers.cedar.build']);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('keeps the list row (no description) when the detail is gone or belongs to another job', async () => {
    for (const answer of [status(404), json({ ...recorded().detail, id: 1 })]) {
      const http = new FakeHttp().on(page(1), ok(RECORDING)).on(page(2), LAST).on(detail(38850), answer);
      const [job] = (await polymerConnector.crawl(BOARD, http)).postings;
      expect(job).to.deep.include({
        nativeId: '38850',
        sourceEndpoint: page(1),
        title: 'Senior Software Engineer',
      });
      expect(job).not.to.have.property('descriptionHtml');
    }
  });

  it('pages until meta.is_last and marks an archived job expired', async () => {
    const { row, detail: full } = recorded();
    const http = new FakeHttp()
      .on(page(1), json({ items: [row], meta: { is_last: false } }))
      .on(page(2), json({ items: [{ ...row, id: 38851, job_post_url: undefined }], meta: { is_last: true } }))
      .on(detail(38850), json({ ...full, archived_at: '2026-03-01T00:00:00.000Z' }))
      .on(detail(38851), status(404));
    const result = await polymerConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([page(1), page(2), detail(38850), detail(38851)]);
    expect(result.postings.map((p) => [p.nativeId, p.expired])).to.deep.equal([
      ['38850', true],
      ['38851', undefined],
    ]);
    // Without job_post_url the posting keeps Polymer's hosted page.
    expect(result.postings[1]).to.deep.include({
      url: 'https://jobs.polymer.co/cedar/38851',
      sourceEndpoint: page(2),
    });
  });

  it('ends the crawl at the first transient detail failure without requesting the other details', async () => {
    const { row } = recorded();
    const rows = Array.from({ length: 12 }, (_, i) => ({ ...row, id: 50000 + i }));
    const listPage = new FakeHttp().on(page(1), json({ items: rows, meta: { is_last: true } }));
    let details = 0;
    const crawl = polymerConnector.crawl(BOARD, {
      request: (url, init) => {
        if (url === page(1)) return listPage.request(url, init);
        details++;
        return Promise.reject(new TransientFetchError(url, 'HTTP 503'));
      },
    });
    expect(await crawl.catch((e: unknown) => e)).to.be.instanceOf(TransientFetchError);
    // At most the four details already in flight when the first one failed.
    expect(details).to.be.at.most(4);
  });

  it('stops at a page that brings nothing new (a server ignoring `page`)', async () => {
    const http = new FakeHttp()
      .on(page(1), ok(RECORDING))
      .on(page(2), ok(RECORDING))
      .on(detail(38850), status(404));
    const result = await polymerConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([page(1), page(2), detail(38850)]);
    expect(result.postings).to.have.length(1);
  });

  it('returns an empty board as empty, 404 as BoardNotFoundError, another shape as UnexpectedResponseError', async () => {
    const empty = await polymerConnector.crawl(BOARD, new FakeHttp().on(page(1), LAST));
    expect(empty).to.deep.equal({ endpoint: page(1), postings: [] });

    const missing = await polymerConnector
      .crawl(BOARD, new FakeHttp().on(page(1), status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);

    for (const body of [{ jobs: [] }, [recorded().row], { items: 'none' }]) {
      const error = await polymerConnector
        .crawl(BOARD, new FakeHttp().on(page(1), json(body)))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('honours the endpoint override for list and detail requests', async () => {
    const jobs = 'http://127.0.0.1:4010/polymer/v1/hire/organizations/cedar/jobs';
    const http = new FakeHttp()
      .on(page(1, jobs), ok(RECORDING))
      .on(page(2, jobs), LAST)
      .on(detail(38850, jobs), status(404));
    const result = await polymerConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010/polymer' },
      http,
    );
    expect(result.endpoint).to.equal(page(1, jobs));
    expect(result.postings[0]?.url).to.equal('https://careers.cedar.build/38850');
  });
});
