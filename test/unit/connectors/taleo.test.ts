import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import {
  TALEO_PAGE_SIZE,
  parseTaleoSlug,
  readTaleoJobPage,
  taleoConnector,
} from '../../../src/ingest/connectors/taleo.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const LIST = 'taleo/nfindy-tbe-searchresults-excerpt-3.html';
const BOARD: BoardRef = { source: 'taleo', slug: 'phh.tbe.taleo.net/phh04/NFINDY/37' };
const CWS = 'https://phh.tbe.taleo.net/phh04/ats/careers/v2';
const FIRST = `${CWS}/searchResults?org=NFINDY&cws=37`;
const next = (rowFrom: number): string =>
  `${CWS}/searchResults?next&rowFrom=${rowFrom}&act=search&sortColumn=null&sortOrder=null&org=NFINDY&cws=37`;
const requisition = (rid: string): string => `${CWS}/viewRequisition?org=NFINDY&cws=37&rid=${rid}`;
const RIDS = ['17', '389', '618'];

/** The recording's first row block, to build constructed pages of other sizes from. */
const firstBlock = (): string => {
  const block = /<div class="oracletaleocwsv2-accordion-head-info">[\s\S]*?<\/div><\/div>/.exec(
    fixture(LIST),
  )?.[0];
  if (block === undefined) throw new Error(`${LIST}: no row block`);
  return block;
};
/** Constructed: a results page of the recorded first row repeated with rids `from`…`from+count-1`. */
const rowsPage = (from: number, count: number): { text: string } => ({
  text: `<html><body>\n${Array.from({ length: count }, (_, i) => firstBlock().replace('rid=17"', `rid=${from + i}"`)).join('\n')}\n</body></html>`,
});
/** Constructed: a JobPosting JSON-LD page (TBE's requisition page is unrecorded). */
const ldPage = (ld: Record<string, unknown>): { text: string } => ({
  text: `<html><head><script type="application/ld+json">${JSON.stringify({ '@context': 'http://schema.org', '@type': 'JobPosting', ...ld })}</script></head><body></body></html>`,
});
const allGone = (http: FakeHttp, rids: readonly (string | number)[]): FakeHttp => {
  for (const rid of rids) http.on(requisition(String(rid)), status(404));
  return http;
};
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

describe('taleo connector', () => {
  it('maps the recorded rows: rid, title and link; gone requisition pages keep the row', async () => {
    const http = allGone(new FakeHttp().on(FIRST, ok(LIST)), RIDS);
    const result = await taleoConnector.crawl(BOARD, http);

    // Three rows, fewer than a page: the page is the whole board, then one requisition page each.
    expect(http.urls).to.deep.equal([FIRST, ...RIDS.map(requisition)]);
    expect(result.endpoint).to.equal(FIRST);
    expect(result.postings).to.deep.equal([
      {
        nativeId: '17',
        title: 'Certified Nursing Assistant (CNA)',
        url: requisition('17'),
        sourceEndpoint: FIRST,
        locations: [],
      },
      {
        nativeId: '389',
        title: 'Certified Nursing Assistant (CNA)',
        url: requisition('389'),
        sourceEndpoint: FIRST,
        locations: [],
      },
      { nativeId: '618', title: 'CNA / PCA', url: requisition('618'), sourceEndpoint: FIRST, locations: [] },
    ]);
    // The unlabelled cells ("IN - Lafayette", "Staffing", "Per Diem") are not read.
    expect(JSON.stringify(result)).not.to.include('Lafayette');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads the JSON-LD of the requisition pages (constructed pages)', async () => {
    const http = new FakeHttp()
      .on(FIRST, ok(LIST))
      .on(
        requisition('17'),
        ldPage({
          title: 'Certified Nursing Assistant (CNA)',
          description: '<p>Provide care to patients.</p>',
          datePosted: '2025-07-28 00:00:00.0',
          validThrough: '2025-12-31',
          employmentType: 'PART_TIME',
          hiringOrganization: { '@type': 'Organization', name: 'Nurses for Indy' },
          jobLocation: {
            '@type': 'Place',
            address: { addressLocality: 'Lafayette', addressRegion: 'IN', addressCountry: 'US' },
          },
          baseSalary: {
            currency: 'USD',
            value: { '@type': 'QuantitativeValue', minValue: 17, maxValue: '19.50', unitText: 'HOUR' },
          },
        }),
      )
      .on(
        requisition('389'),
        ldPage({ datePosted: 'Thu Jul 02 00:00:00 GMT 2026', employmentType: ['FULL_TIME'] }),
      )
      .on(requisition('618'), {
        text: '<html><body>This job has moved or is no longer available.</body></html>',
      });
    const [first, second, third] = (await taleoConnector.crawl(BOARD, http)).postings;

    expect(first).to.deep.equal({
      nativeId: '17',
      title: 'Certified Nursing Assistant (CNA)',
      url: requisition('17'),
      sourceEndpoint: requisition('17'),
      organization: 'Nurses for Indy',
      descriptionHtml: '<p>Provide care to patients.</p>',
      locations: [{ city: 'Lafayette', region: 'IN', country: 'US' }],
      postedAt: '2025-07-28T00:00:00.000Z',
      validThrough: '2025-12-31T00:00:00.000Z',
      employmentTypes: ['PART_TIME'],
      salary: { min: 17, max: 19.5, currency: 'USD', periodRaw: 'HOUR' },
    });
    // Java's Date text, as some tenants print it.
    expect(second).to.deep.include({
      sourceEndpoint: requisition('389'),
      postedAt: '2026-07-02T00:00:00.000Z',
    });
    expect(second?.employmentTypes).to.deep.equal(['FULL_TIME']);
    // A page without a JobPosting is not a detail: the row is kept as listed.
    expect(third).to.deep.equal({
      nativeId: '618',
      title: 'CNA / PCA',
      url: requisition('618'),
      sourceEndpoint: FIRST,
      locations: [],
    });
  });

  it('pages by rowFrom after a full page of 10, until a short page (constructed pages)', async () => {
    expect(TALEO_PAGE_SIZE).to.equal(10);
    const http = allGone(
      new FakeHttp()
        .on(FIRST, rowsPage(1000, 10))
        .on(next(10), rowsPage(1010, 10))
        .on(next(20), rowsPage(1020, 3)),
      range(1000, 23),
    );
    const result = await taleoConnector.crawl(BOARD, http);
    expect(http.urls.slice(0, 3)).to.deep.equal([FIRST, next(10), next(20)]);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(range(1000, 23).map(String));
    expect(result.postings[12]).to.deep.include({ sourceEndpoint: next(10) });
  });

  it("follows each page's own next link within the session the first page opened (constructed pages, as a public client describes them)", async () => {
    const link = (rowFrom: number): string =>
      `<a href="searchResults?next&amp;rowFrom=${String(rowFrom)}&amp;act=search&amp;sortColumn=null&amp;sortOrder=null&amp;org=NFINDY&amp;cws=37" class="jscroll-next">Next</a>`;
    const withLink = (
      page: { text: string },
      rowFrom: number,
    ): { text: string; headers?: Record<string, string> } => ({
      text: page.text.replace('</body>', `${link(rowFrom)}</body>`),
    });
    const first = {
      ...withLink(rowsPage(1000, 10), 10),
      headers: {
        'set-cookie':
          'JSESSIONID=ABC123; Path=/phh04; Secure; HttpOnly\nAWSALB=xyz; Expires=Thu, 01 Jan 2027 00:00:00 GMT',
      },
    };
    const http = allGone(
      new FakeHttp()
        .on(FIRST, first)
        .on(next(10), withLink(rowsPage(1010, 10), 20))
        // A full last page: no link on it, and the form public scrapers report answers empty.
        .on(next(20), rowsPage(1020, 10))
        .on(next(30), { text: '<html><body><div class="oracletaleocwsv2-main"></div></body></html>' }),
      range(1000, 30),
    );
    const result = await taleoConnector.crawl(BOARD, http);
    expect(result.postings).to.have.length(30);
    expect(http.urls.slice(0, 4)).to.deep.equal([FIRST, next(10), next(20), next(30)]);
    expect(http.sentHeaders.slice(0, 4).map((h) => h.cookie)).to.deep.equal([
      undefined,
      'JSESSIONID=ABC123; AWSALB=xyz',
      'JSESSIONID=ABC123; AWSALB=xyz',
      'JSESSIONID=ABC123; AWSALB=xyz',
    ]);
  });

  it("reads the labelled place before the JSON-LD's address (a live page: a remote field role whose JSON-LD names the HQ)", async () => {
    const page = fixture('taleo/agios-requisition-page-excerpt.html');
    expect(readTaleoJobPage(page)).to.deep.include({ location: 'Remote - US' });
    const http = new FakeHttp().on(FIRST, ok(LIST)).on(requisition('17'), { text: page });
    for (const rid of RIDS.slice(1)) http.on(requisition(rid), status(404));
    const [first] = (await taleoConnector.crawl(BOARD, http)).postings;
    expect(first).to.deep.include({
      locations: [{ text: 'Remote - US' }],
      organization: 'Agios Pharmaceuticals Inc',
      employmentTypes: ['Full time'],
      postedAt: '2026-09-22T00:00:00.000Z',
      sourceEndpoint: requisition('17'),
    });
    expect(first?.descriptionHtml).to.match(/^<p><span style=.*Hemolytic Anemia Specialist \(Michigan\)/);
  });

  it('reads a page of the second layout, without JSON-LD: its place and its description, nothing past it (a live page)', () => {
    const page = readTaleoJobPage(fixture('taleo/invxis-requisition-page-second-layout-excerpt.html'));
    expect(page.location).to.equal('Chantilly, VA');
    expect(page.descriptionHtml).to.match(
      /^<h2>Job Description<\/h2><p><p class="MsoNormal">RealmOne was built/,
    );
    expect(page.descriptionHtml).to.match(/<strong>Pay Range: <\/strong>Competitive<\/p><hr>$/);
    expect(page.descriptionHtml).not.to.contain('FOOTER');
    expect(page.descriptionHtml).not.to.contain('Job Brief');
  });

  it('fails when a page its predecessor linked to has no rows: the session was not kept (constructed pages)', async () => {
    const linked = {
      text: rowsPage(1000, 10).text.replace(
        '</body>',
        '<a href="searchResults?next&amp;rowFrom=10&amp;act=search&amp;sortColumn=null&amp;sortOrder=null&amp;org=NFINDY&amp;cws=37" class="jscroll-next">Next</a></body>',
      ),
    };
    const empty = { text: '<html><body><div class="oracletaleocwsv2-main"></div></body></html>' };
    const http = new FakeHttp().on(FIRST, linked).on(next(10), empty);
    const error = await taleoConnector.crawl(BOARD, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
    expect(String(error)).to.include('the session was not kept');
  });

  it('ends a paged board at an empty CWS v2 page (constructed pages)', async () => {
    const empty = { text: '<html><body><div class="oracletaleocwsv2-main"></div></body></html>' };
    const http = allGone(new FakeHttp().on(FIRST, rowsPage(1000, 10)).on(next(10), empty), range(1000, 10));
    const result = await taleoConnector.crawl(BOARD, http);
    expect(result.postings).to.have.length(10);
  });

  it('fails when the next page repeats the rows read, rather than keep a partial board (constructed)', async () => {
    const http = new FakeHttp().on(FIRST, rowsPage(1000, 10)).on(next(10), rowsPage(1000, 10));
    const error = await taleoConnector.crawl(BOARD, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
    expect(String(error)).to.include('paging not understood');
    // No requisition page was asked for a board that could not be read whole.
    expect(http.urls).to.deep.equal([FIRST, next(10)]);
  });

  it('reads a first page of more than 10 rows as the whole board (constructed)', async () => {
    const http = allGone(new FakeHttp().on(FIRST, rowsPage(1000, 12)), range(1000, 12));
    const result = await taleoConnector.crawl(BOARD, http);
    expect(http.urls.filter((url) => url.includes('searchResults'))).to.deep.equal([FIRST]);
    expect(result.postings).to.have.length(12);
  });

  it('returns an empty board only for a CWS v2 page that says so (constructed pages)', async () => {
    const empty =
      '<html><body><div class="oracletaleocwsv2-search-results"><p>There are no open positions at this time.</p></div></body></html>';
    const result = await taleoConnector.crawl(BOARD, new FakeHttp().on(FIRST, { text: empty }));
    expect(result.postings).to.deep.equal([]);

    const changed = [
      // CWS v2 markup, no rows and no notice.
      '<html><body><div class="oracletaleocwsv2-search-results"></div></body></html>',
      // A notice, but not a CWS v2 page.
      '<html><body><p>No jobs found.</p></body></html>',
      // The recorded rows with links to another company's career website.
      fixture(LIST).replaceAll('org=NFINDY', 'org=OTHERCO'),
      // The recorded rows whose links lost their class.
      fixture(LIST).replaceAll('class="viewJobLink"', 'class="jobLink"'),
    ];
    for (const text of changed) {
      const error = await taleoConnector
        .crawl(BOARD, new FakeHttp().on(FIRST, { text }))
        .catch((e: unknown) => e);
      expect(error, text.slice(0, 80)).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('uses the override for every request and keeps public URLs on the Taleo host', async () => {
    const base = 'http://127.0.0.1:4010/demo/taleo/3';
    const http = new FakeHttp().on(`${base}/phh04/ats/careers/v2/searchResults?org=NFINDY&cws=37`, ok(LIST));
    for (const rid of RIDS)
      http.on(`${base}/phh04/ats/careers/v2/viewRequisition?org=NFINDY&cws=37&rid=${rid}`, status(404));
    const result = await taleoConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.endpoint).to.equal(`${base}/phh04/ats/careers/v2/searchResults?org=NFINDY&cws=37`);
    expect(result.postings[0]).to.deep.include({ url: requisition('17'), sourceEndpoint: result.endpoint });
  });

  it('reports 404 as BoardNotFoundError and refuses malformed slugs', async () => {
    const error = await taleoConnector
      .crawl(BOARD, new FakeHttp().on(FIRST, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    expect(parseTaleoSlug('phh.tbe.taleo.net/phh04/NFINDY/37')).to.deep.equal({
      host: 'phh.tbe.taleo.net',
      shard: 'phh04',
      org: 'NFINDY',
      cws: '37',
    });
    for (const slug of ['NFINDY', 'phh.tbe.taleo.net/phh04/NFINDY', 'phh.tbe.taleo.net/phh04/NF?x=1/37']) {
      expect(() => parseTaleoSlug(slug), slug).to.throw(/Invalid taleo board slug/);
    }
  });
});
