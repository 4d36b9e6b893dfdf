import { expect } from 'chai';
import { splitTitle, successFactorsConnector } from '../../../src/ingest/connectors/successfactors.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'successfactors', slug: 'careers.qorvo.com' };
const FEED_URL = 'https://careers.qorvo.com/feeds/?locale=en_US';

describe('successfactors connector', () => {
  it('parses the one-line RSS feed: id from the link, location out of the title, unpadded pubDate hour', async () => {
    const http = new FakeHttp().on(FEED_URL, ok('successfactors/qorvo-careers-rss-2-desc-elided.xml'));
    const result = await successFactorsConnector.crawl(BOARD, http);

    expect(result.postings[0]).to.deep.equal({
      nativeId: '1397790900',
      title: 'Principal Research Scientist',
      url: 'https://careers.qorvo.com/job/Richardson-Principal-Research-Scientist-TX-75080/1397790900/?feedId=null&utm_source=J2WRSS&utm_medium=rss&utm_campaign=J2W_RSS',
      sourceEndpoint: FEED_URL,
      // The recorder replaced the description with "...".
      descriptionHtml: '...',
      locations: [{ text: 'Richardson, TX, US, 75080' }],
      // "Fri, 02 Oct 2026 7:00:00 GMT"
      postedAt: '2026-10-02T07:00:00.000Z',
    });
    expect(result.postings[1]?.nativeId).to.equal('1397710500');
    expect(result.postings[1]?.title).to.equal('Principal Research Scientist -  RF MMIC Design');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('moves only a location-shaped parenthesis out of the title', () => {
    expect(splitTitle('Engineer (Richardson, TX, US, 75080)')).to.deep.equal({
      title: 'Engineer',
      place: 'Richardson, TX, US, 75080',
    });
    expect(splitTitle('Engineer (Remote)')).to.deep.equal({ title: 'Engineer (Remote)' });
    expect(splitTitle('Engineer (Python, Go, Rust)')).to.deep.equal({ title: 'Engineer (Python, Go, Rust)' });
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await successFactorsConnector
      .crawl(BOARD, new FakeHttp().on(FEED_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });
});
