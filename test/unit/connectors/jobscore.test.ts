import { expect } from 'chai';
import { jobScoreConnector } from '../../../src/ingest/connectors/jobscore.js';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'jobscore', slug: 'jobscore' };
const FEED_URL = 'https://careers.jobscore.com/jobs/jobscore/feed.json';
const FILE = 'jobscore/jobscore-careers-feed-json-1.json';

describe('jobscore connector', () => {
  it('maps the recorded feed: opened date, ISO-2 country, the remote sentence unmapped', async () => {
    const http = new FakeHttp().on(FEED_URL, ok(FILE));
    const result = await jobScoreConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([FEED_URL]);
    expect(result.endpoint).to.equal(FEED_URL);
    expect(result.boardName).to.equal('JobScore');
    // company_url is http://www.jobscore.com: the platform's own host, never company evidence.
    expect(result).not.to.have.property('companyUrls');
    expect(result.postings).to.have.length(1);
    const [job] = result.postings;
    expect(job).to.deep.include({
      nativeId: 'dpi9LtxFTluy3ZQtfTfYWo',
      title: 'Senior Front-End Engineer',
      url: 'https://careers.jobscore.com/careers/jobscore/jobs/senior-front-end-engineer-dpi9LtxFTluy3ZQtfTfYWo?ref=rss&sid=68',
      sourceEndpoint: FEED_URL,
      organization: 'JobScore',
      locations: [
        {
          text: 'Remote in Joinville, Santa Catarina, Brazil',
          city: 'Joinville',
          region: 'Santa Catarina',
          countryCode: 'BR',
        },
      ],
      postedAt: '2026-01-20T18:35:42.129Z',
      updatedAt: '2026-07-22T15:34:07.165Z',
      department: 'Engineering',
      employmentTypes: ['Full Time'],
      workplaceType: 'Yes | Can telecommute / work remotely 100% of the time',
      experience: 'Experienced (Non-Manager)',
    });
    expect(job?.descriptionHtml).to.match(/^<h3><strong>About Us:<\/strong><\/h3><ul><li><p><a href=/);
    expect(job?.descriptionHtml).to.include('Common Sense: You get that you\u2019ll have no chance');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads a company website off the platform and a country published as a name', async () => {
    const feed = JSON.parse(fixture(FILE)) as { jobs: Record<string, unknown>[] } & Record<string, unknown>;
    const variant = {
      ...feed,
      company_url: 'https://www.acme.example',
      jobs: feed.jobs.map((job) => ({ ...job, country: 'Brazil' })),
    };
    const result = await jobScoreConnector.crawl(BOARD, new FakeHttp().on(FEED_URL, json(variant)));
    expect(result.companyUrls).to.deep.equal(['https://www.acme.example']);
    expect(result.postings[0]?.locations[0]).to.deep.include({ country: 'Brazil' });
    expect(result.postings[0]?.locations[0]).not.to.have.property('countryCode');
  });

  it('returns an empty board for a feed with an empty jobs list', async () => {
    const feed = JSON.parse(fixture(FILE)) as Record<string, unknown>;
    const result = await jobScoreConnector.crawl(
      BOARD,
      new FakeHttp().on(FEED_URL, json({ ...feed, jobs: [] })),
    );
    expect(result.postings).to.deep.equal([]);
    expect(result.boardName).to.equal('JobScore');
  });

  it('honours the endpoint override', async () => {
    const board: BoardRef = { ...BOARD, endpointOverride: 'http://127.0.0.1:4010/demo/jobscore/0/' };
    const url = 'http://127.0.0.1:4010/demo/jobscore/0/jobs/jobscore/feed.json';
    const result = await jobScoreConnector.crawl(board, new FakeHttp().on(url, ok(FILE)));
    expect(result.endpoint).to.equal(url);
    expect(result.postings[0]?.sourceEndpoint).to.equal(url);
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await jobScoreConnector
      .crawl(BOARD, new FakeHttp().on(FEED_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });

  it('rejects a changed shape instead of returning an empty board', async () => {
    for (const body of [
      json({ publisher: 'JobScore', postings: [] }),
      { text: '<html>Maintenance</html>' },
    ]) {
      const error = await jobScoreConnector
        .crawl(BOARD, new FakeHttp().on(FEED_URL, body))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });
});
