import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import {
  cornerstoneConnector,
  parseCornerstoneSlug,
  readCornerstoneContext,
  sessionCookie,
} from '../../../src/ingest/connectors/cornerstone.js';
import {
  BoardNotFoundError,
  TransientFetchError,
  type BoardRef,
  type HttpClient,
} from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const JOBS = 'cornerstone/macom-rec-job-search-external-jobs-3.json';
/** One career site of MACOM's (its list is recorded, its page and job ads are not). */
const BOARD: BoardRef = { source: 'cornerstone', slug: 'macomtech/1' };
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
const adOf = (tenant: string, site: number, id: string): string =>
  `https://${tenant}.csod.com/Services/API/ATS/CareerSite/${String(site)}/JobRequisitions/${id}?useMobileAd=false&cultureId=1`;
/** MACOM's job ads are not recorded: each answers 404 (gone), so the list's text stands. */
function withoutAds(http: FakeHttp, ids: readonly string[] = ['3727', '3721', '3729']): FakeHttp {
  for (const id of ids) http.on(adOf('macomtech', 1, id), status(404));
  return http;
}

/** sarthakjain004/headstart's recording of two whole tenants (see SOURCES.md here). */
const TENANTS = 'cornerstone/headstart-ama-assn-aak-excerpt.json';
interface RecordedTenant {
  home: string;
  careersites: Record<string, { status: number; body: unknown }>;
  search: Record<string, unknown>;
  ads: Record<string, string>;
}
const tenant = (name: string): RecordedTenant =>
  (JSON.parse(fixture(TENANTS)) as Record<string, RecordedTenant>)[name] ?? {
    home: '',
    careersites: {},
    search: {},
    ads: {},
  };
const sitesOf = (name: string, site: number): string =>
  `https://${name}.csod.com/services/x/career-site/v1/careersites/${String(site)}`;

/** A recorded tenant served whole: its page, every site probe, its searches; ads as given. */
function recordedTenant(
  name: string,
  cloud: string,
  ads: Record<string, { text: string; status?: number }>,
  http = new FakeHttp(),
): FakeHttp {
  const recordedOne = tenant(name);
  http.on(`https://${name}.csod.com/ux/ats/careersite/1/home?c=${name}`, {
    text: recordedOne.home,
  });
  for (const [id, answer] of Object.entries(recordedOne.careersites)) {
    http.on(sitesOf(name, Number(id)), { status: answer.status, text: JSON.stringify(answer.body) });
  }
  for (const [id, answer] of Object.entries(recordedOne.search)) {
    http.on(`${cloud}/rec-job-search/external/jobs`, json(answer), body(1, Number(id)));
  }
  for (const [key, answer] of Object.entries(ads)) {
    const [site = '', id = ''] = key.split('/');
    http.on(adOf(name, Number(site), id), answer);
  }
  return http;
}

describe('cornerstone connector', () => {
  it('bootstraps the token (page constructed) and maps the recorded requisitions', async () => {
    const http = withoutAds(new FakeHttp().on(HOME, homePage(CONTEXT)).on(SEARCH, ok(JOBS), body(1)));
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
    const http = withoutAds(new FakeHttp(), ['3727', '3721', '3729', '9000'])
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

  it('walks every active career site of a tenant board, a requisition once on its lowest site, the job ad as its description (recorded AMA)', async () => {
    const cloud = 'https://us.api.csod.com';
    const ads = tenant('ama-assn').ads;
    const http = recordedTenant('ama-assn', cloud, {
      '2/4144': { text: ads['2/4144'] ?? '' },
      '2/4125': { status: 404, text: '' },
      '2/4070': { status: 404, text: '' },
      '3/4152': { status: 404, text: '' },
    });
    const result = await cornerstoneConnector.crawl({ source: 'cornerstone', slug: 'ama-assn' }, http);

    // Sites 1 and 4 are inactive and 5 answers 404: only 2 and 3 are searched.
    const searched = http.requests.filter((r) => r.method === 'POST').map((r) => r.body);
    expect(searched).to.deep.equal([body(1, 2), body(1, 3)]);
    expect(http.urls.filter((url) => url.includes('/careersites/'))).to.deep.equal(
      [1, 2, 3, 4, 5].map((site) => sitesOf('ama-assn', site)),
    );
    expect(result.postings.map((p) => [p.nativeId, p.url])).to.deep.equal([
      ['4144', 'https://ama-assn.csod.com/ux/ats/careersite/2/home/requisition/4144?c=ama-assn'],
      ['4125', 'https://ama-assn.csod.com/ux/ats/careersite/2/home/requisition/4125?c=ama-assn'],
      ['4070', 'https://ama-assn.csod.com/ux/ats/careersite/2/home/requisition/4070?c=ama-assn'],
      ['4152', 'https://ama-assn.csod.com/ux/ats/careersite/3/home/requisition/4152?c=ama-assn'],
    ]);
    const [executive, engineer] = result.postings;
    expect(executive?.sourceEndpoint).to.equal(adOf('ama-assn', 2, '4144'));
    expect(executive?.descriptionHtml).to.match(
      /^<p style="text-align: left"><strong>Sr\. Account Executive/,
    );
    expect(executive?.descriptionHtml).to.contain('the salary range for this position is $94,676 - $125,368');
    // Without its ad, the list's "SEE jd" is a placeholder, not a description.
    expect(engineer).not.to.have.property('descriptionHtml');
    expect(engineer).not.to.have.property('descriptionText');
    expect(engineer?.sourceEndpoint).to.equal(`${cloud}/rec-job-search/external/jobs`);
    expect(result).not.to.have.property('truncated');
    // The tenant's own host takes the token with its `aud` as the session cookie; the API only the token.
    const probe = http.sentHeaders[http.urls.indexOf(sitesOf('ama-assn', 1))];
    expect(probe?.cookie).to.equal('ASP.NET_SessionId=fixture-session-ama-assn');
    expect(probe?.authorization).to.match(/^Bearer eyJ/);
    const search = http.sentHeaders[http.requests.findIndex((r) => r.method === 'POST')];
    expect(search).not.to.have.property('cookie');
  });

  it('reads a tenant on another pod whose only active site is 2 (recorded AAK)', async () => {
    const cloud = 'https://eu-fra.api.csod.com';
    const ad = tenant('aak').ads['2/5327'] ?? '';
    const result = await cornerstoneConnector.crawl(
      { source: 'cornerstone', slug: 'aak' },
      recordedTenant('aak', cloud, { '2/5327': { text: ad } }),
    );
    expect(result.endpoint).to.equal(`${cloud}/rec-job-search/external/jobs`);
    const [lead] = result.postings;
    expect(lead?.title).to.equal('Global OpEx Deployment Lead');
    expect(lead?.locations).to.have.length(5);
    expect(lead?.descriptionHtml).to.contain('Jundiaí (BR), Zhangjiagang (CN), Aarhus (DK)');
  });

  it('reads the token again once when it expired (401), shared by the requests refused with it', async () => {
    const recordedOne = tenant('aak');
    const expired = recordedOne.home;
    const freshToken = `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify({ aud: 'fresh-session' })).toString('base64url')}.x`;
    const fresh = expired.replace(/"token":"[^"]+"/, `"token":"${freshToken}"`);
    // The page answers the expired token first, then a fresh one; the first probe is refused.
    const probes = sitesOf('aak', 1);
    const http = new FakeHttp()
      .onEach('https://aak.csod.com/ux/ats/careersite/1/home?c=aak', [{ text: expired }, { text: fresh }])
      .onEach(probes, [
        status(401),
        { status: 200, text: JSON.stringify(recordedOne.careersites['1']?.body) },
      ]);
    recordedTenant(
      'aak',
      'https://eu-fra.api.csod.com',
      { '2/5327': { text: recordedOne.ads['2/5327'] ?? '' } },
      http,
    );
    const result = await cornerstoneConnector.crawl({ source: 'cornerstone', slug: 'aak' }, http);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['5327']);
    const retried = http.urls
      .map((url, i) => [url, http.sentHeaders[i]?.cookie])
      .filter(([url]) => url === probes);
    expect(retried).to.deep.equal([
      [probes, `ASP.NET_SessionId=${String(sessionCookie(/"token":"([^"]+)"/.exec(expired)?.[1] ?? ''))}`],
      [probes, 'ASP.NET_SessionId=fresh-session'],
    ]);
  });

  it('tries sites 2 and 3 for the page of a tenant without site 1; none is no career site', async () => {
    const error = '/ui/error';
    const redirect = status(302, '', { location: error });
    const http = new FakeHttp()
      .on('https://acme.csod.com/ux/ats/careersite/1/home?c=acme', redirect)
      .on('https://acme.csod.com/ux/ats/careersite/2/home?c=acme', redirect)
      .on('https://acme.csod.com/ux/ats/careersite/3/home?c=acme', redirect);
    const gone = await cornerstoneConnector
      .crawl({ source: 'cornerstone', slug: 'acme' }, http)
      .catch((e: unknown) => e);
    expect(gone).to.be.instanceOf(BoardNotFoundError);
    expect(http.requests.map((r) => r.followRedirects)).to.deep.equal([false, false, false]);
  });

  it('reads a search answering 404 ResourceNotFound as a site listing nothing; another 404 as gone', async () => {
    const unindexed = status(404, JSON.stringify({ error: { code: 'ResourceNotFound' } }));
    const empty = await cornerstoneConnector.crawl(
      BOARD,
      new FakeHttp().on(HOME, homePage(CONTEXT)).on(SEARCH, unindexed, body(1)),
    );
    expect(empty.postings).to.deep.equal([]);
    const gone = await cornerstoneConnector
      .crawl(BOARD, new FakeHttp().on(HOME, homePage(CONTEXT)).on(SEARCH, status(404), body(1)))
      .catch((e: unknown) => e);
    expect(gone).to.be.instanceOf(BoardNotFoundError);
  });

  it('searches a site whose probe keeps failing when the next id answers; two failing in a row end the crawl', async () => {
    const cloud = 'https://us.api.csod.com';
    const http = recordedTenant('ama-assn', cloud, {
      '2/4144': { status: 404, text: '' },
      '2/4125': { status: 404, text: '' },
      '2/4070': { status: 404, text: '' },
      '3/4152': { status: 404, text: '' },
    }).on(
      `${cloud}/rec-job-search/external/jobs`,
      json({ status: 'Success', data: { totalCount: 0, requisitions: [] } }),
      body(1, 1),
    );
    const failing = (sites: number[]): HttpClient => ({
      request: (url, init) =>
        sites.some((site) => url === sitesOf('ama-assn', site))
          ? Promise.reject(new TransientFetchError(url, 'HTTP 500 after retries'))
          : http.request(url, init),
    });
    const board: BoardRef = { source: 'cornerstone', slug: 'ama-assn' };
    const result = await cornerstoneConnector.crawl(board, failing([1]));
    expect(http.requests.filter((r) => r.method === 'POST').map((r) => r.body)).to.deep.equal([
      body(1, 1),
      body(1, 2),
      body(1, 3),
    ]);
    expect(result.postings).to.have.length(4);
    const twice = await cornerstoneConnector.crawl(board, failing([1, 2])).catch((e: unknown) => e);
    expect(twice).to.be.instanceOf(TransientFetchError);
  });

  it("walks past a missing site 1 when the page came from site 2; one site's search 404 leaves the tenant partial, not gone (recorded AMA answers, missing ones constructed)", async () => {
    const cloud = 'https://us.api.csod.com';
    const recordedOne = tenant('ama-assn');
    const notFound = recordedOne.careersites['5'] ?? { status: 404, body: {} };
    const http = new FakeHttp()
      .on(
        'https://ama-assn.csod.com/ux/ats/careersite/1/home?c=ama-assn',
        status(302, '', { location: '/ui/error' }),
      )
      .on('https://ama-assn.csod.com/ux/ats/careersite/2/home?c=ama-assn', { text: recordedOne.home })
      .on(sitesOf('ama-assn', 1), { status: 404, text: JSON.stringify(notFound.body) })
      .on(sitesOf('ama-assn', 2), { text: JSON.stringify(recordedOne.careersites['2']?.body) })
      .on(sitesOf('ama-assn', 3), { text: JSON.stringify(recordedOne.careersites['3']?.body) })
      .on(sitesOf('ama-assn', 4), { status: 404, text: JSON.stringify(notFound.body) })
      .on(`${cloud}/rec-job-search/external/jobs`, status(404), body(1, 2))
      .on(`${cloud}/rec-job-search/external/jobs`, json(recordedOne.search['3']), body(1, 3));
    for (const id of ['4152', '4070']) http.on(adOf('ama-assn', 3, id), status(404));
    const result = await cornerstoneConnector.crawl({ source: 'cornerstone', slug: 'ama-assn' }, http);
    expect(http.urls.filter((url) => url.includes('/careersites/'))).to.deep.equal(
      [1, 2, 3, 4].map((site) => sitesOf('ama-assn', site)),
    );
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['4152', '4070']);
    expect(result.truncated).to.equal('site 2: search answered HTTP 404');
  });

  it('reads a failed renewal of an expired token as transient, not as the board gone (recorded AAK answers)', async () => {
    const recordedOne = tenant('aak');
    const home = 'https://aak.csod.com/ux/ats/careersite/1/home?c=aak';
    const http = new FakeHttp()
      .onEach(home, [{ text: recordedOne.home }, status(404)])
      .on(sitesOf('aak', 1), status(401))
      .on(sitesOf('aak', 2), status(401));
    const error = await cornerstoneConnector
      .crawl({ source: 'cornerstone', slug: 'aak' }, http)
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(TransientFetchError);
  });
});
