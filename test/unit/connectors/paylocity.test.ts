import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { paylocityConnector, parsePaylocityDetail } from '../../../src/ingest/connectors/paylocity.js';
import { BoardNotFoundError, TransientFetchError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys, type FakeResponse } from './fake-http.js';

const HOST = 'https://recruiting.paylocity.com';
const SCS = '3ecffcba-6b5a-4a7e-b71b-bbb54a4527ab';
const FERMI = 'add565e9-4cee-4334-8182-9de221ffb9e4';
const board = (guid: string): BoardRef => ({ source: 'paylocity', slug: guid });
const list = (guid: string, base = HOST): string => `${base}/recruiting/jobs/All/${guid}`;
const detail = (guid: string, id: string, base = HOST): string =>
  `${base}/recruiting/jobs/Details/${id}/${guid}`;

const SCS_BOARD = 'paylocity/sendcutsend-board-all-pagedata.html';
const FERMI_BOARD = 'paylocity/fermi-board-all-pagedata.html';

/** The JobIds a recorded board page lists, in order (read from its pageData JSON). */
function jobIds(file: string): string[] {
  return [...fixture(file).matchAll(/"JobId":(\d+)/g)].map((match) => match[1] ?? '');
}

/** A fake site: the board page, the given detail pages, 404 for every other job's detail. */
function site(guid: string, boardFile: string, details: Record<string, FakeResponse>, base = HOST): FakeHttp {
  const http = new FakeHttp().on(list(guid, base), ok(boardFile));
  for (const id of jobIds(boardFile)) http.on(detail(guid, id, base), details[id] ?? status(404));
  return http;
}

describe('paylocity connector', () => {
  it('maps the SendCutSend board with the recorded detail page: JSON-LD description, salary, country code', async () => {
    const http = site(SCS, SCS_BOARD, { '4272751': ok('paylocity/sendcutsend-job-details-4272751.html') });
    const result = await paylocityConnector.crawl(board(SCS), http);

    expect(http.urls).to.deep.equal([list(SCS), ...jobIds(SCS_BOARD).map((id) => detail(SCS, id))]);
    expect(result.endpoint).to.equal(list(SCS));
    expect(result.boardName).to.equal('SendCutSend Inc [175255]');
    expect(result.companyUrls).to.deep.equal(['https://sendcutsend.com/']);
    expect(result.postings).to.have.length(7);
    const [technician, laser] = result.postings;
    expect(technician).to.deep.include({
      nativeId: '4272751',
      title: 'Production Technician - Swing Shift',
      url: detail(SCS, '4272751'),
      sourceEndpoint: detail(SCS, '4272751'),
      organization: 'SendCutSend Inc',
      locations: [
        { text: 'Paris, Kentucky', city: 'Paris', region: 'KY', country: 'USA', countryCode: 'US' },
      ],
      // The board's PublishedDate, not the detail's datePosted (17:56:03-05:00).
      postedAt: '2026-06-22T17:56:03.000Z',
      remote: false,
      salary: { min: 22, max: 40, currency: 'USD', periodRaw: 'HOUR' },
    });
    expect(technician?.descriptionHtml).to.match(/^<p>Description<\/p><p>As a Post Production Technician/);
    // This page has no "Job Type" field and the board no department.
    expect(technician).not.to.have.property('employmentTypes');
    expect(technician).not.to.have.property('department');
    // A detail that is gone: the board's data, with the board as source endpoint.
    expect(laser).to.deep.include({
      nativeId: '4256641',
      title: 'CNC Laser Operator - Weekend Night Shift',
      url: detail(SCS, '4256641'),
      sourceEndpoint: list(SCS),
      locations: [{ text: 'Paris, Kentucky', city: 'Paris', region: 'KY', country: 'USA' }],
      postedAt: '2026-06-16T02:06:21.000Z',
    });
    expect(laser).not.to.have.property('descriptionHtml');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('maps the Fermi board: department, remote flag, the labelled Job Type, no salary', async () => {
    const http = site(FERMI, FERMI_BOARD, { '4248451': ok('paylocity/fermi-job-details-4248451.html') });
    const result = await paylocityConnector.crawl(board(FERMI), http);

    expect(result.postings).to.have.length(18);
    expect(result.boardName).to.equal('Fermi LLC');
    // LogoHref is null on this board.
    expect(result).not.to.have.property('companyUrls');
    const [tax] = result.postings;
    expect(tax).to.deep.include({
      nativeId: '4248451',
      title: 'Corporate Tax Director',
      organization: 'Fermi LLC',
      department: 'Finance',
      employmentTypes: ['Full-time'],
      locations: [{ text: 'Dallas', city: 'Dallas', region: 'TX', country: 'USA', countryCode: 'US' }],
      postedAt: '2026-06-11T21:42:33.000Z',
    });
    expect(tax).not.to.have.property('salary');
    const marketing = result.postings.find((p) => p.title === 'Director of Marketing');
    expect(marketing).to.deep.include({ remote: true, sourceEndpoint: list(FERMI) });
    expect(result.postings.filter((p) => p.remote === true)).to.have.length(1);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('ends the crawl at the first transient detail failure without requesting the other details', async () => {
    const boardPage = new FakeHttp().on(list(FERMI), ok(FERMI_BOARD));
    let details = 0;
    const crawl = paylocityConnector.crawl(board(FERMI), {
      request: (url, init) => {
        if (url === list(FERMI)) return boardPage.request(url, init);
        details++;
        return Promise.reject(new TransientFetchError(url, 'HTTP 503'));
      },
    });
    expect(await crawl.catch((e: unknown) => e)).to.be.instanceOf(TransientFetchError);
    // 18 jobs on the board; at most the four details already in flight were asked for.
    expect(details).to.be.at.most(4);
  });

  it('reads a detail page without JSON-LD as no detail', () => {
    expect(
      parsePaylocityDetail('<html><body><h1>This job is no longer available</h1></body></html>'),
    ).to.equal(undefined);
  });

  it('hides a location the employer hid and leaves internal postings unlisted', async () => {
    const page = fixture(SCS_BOARD)
      .replace('"ShouldDisplayLocation":true', '"ShouldDisplayLocation":false')
      .replace('"IsInternal":false', '"IsInternal":true');
    const variant = new FakeHttp().on(list(SCS), { text: page });
    for (const id of jobIds(SCS_BOARD)) variant.on(detail(SCS, id), status(404));
    const [first, second] = (await paylocityConnector.crawl(board(SCS), variant)).postings;
    expect(first).to.deep.include({ locations: [], unlisted: true });
    expect(second).not.to.have.property('unlisted');
    expect(second?.locations).to.have.length(1);
  });

  it('reports 404 as BoardNotFoundError and a page without pageData Jobs as UnexpectedResponseError', async () => {
    const missing = await paylocityConnector
      .crawl(board(SCS), new FakeHttp().on(list(SCS), status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);

    const pages = [
      '<html><body><p>Sorry, this page is unavailable.</p></body></html>',
      '<script>window.pageData = {"jobTitle":"Corporate Tax Director"};</script>',
      '<script>window.pageData = {"Jobs": [</script>',
    ];
    for (const text of pages) {
      const error = await paylocityConnector
        .crawl(board(SCS), new FakeHttp().on(list(SCS), { text }))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('returns a board with no jobs as empty and rejects a slug that is not a GUID', async () => {
    const empty = fixture(SCS_BOARD).replace(/"Jobs":\[.*?\],"LeadJoinUrl"/s, '"Jobs":[],"LeadJoinUrl"');
    const result = await paylocityConnector.crawl(board(SCS), new FakeHttp().on(list(SCS), { text: empty }));
    expect(result.postings).to.deep.equal([]);

    const error = await paylocityConnector.crawl(board('Fermi-LLC'), new FakeHttp()).catch((e: unknown) => e);
    expect(error)
      .to.be.instanceOf(Error)
      .with.property('message')
      .that.matches(/Invalid paylocity board slug/);
  });

  it('honours the endpoint override for board and detail pages, keeping the public posting URL', async () => {
    const base = 'http://127.0.0.1:4010/paylocity';
    const http = site(
      SCS,
      SCS_BOARD,
      { '4272751': ok('paylocity/sendcutsend-job-details-4272751.html') },
      base,
    );
    const result = await paylocityConnector.crawl({ ...board(SCS), endpointOverride: base }, http);
    expect(result.endpoint).to.equal(list(SCS, base));
    expect(result.postings[0]).to.deep.include({
      url: detail(SCS, '4272751'),
      sourceEndpoint: detail(SCS, '4272751', base),
    });
  });
});
