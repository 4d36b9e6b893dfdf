import { expect } from 'chai';
import { comeetConnector } from '../../../src/ingest/connectors/comeet.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const TOKEN = '6F329B2DE6379829B229B2037983E8B3E8B';
const BOARD: BoardRef = { source: 'comeet', slug: `F6.003/${TOKEN}` };
const LIST_URL = `https://www.comeet.co/careers-api/2.0/company/F6.003/positions?token=${TOKEN}&details=true`;

describe('comeet connector', () => {
  it('keeps the per-city positions of one requisition apart, each with its own hosted page', async () => {
    const http = new FakeHttp().on(LIST_URL, ok('comeet/wiliot-positions-2-details.json'));
    const result = await comeetConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([LIST_URL]);
    const [newYork, dallas] = result.postings;
    expect(newYork).to.deep.include({
      nativeId: '18.767',
      title: 'Forward Deployed Engineer',
      url: 'https://www.comeet.com/jobs/wiliot/F6.003/forward-deployed-engineer/18.767',
      sourceEndpoint: LIST_URL,
      organization: 'Wiliot',
      updatedAt: '2026-08-12T02:36:49.000Z',
      workplaceType: 'On-site',
      remote: false,
      locations: [{ text: 'New York', city: 'New York', region: 'NY', countryCode: 'US' }],
    });
    expect(dallas?.nativeId).to.equal('18.767-9B.20A');
    expect(dallas?.url).not.to.equal(newYork?.url);
    expect(dallas?.locations).to.deep.equal([
      { text: 'Dallas', city: 'Plano', region: 'TX', countryCode: 'US' },
    ]);
    // details[]: Description and Requirements (Responsibilities is null).
    expect(newYork?.descriptionHtml).to.match(/^<h3>Description<\/h3>\n<p>Wiliot was founded/);
    expect(newYork?.descriptionHtml).to.include('<h3>Requirements</h3>');
    expect(newYork?.descriptionHtml).not.to.include('Responsibilities');
    for (const key of ['employmentTypes', 'experience', 'department', 'postedAt']) {
      expect(newYork).not.to.have.property(key);
    }
    // url_active_page (wiliot.com/positions/…) is a per-position page; the array has no envelope.
    expect(result).not.to.have.property('companyUrls');
    expect(result).not.to.have.property('boardName');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('rejects a slug without a token and reports 404 as BoardNotFoundError', async () => {
    const bad = await comeetConnector
      .crawl({ source: 'comeet', slug: 'F6.003' }, new FakeHttp())
      .catch((e: unknown) => e);
    expect(bad)
      .to.be.instanceOf(Error)
      .with.property('message')
      .that.matches(/uid\/token/);
    const error = await comeetConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });
});
