/**
 * JazzHR: we hold no recording of the public feed the connector reads, so every feed here is
 * constructed (from the element names public scrapers agree on, with values taken from our
 * recording of JazzHR's authenticated API) and says so in its test name. The API recordings are
 * used byte for byte where they are the truth: as an answer that is not the feed.
 */
import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { jazzHrConnector } from '../../../src/ingest/connectors/jazzhr.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { SOURCES } from '../../support/source-registry.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'jazzhr', slug: 'acmeco' };
const FEED = 'https://app.jazz.co/feeds/export/jobs/acmeco';
const API_LIST = 'jazzhr/jobs-list-2-jobs.json';
const API_DETAIL = 'jazzhr/job-detail.json';

const cdata = (tag: string, value: string): string => `<${tag}><![CDATA[${value}]]></${tag}>`;
/** Constructed: one `<job>` in the reported element order, empty elements as the feed serves them. */
const job = (fields: Record<string, string>): string =>
  `<job>${Object.entries({
    id: '',
    status: 'Open',
    title: '',
    department: '',
    url: '',
    city: '',
    state: '',
    country: '',
    postalcode: '',
    description: '',
    type: '',
    experience: '',
    ...fields,
  })
    .map(([tag, value]) => cdata(tag, value))
    .join('\n')}</job>`;
/** Constructed: the feed envelope around `jobs`. */
const feed = (...jobs: string[]): { text: string } => ({
  text: `<?xml version="1.0" encoding="utf-8"?>\n<jobs>\n${cdata('publisher', 'JazzHR')}\n<publisherurl>http://app.jazz.co</publisherurl>\n${cdata('company', 'Acme Co')}\n${jobs.join('\n')}\n</jobs>`,
});
/** The first record of the API recording, its values in the feed's elements (the URL built from `board_code`). */
const DESIGNER = {
  id: 'job_20191016203908_KID5ZUVTNJYDDUZG',
  title: 'Graphic Designer',
  url: 'http://acmeco.applytojob.com/apply/xbyK3SqoXK/Graphic-Designer',
  country: 'United States',
  description: '<p>Design all the things!</p>',
  type: 'Full Time',
  original_open_date: '2019-10-16',
};
/** The second record of the API recording; `department`, `experience` and the URL added (constructed). */
const SAMPLE = {
  id: 'job_20191016193456_XGSWRU2DDZPU9Y2T',
  title: 'Sample Job',
  department: 'Operations',
  url: 'http://acmeco.applytojob.com/apply/X8P7SBPn4N/Sample-Job',
  city: 'Pittsburgh',
  state: 'PA',
  country: 'United States',
  postalcode: '15212',
  description: '<p>You can enter a detailed, formatted description of your position.</p>',
  type: 'Full Time',
  experience: 'Experienced',
};

describe('jazzhr connector', () => {
  it('maps the jobs of a feed (constructed feed, values from the API recording)', async () => {
    const http = new FakeHttp().on(FEED, feed(job(DESIGNER), job(SAMPLE)));
    const result = await jazzHrConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([FEED]);
    expect(result).to.deep.equal({
      endpoint: FEED,
      boardName: 'Acme Co',
      postings: [
        {
          nativeId: 'job_20191016203908_KID5ZUVTNJYDDUZG',
          title: 'Graphic Designer',
          url: 'http://acmeco.applytojob.com/apply/xbyK3SqoXK/Graphic-Designer',
          sourceEndpoint: FEED,
          descriptionHtml: '<p>Design all the things!</p>',
          locations: [{ country: 'United States' }],
          postedAt: '2019-10-16T00:00:00.000Z',
          employmentTypes: ['Full Time'],
        },
        {
          nativeId: 'job_20191016193456_XGSWRU2DDZPU9Y2T',
          title: 'Sample Job',
          url: 'http://acmeco.applytojob.com/apply/X8P7SBPn4N/Sample-Job',
          sourceEndpoint: FEED,
          descriptionHtml: '<p>You can enter a detailed, formatted description of your position.</p>',
          // The postal code has no SourcePosting member; no open date: none is derived from the id.
          locations: [{ city: 'Pittsburgh', region: 'PA', country: 'United States' }],
          department: 'Operations',
          employmentTypes: ['Full Time'],
          experience: 'Experienced',
        },
      ],
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('marks a job whose status is not Open as expired by the source (constructed feed)', async () => {
    // "On Hold" and "Drafting" are statuses of the API recording; the feed reports only Open jobs.
    const http = new FakeHttp().on(
      FEED,
      feed(job({ ...DESIGNER, status: 'On Hold' }), job({ ...SAMPLE, status: 'open' })),
    );
    const [held, open] = (await jazzHrConnector.crawl(BOARD, http)).postings;
    expect(held).to.deep.include({ nativeId: DESIGNER.id, expired: true });
    expect(open).not.to.have.property('expired');
  });

  it('reads a single-job feed and skips a row without a URL (constructed feeds)', async () => {
    const one = await jazzHrConnector.crawl(BOARD, new FakeHttp().on(FEED, feed(job(SAMPLE))));
    expect(one.postings.map((p) => p.nativeId)).to.deep.equal([SAMPLE.id]);
    const partly = await jazzHrConnector.crawl(
      BOARD,
      new FakeHttp().on(FEED, feed(job({ ...DESIGNER, url: '' }), job(SAMPLE))),
    );
    expect(partly.postings.map((p) => p.nativeId)).to.deep.equal([SAMPLE.id]);
  });

  it('reads an empty feed as an empty board (constructed feeds)', async () => {
    for (const text of [
      feed().text,
      '<?xml version="1.0" encoding="utf-8"?>\n<jobs/>',
      '<?xml version="1.0" encoding="utf-8"?><jobs></jobs>',
    ]) {
      const result = await jazzHrConnector.crawl(BOARD, new FakeHttp().on(FEED, { text }));
      expect(result.postings, text).to.deep.equal([]);
    }
  });

  it('refuses the recorded API responses: the keyed API is not the public feed', async () => {
    for (const path of [API_LIST, API_DETAIL]) {
      const error = await jazzHrConnector
        .crawl(BOARD, new FakeHttp().on(FEED, ok(path)))
        .catch((e: unknown) => e);
      expect(error, path).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('refuses rows of another shape and documents of another root (constructed)', async () => {
    const renamed = feed(job(SAMPLE).replace('<id>', '<job_id>').replace('</id>', '</job_id>')).text;
    for (const text of [
      renamed,
      '<?xml version="1.0" encoding="UTF-8"?><source><job><title>x</title></job></source>',
      '<!DOCTYPE html><html><body>Just a moment...</body></html>',
    ]) {
      const error = await jazzHrConnector
        .crawl(BOARD, new FakeHttp().on(FEED, { text }))
        .catch((e: unknown) => e);
      expect(error, text.slice(0, 60)).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('uses the override, reports 404 as BoardNotFoundError and refuses unsafe slugs', async () => {
    const base = 'http://127.0.0.1:4010/demo/jazzhr/1';
    const overridden = await jazzHrConnector.crawl(
      { ...BOARD, endpointOverride: base },
      new FakeHttp().on(`${base}/feeds/export/jobs/acmeco`, feed(job(SAMPLE))),
    );
    expect(overridden.endpoint).to.equal(`${base}/feeds/export/jobs/acmeco`);
    expect(overridden.postings[0]?.url).to.equal(SAMPLE.url);

    const gone = await jazzHrConnector
      .crawl(BOARD, new FakeHttp().on(FEED, status(404)))
      .catch((e: unknown) => e);
    expect(gone).to.be.instanceOf(BoardNotFoundError);
    const unsafe = await jazzHrConnector
      .crawl({ source: 'jazzhr', slug: 'acme/../x' }, new FakeHttp())
      .catch((e: unknown) => e);
    expect(String(unsafe)).to.include('Invalid jazzhr board slug');
  });

  it('is listed as crawled but not verified: no recording of the feed is held', () => {
    expect(SOURCES.get('jazzhr')).to.deep.include({ crawled: true, verified: false });
  });
});
