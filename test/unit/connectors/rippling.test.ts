import { expect } from 'chai';
import { ripplingConnector } from '../../../src/ingest/connectors/rippling.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'rippling', slug: 'rippling' };
const LIST_URL = 'https://api.rippling.com/platform/api/ats/v1/board/rippling/jobs';

describe('rippling connector', () => {
  it('maps the minimal board shape and publishes nothing it lacks', async () => {
    const http = new FakeHttp().on(LIST_URL, ok('rippling/rippling-board-2-trimmed.json'));
    const result = await ripplingConnector.crawl(BOARD, http);

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

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await ripplingConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    const overridden = 'http://127.0.0.1:4010/platform/api/ats/v1/board/rippling/jobs';
    const http = new FakeHttp().on(overridden, ok('rippling/rippling-board-2-trimmed.json'));
    const result = await ripplingConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010' },
      http,
    );
    expect(result.postings[0]?.sourceEndpoint).to.equal(overridden);
  });
});
