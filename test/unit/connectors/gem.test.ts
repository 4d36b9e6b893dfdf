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

  it("reads an office's name as the place when neither the job nor its offices name a location (ResProp)", async () => {
    // A real recording of the labelled set: four posts, one with `"location": {"name": ""}` on the job
    // and its office, whose name is "Miami, FL".
    const http = new FakeHttp().on(
      LIST_URL,
      ok('../labelled/wave2/raw/gem/Aaronearlerichardson__Jobs__gem_board.json'),
    );
    const result = await gemConnector.crawl(BOARD, http);
    const byId = new Map(result.postings.map((p) => [p.nativeId, p.locations]));
    expect(byId.get('am9icG9zdDodvN8VDjhgQIAI7QQCDCBk')).to.deep.equal([{ text: 'Miami, FL' }]);
    // Named locations stand alone: office names are not added beside them.
    expect(byId.get('am9icG9zdDod14nfMKbLHoHk2zS1wEih')).to.deep.equal([
      { text: 'Charlotte, NC, United States' },
      { text: 'Nashville, United States' },
    ]);
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await gemConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });
});
