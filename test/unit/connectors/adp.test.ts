import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { adpConnector, parseAdpSlug } from '../../../src/ingest/connectors/adp.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const LIST = 'adp/wfn-job-requisitions-list-3-keys-reduced.json';
const CID = 'c3f0e6a1-5b2d-4c1e-9f00-0123456789ab';
const CC_ID = '9200000000000_1';
const BOARD: BoardRef = { source: 'adp', slug: `${CID}/${CC_ID}` };
const API =
  'https://workforcenow.adp.com/mascsr/default/careercenter/public/events/staffing/v1/job-requisitions';
const QUERY = `cid=${CID}&ccId=${CC_ID}&lang=en_US&locale=en_US`;
const page = (skip: number): string => `${API}?${QUERY}&$top=100&$skip=${skip}`;
const detail = (id: string): string => `${API}/${id}?${QUERY}`;
const IDS = ['9205234334470_1', '9205231141781_1', '9205230421275_1'];

type Requisition = Record<string, unknown>;
const recorded = (): { meta: Requisition; jobRequisitions: Requisition[] } =>
  JSON.parse(fixture(LIST)) as { meta: Requisition; jobRequisitions: Requisition[] };

/** Every detail answers 404 (the posting vanished): the list data stands alone. */
function withoutDetails(http: FakeHttp): FakeHttp {
  for (const id of IDS) http.on(detail(id), status(404));
  return http;
}

describe('adp connector', () => {
  it('maps the recorded list: ids, titles, post dates, the published location text', async () => {
    const http = withoutDetails(new FakeHttp().on(page(0), ok(LIST)));
    const result = await adpConnector.crawl(BOARD, http);

    expect(result.endpoint).to.equal(page(0));
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(IDS);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '9205234334470_1',
      title: 'Sr. Director, FP&A',
      url: `https://workforcenow.adp.com/mascsr/default/mdf/recruitment/recruitment.html?cid=${CID}&ccId=${CC_ID}&jobId=9205234334470_1&lang=en_US`,
      sourceEndpoint: page(0),
      locations: [{ text: 'US' }],
      postedAt: '2026-09-10T14:14:00.000Z',
    });
    expect(http.urls).to.deep.equal([page(0), ...IDS.map(detail)]);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('adds the detail description (detail payload constructed: the recorded list entry + a description)', async () => {
    const [first] = recorded().jobRequisitions;
    const description = '<div><p><strong>Summary</strong></p></div>';
    const http = new FakeHttp()
      .on(page(0), ok(LIST))
      .on(
        detail(IDS[0] ?? ''),
        json({ jobRequisitions: [{ ...first, requisitionDescription: description }] }),
      )
      .on(detail(IDS[1] ?? ''), json({ itemID: 'another_1', requisitionDescription: '<p>not this one</p>' }))
      .on(detail(IDS[2] ?? ''), status(404));
    const { postings } = await adpConnector.crawl(BOARD, http);

    expect(postings[0]).to.deep.include({
      descriptionHtml: description,
      sourceEndpoint: detail(IDS[0] ?? ''),
    });
    expect(postings[1])
      .to.deep.include({ sourceEndpoint: page(0) })
      .and.not.have.property('descriptionHtml');
    expect(postings[2]).not.to.have.property('descriptionHtml');
  });

  it('maps custom fields, work level and pay as the reference documents them (constructed members)', async () => {
    const payload = recorded();
    const [first] = payload.jobRequisitions;
    const enriched = {
      ...first,
      clientRequisitionID: 'REQ-77',
      workLevelCode: { shortName: 'Full Time' },
      payGradeRange: {
        minimumRate: { amountValue: 40, currencyCode: 'USD' },
        maximumRate: { amountValue: 45, currencyCode: 'USD' },
      },
      customFieldGroup: {
        stringFields: [{ nameCode: { codeValue: 'ExternalJobID' }, stringValue: '4242' }],
        codeFields: [
          { nameCode: { codeValue: 'HomeDepartment' }, codeValue: 'FIN', shortName: 'Finance' },
          { nameCode: { codeValue: 'SalaryType' }, codeValue: 'HR', shortName: 'Hourly' },
        ],
      },
    };
    const http = new FakeHttp()
      .on(page(0), json({ ...payload, meta: { totalNumber: 1 }, jobRequisitions: [enriched] }))
      .on(detail('4242'), status(404));
    const { postings } = await adpConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([page(0), detail('4242')]);
    expect(postings[0]).to.deep.include({
      requisitionId: 'REQ-77',
      department: 'Finance',
      employmentTypes: ['Full Time'],
      salary: { min: 40, max: 45, currency: 'USD', periodRaw: 'Hourly' },
    });
  });

  it('pages with $skip until meta.totalNumber', async () => {
    const payload = recorded();
    const moved = payload.jobRequisitions.map((r, i) => ({ ...r, itemID: `moved_${i}` }));
    const http = new FakeHttp()
      .on(
        page(0),
        json({ meta: { startSequence: 0, totalNumber: 6 }, jobRequisitions: payload.jobRequisitions }),
      )
      .on(page(3), json({ meta: { startSequence: 3, totalNumber: 6 }, jobRequisitions: moved }));
    for (const id of [...IDS, 'moved_0', 'moved_1', 'moved_2']) http.on(detail(id), status(404));
    const { postings } = await adpConnector.crawl(BOARD, http);
    expect(postings).to.have.length(6);
    expect(http.urls.filter((url) => url.includes('$skip'))).to.deep.equal([page(0), page(3)]);
  });

  it('reads an empty board, with or without the empty array', async () => {
    for (const body of [{ meta: { totalNumber: 0 } }, { meta: { totalNumber: 0 }, jobRequisitions: [] }]) {
      const result = await adpConnector.crawl(BOARD, new FakeHttp().on(page(0), json(body)));
      expect(result.postings).to.deep.equal([]);
    }
  });

  it('reports 404 as BoardNotFoundError and another shape as UnexpectedResponseError', async () => {
    const missing = await adpConnector
      .crawl(BOARD, new FakeHttp().on(page(0), status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    for (const body of [{ requisitions: [] }, { meta: { totalNumber: 3 } }, []]) {
      const odd = await adpConnector
        .crawl(BOARD, new FakeHttp().on(page(0), json(body)))
        .catch((e: unknown) => e);
      expect(odd).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('reads the cloud host and an endpoint override; rejects malformed slugs', async () => {
    expect(parseAdpSlug(`workforcenow.cloud.adp.com/${CID}/${CC_ID}`).host).to.equal(
      'workforcenow.cloud.adp.com',
    );
    for (const slug of [CID, `evil.example.com/${CID}/${CC_ID}`, `${CID}/a/b/c`, `${CID}/${CC_ID}?x`]) {
      expect(() => parseAdpSlug(slug)).to.throw(/Invalid adp board slug/);
    }
    const local = 'http://127.0.0.1:4010/adp';
    const http = new FakeHttp().on(
      page(0).replace('https://workforcenow.adp.com', local),
      json({ meta: { totalNumber: 0 } }),
    );
    const result = await adpConnector.crawl({ ...BOARD, endpointOverride: local }, http);
    expect(result.endpoint.startsWith(local)).to.equal(true);
  });
});
