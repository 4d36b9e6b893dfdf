import { expect } from 'chai';
import { DomUtils, parseDocument } from 'htmlparser2';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { zohoRecruitConnector } from '../../../src/ingest/connectors/zoho-recruit.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'zoho_recruit', slug: 'pnbcsl.zohorecruit.in' };
const PAGE = 'https://pnbcsl.zohorecruit.in/jobs/Careers';
const RECORDING = 'zoho_recruit/pnbcsl-careers-hidden-jobs-input-reconstructed-2.html';

/** A careers page holding `jobs` in the hidden input, escaped the way the page escapes it. */
function page(jobs: unknown): { text: string } {
  const value = JSON.stringify(jobs).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
  return { text: `<html><body><input type="hidden" value="${value}" id="jobs"></body></html>` };
}

/** The recorded records, read from the same hidden input the connector reads, to build variants. */
function recordedJobs(): Record<string, unknown>[] {
  const input = DomUtils.getElementById('jobs', parseDocument(fixture(RECORDING)).children);
  const value = input === null ? undefined : DomUtils.getAttributeValue(input, 'value');
  return JSON.parse(value ?? '[]') as Record<string, unknown>[];
}

describe('zoho_recruit connector', () => {
  it('maps the recorded (reconstructed) careers page: hidden-input JSON, company name, city list as text', async () => {
    const http = new FakeHttp().on(PAGE, ok(RECORDING));
    const result = await zohoRecruitConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([PAGE]);
    expect(result.endpoint).to.equal(PAGE);
    // `&amp;` in the attribute is decoded once.
    expect(result.boardName).to.equal('PNB Cards & Services Limited');
    const [vehicle, home] = result.postings;
    expect(vehicle).to.deep.include({
      nativeId: '91994000000294203',
      title: 'Sales Manager (Vehicle Loan)',
      url: 'https://pnbcsl.zohorecruit.in/jobs/Careers/91994000000294203',
      sourceEndpoint: PAGE,
      descriptionHtml: '• Managing a team of Sales Executive. •',
      locations: [
        {
          text: 'Kolkata, Delhi, Chandigarh, Lucknow, Bhopal, Mumbai, Hyderabad, Bangalore, Noida, Pune, Chennai, Indore, Guwahati, Kota',
          region: 'Delhi',
          country: 'India',
        },
      ],
      postedAt: '2026-01-16T00:00:00.000Z',
      employmentTypes: ['Permanent'],
      remote: false,
      experience: '2 Years',
    });
    expect(home).to.deep.include({
      nativeId: '91994000006156192',
      title: 'Sales Manager (Home Loans)',
      locations: [{ city: 'Pan India', region: 'Delhi', country: 'India' }],
      employmentTypes: ['Full time'],
    });
    for (const p of result.postings) expect(p).not.to.have.property('unlisted');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('marks an unpublished record unlisted, prefers a published $url, ignores dates in other formats', async () => {
    const [first, second] = recordedJobs();
    const jobs = [
      { ...first, Publish: false },
      {
        ...second,
        $url: 'https://pnbcsl.zohorecruit.in/jobs/Careers/91994000006156192/Sales-Manager?source=CareerSite',
        Date_Opened: '01/16/2026',
      },
    ];
    const [unpublished, linked] = (
      await zohoRecruitConnector.crawl(BOARD, new FakeHttp().on(PAGE, page(jobs)))
    ).postings;
    expect(unpublished?.unlisted).to.equal(true);
    expect(linked?.url).to.equal(
      'https://pnbcsl.zohorecruit.in/jobs/Careers/91994000006156192/Sales-Manager?source=CareerSite',
    );
    expect(linked).not.to.have.property('postedAt');
  });

  it('returns a page with an empty jobs array as an empty board', async () => {
    const result = await zohoRecruitConnector.crawl(BOARD, new FakeHttp().on(PAGE, page([])));
    expect(result).to.deep.equal({ endpoint: PAGE, postings: [] });
  });

  it('reports 404 as BoardNotFoundError and a page without the jobs input as UnexpectedResponseError', async () => {
    const missing = await zohoRecruitConnector
      .crawl(BOARD, new FakeHttp().on(PAGE, status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);

    const pages = [
      '<html><body>this page is currently unavailable.</body></html>',
      '<input type="hidden" id="jobs" value="[{&quot;id&quot;: ">',
      '<input type="hidden" id="jobs" value="{}">',
    ];
    for (const text of pages) {
      const error = await zohoRecruitConnector
        .crawl(BOARD, new FakeHttp().on(PAGE, { text }))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('honours the endpoint override and keeps the public posting URL', async () => {
    const base = 'http://127.0.0.1:4010/zoho';
    const http = new FakeHttp().on(`${base}/jobs/Careers`, ok(RECORDING));
    const result = await zohoRecruitConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.endpoint).to.equal(`${base}/jobs/Careers`);
    expect(result.postings[0]?.url).to.equal('https://pnbcsl.zohorecruit.in/jobs/Careers/91994000000294203');
  });
});
