import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { joinConnector, joinPageState, parseJoinJob } from '../../../src/ingest/connectors/join.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'join', slug: 'bexio' };
const PAGE_URL = 'https://join.com/companies/bexio';
const FILE = 'join/bexio-company-page-next-data-reduced-5-of-8.html';
const apiUrl = (id: number, page: number): string =>
  `https://join.com/api/public/companies/${id}/jobs?locale=en&page=${page}&pageSize=5`;
const detailUrl = (id: string, base = 'https://join.com'): string =>
  `${base}/api/public/jobs/${id}?locale=en`;
/** The recorded page's job ids. */
const RECORDED_IDS = ['16789521', '16318714', '16788654', '16573865', '16407817'];
/** `http` answering every detail of `ids` with 404 (gone: the list's row is kept without one). */
const detailsGone = (http: FakeHttp, ids: readonly string[], base?: string): FakeHttp => {
  for (const id of ids) http.on(detailUrl(id, base), status(404));
  return http;
};

interface State {
  company: Record<string, unknown>;
  jobs: { items: Record<string, unknown>[]; pagination: Record<string, unknown> };
}
/** The recorded page state, parsed, for variants built in the tests. */
const recordedState = (): State =>
  JSON.parse(JSON.stringify(joinPageState(fixture(FILE), PAGE_URL, 'bexio'))) as State;
/** A company page carrying `state` the way the recorded page carries its own. */
const pageWith = (state: unknown): { text: string } => ({
  text: `<html><body><script id="__NEXT_DATA__" type="application/json">${JSON.stringify({
    props: { pageProps: { initialState: state } },
  })}</script></body></html>`,
});

describe('join connector', () => {
  it('maps the recorded page-state items: idParam URL, createdAt, category, city and ISO-2 country', () => {
    const items = recordedState().jobs.items;
    const parsed = items.map((item) => parseJoinJob(item, PAGE_URL, 'bexio', 'bexio'));
    expect(parsed.map((p) => p?.nativeId)).to.deep.equal([
      '16789521',
      '16318714',
      '16788654',
      '16573865',
      '16407817',
    ]);
    expect(parsed[1]).to.deep.equal({
      nativeId: '16318714',
      title: 'Junior 1st Level Supporter (w/m/d) 80-100%',
      // The idParam prefix (16738632) differs from the id: the URL uses idParam as published.
      url: 'https://join.com/companies/bexio/16738632-junior-1st-level-supporter-w-m-d-80-100',
      sourceEndpoint: PAGE_URL,
      organization: 'bexio',
      locations: [{ city: 'Rapperswil-Jona', country: 'Switzerland', countryCode: 'CH' }],
      postedAt: '2026-06-17T08:31:30.423Z',
      department: 'Customer Service',
      employmentTypes: ['Employee'],
      workplaceType: 'ONSITE',
    });
    // showSalary is true and salaryFrequency PER_YEAR, but no amount was entered: no salary.
    for (const p of parsed) expect(p).not.to.have.property('salary');
    expect(undefinedKeys(parsed)).to.deep.equal([]);
  });

  it('fails on the recorded page: 2 pages of jobs and no company id to read the second with', async () => {
    const http = new FakeHttp().on(PAGE_URL, ok(FILE));
    const error = await joinConnector.crawl(BOARD, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
    expect(String(error)).to.include('no company id');
    expect(http.urls).to.deep.equal([PAGE_URL]);
  });

  it('crawls a one-page board from the page state alone (recorded items, pagination set to one page)', async () => {
    const state = recordedState();
    const onePage = {
      ...state,
      jobs: { ...state.jobs, pagination: { page: 1, pageCount: 1, pageSize: 5, total: 5 } },
    };
    const http = detailsGone(new FakeHttp().on(PAGE_URL, pageWith(onePage)), RECORDED_IDS);
    const result = await joinConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([PAGE_URL, ...RECORDED_IDS.map((id) => detailUrl(id))]);
    expect(result.endpoint).to.equal(PAGE_URL);
    expect(result.boardName).to.equal('bexio');
    expect(result.postings).to.have.length(5);
    expect(result.postings[0]).to.deep.include({
      nativeId: '16789521',
      url: 'https://join.com/companies/bexio/16789521-ai-engineer-m-w-d-80-100',
      department: 'IT',
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads further pages from the public API with the company id (constructed id and API page)', async () => {
    const state = recordedState();
    const withId = {
      ...state,
      company: { ...state.company, id: 987654, domain: 'bexio', url: 'https://www.bexio.com' },
    };
    const apiItem = {
      ...state.jobs.items[0],
      id: 16800001,
      idParam: '16800001-data-engineer-m-w-d',
      title: 'Data Engineer (m/w/d)',
      settings: { showSalary: true },
      salaryAmountFrom: { amount: 9000000, currency: 'CHF' },
      salaryAmountTo: { amount: 11000000, currency: 'CHF' },
      city: {
        cityName: 'Rapperswil-Jona',
        regionName: 'St. Gallen',
        countryName: 'Switzerland',
        lat: 47.2266,
        lng: 8.8184,
      },
    };
    const ids = [...RECORDED_IDS, '16800001'];
    const http = detailsGone(
      new FakeHttp()
        .on(PAGE_URL, pageWith(withId))
        .on(
          apiUrl(987654, 2),
          json({ items: [apiItem], pagination: { page: 2, pageCount: 2, pageSize: 5, total: 6 } }),
        ),
      ids,
    );
    const result = await joinConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([PAGE_URL, apiUrl(987654, 2), ...ids.map((id) => detailUrl(id))]);
    expect(result.companyUrls).to.deep.equal(['https://www.bexio.com']);
    expect(result.postings).to.have.length(6);
    expect(result.postings[5]).to.deep.include({
      nativeId: '16800001',
      sourceEndpoint: apiUrl(987654, 2),
      locations: [
        {
          city: 'Rapperswil-Jona',
          region: 'St. Gallen',
          country: 'Switzerland',
          countryCode: 'CH',
          lat: 47.2266,
          lng: 8.8184,
        },
      ],
      salary: { min: 90000, max: 110000, currency: 'CHF', periodRaw: 'PER_YEAR' },
    });

    const hidden = { ...apiItem, settings: { showSalary: false } };
    const quiet = detailsGone(
      new FakeHttp()
        .on(PAGE_URL, pageWith(withId))
        .on(apiUrl(987654, 2), json({ items: [hidden], pagination: { page: 2, pageCount: 2 } })),
      ids,
    );
    expect((await joinConnector.crawl(BOARD, quiet)).postings[5]).not.to.have.property('salary');
  });

  it("reads each job's description from its detail (constructed answers; Markdown as recorded)", async () => {
    const state = recordedState();
    const onePage = { ...state, jobs: { ...state.jobs, pagination: { page: 1, pageCount: 1 } } };
    const [first, second, third, ...rest] = RECORDED_IDS;
    if (first === undefined || second === undefined || third === undefined) expect.fail('recorded ids');
    // The Markdown shape of the labelled set's recording of indie-solutions (its `_description`).
    const markdown = '**About us**\n\nWe build accounting software.\n\n- 5+ years of TypeScript';
    const http = detailsGone(
      new FakeHttp()
        .on(PAGE_URL, pageWith(onePage))
        .on(detailUrl(first), json({ id: Number(first), description: markdown }))
        .on(
          detailUrl(second),
          json({
            intro: '<p>Join our support team.</p>',
            tasks: '<ul><li>Answer calls</li></ul>',
            requirements: '',
          }),
        )
        // An answer about another job is not this one's detail.
        .on(detailUrl(third), json({ id: 1, description: 'Another job' })),
      rest,
    );
    const { postings } = await joinConnector.crawl(BOARD, http);
    expect(postings[0]).to.deep.include({ descriptionText: markdown, sourceEndpoint: detailUrl(first) });
    expect(postings[1]).to.deep.include({
      descriptionHtml: '<p>Join our support team.</p>\n\n<ul><li>Answer calls</li></ul>',
      sourceEndpoint: detailUrl(second),
    });
    for (const posting of postings.slice(2)) {
      expect(posting).not.to.have.property('descriptionText');
      expect(posting).not.to.have.property('descriptionHtml');
      expect(posting.sourceEndpoint).to.equal(PAGE_URL);
    }
    expect(undefinedKeys(postings)).to.deep.equal([]);
  });

  it('fails the crawl when a detail fails transiently (constructed answer), never drops the description silently', async () => {
    const state = recordedState();
    const onePage = { ...state, jobs: { ...state.jobs, pagination: { page: 1, pageCount: 1 } } };
    const http = new FakeHttp().on(PAGE_URL, pageWith(onePage)).on(detailUrl('16789521'), status(503));
    const error = await joinConnector.crawl(BOARD, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
  });

  it('fails, never returns a partial board, when an API page is refused or gone (constructed id)', async () => {
    const state = recordedState();
    const withId = { ...state, company: { ...state.company, id: 987654 } };
    for (const answer of [json([{ message: 'pageSize: Invalid value' }]), status(404)]) {
      const http = new FakeHttp().on(PAGE_URL, pageWith(withId)).on(apiUrl(987654, 2), answer);
      const error = await joinConnector.crawl(BOARD, http).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('returns an empty board for a page state with no jobs', async () => {
    const state = recordedState();
    const empty = {
      ...state,
      jobs: { items: [], pagination: { page: 1, pageCount: 0, pageSize: 5, total: 0 } },
    };
    const result = await joinConnector.crawl(BOARD, new FakeHttp().on(PAGE_URL, pageWith(empty)));
    expect(result.postings).to.deep.equal([]);
  });

  it('uses the endpoint override', async () => {
    const state = recordedState();
    const onePage = { ...state, jobs: { ...state.jobs, pagination: { page: 1, pageCount: 1 } } };
    const base = 'http://127.0.0.1:4010/demo/join/4';
    const result = await joinConnector.crawl(
      { ...BOARD, endpointOverride: base },
      detailsGone(new FakeHttp().on(`${base}/companies/bexio`, pageWith(onePage)), RECORDED_IDS, base),
    );
    expect(result.endpoint).to.equal(`${base}/companies/bexio`);
    expect(result.postings[0]?.url).to.equal(
      'https://join.com/companies/bexio/16789521-ai-engineer-m-w-d-80-100',
    );
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await joinConnector
      .crawl(BOARD, new FakeHttp().on(PAGE_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });

  it('rejects a changed page and a placeholder company instead of returning an empty board', async () => {
    const state = recordedState();
    const pages = [
      { text: '<html><body><h1>bexio</h1></body></html>' },
      {
        text: '<html><body><script id="__NEXT_DATA__" type="application/json">{"props":</script></body></html>',
      },
      pageWith({ company: state.company, jobs: { list: [] } }),
      pageWith({ ...state, company: { id: 233, name: 'greenteg', domain: 'greenteg' } }),
    ];
    for (const page of pages) {
      const error = await joinConnector
        .crawl(BOARD, new FakeHttp().on(PAGE_URL, page))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });
});
