import { expect } from 'chai';
import { ashbyConnector } from '../../../src/ingest/connectors/ashby.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const url = (slug: string): string =>
  `https://api.ashbyhq.com/posting-api/job-board/${slug}?includeCompensation=true`;
const board = (slug: string): BoardRef => ({ source: 'ashby', slug });

describe('ashby connector', () => {
  it('maps jobs with the Salary summary component, structured addresses and secondary locations', async () => {
    const http = new FakeHttp().on(url('HighlightTA'), ok('ashby/highlightta-job-board-2.json'));
    const result = await ashbyConnector.crawl(board('HighlightTA'), http);

    expect(http.urls).to.deep.equal([url('HighlightTA')]);
    const [remote, hybrid] = result.postings;
    expect(hybrid).to.deep.include({
      nativeId: 'fc2f1f85-46a0-4a31-b165-683e39c07c04',
      // Published with a trailing space.
      title: 'Senior Site Reliability Engineer',
      url: 'https://jobs.ashbyhq.com/HighlightTA/fc2f1f85-46a0-4a31-b165-683e39c07c04',
      sourceEndpoint: url('HighlightTA'),
      postedAt: '2026-07-08T19:48:19.767Z',
      department: 'HighlightTA Confidential',
      team: 'HighlightTA Confidential',
      employmentTypes: ['FullTime'],
      workplaceType: 'Hybrid',
      remote: true,
      salary: { min: 102800, max: 137000, currency: 'CAD', periodRaw: '1 YEAR' },
      locations: [{ text: 'Toronto, Ontario', city: 'Toronto', region: 'Ontario', country: 'Canada' }],
    });
    expect(hybrid?.descriptionHtml).to.match(/^<h2><strong>Company Overview<\/strong><\/h2>/);
    // Empty-string region/locality are omitted; empty compensation gives no salary.
    expect(remote?.locations).to.deep.equal([{ text: 'Canada', country: 'Canada' }]);
    expect(remote).not.to.have.property('salary');
    expect(remote).not.to.have.property('unlisted');
    expect(remote).not.to.have.property('organization');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads secondaryLocations with their postal addresses', async () => {
    const http = new FakeHttp().on(url('openevidence'), ok('ashby/openevidence-job-board-2.json'));
    const { postings } = await ashbyConnector.crawl(board('openevidence'), http);
    expect(postings[0]).to.deep.include({
      postedAt: '2026-01-22T21:44:44.930Z',
      workplaceType: 'OnSite',
      remote: false,
      locations: [
        { text: 'San Francisco', city: 'San Francisco', region: 'California', country: 'United States' },
        { text: 'Miami', city: 'Miami', region: 'Florida', country: 'United States' },
      ],
    });
    expect(postings[0]).not.to.have.property('salary');
  });

  it('copes with a payload fetched without compensation and with partial addresses', async () => {
    const http = new FakeHttp().on(url('ramp'), ok('ashby/ramp-job-board-6-no-compensation.json'));
    const { postings } = await ashbyConnector.crawl(board('ramp'), http);
    expect(postings).to.have.length(6);
    expect(postings[0]?.title).to.equal('Security Engineer, Cloud');
    expect(postings[0]?.locations).to.deep.equal([
      { text: 'New York, NY (HQ)', city: 'New York City', region: 'NY', country: 'USA' },
      { text: 'Remote (Canada)', country: 'Canada' },
      { text: 'Remote (US)', country: 'United States' },
      { text: 'Miami, FL', city: 'Miami', region: 'Florida', country: 'USA' },
    ]);
    for (const posting of postings) expect(posting).not.to.have.property('salary');
  });

  it('marks isListed:false jobs unlisted instead of dropping them', async () => {
    // The recorded boards have no unlisted job: flip one flag of a recorded payload in memory.
    const payload = JSON.parse(fixture('ashby/openevidence-job-board-2.json')) as {
      jobs: Record<string, unknown>[];
    };
    const [hidden] = payload.jobs;
    if (hidden !== undefined) hidden.isListed = false;
    const http = new FakeHttp().on(url('openevidence'), json(payload));
    const { postings } = await ashbyConnector.crawl(board('openevidence'), http);
    expect(postings.map((p) => p.unlisted)).to.deep.equal([true, undefined]);
  });

  it("reads descriptionPlain when a job's descriptionHtml is empty (constructed from a recording)", async () => {
    // Seen in a recording of the labelled set (three jobs); here one recorded job's HTML is emptied.
    const payload = JSON.parse(fixture('ashby/openevidence-job-board-2.json')) as {
      jobs: Record<string, unknown>[];
    };
    const [emptied, kept] = payload.jobs;
    if (emptied !== undefined) emptied.descriptionHtml = '';
    const http = new FakeHttp().on(url('openevidence'), json(payload));
    const { postings } = await ashbyConnector.crawl(board('openevidence'), http);
    expect(postings[0]).not.to.have.property('descriptionHtml');
    expect(postings[0]?.descriptionText).to.equal(emptied?.descriptionPlain).and.to.have.length.above(100);
    expect(postings[1]?.descriptionHtml).to.equal(kept?.descriptionHtml);
    expect(postings[1]).not.to.have.property('descriptionText');
  });

  it('returns an empty board as it is (the lifecycle decides whether it is suspect)', async () => {
    const http = new FakeHttp().on(url('openevidence'), json({ apiVersion: '1', jobs: [] }));
    const result = await ashbyConnector.crawl(board('openevidence'), http);
    expect(result).to.deep.equal({ endpoint: url('openevidence'), postings: [] });
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const missing = await ashbyConnector
      .crawl(board('nope'), new FakeHttp().on(url('nope'), status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);

    const overridden = 'http://127.0.0.1:4010/posting-api/job-board/ramp?includeCompensation=true';
    const http = new FakeHttp().on(overridden, ok('ashby/ramp-job-board-6-no-compensation.json'));
    const result = await ashbyConnector.crawl(
      { ...board('ramp'), endpointOverride: 'http://127.0.0.1:4010' },
      http,
    );
    expect(result.endpoint).to.equal(overridden);
  });
});
