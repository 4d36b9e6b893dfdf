import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { jobviteConnector, parseJobviteList } from '../../../src/ingest/connectors/jobvite.js';
import { jobPostingOf } from '../../../src/ingest/connectors/json-ld.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'jobvite', slug: 'neogenomics' };
const BASE = 'https://jobs.jobvite.com/neogenomics';
const page = (n: number): string => `${BASE}/search?p=${n}`;
const job = (id: string): string => `${BASE}/job/${id}`;
const LIST = 'jobvite/neogenomics-search-list-excerpt-3.html';
const DETAIL = 'jobvite/neogenomics-job-detail-jsonld-reconstructed.html';
const IDS = ['oiiRyfwJ', 'oaIyAfwK', 'oWcLAfwd'];

/** The recorded JSON-LD block, for variants built in the tests. */
const recordedLd = (): Record<string, unknown> => {
  const ld = jobPostingOf(fixture(DETAIL));
  if (ld === undefined) throw new Error('the recorded detail has no JobPosting');
  return ld;
};
const page0 = (extra: string): string => fixture(LIST).replace('</ul>', `</ul>\n${extra}`);
const withLd = (ld: unknown): { text: string } => ({
  text: `<html><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head></html>`,
});

describe('jobvite connector', () => {
  it('maps the recorded list rows and the JSON-LD of the job page; gone details keep the row', async () => {
    const http = new FakeHttp()
      .on(page(0), ok(LIST))
      .on(job('oiiRyfwJ'), ok(DETAIL))
      .on(job('oaIyAfwK'), status(404))
      .on(job('oWcLAfwd'), status(410));
    const result = await jobviteConnector.crawl(BOARD, http);

    // No .jv-pagination-text in the excerpt: the page is the whole list.
    expect(http.urls).to.deep.equal([page(0), ...IDS.map(job)]);
    expect(result.endpoint).to.equal(page(0));
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(IDS);
    const [detailed, gone] = result.postings;
    expect(detailed).to.deep.include({
      nativeId: 'oiiRyfwJ',
      title: 'Accessioning Technician I (Temp), Evenings',
      url: job('oiiRyfwJ'),
      sourceEndpoint: job('oiiRyfwJ'),
      locations: [{ city: 'Ft Myers', region: 'Florida', country: 'United States' }],
      postedAt: '2025-11-06T00:00:00.000Z',
      department: 'Accessioning',
    });
    expect(detailed?.descriptionHtml).to.match(/^<div style="background-repeat: no-repeat;/);
    expect(detailed?.descriptionHtml).to.include('Are you motivated to participate in a dynamic');
    // baseSalary is present with empty strings: nothing published. No hiringOrganization recorded.
    expect(detailed).not.to.have.property('salary');
    expect(detailed).not.to.have.property('organization');
    expect(gone).to.deep.equal({
      nativeId: 'oaIyAfwK',
      title: 'Accessioning Technician I (Temp), Overnights',
      url: job('oaIyAfwK'),
      sourceEndpoint: page(0),
      // The cell's newlines and indentation collapse to single spaces.
      locations: [{ text: 'Aliso Viejo, California' }],
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads a JSON-LD variant built from the recording: organization, salary, types, @graph', async () => {
    const ld = {
      ...recordedLd(),
      hiringOrganization: 'NeoGenomics Laboratories',
      employmentType: ['FULL_TIME', 'TEMPORARY'],
      validThrough: '2025-12-31',
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 18.5, maxValue: '22.00', unitText: 'HOUR' },
      },
    };
    const http = new FakeHttp()
      .on(page(0), ok(LIST))
      .on(job('oiiRyfwJ'), withLd({ '@context': 'http://schema.org', '@graph': [ld] }))
      .on(job('oaIyAfwK'), withLd({ ...recordedLd(), identifier: 'someOther' }))
      .on(job('oWcLAfwd'), { text: '<html><body>No structured data</body></html>' });
    const [first, other, plain] = (await jobviteConnector.crawl(BOARD, http)).postings;
    expect(first).to.deep.include({
      organization: 'NeoGenomics Laboratories',
      employmentTypes: ['FULL_TIME', 'TEMPORARY'],
      validThrough: '2025-12-31T00:00:00.000Z',
      salary: { min: 18.5, max: 22, currency: 'USD', periodRaw: 'HOUR' },
    });
    // A JSON-LD naming another job, or none at all, is not this posting's detail.
    expect(other).to.deep.include({
      sourceEndpoint: page(0),
      title: 'Accessioning Technician I (Temp), Overnights',
    });
    expect(other).not.to.have.property('descriptionHtml');
    expect(plain).to.deep.include({ sourceEndpoint: page(0) });
  });

  it('follows .jv-pagination-text until its end reaches its total (second page constructed)', async () => {
    const second =
      '<ul class="jv-job-list"><li><a class="jv-job-list-name" href="/neogenomics/job/oXtest01">Lab Assistant</a>' +
      '<p class="jv-job-list-location">Houston, Texas</p></li></ul><div class="jv-pagination-text">4-4 of 4</div>';
    const http = new FakeHttp()
      .on(page(0), { text: page0('<div class="jv-pagination-text">1-3 of 4</div>') })
      .on(page(1), { text: second });
    for (const id of [...IDS, 'oXtest01']) http.on(job(id), status(404));
    const result = await jobviteConnector.crawl(BOARD, http);
    expect(http.urls.slice(0, 2)).to.deep.equal([page(0), page(1)]);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal([...IDS, 'oXtest01']);
    expect(result.postings[3]).to.deep.include({
      sourceEndpoint: page(1),
      locations: [{ text: 'Houston, Texas' }],
    });
  });

  it('reads a counter with grouped thousands or in the board\'s language ("1-50 of 2,831", "1-50 de 166", as a public client saw them live)', () => {
    for (const [counter, total] of [
      ['1-3 of 2,831', 2831],
      ['1-3 de 166', 166],
      ['1 - 3 von 1.204', 1204],
    ] as const) {
      const listed = parseJobviteList(
        page0(`<div class="jv-pagination-text">${counter}</div>`),
        page(0),
        'neogenomics',
      );
      expect(listed.range, counter).to.deep.equal({ first: 1, last: 3, total });
      expect(listed.rows).to.have.length(3);
    }
  });

  it('stops on a page that shows its end is the total, and fails on a range page without rows', async () => {
    const single = new FakeHttp().on(page(0), {
      text: page0('<div class="jv-pagination-text">1-3 of 3</div>'),
    });
    for (const id of IDS) single.on(job(id), status(404));
    await jobviteConnector.crawl(BOARD, single);
    expect(single.urls[0]).to.equal(page(0));
    expect(single.urls.filter((url) => url.includes('/search'))).to.have.length(1);

    const broken = new FakeHttp()
      .on(page(0), { text: page0('<div class="jv-pagination-text">1-3 of 9</div>') })
      .on(page(1), { text: '<ul class="jv-job-list"></ul><div class="jv-pagination-text">4-6 of 9</div>' });
    const error = await jobviteConnector.crawl(BOARD, broken).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
  });

  it('fails on a full page of 50 rows without .jv-pagination-text (constructed from the recorded row)', async () => {
    const row = /<li class="job">[\s\S]*?<\/li>/.exec(fixture(LIST))?.[0] ?? '';
    const rows = Array.from({ length: 50 }, (_, i) => row.replace('/job/oiiRyfwJ"', `/job/full${i}"`));
    const full = fixture(LIST).replace(/<li class="job">[\s\S]*<\/li>/, rows.join('\n'));
    const error = await jobviteConnector
      .crawl(BOARD, new FakeHttp().on(page(0), { text: full }))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
    expect(String(error)).to.include('50 rows and no .jv-pagination-text');
  });

  it('returns an empty board for a job list that says it is empty (constructed page)', async () => {
    const empty =
      '<html><body><ul class="jv-job-list"><li>There are no jobs available at this time.</li></ul></body></html>';
    const result = await jobviteConnector.crawl(BOARD, new FakeHttp().on(page(0), { text: empty }));
    expect(result.postings).to.deep.equal([]);
  });

  it('uses the override for every request and keeps public URLs on jobs.jobvite.com', async () => {
    const base = 'http://127.0.0.1:4010/demo/jobvite/2';
    const http = new FakeHttp()
      .on(`${base}/neogenomics/search?p=0`, ok(LIST))
      .on(`${base}/neogenomics/job/oiiRyfwJ`, ok(DETAIL));
    for (const id of IDS.slice(1)) http.on(`${base}/neogenomics/job/${id}`, status(404));
    const result = await jobviteConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.endpoint).to.equal(`${base}/neogenomics/search?p=0`);
    expect(result.postings[0]).to.deep.include({
      url: job('oiiRyfwJ'),
      sourceEndpoint: `${base}/neogenomics/job/oiiRyfwJ`,
    });
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await jobviteConnector
      .crawl(BOARD, new FakeHttp().on(page(0), status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });

  it('reads a redirect off the host as the board gone (a departed tenant: 302 to search.jobvite.com?invalid=1)', async () => {
    for (const location of [
      'http://search.jobvite.com?invalid=1',
      'https://app.jobvite.com/Login/Login.aspx?cid=x',
      'https://careers.example.com/jobs/?p=search&nl=1',
    ]) {
      const http = new FakeHttp().on(page(0), status(302, '', { location }));
      const error = await jobviteConnector.crawl(BOARD, http).catch((e: unknown) => e);
      expect(error, location).to.be.instanceOf(BoardNotFoundError);
      expect(http.requests[0]?.followRedirects).to.equal(false);
    }
    // A redirect on its own host is no such statement: a changed shape, not a gone board.
    const moved = await jobviteConnector
      .crawl(BOARD, new FakeHttp().on(page(0), status(301, '', { location: '/neogenomics/search/' })))
      .catch((e: unknown) => e);
    expect(moved).to.be.instanceOf(UnexpectedResponseError);
  });

  it('rejects a changed page instead of returning an empty board', async () => {
    const pages = [
      '<html><body><h1>Careers</h1></body></html>',
      '<html><body><ul class="jv-job-list"><li>Loading…</li></ul></body></html>',
      page0('<div class="jv-pagination-text">Showing all</div>'),
    ];
    for (const text of pages) {
      const error = await jobviteConnector
        .crawl(BOARD, new FakeHttp().on(page(0), { text }))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });
});
