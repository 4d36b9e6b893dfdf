import { expect } from 'chai';
import { icimsConnector } from '../../../src/ingest/connectors/icims.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'icims', slug: 'jobs.exeloncorp.com' };
const page = (n: number): string => `https://jobs.exeloncorp.com/api/jobs?page=${n}&limit=100`;

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
