import { expect } from 'chai';
import { teamtailorConnector } from '../../../src/ingest/connectors/teamtailor.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const board = (slug: string): BoardRef => ({ source: 'teamtailor', slug });
const url = (slug: string): string => `https://${slug}.teamtailor.com/jobs.rss`;

describe('teamtailor connector', () => {
  it('parses the RSS feed with the tt: namespace; the description is decoded once into HTML', async () => {
    const http = new FakeHttp().on(url('upcloud'), ok('teamtailor/upcloud-jobs-rss-2.xml'));
    const result = await teamtailorConnector.crawl(board('upcloud'), http);

    expect(http.urls).to.deep.equal([url('upcloud')]);
    expect(result.boardName).to.equal('UpCloud');
    const [bi, fullStack] = result.postings;
    expect(bi).to.deep.include({
      nativeId: 'd8938509-ff5a-4755-a5f7-5f89a0ac791e',
      title: 'Business Intelligence Analyst',
      url: 'https://upcloud.teamtailor.com/jobs/8323453-business-intelligence-analyst',
      sourceEndpoint: url('upcloud'),
      // Fri, 04 Sep 2026 14:50:13 +0300
      postedAt: '2026-09-04T11:50:13.000Z',
      department: 'Finance',
      workplaceType: 'hybrid',
      locations: [{ text: 'Helsinki', city: 'Helsinki', country: 'Finland' }],
    });
    expect(bi?.descriptionHtml).to.match(
      /^<p><span>We are looking for a <strong>Business Intelligence Analyst<\/strong>/,
    );
    expect(fullStack?.workplaceType).to.equal('fully');
    // <tt:zip/> is empty; the location name "EU" is kept beside its city.
    expect(fullStack?.locations).to.deep.equal([{ text: 'EU', city: 'Helsinki', country: 'Finland' }]);
    expect(bi).not.to.have.property('organization');
    // The channel <link> is https://upcloud.teamtailor.com/jobs, Teamtailor's host.
    expect(result).not.to.have.property('companyUrls');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reports a channel <link> on a custom careers domain as a company address', async () => {
    // The recorded feed with its channel link moved to a made-up custom domain (items unchanged).
    const recorded = fixture('teamtailor/ferd-jobs-rss-3-full.xml');
    const feed = recorded.replace(
      '<link>https://ferd.teamtailor.com/jobs</link>',
      '<link>https://careers.ferd.example/jobs</link>',
    );
    expect(feed).not.to.equal(recorded);
    const http = new FakeHttp().on(url('ferd'), { text: feed });
    const result = await teamtailorConnector.crawl(board('ferd'), http);

    expect(result.companyUrls).to.deep.equal(['https://careers.ferd.example/jobs']);
    expect(result.boardName).to.equal('Ferd');
  });

  it('reads full Norwegian descriptions, mixed offsets and open-application items', async () => {
    const http = new FakeHttp().on(url('ferd'), ok('teamtailor/ferd-jobs-rss-3-full.xml'));
    const { postings, boardName, companyUrls } = await teamtailorConnector.crawl(board('ferd'), http);

    expect(boardName).to.equal('Ferd');
    expect(companyUrls).to.equal(undefined);
    expect(postings.map((p) => p.postedAt)).to.deep.equal([
      '2026-09-08T17:07:00.000Z',
      '2026-08-31T16:02:18.000Z',
      '2025-02-04T11:35:09.000Z',
    ]);
    expect(postings[0]?.descriptionHtml).to.include('«skape varige verdier og sette tydelige spor»');
    expect(postings[2]).to.deep.include({ department: 'Åpen søknad', workplaceType: 'none' });
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await teamtailorConnector
      .crawl(board('nope'), new FakeHttp().on(url('nope'), status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });
});
