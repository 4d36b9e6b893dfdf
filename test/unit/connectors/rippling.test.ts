import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { ripplingConnector } from '../../../src/ingest/connectors/rippling.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'rippling', slug: 'rippling' };
const LIST_URL = 'https://api.rippling.com/platform/api/ats/v1/board/rippling/jobs';
const TRIMMED = 'rippling/rippling-board-2-trimmed.json';
const TRIMMED_IDS = ['75ad50c6-778f-42ee-9c63-70d1cd687202', '94486f41-6474-446a-b67a-c164e11354ea'];

/** The trimmed list, its details unrecorded (gone: 404). */
function trimmedBoard(base = LIST_URL): FakeHttp {
  const http = new FakeHttp().on(base, ok(TRIMMED));
  for (const id of TRIMMED_IDS) http.on(`${base}/${id}`, status(404));
  return http;
}

describe('rippling connector', () => {
  it('maps the minimal board shape, keeps a row whose detail is gone, and publishes nothing it lacks', async () => {
    const http = trimmedBoard();
    const result = await ripplingConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([LIST_URL, ...TRIMMED_IDS.map((id) => `${LIST_URL}/${id}`)]);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '75ad50c6-778f-42ee-9c63-70d1cd687202',
      title: 'Account Executive, Broker Channel (Austin & San Antonio)',
      url: 'https://ats.rippling.com/rippling/jobs/75ad50c6-778f-42ee-9c63-70d1cd687202',
      sourceEndpoint: LIST_URL,
      locations: [{ text: 'Austin, TX' }],
      department: 'Sales',
    });
    expect(result.postings[1]?.locations).to.deep.equal([{ text: 'Cleveland, OH' }]);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads each job’s detail: description, employer, places, department, employment type, date, pay', async () => {
    // CONSTRUCTED from a recording of the labelled set (test/fixtures/labelled/wave2/SOURCES-smb.md):
    // its recorder stored each list entry with the job's detail merged under `_detail`; the list and
    // the two details are served here as the two requests that answered them.
    const recorded = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/rippling/sarthakjain004__headstart__rippling_acrn.json',
        'utf8',
      ),
    ) as { uuid: string; _detail: unknown }[];
    const board: BoardRef = { source: 'rippling', slug: 'acrn' };
    const list = 'https://api.rippling.com/platform/api/ats/v1/board/acrn/jobs';
    const http = new FakeHttp().on(list, json(recorded));
    for (const entry of recorded) http.on(`${list}/${entry.uuid}`, json(entry._detail));
    const [manager] = (await ripplingConnector.crawl(board, http)).postings;

    expect(manager).to.deep.include({
      nativeId: '26708222-0b57-42df-8f52-b6b927351d18',
      title: 'Clinical Operations Manager',
      sourceEndpoint: `${list}/26708222-0b57-42df-8f52-b6b927351d18`,
      organization: 'American Friends of Mutala',
      locations: [{ text: 'Harare, Zimbabwe' }],
      department: 'Clinical Operations',
      employmentTypes: ['Fixed-Term Employee: Salaried, full-time', 'SALARIED_FT'],
      postedAt: '2026-02-24T10:41:27.161Z',
    });
    expect(manager).not.to.have.property('salary');
    // The employer's introduction, then the role.
    const html = manager?.descriptionHtml ?? '';
    expect(html.indexOf('Africa Clinical Research Network (ACRN) is an African-led')).to.be.greaterThan(-1);
    expect(html.length).to.be.greaterThan(15_000);
  });

  it('spans pay ranges of one currency and frequency (a detail its recorder reduced to dates and pay)', async () => {
    const detail = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/rippling/noahm3__First-Look__detail_normal.json',
        'utf8',
      ),
    ) as Record<string, unknown>;
    const id = '2567afee-23d1-487a-bdcf-246a64a3b42f';
    const board: BoardRef = { source: 'rippling', slug: 'adiabatic' };
    const list = 'https://api.rippling.com/platform/api/ats/v1/board/adiabatic/jobs';
    const row = {
      uuid: id,
      name: 'Senior Organic Chemist',
      url: `https://ats.rippling.com/adiabatic/jobs/${id}`,
    };
    // CONSTRUCTED: the list row (from the board list of the same recording) and the detail's uuid,
    // which the reduced detail lost; its dates and pay are as recorded.
    const http = new FakeHttp().on(list, json([row])).on(`${list}/${id}`, json({ ...detail, uuid: id }));
    const [job] = (await ripplingConnector.crawl(board, http)).postings;
    expect(job?.salary).to.deep.equal({ min: 110000, max: 170000, currency: 'USD', periodRaw: 'YEAR' });
    expect(job?.postedAt).to.equal('2026-08-21T22:55:46.130Z');
  });

  it('keeps the row when a detail answers for another job, and fails the crawl when a detail fails', async () => {
    const other = new FakeHttp()
      .on(LIST_URL, ok(TRIMMED))
      .on(`${LIST_URL}/${TRIMMED_IDS[0] ?? ''}`, json({ uuid: TRIMMED_IDS[1], name: 'Someone else' }))
      .on(`${LIST_URL}/${TRIMMED_IDS[1] ?? ''}`, status(404));
    const kept = await ripplingConnector.crawl(BOARD, other);
    expect(kept.postings[0]).to.deep.include({
      title: 'Account Executive, Broker Channel (Austin & San Antonio)',
      sourceEndpoint: LIST_URL,
    });

    const failing = new FakeHttp()
      .on(LIST_URL, ok(TRIMMED))
      .on(`${LIST_URL}/${TRIMMED_IDS[0] ?? ''}`, status(503))
      .on(`${LIST_URL}/${TRIMMED_IDS[1] ?? ''}`, status(404));
    // (Behind the real client a 503 is retried first; the fake answers it as is.)
    const error = await ripplingConnector.crawl(BOARD, failing).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await ripplingConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    const overridden = 'http://127.0.0.1:4010/platform/api/ats/v1/board/rippling/jobs';
    const result = await ripplingConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010' },
      trimmedBoard(overridden),
    );
    expect(result.postings[0]?.sourceEndpoint).to.equal(overridden);
  });

  it('makes one posting of a job listed once per work location, with one detail request (recorded rows, repetition constructed)', async () => {
    const [first, second] = JSON.parse(readFileSync(`test/fixtures/ats/${TRIMMED}`, 'utf8')) as Record<
      string,
      unknown
    >[];
    // The second recorded row's place, listed again under the first row's job.
    const again = { ...first, workLocation: second?.workLocation };
    const http = new FakeHttp()
      .on(LIST_URL, json([first, again, second]))
      .on(`${LIST_URL}/${TRIMMED_IDS[0] ?? ''}`, status(404))
      .on(`${LIST_URL}/${TRIMMED_IDS[1] ?? ''}`, status(404));
    const result = await ripplingConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([LIST_URL, ...TRIMMED_IDS.map((id) => `${LIST_URL}/${id}`)]);
    expect(result.postings.map((p) => [p.nativeId, p.locations])).to.deep.equal([
      [TRIMMED_IDS[0], [{ text: 'Austin, TX' }, { text: 'Cleveland, OH' }]],
      [TRIMMED_IDS[1], [{ text: 'Cleveland, OH' }]],
    ]);
  });

  it('reads the v2 list page: structured places, their workplace, the language (a real v2 list of the labelled set)', async () => {
    const page = readFileSync(
      'test/fixtures/labelled/wave2/raw/rippling/noahm3__First-Look__list_normal.json',
      'utf8',
    );
    const id = '2567afee-23d1-487a-bdcf-246a64a3b42f';
    const board: BoardRef = { source: 'rippling', slug: 'adiabatic' };
    const list = 'https://api.rippling.com/platform/api/ats/v1/board/adiabatic/jobs';
    const http = new FakeHttp().on(list, { text: page }).on(`${list}/${id}`, status(404));
    const result = await ripplingConnector.crawl(board, http);
    expect(result).not.to.have.property('truncated');
    const [chemist] = result.postings;
    expect(chemist).to.deep.equal({
      nativeId: id,
      title: 'Senior Organic Chemist',
      url: `https://ats.rippling.com/adiabatic/jobs/${id}`,
      sourceEndpoint: list,
      locations: [{ text: 'Somerville, MA', city: 'Somerville', region: 'MA', countryCode: 'US' }],
      department: 'Research & Development',
      workplaceType: 'ON_SITE',
      language: 'en-US',
    });
    // A v2 answer of several pages is read as its first page, and says so.
    const paged = new FakeHttp()
      .on(list, { text: page.replace('"totalPages":1', '"totalPages":3') })
      .on(`${list}/${id}`, status(404));
    expect((await ripplingConnector.crawl(board, paged)).truncated).to.equal('page 1 of 3 read');
  });

  it('spans the ranges of the currency and frequency most ranges share (constructed from the recorded range shape)', async () => {
    const detail = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/rippling/noahm3__First-Look__detail_normal.json',
        'utf8',
      ),
    ) as { payRangeDetails: Record<string, unknown>[] };
    const [usd] = detail.payRangeDetails;
    const cad = { ...usd, currency: 'CAD', rangeStart: 155000, rangeEnd: 190000 };
    const ranges = [cad, usd, { ...usd, rangeStart: 160000, rangeEnd: 200000 }, { ...usd, rangeEnd: 180000 }];
    const [row] = JSON.parse(readFileSync(`test/fixtures/ats/${TRIMMED}`, 'utf8')) as Record<
      string,
      unknown
    >[];
    const id = TRIMMED_IDS[0] ?? '';
    const http = new FakeHttp()
      .on(LIST_URL, json([row]))
      .on(`${LIST_URL}/${id}`, json({ uuid: id, payRangeDetails: ranges }));
    const [posting] = (await ripplingConnector.crawl(BOARD, http)).postings;
    expect(posting?.salary).to.deep.equal({ min: 110000, max: 200000, currency: 'USD', periodRaw: 'YEAR' });
  });
});
