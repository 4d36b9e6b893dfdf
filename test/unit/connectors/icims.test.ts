import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { icimsConnector, parseJibeJob } from '../../../src/ingest/connectors/icims.js';
import { BoardNotFoundError, type BoardRef, type SourcePosting } from '../../../src/ingest/types.js';
import { FakeHttp, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'icims', slug: 'jobs.exeloncorp.com' };
const page = (n: number): string => `https://jobs.exeloncorp.com/api/jobs?page=${n}&limit=100`;

/** A recorded Jibe page of the labelled set (test/fixtures/labelled/wave2/raw/icims/), by native id. */
function jibePage(file: string): Map<string, SourcePosting> {
  const page = JSON.parse(readFileSync(`test/fixtures/labelled/wave2/raw/icims/${file}`, 'utf8')) as {
    jobs: { data: unknown }[];
  };
  return new Map(
    page.jobs.flatMap(({ data }) => {
      const posting = parseJibeJob(data, 'https://example.test/api/jobs');
      return posting === undefined ? [] : [[posting.nativeId, posting] as const];
    }),
  );
}

describe('icims (Jibe) connector', () => {
  it('maps the trimmed Jibe payload and pages until totalCount or an empty page', async () => {
    // The recording kept 3 of 99 jobs, so the connector asks for page 2, which is empty here.
    const http = new FakeHttp()
      .on(page(1), ok('icims/jibe-careers-api-jobs-3-of-99-trimmed.json'))
      .on(page(2), json({ totalCount: 99, count: 99, jobs: [] }));
    const result = await icimsConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([page(1), page(2)]);
    expect(result.endpoint).to.equal(page(1));
    expect(result.postings[0]).to.deep.equal({
      nativeId: '29866',
      title: 'Senior Recruiter',
      url: 'https://careers-comed.icims.com/jobs/29866/login',
      sourceEndpoint: page(1),
      locations: [{ text: 'OAKBROOK TERRACE, Illinois' }],
      // "+0000" offset without a colon.
      postedAt: '2026-07-23T19:16:00.000Z',
      requisitionId: '29866',
    });
    expect(result.postings.map((p) => new URL(p.url).hostname)).to.deep.equal([
      'careers-comed.icims.com',
      'careers-peco.icims.com',
      'careers-exeloncorp.icims.com',
    ]);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('maps a whole Jibe page: description sections, structured place, dates, employment type, category, employer', async () => {
    // A recording of the labelled set (test/fixtures/labelled/wave2/SOURCES-enterprise.md): Docusign's
    // Jibe page as served, 3 of its 255 jobs kept by the recorder.
    const text = readFileSync(
      'test/fixtures/labelled/wave2/raw/icims/san70sh__job-tracker__jibe_list.json',
      'utf8',
    );
    const board: BoardRef = { source: 'icims', slug: 'careers.docusign.com' };
    const url = 'https://careers.docusign.com/api/jobs?page=1&limit=100';
    const http = new FakeHttp()
      .on(url, { text })
      .on('https://careers.docusign.com/api/jobs?page=2&limit=100', json({ totalCount: 255, jobs: [] }));
    const [first] = (await icimsConnector.crawl(board, http)).postings;
    expect(first).to.deep.include({
      nativeId: '30419',
      title: 'Sr. Account Executive, Commercial Sales',
      locations: [
        {
          text: 'Washington, United States',
          region: 'Washington',
          country: 'United States',
          countryCode: 'US',
        },
      ],
      postedAt: '2026-09-29T20:15:00.000Z',
      updatedAt: '2026-09-30T06:39:59.000Z',
      employmentTypes: ['FULL_TIME'],
      department: 'Sales & Partnerships',
      // Its location name says remote ("US-WA-Remote (SEA Area)"; location_type "ANY" alone would not).
      remote: true,
      language: 'en-us',
    });
    expect(first).not.to.have.property('descriptionHtml');
    expect(first?.descriptionText).to.match(/^Company Overview Docusign brings agreements to life/);
    expect(first?.descriptionText).to.include('\n\nResponsibilities\nAs the Sr. Account Executive (AE)');
    expect(first?.descriptionText).to.include('\n\nQualifications\nBasic BS/BA degree');
  });

  it('ends the walk, said to be truncated, when a page only repeats rows already read (Jibe past row ~5,100)', async () => {
    const text = readFileSync(
      'test/fixtures/labelled/wave2/raw/icims/san70sh__job-tracker__jibe_list.json',
      'utf8',
    );
    const board: BoardRef = { source: 'icims', slug: 'careers.docusign.com' };
    const page = (n: number): string => `https://careers.docusign.com/api/jobs?page=${n}&limit=100`;
    // The recorded page (3 of 255 jobs) answered again for page 2, as such boards answer.
    const http = new FakeHttp().on(page(1), { text }).on(page(2), { text });
    const result = await icimsConnector.crawl(board, http);
    expect(http.urls).to.deep.equal([page(1), page(2)]);
    expect(result.postings).to.have.length(3);
    expect(result.truncated).to.equal('page 2 repeated rows already read, at 3 of 255');
  });

  it("reads a job's additional_locations as places of their own (Docusign's Jibe page)", () => {
    const analyst = jibePage('san70sh__job-tracker__jibe_list.json').get('30029');
    expect(analyst?.locations).to.deep.equal([
      {
        text: 'San Francisco, California; Seattle, Washington',
        city: 'San Francisco',
        region: 'California',
        country: 'United States',
        countryCode: 'US',
      },
      {
        city: 'Seattle',
        region: 'Washington',
        country: 'United States',
        countryCode: 'US',
        lat: 47.6829908,
        lng: -122.2041521,
      },
    ]);
  });

  it('reads Jibe pay fields: a range, or one figure, 0 meaning unset (a real page of the labelled set)', () => {
    const byId = jibePage('sarthakjain004__headstart__jibe_api_jobs.json');
    // PetSmart: an hourly range with an empty currency.
    expect(byId.get('104479036723-41447668006')?.salary).to.deep.equal({
      min: 13.66,
      max: 19.16,
      periodRaw: 'HOURLY',
    });
    // PepsiCo: one weekly figure.
    expect(byId.get('P1-6651123-2')?.salary).to.deep.equal({
      min: 1538.46,
      max: 1538.46,
      currency: 'USD',
      periodRaw: 'WEEKLY',
    });
    // Rows whose pay fields are all 0 have no salary; the Incyte row's location name is "Japan-Remote".
    expect(byId.get('5262')).not.to.have.property('salary');
    expect(byId.get('5579')).to.deep.include({ remote: true });
  });

  it('reads location_type ANY as a vague place, not a remote one (only a location name that says remote is)', () => {
    const page = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/icims/sarthakjain004__headstart__jibe_api_jobs.json',
        'utf8',
      ),
    ) as { jobs: { data: Record<string, unknown> }[] };
    const incyte = page.jobs.find(({ data }) => data.req_id === '5579')?.data ?? {};
    expect(incyte.location_type).to.equal('ANY');
    // The real row with its name made a vague one, and with a name that says it is not remote.
    for (const location_name of ['Japan-Multiple Locations', 'JP-Tokyo-Non-Remote'])
      expect(parseJibeJob({ ...incyte, location_name }, 'x')).not.to.have.property('remote');
  });

  it("reads a tenant tag that is exactly a workplace or a schedule word (Garmin's and UHS's Jibe pages)", () => {
    // Garmin: tags6 "On-site", tags3 "Regular Full-Time" beside employment_type FULL_TIME.
    expect(jibePage('haydenham__vertical-job-digest__icims.json').get('18921')).to.deep.include({
      workplaceType: 'On-site',
      employmentTypes: ['FULL_TIME', 'Regular Full-Time'],
    });
    // UHS: tags1 "Per Diem" and tags3 "PRN" with no employment_type; "Professional", "Varied" stay out.
    const uhs = jibePage('sarthakjain004__headstart__jibe_uhs_remote_titles.json');
    expect(uhs.get('365276')?.employmentTypes).to.deep.equal(['Per Diem', 'PRN']);
    expect(uhs.get('366506')?.employmentTypes).to.deep.equal(['PART_TIME', 'Part Time']);
    expect(uhs.get('366506')).not.to.have.property('workplaceType');
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await icimsConnector
      .crawl(BOARD, new FakeHttp().on(page(1), status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const overridden = 'http://127.0.0.1:4010/icims/api/jobs?page=1&limit=100';
    const http = new FakeHttp().on(overridden, json({ totalCount: 0, jobs: [] }));
    const result = await icimsConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010/icims' },
      http,
    );
    expect(result.endpoint).to.equal(overridden);
  });
});
