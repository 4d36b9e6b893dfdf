import { expect } from 'chai';
import { gemConnector } from '../../../src/ingest/connectors/gem.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'gem', slug: 'gem' };
const LIST_URL = 'https://api.gem.com/job_board/v0/gem/job_posts/';

describe('gem connector', () => {
  it('maps job posts with string ids (legacy numeric and opaque) and unescaped content', async () => {
    const http = new FakeHttp().on(LIST_URL, ok('gem/gem-job-board-2-content-truncated.json'));
    const result = await gemConnector.crawl(BOARD, http);

    expect(result.postings.map((p) => p.nativeId)).to.deep.equal([
      '4965519002',
      'am9icG9zdDqTzmNGwXTdU65YRLOAU6ZL',
    ]);
    expect(result.postings[0]).to.deep.include({
      title: 'Software Engineer',
      url: 'https://jobs.gem.com/gem/4965519002',
      sourceEndpoint: LIST_URL,
      postedAt: '2020-11-17T15:37:23.000Z',
      updatedAt: '2026-03-10T21:20:54.077Z',
      department: 'Engineering',
      employmentTypes: ['full_time'],
      workplaceType: 'hybrid',
      requisitionId: '95',
      // location.name and the office's location.name are the same place: listed once.
      locations: [{ text: 'San Francisco, United States' }],
    });
    expect(result.postings[0]?.descriptionHtml).to.match(/^<h2>Role Details<\/h2><ul><li class="">/);
    expect(result.postings[0]).not.to.have.property('salary');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await gemConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });
});
