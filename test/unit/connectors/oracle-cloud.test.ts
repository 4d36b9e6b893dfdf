import { expect } from 'chai';
import {
  oracleCloudConnector,
  parseOracleRequisition,
  parseOracleSlug,
} from '../../../src/ingest/connectors/oracle-cloud.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const HOST = 'https://emje.fa.us6.oraclecloud.com';
const API = `${HOST}/hcmRestApi/resources/latest`;
const BOARD: BoardRef = { source: 'oracle_cloud', slug: 'emje.fa.us6/CX_1001' };
const list = (offset: number, api = API): string =>
  `${api}/recruitingCEJobRequisitions?onlyData=true&expand=requisitionList&finder=findReqs;siteNumber=CX_1001,limit=200,offset=${offset}`;
const detail = (id: string, api = API, site = 'CX_1001'): string =>
  `${api}/recruitingCEJobRequisitionDetails?expand=all&onlyData=true&finder=ById;Id=%22${id}%22,siteNumber=${site}`;
const SOUTHERN_IDS = ['16280', '17305', '18868'];

describe('oracle_cloud connector', () => {
  it('reads the board slug as pod.fa.region/site', () => {
    expect(parseOracleSlug('emje.fa.us6/CX_1001')).to.deep.equal({
      host: 'emje.fa.us6.oraclecloud.com',
      siteNumber: 'CX_1001',
    });
    expect(() => parseOracleSlug('emje/CX_1001')).to.throw(/pod\.fa\.region/);
  });

  it('puts limit and offset inside the finder and pages until TotalJobsCount', async () => {
    // The recorded page says TotalJobsCount 105 but holds 3 (the recorder asked for Limit 3): the
    // next request starts at offset 3 and here gets an empty page.
    const http = new FakeHttp()
      .on(list(0), ok('oracle_cloud/southernco-recruitingCEJobRequisitions-list-3-of-105.json'))
      .on(list(3), json({ items: [{ TotalJobsCount: 105, requisitionList: [] }] }));
    for (const id of SOUTHERN_IDS) http.on(detail(id), json({ items: [], count: 0 }));
    const result = await oracleCloudConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([list(0), list(3), ...SOUTHERN_IDS.map((id) => detail(id))]);
    expect(result.endpoint).to.equal(list(0));
    expect(result.postings[2]).to.deep.equal({
      nativeId: '18868',
      title: 'Solar Operations Technician – Henrietta Solar Project',
      url: `${HOST}/hcmUI/CandidateExperience/en/sites/CX_1001/job/18868`,
      sourceEndpoint: list(0),
      locations: [{ text: 'Lemoore, CA, United States', countryCode: 'US' }],
      // Date-only "2026-06-23": midnight UTC.
      postedAt: '2026-06-23T00:00:00.000Z',
    });
    // Null and empty-string fields (WorkplaceType "", ShortDescriptionStr "") are omitted.
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('composes the description from the detail item', async () => {
    const host = 'https://xyz.fa.us2.oraclecloud.com';
    const api = `${host}/hcmRestApi/resources/latest`;
    const board: BoardRef = { source: 'oracle_cloud', slug: 'xyz.fa.us2/CX_1' };
    // We hold this requisition's detail but not its list page: a one-entry page in the list shape.
    const listUrl = `${api}/recruitingCEJobRequisitions?onlyData=true&expand=requisitionList&finder=findReqs;siteNumber=CX_1,limit=200,offset=0`;
    const page = {
      items: [
        {
          TotalJobsCount: 1,
          requisitionList: [
            { Id: '26011990', Title: 'list title', PostedDate: '2026-08-01', PrimaryLocationCountry: 'US' },
          ],
        },
      ],
    };
    const http = new FakeHttp()
      .on(listUrl, json(page))
      .on(detail('26011990', api, 'CX_1'), ok('oracle_cloud/amex-requisition-details.json'));
    const [posting] = (await oracleCloudConnector.crawl(board, http)).postings;

    expect(posting).to.deep.include({
      nativeId: '26011990',
      title:
        'Campus Undergraduate Summer Internship Program - 2027 Strategy & Analytics, Credit & Fraud Risk - Phoenix, AZ',
      url: `${host}/hcmUI/CandidateExperience/en/sites/CX_1/job/26011990`,
      sourceEndpoint: detail('26011990', api, 'CX_1'),
      postedAt: '2026-08-01T00:00:00.000Z',
      locations: [{ text: 'Phoenix, AZ, United States', countryCode: 'US' }],
    });
    const html = posting?.descriptionHtml ?? '';
    const order = [
      'Business Unit/Role Specific Info',
      'How will you make an impact',
      'Minimum Qualifications',
      'At American Express, our culture',
    ];
    const positions = order.map((text) => html.indexOf(text));
    expect(positions.every((p) => p >= 0)).to.equal(true);
    expect([...positions].sort((a, b) => a - b)).to.deep.equal(positions);
  });

  it('reads the other places of a requisition (secondaryLocations), with their coordinates', async () => {
    const host = 'https://jpmc.fa.us2.oraclecloud.com';
    const api = `${host}/hcmRestApi/resources/latest`;
    const board: BoardRef = { source: 'oracle_cloud', slug: 'jpmc.fa.us2/CX_1001' };
    const listUrl = `${api}/recruitingCEJobRequisitions?onlyData=true&expand=requisitionList&finder=findReqs;siteNumber=CX_1001,limit=200,offset=0`;
    const page = {
      items: [{ TotalJobsCount: 1, requisitionList: [{ Id: '210779517', Title: 'list title' }] }],
    };
    // JPMorgan Chase's detail as recorded for the labelled set (a train board; SOURCES-enterprise.md).
    const http = new FakeHttp()
      .on(listUrl, json(page))
      .on(
        detail('210779517', api),
        ok('../labelled/wave2/raw/oracle_cloud/danielgeko__job-posting-agent__oracle_detail.json'),
      );
    const [posting] = (await oracleCloudConnector.crawl({ ...board, endpointOverride: host }, http)).postings;
    expect(posting?.locations).to.deep.equal([
      { text: 'San Francisco, CA, United States', countryCode: 'US' },
      { text: 'Seattle, WA, United States', countryCode: 'US', lat: 47.60357, lng: -122.32945 },
    ]);
  });

  it("reads the employer's flex fields: a position type, the department, the pay range (labelled-set recordings)", () => {
    const detailOf = (file: string): unknown =>
      (JSON.parse(fixture(`../labelled/wave2/raw/oracle_cloud/${file}`)) as { items: unknown[] }).items[0];
    const read = (file: string) =>
      parseOracleRequisition({
        entry: {},
        detail: detailOf(file),
        publicBase: 'https://example.test/hcmUI/CandidateExperience/en/sites/CX/job',
        endpoint: 'https://example.test/detail',
      });
    // HealthPartners: JobSchedule and JobType null; "Position Type" = "Full-time regular".
    const healthPartners = read('mwegter95__mw-backend__oracle_detail.json');
    expect(healthPartners?.employmentTypes).to.deep.equal(['Full-time regular']);
    expect(healthPartners?.department).to.equal('Corporate Communications');
    expect(healthPartners?.salary).to.deep.equal({ text: '$46.06 - $69.10 hourly' });
    // JPMorgan Chase: "Base Pay/Salary" = "San Francisco,CA $156,750.00-$215,000.00; Seattle,WA …".
    expect(read('danielgeko__job-posting-agent__oracle_detail.json')?.salary?.text).to.match(
      /^San Francisco,CA \$156,750\.00-\$215,000\.00/,
    );
    // No Department and no department flex field: the detail's Category is the job's grouping.
    expect(read('danielgeko__job-posting-agent__oracle_detail.json')?.department).to.equal(
      'Software Engineering',
    );
    expect(read('san70sh__job-tracker__oracle_detail.json')?.department).to.equal('Branch Field Management');
    // The workplace code over the tenant's label for it (the real detail with the two filled in).
    const coded = parseOracleRequisition({
      entry: {},
      detail: {
        ...(detailOf('san70sh__job-tracker__oracle_detail.json') as object),
        WorkplaceType: 'Work From Home',
        WorkplaceTypeCode: 'ORA_HYBRID',
      },
      publicBase: 'https://example.test/hcmUI/CandidateExperience/en/sites/CX/job',
      endpoint: 'https://example.test/detail',
    });
    expect(coded?.workplaceType).to.equal('hybrid');
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await oracleCloudConnector
      .crawl(BOARD, new FakeHttp().on(list(0), status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const api = 'http://127.0.0.1:4010/oracle/hcmRestApi/resources/latest';
    const http = new FakeHttp().on(
      list(0, api),
      json({ items: [{ TotalJobsCount: 0, requisitionList: [] }] }),
    );
    const result = await oracleCloudConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010/oracle' },
      http,
    );
    expect(result).to.deep.equal({ endpoint: list(0, api), postings: [] });
  });
});
