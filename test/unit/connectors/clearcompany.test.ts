import { expect } from 'chai';
import { clearCompanyConnector } from '../../../src/ingest/connectors/clearcompany.js';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const FEED = 'clearcompany/hbtbank-hrmdirect-xml-feed-2-rows.xml';
const BOARD: BoardRef = { source: 'clearcompany', slug: 'hbtbank' };
const URL = 'https://hbtbank.hrmdirect.com/employment/xml.php';
const xml = (text: string): { text: string } => ({ text });

describe('clearcompany connector', () => {
  it('maps the recorded feed: one posting per requisition, one location per row', async () => {
    const result = await clearCompanyConnector.crawl(BOARD, new FakeHttp().on(URL, ok(FEED)));

    expect(result.endpoint).to.equal(URL);
    expect(result.postings).to.have.length(1);
    const [job] = result.postings;
    expect(job).to.deep.include({
      nativeId: '3781556',
      title: 'Senior FP&A Analyst',
      url: 'http://hbtbank.hrmdirect.com/employment/view.php?req=3781556',
      sourceEndpoint: URL,
      organization: 'Heartland Bank and Trust Company',
      locations: [
        { city: 'Western Springs', region: 'IL', country: 'UNITED STATES' },
        { city: 'Bloomington', region: 'IL', country: 'UNITED STATES' },
      ],
      postedAt: '2026-08-07T03:00:00.000Z',
      department: 'Accounting Systems',
      requisitionId: '2682',
    });
    const html = job?.descriptionHtml ?? '';
    expect(html).to.match(/^<p><span style="font-size: 12px">/);
    expect(html).to.include('The Senior FP&A Analyst executes interest rate risk');
    // The feed cut the HTML inside "</span>": the fragment is dropped, the text before it kept.
    expect(html.endsWith('produce reports for interest rate scenarios.')).to.equal(true);
    expect(job).not.to.have.property('salary');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads a single-row feed, and rows of another requisition as another posting', async () => {
    const recorded = fixture(FEED);
    const rows = recorded.split('<job>');
    const single = `${rows[0] ?? ''}<job>${(rows[1] ?? '').replace(/<\/job>[\s\S]*$/, '</job>')}</source>`;
    const one = await clearCompanyConnector.crawl(BOARD, new FakeHttp().on(URL, xml(single)));
    expect(one.postings.map((p) => p.locations.length)).to.deep.equal([1]);

    // The second row renumbered as another requisition.
    const lastRow = recorded.lastIndexOf('<job>');
    const split = `${recorded.slice(0, lastRow)}${recorded.slice(lastRow).replaceAll('3781556', '3781557')}`;
    const two = await clearCompanyConnector.crawl(BOARD, new FakeHttp().on(URL, xml(split)));
    expect(two.postings.map((p) => p.nativeId)).to.deep.equal(['3781556', '3781557']);
  });

  it('reads an empty board (no <job>) as empty', async () => {
    for (const text of [
      '<?xml version="1.0" encoding="UTF-8"?>\n<source>\n<publisher>HRM Direct</publisher>\n<publisherurl>http:www.hrmdirect.com</publisherurl>\n</source>',
      '<?xml version="1.0" encoding="UTF-8"?><source></source>',
    ]) {
      const result = await clearCompanyConnector.crawl(BOARD, new FakeHttp().on(URL, xml(text)));
      expect(result.postings).to.deep.equal([]);
    }
  });

  it('reports 404 as BoardNotFoundError and a page that is not the feed as UnexpectedResponseError', async () => {
    const missing = await clearCompanyConnector
      .crawl(BOARD, new FakeHttp().on(URL, status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    const html = await clearCompanyConnector
      .crawl(BOARD, new FakeHttp().on(URL, xml('<html><body>Login</body></html>')))
      .catch((e: unknown) => e);
    expect(html).to.be.instanceOf(UnexpectedResponseError);
  });
});
