import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { SENSEHQ_PAGE_SIZE, senseHqConnector } from '../../../src/ingest/connectors/sensehq.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'sensehq', slug: 'zetwerk' };
const RECORDING = 'sensehq/zetwerk-careers-api-jobs-2.json';
const page = (n: number): string => `https://zetwerk.sensehq.com/careers/api/jobs?page=${n}`;

interface Row extends Record<string, unknown> {
  id: number;
}
const recordedRows = (): Row[] => (JSON.parse(fixture(RECORDING)) as { data: { rows: Row[] } }).data.rows;

/** `n` copies of the recorded rows with fresh ids, to fill pages of the real size. */
function rows(n: number, firstId: number): Row[] {
  const [a, b] = recordedRows();
  return Array.from({ length: n }, (_, i) => ({ ...(i % 2 === 0 ? a : b), id: firstId + i }));
}

describe('sensehq connector', () => {
  it('maps the recorded rows: epoch-ms dates, office parts, code, status; one short page ends the walk', async () => {
    const http = new FakeHttp().on(page(0), ok(RECORDING));
    const result = await senseHqConnector.crawl(BOARD, http);

    // The recording has no data.count; its short page (2 < 10) is the last one.
    expect(http.urls).to.deep.equal([page(0)]);
    expect(result.endpoint).to.equal(page(0));
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['56117', '56071']);
    const [trainee, manager] = result.postings;
    expect(trainee).to.deep.include({
      nativeId: '56117',
      title: 'CA Industrial Trainee',
      url: 'https://zetwerk.sensehq.com/careers/jobs/56117',
      sourceEndpoint: page(0),
      locations: [{ text: 'Bangalore', city: 'Bangalore', region: 'Karnataka', country: 'India' }],
      postedAt: '2026-06-13T03:19:29.434Z',
      updatedAt: '2026-06-18T08:45:27.352Z',
      department: 'Aerospace & Defence',
      employmentTypes: ['INTERN'],
      requisitionId: 'FIN03751',
    });
    expect(trainee?.descriptionHtml).to.match(/^<p><strong>About Zetwerk<\/strong><\/p>\n<p>Founded in 2018/);
    expect(manager).to.deep.include({
      title: 'Assistant Program Manager',
      employmentTypes: ['FULLTIME'],
      department: 'Zetwerk Corporate',
      postedAt: '2026-06-01T04:14:57.744Z',
      requisitionId: 'PRO03705',
    });
    // workplace_type is null on both rows; status OPEN is not an expiry.
    for (const p of result.postings) {
      expect(p).not.to.have.property('workplaceType');
      expect(p).not.to.have.property('expired');
      expect(p).not.to.have.property('salary');
    }
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('pages from 0 until data.count rows were served', async () => {
    const http = new FakeHttp()
      .on(page(0), json({ success: true, data: { rows: rows(SENSEHQ_PAGE_SIZE, 1), count: 12 } }))
      .on(page(1), json({ success: true, data: { rows: rows(2, 100), count: 12 } }));
    const result = await senseHqConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([page(0), page(1)]);
    expect(result.postings).to.have.length(12);
    expect(result.postings[11]).to.deep.include({ nativeId: '101', sourceEndpoint: page(1) });
  });

  it('stops at an empty page and keeps the first copy of a posting served twice', async () => {
    const http = new FakeHttp()
      .on(page(0), json({ data: { rows: rows(SENSEHQ_PAGE_SIZE, 1) } }))
      .on(page(1), json({ data: { rows: rows(SENSEHQ_PAGE_SIZE, 10) } }))
      .on(page(2), json({ data: { rows: [] } }));
    const result = await senseHqConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([page(0), page(1), page(2)]);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(
      Array.from({ length: 19 }, (_, i) => String(i + 1)),
    );
    expect(result.postings[9]?.sourceEndpoint).to.equal(page(0));
  });

  it('marks a row whose job_status is not OPEN as expired', async () => {
    const [first] = recordedRows();
    const http = new FakeHttp().on(page(0), json({ data: { rows: [{ ...first, job_status: 'CLOSED' }] } }));
    const [posting] = (await senseHqConnector.crawl(BOARD, http)).postings;
    expect(posting?.expired).to.equal(true);
  });

  it('returns an empty board as empty, 404 as BoardNotFoundError, another shape as UnexpectedResponseError', async () => {
    const empty = await senseHqConnector.crawl(
      BOARD,
      new FakeHttp().on(page(0), json({ success: true, data: { rows: [], count: 0 } })),
    );
    expect(empty.postings).to.deep.equal([]);

    const missing = await senseHqConnector
      .crawl(BOARD, new FakeHttp().on(page(0), status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);

    for (const body of [{ success: false, message: 'error' }, { data: { jobs: [] } }, []]) {
      const error = await senseHqConnector
        .crawl(BOARD, new FakeHttp().on(page(0), json(body)))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('honours the endpoint override and keeps the public posting URL', async () => {
    const base = 'http://127.0.0.1:4010/sensehq';
    const http = new FakeHttp().on(`${base}/careers/api/jobs?page=0`, ok(RECORDING));
    const result = await senseHqConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.endpoint).to.equal(`${base}/careers/api/jobs?page=0`);
    expect(result.postings[0]?.url).to.equal('https://zetwerk.sensehq.com/careers/jobs/56117');
  });
});
