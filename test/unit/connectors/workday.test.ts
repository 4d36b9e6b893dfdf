import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import {
  choosePartition,
  createWorkdayConnector,
  parseWorkdaySlug,
  WORKDAY_PAGE_SIZE,
  workdayKey,
} from '../../../src/ingest/connectors/workday.js';
import { deriveLocations } from '../../../src/ingest/normalize/locations.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

// The recorded list names no tenant; it is served here as the board of a made-up tenant.
const ACME: BoardRef = { source: 'workday', slug: 'acme.wd1/External' };
const ACME_API = 'https://acme.wd1.myworkdayjobs.com/wday/cxs/acme/External';
const ACME_LIST = `${ACME_API}/jobs`;
const NOW = new Date('2026-09-01T12:00:00.000Z');
const connector = createWorkdayConnector({ clock: { now: () => NOW } });

const page = (offset: number, appliedFacets: Record<string, string[]> = {}): string =>
  JSON.stringify({ appliedFacets, limit: WORKDAY_PAGE_SIZE, offset, searchText: '' });

const LIST = JSON.parse(fixture('workday/cxs-jobs-list-4-boston-with-facets.json')) as {
  total: number;
  jobPostings: { externalPath: string }[];
};

/** Every detail request of the recorded list answered 404 (we hold no detail for that tenant). */
function withoutDetails(http: FakeHttp): FakeHttp {
  for (const job of LIST.jobPostings) http.on(`${ACME_API}${job.externalPath}`, status(404));
  return http;
}

describe('workday connector', () => {
  it('reads the board slug as tenant.wdN/site', () => {
    expect(parseWorkdaySlug('synchronyfinancial.wd5/University')).to.deep.equal({
      tenant: 'synchronyfinancial',
      pod: 'wd5',
      site: 'University',
    });
    expect(() => parseWorkdaySlug('synchronyfinancial/University')).to.throw(/tenant\.wdN\/site/);
  });

  it('POSTs the list with limit 20, resolves relative dates against the clock, keeps list data when details are gone', async () => {
    const http = withoutDetails(
      new FakeHttp().on(ACME_LIST, ok('workday/cxs-jobs-list-4-boston-with-facets.json'), page(0)),
    );
    const result = await connector.crawl(ACME, http);

    expect(http.requests[0]).to.deep.equal({ url: ACME_LIST, method: 'POST', body: page(0) });
    expect(http.urls.slice(1)).to.deep.equal(LIST.jobPostings.map((job) => `${ACME_API}${job.externalPath}`));
    expect(result.endpoint).to.equal(ACME_LIST);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['R1505', 'R1506', 'R1066', 'R1433']);
    expect(result.postings[0]).to.deep.equal({
      nativeId: 'R1505',
      title: 'Quantitative Researcher Intern, Summer 2027',
      url: 'https://acme.wd1.myworkdayjobs.com/External/job/Boston/Quantitative-Researcher-Intern--Summer-2027_R1505',
      sourceEndpoint: ACME_LIST,
      locations: [{ text: 'Boston' }],
      // "Posted 18 Days Ago"
      postedAt: '2026-08-14T12:00:00.000Z',
      requisitionId: 'R1505',
    });
    // "Posted 30+ Days Ago": now − 30 days, a lower bound on the age.
    expect(result.postings[3]?.postedAt).to.equal('2026-08-02T12:00:00.000Z');
    // The list names no hiring organization; without details there is no website.
    expect(result).not.to.have.property('companyUrls');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads the detail: description, start date, country code, time type, hiring organization', async () => {
    const board: BoardRef = { source: 'workday', slug: 'synchronyfinancial.wd5/University' };
    const api = 'https://synchronyfinancial.wd5.myworkdayjobs.com/wday/cxs/synchronyfinancial/University';
    const externalPath = '/job/Stamford-Hub/BLP-Intern---Technology_2601695-1';
    // We hold the detail but not the list of this tenant: a one-entry list page in the CXS shape.
    const listPage = {
      total: 1,
      jobPostings: [
        {
          title: 'BLP Intern – Technology',
          externalPath,
          locationsText: 'Stamford Hub',
          postedOn: 'Posted 30+ Days Ago',
          bulletFields: ['2601695'],
        },
      ],
    };
    const http = new FakeHttp()
      .on(`${api}/jobs`, json(listPage), page(0))
      .on(`${api}${externalPath}`, ok('workday/synchrony-cxs-job-detail.json'));
    const result = await connector.crawl(board, http);
    const [posting] = result.postings;

    expect(posting).to.deep.include({
      nativeId: '2601695',
      title: 'BLP Intern – Technology',
      url: `https://synchronyfinancial.wd5.myworkdayjobs.com/University${externalPath}`,
      sourceEndpoint: `${api}${externalPath}`,
      organization: 'Synchrony Bank',
      // startDate wins over the relative "Posted 30+ Days Ago".
      postedAt: '2026-06-16T00:00:00.000Z',
      employmentTypes: ['Full time'],
      requisitionId: '2601695',
      locations: [{ text: 'Stamford Hub', country: 'United States of America', countryCode: 'US' }],
    });
    expect(posting?.descriptionHtml).to.match(/^<div><p><b><span>Business Leadership Program <\/span><\/b>/);
    // No remoteType key and no endDate in this detail.
    expect(posting).not.to.have.property('workplaceType');
    expect(posting).not.to.have.property('validThrough');
    // hiringOrganization is {name: "Synchrony Bank", url: ""}: no website published.
    expect(result).not.to.have.property('companyUrls');
  });

  it("reports the details' hiringOrganization.url once, off Workday's hosts, bare hosts completed", async () => {
    // The recorded detail served for four postings, each with another hiringOrganization.url.
    const urls = [
      'synchrony.com',
      'https://synchrony.com/',
      'https://synchronyfinancial.wd5.myworkdayjobs.com/University',
      'Synchrony Financial',
    ];
    const listPage = {
      total: urls.length,
      jobPostings: urls.map((_, i) => ({
        title: `t${i}`,
        externalPath: `/job/x_${i}`,
        bulletFields: [`${i}`],
      })),
    };
    const http = new FakeHttp().on(ACME_LIST, json(listPage), page(0));
    urls.forEach((url, i) => {
      const detail = JSON.parse(fixture('workday/synchrony-cxs-job-detail.json')) as {
        hiringOrganization: Record<string, unknown>;
      };
      detail.hiringOrganization.url = url;
      http.on(`${ACME_API}/job/x_${i}`, json(detail));
    });
    const result = await connector.crawl(ACME, http);

    // "synchrony.com" becomes https://synchrony.com; "https://synchrony.com/" is the same address;
    // the myworkdayjobs.com site is Workday's; a name is not a URL.
    expect(result.companyUrls).to.deep.equal(['https://synchrony.com']);
    expect(result.postings).to.have.length(4);
  });

  it('expands an "N Locations" rollup through additionalLocations', async () => {
    const detail = JSON.parse(fixture('workday/synchrony-cxs-job-detail.json')) as {
      jobPostingInfo: Record<string, unknown>;
    };
    detail.jobPostingInfo.additionalLocations = ['Chicago', 'Charlotte'];
    const listPage = {
      total: 1,
      jobPostings: [
        { title: 't', externalPath: '/job/x_1', locationsText: '3 Locations', bulletFields: ['1'] },
      ],
    };
    const http = new FakeHttp()
      .on(ACME_LIST, json(listPage), page(0))
      .on(`${ACME_API}/job/x_1`, json(detail));
    const [posting] = (await connector.crawl(ACME, http)).postings;
    expect(posting?.locations.map((l) => l.text)).to.deep.equal(['Stamford Hub', 'Chicago', 'Charlotte']);

    // Without the detail, the rollup text is not a location.
    const bare = new FakeHttp().on(ACME_LIST, json(listPage), page(0)).on(`${ACME_API}/job/x_1`, status(404));
    expect((await connector.crawl(ACME, bare)).postings[0]?.locations).to.deep.equal([]);
  });

  it('reads a rollup without its detail as the place its path names (a real list: Hitachi Energy, labelled set)', async () => {
    const recorded = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/workday/mmerterdogan__is-radari__workday_list.json',
        'utf8',
      ),
    ) as { jobPostings: { externalPath: string; locationsText: string }[] };
    const rollups = recorded.jobPostings.filter((job) => job.locationsText.endsWith('Locations'));
    const http = new FakeHttp().on(ACME_LIST, json({ total: rollups.length, jobPostings: rollups }), page(0));
    for (const job of rollups) http.on(`${ACME_API}${job.externalPath}`, status(404));
    const places = (await connector.crawl(ACME, http)).postings.map((posting) => {
      const [place] = deriveLocations(posting.locations).locations;
      return [posting.nativeId, place?.city ?? null, place?.country_code ?? null];
    });
    expect(places).to.deep.equal([
      ['R0089483', 'Bengaluru', 'IN'],
      ['R0040833', 'Bắc Ninh', 'VN'],
      ['R0142633', 'Bắc Ninh', 'VN'],
      ['R0124457', 'Kocaeli', 'TR'],
      ['R0137689', null, 'DE'],
      ['R0132977', 'Raleigh', 'US'],
      ['R0087804', 'Lodz', 'PL'],
      ['R0101446', 'Maneja', 'IN'],
      ['R0112106', 'Beynost', 'FR'],
    ]);
  });

  it('pages with offset += 20 up to the first page total and deduplicates by the requisition id', async () => {
    // The recorded page served at every offset of a board whose first page claims 45 postings.
    const first = { ...LIST, total: 45 };
    const later = { ...LIST, total: 0 };
    const http = withoutDetails(
      new FakeHttp()
        .on(ACME_LIST, json(first), page(0))
        .on(ACME_LIST, json(later), page(20))
        .on(ACME_LIST, json(later), page(40)),
    );
    const result = await connector.crawl(ACME, http);
    expect(http.requests.filter((r) => r.method === 'POST').map((r) => r.body)).to.deep.equal([
      page(0),
      page(20),
      page(40),
    ]);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['R1505', 'R1506', 'R1066', 'R1433']);
  });

  it('keys a posting on its requisition-id bullet, not a label before it (a real Salesforce list)', () => {
    // rahul-k-r/jobwatch-bot recorded Salesforce's board (test/fixtures/labelled/wave2/SOURCES-enterprise-3.md):
    // a featured job's bullets are ["Spotlight Job", "JR358244"].
    const recorded = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/workday/rahul-k-r__jobwatch-bot__workday_search.json',
        'utf8',
      ),
    ) as { jobPostings: unknown[] };
    expect(recorded.jobPostings.map((entry) => workdayKey(entry))).to.include.members([
      'JR361861',
      'JR358244',
      'JR361902',
    ]);
    expect(workdayKey({ bulletFields: ['Spotlight Job'], externalPath: '/job/x_R1' })).to.equal('/job/x_R1');
  });

  it('keys on the bullet its path ends with, never on a flag, a short number or a date before it', () => {
    const recorded = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/workday/rahul-k-r__jobwatch-bot__workday_search.json',
        'utf8',
      ),
    ) as { jobPostings: { bulletFields: string[]; externalPath: string }[] };
    // Real entries with other bullets put first, as other tenants publish them (a "0"/"1" flag, a
    // date, a store number): each keeps its own id, so none is dropped as a repeat of another.
    const keys = recorded.jobPostings.map((entry) =>
      workdayKey({ ...entry, bulletFields: ['1', '2026-09-14', '09/14/2026', ...entry.bulletFields] }),
    );
    expect(keys).to.deep.equal(recorded.jobPostings.map((entry) => workdayKey(entry)));
    expect(new Set(keys).size).to.equal(keys.length);
    // The path's own id wins over an earlier id-looking bullet; "R26-6980" is not cut at its hyphen.
    expect(workdayKey({ bulletFields: ['STORE0042', 'R26-6980'], externalPath: '/job/x_R26-6980' })).to.equal(
      'R26-6980',
    );
    expect(
      workdayKey({ bulletFields: ['STORE0042', 'R26-6980'], externalPath: '/job/x_R26-6980-1' }),
    ).to.equal('R26-6980');
    // Only a flag: the path.
    expect(workdayKey({ bulletFields: ['0'], externalPath: '/job/y_R2' })).to.equal('/job/y_R2');
  });

  it('splits a board at the 2,000 cap by the facet with the smallest largest bucket', async () => {
    const facets = [
      {
        facetParameter: 'jobFamilyGroup',
        values: [
          { id: 'a', count: 1500 },
          { id: 'b', count: 1000 },
        ],
      },
      {
        facetParameter: 'locationMainGroup',
        values: [
          {
            facetParameter: 'locations',
            values: [
              { id: 'x', count: 900 },
              { id: 'y', count: 800 },
              { id: 'z', count: 800 },
            ],
          },
        ],
      },
    ];
    expect(choosePartition(facets)).to.deep.equal({ parameter: 'locations', values: ['x', 'y', 'z'] });
    // A facet few postings carry is no split of 2,000: its small buckets would read a few dozen.
    const sparse = [
      facets[0],
      {
        facetParameter: 'workerSubType',
        values: [
          { id: 'intern', count: 30 },
          { id: 'contractor', count: 12 },
        ],
      },
    ];
    expect(choosePartition(sparse, [], 2000)?.parameter).to.equal('jobFamilyGroup');
    // None holds the query's postings: the one that holds the most.
    expect(choosePartition(sparse, [], 5000)?.parameter).to.equal('jobFamilyGroup');

    const capped = {
      total: 2000,
      jobPostings: [{ title: 'A', externalPath: '/job/a_1', bulletFields: ['1'] }],
      facets,
    };
    const http = new FakeHttp()
      .on(ACME_LIST, json(capped), page(0))
      .on(
        ACME_LIST,
        json({ total: 1, jobPostings: [{ title: 'A', externalPath: '/job/a_1', bulletFields: ['1'] }] }),
        page(0, { locations: ['x'] }),
      )
      .on(
        ACME_LIST,
        json({ total: 1, jobPostings: [{ title: 'B', externalPath: '/job/b_2', bulletFields: ['2'] }] }),
        page(0, { locations: ['y'] }),
      )
      .on(ACME_LIST, json({ total: 0, jobPostings: [] }), page(0, { locations: ['z'] }))
      .on(`${ACME_API}/job/a_1`, status(404))
      .on(`${ACME_API}/job/b_2`, status(404));
    const result = await connector.crawl(ACME, http);
    expect(http.requests.filter((r) => r.method === 'POST').map((r) => r.body)).to.deep.equal([
      page(0),
      page(0, { locations: ['x'] }),
      page(0, { locations: ['y'] }),
      page(0, { locations: ['z'] }),
    ]);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['1', '2']);
    // Two postings where the first page said 2,000 or more: the rest had no location value.
    expect(result.truncated).to.equal('the board split by locations read 2 of 2,000 or more postings');
  });

  it('splits a bucket that reaches the cap again by another facet, and reads a capped query with none left as partial', async () => {
    const job = (id: number): Record<string, unknown> => ({
      title: `Job ${String(id)}`,
      externalPath: `/job/j_${String(id)}`,
      bulletFields: [`R${String(id)}`],
    });
    const jobs = (from: number, count: number): Record<string, unknown>[] =>
      Array.from({ length: count }, (_, i) => job(from + i));
    const family = {
      facetParameter: 'jobFamilyGroup',
      values: [
        { id: 'eng', count: 2400 },
        { id: 'ops', count: 10 },
      ],
    };
    const locations = {
      facetParameter: 'locationMainGroup',
      values: [
        {
          facetParameter: 'locations',
          values: [
            { id: 'x', count: 2600 },
            { id: 'y', count: 300 },
          ],
        },
      ],
    };
    const http = new FakeHttp()
      .on(ACME_LIST, json({ total: 2000, jobPostings: jobs(0, 20), facets: [family, locations] }), page(0))
      // eng is capped again; under it only the locations facet is left to split by.
      .on(
        ACME_LIST,
        json({
          total: 2000,
          jobPostings: jobs(0, 20),
          facets: [{ ...family, values: [family.values[0]] }, locations],
        }),
        page(0, { jobFamilyGroup: ['eng'] }),
      )
      .on(ACME_LIST, json({ total: 10, jobPostings: jobs(5000, 10) }), page(0, { jobFamilyGroup: ['ops'] }))
      // eng × x is capped with no facet left: read to the cap as it is.
      .on(
        ACME_LIST,
        json({ total: 2000, jobPostings: jobs(0, 20), facets: [locations] }),
        page(0, { jobFamilyGroup: ['eng'], locations: ['x'] }),
      )
      .on(
        ACME_LIST,
        json({ total: 2, jobPostings: jobs(9000, 2) }),
        page(0, { jobFamilyGroup: ['eng'], locations: ['y'] }),
      );
    for (let offset = 20; offset < 2000; offset += 20) {
      http.on(
        ACME_LIST,
        json({ total: 0, jobPostings: jobs(offset, 20) }),
        page(offset, { jobFamilyGroup: ['eng'], locations: ['x'] }),
      );
    }
    for (const listed of [...jobs(0, 2000), ...jobs(5000, 10), ...jobs(9000, 2)]) {
      http.on(`${ACME_API}${String(listed.externalPath)}`, status(404));
    }
    const result = await connector.crawl(ACME, http);

    const bodies = http.requests
      .filter((r) => r.method === 'POST')
      .map((r) => JSON.parse(r.body ?? '{}') as { appliedFacets: unknown; offset: number });
    expect(bodies.filter((b) => b.offset === 0).map((b) => b.appliedFacets)).to.deep.equal([
      {},
      { jobFamilyGroup: ['eng'] },
      { jobFamilyGroup: ['eng'], locations: ['x'] },
      { jobFamilyGroup: ['eng'], locations: ['y'] },
      { jobFamilyGroup: ['ops'] },
    ]);
    expect(result.postings).to.have.length(2012);
    expect(result.truncated).to.equal(
      '{"jobFamilyGroup":["eng"],"locations":["x"]} holds 2,000 or more postings and no facet is left to split it by',
    );
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await connector
      .crawl(ACME, new FakeHttp().on(ACME_LIST, status(404), page(0)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const base = 'http://127.0.0.1:4010/workday';
    const overridden = new FakeHttp().on(
      `${base}/wday/cxs/acme/External/jobs`,
      json({ total: 0, jobPostings: [] }),
      page(0),
    );
    const result = await connector.crawl({ ...ACME, endpointOverride: base }, overridden);
    expect(result).to.deep.equal({ endpoint: `${base}/wday/cxs/acme/External/jobs`, postings: [] });
  });
});
