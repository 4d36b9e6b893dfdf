import { expect } from 'chai';
import { bambooHrConnector } from '../../../src/ingest/connectors/bamboohr.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'bamboohr', slug: 'acme' };
const LIST_URL = 'https://acme.bamboohr.com/careers/list';

describe('bamboohr connector', () => {
  it('maps the careers list: string ids, built URL, null fields omitted', async () => {
    const http = new FakeHttp().on(LIST_URL, ok('bamboohr/careers-list-2-of-3.json'));
    const result = await bambooHrConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([LIST_URL]);
    // meta.totalCount says 3 but the recorder kept 2: the list is what counts.
    expect(result.postings).to.have.length(2);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '86',
      title: 'Nurse Paralegal',
      url: 'https://acme.bamboohr.com/careers/86',
      sourceEndpoint: LIST_URL,
      locations: [{ city: 'Fort Lauderdale', region: 'Florida' }],
      department: 'Legal',
      employmentTypes: ['Full Time'],
      workplaceType: '0',
    });
    // "Marketing " trimmed; `employmentType: null`, `isRemote: null`, all-null atsLocation omitted.
    expect(result.postings[1]).to.deep.include({ department: 'Marketing', employmentTypes: ['Internship'] });
    expect(result.postings[1]).not.to.have.property('remote');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await bambooHrConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const http = new FakeHttp().on(
      'http://127.0.0.1:4010/careers/list',
      ok('bamboohr/careers-list-2-of-3.json'),
    );
    const result = await bambooHrConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010' },
      http,
    );
    expect(result.postings[0]?.url).to.equal('https://acme.bamboohr.com/careers/86');
  });
});
