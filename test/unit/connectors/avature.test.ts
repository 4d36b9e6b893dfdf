import { expect } from 'chai';
import {
  avatureConnector,
  parseAvaturePage,
  parseAvatureSlug,
} from '../../../src/ingest/connectors/avature.js';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const PAGE = 'avature/unifi-searchjobs-excerpt-3-of-720.html';
const BOARD: BoardRef = { source: 'avature', slug: 'careers.unifiservice.com/careers' };
const FIRST = 'https://careers.unifiservice.com/careers/SearchJobs/';
const html = (text: string): { text: string } => ({ text });
/** The recorded page with its cards removed: the legend stays, the results are empty. */
const withoutCards = (page: string): string =>
  page.replace(/<article class="article article--result">[\s\S]*<\/article>/, '');

describe('avature connector', () => {
  it('maps the recorded result cards: URL id, title, ref, posted date, country', async () => {
    const http = new FakeHttp()
      .on(FIRST, ok(PAGE))
      .on(`${FIRST}?jobOffset=3`, html(withoutCards(fixture(PAGE))));
    const result = await avatureConnector.crawl(BOARD, http);

    expect(result.endpoint).to.equal(FIRST);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['13788', '14732', '13312']);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '13788',
      title: 'Security Cart/Employee Screener - BOS',
      url: 'https://careers.unifiservice.com/careers/JobDetail/425-BOS-Delta-Security-Cart-Employee-Screener/13788',
      sourceEndpoint: FIRST,
      locations: [{ country: 'United States' }],
      postedAt: '2026-10-05T00:00:00.000Z',
      requisitionId: '13694',
    });
    expect(result.postings[2]).to.deep.include({
      title: 'Airport Security Officer (Part-Time) - RAP',
      requisitionId: '13220',
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it("follows the page's own next link, moved onto the board's base", async () => {
    const recorded = fixture(PAGE);
    const next = 'https://careers.unifiservice.com/careers/SearchJobs/?jobOffset=20';
    const page1 = recorded.replace('</main>', `<a class="paginationNextLink" href="${next}">Next</a></main>`);
    const page2 = recorded
      .replaceAll('/13788"', '/99001"')
      .replaceAll('/14732"', '/99002"')
      .replaceAll('/13312"', '/99003"');
    const local = 'http://127.0.0.1:4010/avature';
    const http = new FakeHttp()
      .on(`${local}/careers/SearchJobs/`, html(page1))
      .on(`${local}/careers/SearchJobs/?jobOffset=20`, html(page2))
      .on(`${local}/careers/SearchJobs/?jobOffset=6`, html(withoutCards(recorded)));
    const result = await avatureConnector.crawl({ ...BOARD, endpointOverride: local }, http);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal([
      '13788',
      '14732',
      '13312',
      '99001',
      '99002',
      '99003',
    ]);
    expect(http.urls).to.deep.equal([
      `${local}/careers/SearchJobs/`,
      `${local}/careers/SearchJobs/?jobOffset=20`,
      `${local}/careers/SearchJobs/?jobOffset=6`,
    ]);
    // The public URLs stay the ones the portal published.
    expect(result.postings[3]?.url).to.match(/^https:\/\/careers\.unifiservice\.com\/careers\/JobDetail\//);
  });

  it('stops when a page repeats what was read (a tenant that pages otherwise)', async () => {
    const http = new FakeHttp().on(FIRST, ok(PAGE)).on(`${FIRST}?jobOffset=3`, ok(PAGE));
    const { postings } = await avatureConnector.crawl(BOARD, http);
    expect(postings).to.have.length(3);
    expect(http.urls).to.have.length(2);
  });

  it('reads an empty portal; 404 is not found; a page without results, or cards the legend counts but we cannot read, is unexpected', async () => {
    const empty = await avatureConnector.crawl(
      BOARD,
      // Constructed: no empty portal is recorded; the recorded page without cards, its legend counting none.
      new FakeHttp().on(FIRST, html(withoutCards(fixture(PAGE)).replace(/1-20\s+of 720/, '0'))),
    );
    expect(empty.postings).to.deep.equal([]);
    // The legend still counting 720 over no readable card is changed markup, never an empty board.
    const changed = await avatureConnector
      .crawl(BOARD, new FakeHttp().on(FIRST, html(withoutCards(fixture(PAGE)))))
      .catch((e: unknown) => e);
    expect(changed).to.be.instanceOf(UnexpectedResponseError);
    const missing = await avatureConnector
      .crawl(BOARD, new FakeHttp().on(FIRST, status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    const other = await avatureConnector
      .crawl(BOARD, new FakeHttp().on(FIRST, html('<html><body><h1>Sign in</h1></body></html>')))
      .catch((e: unknown) => e);
    expect(other).to.be.instanceOf(UnexpectedResponseError);
  });

  it('reads the other templates: a next link inside li.paginationNextLink, a "N results" legend, li.list__item rows (pages recorded live, trimmed by their recorder)', () => {
    const siemens = parseAvaturePage(
      fixture('avature/siemens-searchjobs-page-1-recorder-trimmed.html'),
      'https://jobs.siemens.com/en_US/externaljobs/SearchJobs/',
    );
    expect(siemens.total).to.equal(999);
    expect(siemens.next).to.equal(
      'https://jobs.siemens.com/en_US/externaljobs/SearchJobs/?folderRecordsPerPage=6&folderOffset=6',
    );
    expect(siemens.postings.map((p) => [p.nativeId, p.title])).to.deep.equal([
      ['524237', 'Técnico Procesos de Moldeo'],
      ['524234', 'Director of Sales Operations and Strategic Programs'],
      ['524218', 'Technicien Service SSI h/f'],
    ]);
    const mt = parseAvaturePage(
      fixture('avature/mt-searchjobs-page-1-recorder-trimmed.html'),
      'https://careers.mt.com/en_US/careers/SearchJobs/',
    );
    expect(mt.total).to.equal(530);
    expect(mt.next).to.equal('https://careers.mt.com/en_US/careers/SearchJobs/?jobOffset=10');
    expect(mt.postings.map((p) => [p.nativeId, p.title, p.url])).to.deep.equal([
      ['23230', 'Telesales Representative', 'https://careers.mt.com/en_US/careers/JobDetail/1/23230'],
      ['23304', 'Field Service Technician', 'https://careers.mt.com/en_US/careers/JobDetail/1/23304'],
      ['23273', '23273-销售工程师', 'https://careers.mt.com/en_US/careers/JobDetail/1/23273'],
    ]);
  });

  it('reads tenant, host and host/portal slugs', () => {
    expect(parseAvatureSlug('acme')).to.deep.equal({ host: 'acme.avature.net', portal: 'careers' });
    expect(parseAvatureSlug('jobs.acme.com')).to.deep.equal({ host: 'jobs.acme.com', portal: 'careers' });
    expect(parseAvatureSlug('acme.avature.net/en_US/careers')).to.deep.equal({
      host: 'acme.avature.net',
      portal: 'en_US/careers',
    });
    for (const slug of ['acme.com/', 'a b', 'acme.com/../x'])
      expect(() => parseAvatureSlug(slug)).to.throw(/Invalid avature/);
  });
});
