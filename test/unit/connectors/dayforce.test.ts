import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { dayforceConnector, parseDayforceSlug } from '../../../src/ingest/connectors/dayforce.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const SEARCH = 'dayforce/aifire-geo-jobposting-search-3-of-189.json';
const BOARD: BoardRef = { source: 'dayforce', slug: 'aifire' };
const URL = 'https://jobs.dayforcehcm.com/api/geo/aifire/jobposting/search';
const body = (start: number, board = 'CANDIDATEPORTAL'): string =>
  JSON.stringify({
    clientNamespace: 'aifire',
    jobBoardCode: board,
    cultureCode: 'en-US',
    distanceUnit: 0,
    paginationStart: start,
  });

type Payload = { jobPostings: Record<string, unknown>[]; maxCount: number; offset: number; count: number };
const recorded = (): Payload => JSON.parse(fixture(SEARCH)) as Payload;

describe('dayforce connector', () => {
  it('maps the recorded search page: text description, every location with coordinates, dates, flags', async () => {
    const http = new FakeHttp()
      .on(URL, ok(SEARCH), body(0))
      .on(URL, json({ ...recorded(), jobPostings: [] }), body(3));
    const result = await dayforceConnector.crawl(BOARD, http);

    expect(result.endpoint).to.equal(URL);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['44800', '44791', '44786']);
    const [safety, technician] = result.postings;
    expect(safety).to.deep.include({
      nativeId: '44800',
      title: 'Safety Specialist',
      url: 'https://jobs.dayforcehcm.com/en-US/aifire/CANDIDATEPORTAL/jobs/44800',
      sourceEndpoint: URL,
      postedAt: '2026-10-05T04:00:00.000Z',
      remote: false,
      requisitionId: '2978',
    });
    expect(safety?.locations[0]).to.deep.equal({
      text: 'Salt Lake City, UT, USA',
      city: 'Salt Lake City',
      region: 'UT',
      countryCode: 'US',
      lat: 40.7605601,
      lng: -111.8881397,
    });
    expect(safety?.descriptionText).to.match(/^Safety Specialist\nAbout the Role\n/);
    expect(safety?.descriptionText).to.include('Environmental Health & Safety (EHS)');
    expect(safety).not.to.have.property('validThrough');
    expect(technician?.locations).to.have.length(7);
    // A state-level row has no city.
    expect(technician?.locations[1]).to.deep.equal({
      text: 'Massachusetts, USA',
      region: 'MA',
      countryCode: 'US',
      lat: 42.4072107,
      lng: -71.3824374,
    });
    expect(result.postings[2]?.descriptionText).to.include('you’ll work alongside');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('pages by paginationStart until maxCount, deduplicating shifted postings', async () => {
    const payload = recorded();
    const [a, , c] = payload.jobPostings;
    const http = new FakeHttp()
      .on(URL, json({ ...payload, maxCount: 5 }), body(0))
      .on(URL, json({ ...payload, maxCount: 5, jobPostings: [c, { ...a, jobPostingId: 1 }] }), body(3));
    const { postings } = await dayforceConnector.crawl(BOARD, http);
    expect(postings.map((p) => p.nativeId)).to.deep.equal(['44800', '44791', '44786', '1']);
    expect(http.requests.map((r) => r.body)).to.deep.equal([body(0), body(3)]);
  });

  it('stops when a page repeats the postings already read', async () => {
    const http = new FakeHttp().on(URL, ok(SEARCH), body(0)).on(URL, ok(SEARCH), body(3));
    const { postings } = await dayforceConnector.crawl(BOARD, http);
    expect(postings).to.have.length(3);
    expect(http.requests).to.have.length(2);
  });

  it('sends the board code from the slug', async () => {
    const http = new FakeHttp().on(URL, json({ jobPostings: [], maxCount: 0 }), body(0, 'EXTERNAL'));
    const result = await dayforceConnector.crawl({ ...BOARD, slug: 'aifire/EXTERNAL' }, http);
    expect(result.postings).to.deep.equal([]);
    expect(() => parseDayforceSlug('aifire/a/b')).to.throw(/Invalid dayforce board slug/);
  });

  it('reads an empty board, reports 404 as not found and another shape as unexpected', async () => {
    const empty = await dayforceConnector.crawl(
      BOARD,
      new FakeHttp().on(URL, json({ jobPostings: [], maxCount: 0, offset: 0, count: 0 })),
    );
    expect(empty.postings).to.deep.equal([]);
    const missing = await dayforceConnector
      .crawl(BOARD, new FakeHttp().on(URL, status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    const odd = await dayforceConnector
      .crawl(BOARD, new FakeHttp().on(URL, json({ postings: [] })))
      .catch((e: unknown) => e);
    expect(odd).to.be.instanceOf(UnexpectedResponseError);
  });
});
