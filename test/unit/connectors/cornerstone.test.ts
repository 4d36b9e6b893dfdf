import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import {
  cornerstoneConnector,
  parseCornerstoneSlug,
  readCornerstoneContext,
} from '../../../src/ingest/connectors/cornerstone.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const JOBS = 'cornerstone/macom-rec-job-search-external-jobs-3.json';
const BOARD: BoardRef = { source: 'cornerstone', slug: 'macomtech' };
const HOME = 'https://macomtech.csod.com/ux/ats/careersite/1/home?c=macomtech';
const SEARCH = 'https://us.api.csod.com/rec-job-search/external/jobs';
const TOKEN = 'eyJhbGciOiJIUzUxMiJ9.payload.signature';
/** Constructed: the career-site page reduced to the `csod.context` script its search reads. */
const homePage = (context: Record<string, unknown>): { text: string } => ({
  text: `<!DOCTYPE html><html><head><script type="text/javascript">csod.context=${JSON.stringify(context)};</script></head><body></body></html>`,
});
const CONTEXT = {
  corp: 'macomtech',
  cultureID: 1,
  cultureName: 'en-US',
  endpoints: { cloud: 'https://us.api.csod.com/', api: '/' },
  token: TOKEN,
};
const body = (pageNumber: number, site = 1): string =>
  JSON.stringify({
    careerSiteId: site,
    careerSitePageId: site,
    pageNumber,
    pageSize: 25,
    cultureId: 1,
    cultureName: 'en-US',
  });
type Payload = { status: string; data: { totalCount: number; requisitions: Record<string, unknown>[] } };
const recorded = (): Payload => JSON.parse(fixture(JOBS)) as Payload;

describe('cornerstone connector', () => {
  it('bootstraps the token (page constructed) and maps the recorded requisitions', async () => {
    const http = new FakeHttp().on(HOME, homePage(CONTEXT)).on(SEARCH, ok(JOBS), body(1));
    const result = await cornerstoneConnector.crawl(BOARD, http);

    expect(result.endpoint).to.equal(SEARCH);
    expect(http.requests[1]?.method).to.equal('POST');
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['3727', '3721', '3729']);
    expect(result.postings[0]).to.deep.include({
      nativeId: '3727',
      title: 'RF Power Application Engineer Intern',
      url: 'https://macomtech.csod.com/ux/ats/careersite/1/home/requisition/3727?c=macomtech',
      sourceEndpoint: SEARCH,
      locations: [{ city: 'Morrisville', region: 'NC', countryCode: 'US' }],
      postedAt: '2026-10-05T00:00:00.000Z',
      requisitionId: '3727',
    });
    expect(result.postings[0]?.descriptionText).to.match(/^RF Power Application Intern Role Overview:/);
    expect(result.postings[1]).to.deep.include({ postedAt: '2026-10-01T00:00:00.000Z' });
    expect(result.postings[2]?.descriptionText).to.match(/^GaN RF Power Amplifier Intern/);
    for (const p of result.postings) expect(p).not.to.have.property('validThrough');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('pages by pageNumber until totalCount; reads an expiry date when one is set', async () => {
    const payload = recorded();
    const more = payload.data.requisitions.map((r, i) => ({ ...r, requisitionId: 9000 + i }));
    const [first] = more;
    const http = new FakeHttp()
      .on(HOME, homePage(CONTEXT))
      .on(SEARCH, json({ ...payload, data: { ...payload.data, totalCount: 4 } }), body(1))
      .on(
        SEARCH,
        json({
          ...payload,
          data: {
            ...payload.data,
            totalCount: 4,
            requisitions: [{ ...first, postingExpirationDate: '12/31/2026' }],
          },
        }),
        body(2),
      );
    const { postings } = await cornerstoneConnector.crawl(BOARD, http);
    expect(postings.map((p) => p.nativeId)).to.deep.equal(['3727', '3721', '3729', '9000']);
    expect(postings[3]).to.deep.include({ validThrough: '2026-12-31T00:00:00.000Z' });
  });

  it('uses the site id of the slug and the override for both hosts', async () => {
    const local = 'http://127.0.0.1:4010/cornerstone';
    const http = new FakeHttp()
      .on(`${local}/ux/ats/careersite/4/home?c=macomtech`, homePage(CONTEXT))
      .on(
        `${local}/rec-job-search/external/jobs`,
        json({ status: 'Success', data: { totalCount: 0, requisitions: [] } }),
        body(1, 4),
      );
    const result = await cornerstoneConnector.crawl(
      { ...BOARD, slug: 'macomtech/4', endpointOverride: local },
      http,
    );
    expect(result.postings).to.deep.equal([]);
    expect(() => parseCornerstoneSlug('macom tech')).to.throw(/Invalid cornerstone board slug/);
  });

  it('reports a missing career site as not found and a page without a token as unexpected', async () => {
    const missing = await cornerstoneConnector
      .crawl(BOARD, new FakeHttp().on(HOME, status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    const { token: _token, ...tokenless } = CONTEXT;
    const bare = await cornerstoneConnector
      .crawl(BOARD, new FakeHttp().on(HOME, homePage(tokenless)))
      .catch((e: unknown) => e);
    expect(bare).to.be.instanceOf(UnexpectedResponseError);
    expect(() => readCornerstoneContext('<script>var x = 1;</script>', HOME)).to.throw(
      UnexpectedResponseError,
    );
  });

  it('treats a search answer of another shape as unexpected, never as an empty board', async () => {
    for (const odd of [{ status: 'Error', data: { requisitions: [] } }, { status: 'Success' }, []]) {
      const error = await cornerstoneConnector
        .crawl(BOARD, new FakeHttp().on(HOME, homePage(CONTEXT)).on(SEARCH, json(odd)))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });
});
