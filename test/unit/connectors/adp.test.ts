import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { adpConnector, parseAdpSlug } from '../../../src/ingest/connectors/adp.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const LIST = 'adp/wfn-job-requisitions-list-3-keys-reduced.json';
/** sarthakjain004/headstart's composite recording of two live centers (see SOURCES.md here). */
const CENTERS = 'adp/headstart-wfn-coxpalmer-manhattanlife.json';
const CID = 'c3f0e6a1-5b2d-4c1e-9f00-0123456789ab';
const CC_ID = '9200000000000_1';
const BOARD: BoardRef = { source: 'adp', slug: `${CID}/${CC_ID}` };
const STAFFING = 'https://workforcenow.adp.com/mascsr/default/careercenter/public/events/staffing/v1';
const API = `${STAFFING}/job-requisitions`;
const LANGUAGES = `${STAFFING}/content-links/career-center?cid=${CID}&ccId=${CC_ID}`;
const query = (lang = 'en_US'): string => `cid=${CID}&ccId=${CC_ID}&lang=${lang}&locale=${lang}`;
const page = (skip: number, lang = 'en_US'): string => `${API}?${query(lang)}&$top=20&$skip=${skip}`;
const detail = (id: string, lang = 'en_US'): string => `${API}/${id}?${query(lang)}`;
const IDS = ['9205234334470_1', '9205231141781_1', '9205230421275_1'];

type Requisition = Record<string, unknown>;
const recorded = (): { meta: Requisition; jobRequisitions: Requisition[] } =>
  JSON.parse(fixture(LIST)) as { meta: Requisition; jobRequisitions: Requisition[] };
const centers = (): Record<string, Requisition> =>
  JSON.parse(fixture(CENTERS)) as Record<string, Requisition>;
/** One recorded document of the composite, as a response. */
const part = (key: string): ReturnType<typeof json> => json(centers()[key]);

/** Content links naming only en_US (the recorded shape of Cox & Palmer's, with one Locale). */
const onlyEnglish = json({
  contentLinks: [],
  meta: {
    customFieldGroup: { stringFields: [{ stringValue: 'en_US', nameCode: { codeValue: 'Locale' } }] },
  },
});

/** A center in en_US whose every detail answers 404 (the posting vanished): the list stands alone. */
function withoutDetails(http: FakeHttp): FakeHttp {
  http.on(LANGUAGES, onlyEnglish);
  for (const id of IDS) http.on(detail(id), status(404));
  return http;
}

describe('adp connector', () => {
  it('maps the recorded list: ids, titles, post dates, the published location text', async () => {
    const http = withoutDetails(new FakeHttp().on(page(1), ok(LIST)));
    const result = await adpConnector.crawl(BOARD, http);

    expect(result.endpoint).to.equal(page(1));
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(IDS);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '9205234334470_1',
      title: 'Sr. Director, FP&A',
      url: `https://workforcenow.adp.com/mascsr/default/mdf/recruitment/recruitment.html?cid=${CID}&ccId=${CC_ID}&jobId=9205234334470_1&lang=en_US`,
      sourceEndpoint: page(1),
      locations: [{ text: 'US' }],
      postedAt: '2026-09-10T14:14:00.000Z',
      language: 'en_US',
    });
    expect(http.urls).to.deep.equal([LANGUAGES, page(1), ...IDS.map((id) => detail(id))]);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('adds the detail description (detail payload constructed: the recorded list entry + a description)', async () => {
    const [first] = recorded().jobRequisitions;
    const description = '<div><p><strong>Summary</strong></p></div>';
    const http = new FakeHttp()
      .on(LANGUAGES, onlyEnglish)
      .on(page(1), ok(LIST))
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
      .to.deep.include({ sourceEndpoint: page(1) })
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
      .on(LANGUAGES, onlyEnglish)
      .on(page(1), json({ ...payload, meta: { totalNumber: 1 }, jobRequisitions: [enriched] }))
      .on(detail('4242'), status(404));
    const { postings } = await adpConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([LANGUAGES, page(1), detail('4242')]);
    expect(postings[0]).to.deep.include({
      requisitionId: 'REQ-77',
      department: 'Finance',
      employmentTypes: ['Full Time'],
      salary: { min: 40, max: 45, currency: 'USD', periodRaw: 'Hourly' },
    });
  });

  it('walks every language a center names, English first, each requisition once in its own language (recorded Cox & Palmer)', async () => {
    // Under en_US this center lists nothing (the recorded empty envelope): before, it read as empty.
    const skeleton = part('detail_skeleton');
    const http = new FakeHttp()
      .on(LANGUAGES, part('coxpalmer_locales'))
      .on(page(1, 'en_CA'), part('coxpalmer_listing_en_CA'))
      .on(page(1, 'fr_CA'), part('coxpalmer_listing_fr_CA'))
      .on(detail('577400', 'en_CA'), part('coxpalmer_detail_en_CA_577400'))
      .on(detail('575647', 'en_CA'), part('coxpalmer_detail_en_CA_575647'))
      .on(detail('572423', 'en_CA'), skeleton)
      .on(detail('541636', 'en_CA'), skeleton);
    const result = await adpConnector.crawl(BOARD, http);

    expect(http.urls.slice(0, 3)).to.deep.equal([LANGUAGES, page(1, 'en_CA'), page(1, 'fr_CA')]);
    expect(result.endpoint).to.equal(page(1, 'en_CA'));
    expect(result).not.to.have.property('truncated');
    expect(result.postings.map((p) => [p.title, p.language])).to.deep.equal([
      ['Bilingual Litigation Legal Assistant', 'en_CA'],
      ['Litigation Paralegal', 'en_CA'],
      ['Bilingual Legal Assistant', 'en_CA'],
      ['ASSOCIATE LAWYER', 'en_CA'],
    ]);
    const [first, , third] = result.postings;
    expect(first?.descriptionHtml).to.match(/^<div><div><p style=.*Join a team dedicated/);
    expect(first?.url).to.contain('&lang=en_CA');
    expect(first?.sourceEndpoint).to.equal(detail('577400', 'en_CA'));
    // A skeleton (no title, no description) is no detail: the list row stands alone.
    expect(third).not.to.have.property('descriptionHtml');
    expect(third?.sourceEndpoint).to.equal(page(1, 'en_CA'));
  });

  it('keeps a requisition listed only in a later language, asked in that language (recorded rows)', async () => {
    const english = centers().coxpalmer_listing_en_CA as { jobRequisitions: Requisition[] };
    const threeInEnglish = { jobRequisitions: english.jobRequisitions.slice(0, 3), meta: { totalNumber: 3 } };
    const skeleton = part('detail_skeleton');
    const http = new FakeHttp()
      .on(LANGUAGES, part('coxpalmer_locales'))
      .on(page(1, 'en_CA'), json(threeInEnglish))
      .on(page(1, 'fr_CA'), part('coxpalmer_listing_fr_CA'))
      .on(detail('577400', 'en_CA'), skeleton)
      .on(detail('575647', 'en_CA'), skeleton)
      .on(detail('572423', 'en_CA'), skeleton)
      .on(detail('541636', 'fr_CA'), skeleton);
    const { postings } = await adpConnector.crawl(BOARD, http);
    expect(postings.map((p) => [p.title, p.language])).to.deep.equal([
      ['Bilingual Litigation Legal Assistant', 'en_CA'],
      ['Litigation Paralegal', 'en_CA'],
      ['Bilingual Legal Assistant', 'en_CA'],
      ['ASSCIATE LAWYER', 'fr_CA'],
    ]);
    expect(postings[3]?.url).to.contain('&lang=fr_CA');
  });

  it('pages from $skip=1 by what was served (20 whatever $top asks) until meta.totalNumber; walks the measured four languages when a center names none (recorded ManhattanLife)', async () => {
    const http = new FakeHttp()
      .on(LANGUAGES, status(404))
      .on(page(1), part('manhattanlife_page_skip1'))
      .on(page(21), part('manhattanlife_page_skip21'));
    for (const lang of ['en_CA', 'fr_CA', 'es_US']) http.on(page(1, lang), part('empty_envelope'));
    const listed = [
      ...(centers().manhattanlife_page_skip1 as { jobRequisitions: Requisition[] }).jobRequisitions,
      ...(centers().manhattanlife_page_skip21 as { jobRequisitions: Requisition[] }).jobRequisitions,
    ];
    const externalIds = listed.map((r) => {
      const fields = (r.customFieldGroup as { stringFields: { stringValue?: string }[] }).stringFields;
      return fields[0]?.stringValue ?? '';
    });
    for (const id of externalIds) http.on(detail(id), part('detail_skeleton'));
    const result = await adpConnector.crawl(BOARD, http);

    expect(result.postings).to.have.length(21);
    expect(new Set(result.postings.map((p) => p.nativeId)).size).to.equal(21);
    expect(result).not.to.have.property('truncated');
    expect(http.urls.filter((url) => url.includes('$skip'))).to.deep.equal([
      page(1),
      page(21),
      page(1, 'en_CA'),
      page(1, 'fr_CA'),
      page(1, 'es_US'),
    ]);
    expect(result.postings[6]?.locations).to.deep.equal([
      { text: 'Houston Corporate Office, Houston, TX, US', city: 'Houston', region: 'TX' },
      { text: 'Remote TX, TX, US', region: 'TX' },
    ]);
  });

  it('says a walk read fewer requisitions than the total, so nothing missing is closed', async () => {
    const http = new FakeHttp()
      .on(LANGUAGES, onlyEnglish)
      .on(page(1), part('manhattanlife_page_skip1'))
      .on(page(21), part('empty_envelope'));
    const skip1 = centers().manhattanlife_page_skip1 as { jobRequisitions: Requisition[] };
    for (const r of skip1.jobRequisitions) {
      const fields = (r.customFieldGroup as { stringFields: { stringValue?: string }[] }).stringFields;
      http.on(detail(fields[0]?.stringValue ?? ''), status(404));
    }
    const result = await adpConnector.crawl(BOARD, http);
    expect(result.postings).to.have.length(20);
    expect(result.truncated).to.equal('en_US: 20 of 21 requisitions read');
  });

  it('ends a walk on a page that adds nothing (a center repeating itself), as partial', async () => {
    const payload = recorded();
    const http = withoutDetails(new FakeHttp())
      .on(page(1), json({ ...payload, meta: { totalNumber: 9 } }))
      .on(page(4), json({ ...payload, meta: { totalNumber: 9 } }));
    const result = await adpConnector.crawl(BOARD, http);
    expect(result.postings).to.have.length(3);
    expect(http.urls.filter((url) => url.includes('$skip'))).to.deep.equal([page(1), page(4)]);
    expect(result.truncated).to.equal('en_US: 3 of 9 requisitions read');
  });

  it('reads an empty board, with or without the empty array', async () => {
    for (const body of [{ meta: { totalNumber: 0 } }, { meta: { totalNumber: 0 }, jobRequisitions: [] }]) {
      const http = new FakeHttp().on(LANGUAGES, onlyEnglish).on(page(1), json(body));
      const result = await adpConnector.crawl(BOARD, http);
      expect(result.postings).to.deep.equal([]);
    }
  });

  it('reports 404 as BoardNotFoundError and another shape as UnexpectedResponseError', async () => {
    const missing = await adpConnector
      .crawl(BOARD, new FakeHttp().on(LANGUAGES, status(404)).on(page(1), status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    for (const body of [{ requisitions: [] }, { meta: { totalNumber: 3 } }, []]) {
      const odd = await adpConnector
        .crawl(BOARD, new FakeHttp().on(LANGUAGES, onlyEnglish).on(page(1), json(body)))
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
    const http = new FakeHttp()
      .on(LANGUAGES.replace('https://workforcenow.adp.com', local), onlyEnglish)
      .on(page(1).replace('https://workforcenow.adp.com', local), json({ meta: { totalNumber: 0 } }));
    const result = await adpConnector.crawl({ ...BOARD, endpointOverride: local }, http);
    expect(result.endpoint.startsWith(local)).to.equal(true);
  });
});
