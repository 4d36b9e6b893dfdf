import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { isObject, type JsonObject } from '../../../src/ingest/connectors/json.js';
import { parseTeamtailorFeedItem, teamtailorConnector } from '../../../src/ingest/connectors/teamtailor.js';
import { BoardNotFoundError, TransientFetchError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const board = (slug: string): BoardRef => ({ source: 'teamtailor', slug });
const url = (slug: string): string => `https://${slug}.teamtailor.com/jobs.rss`;
const feedUrl = (slug: string): string => `https://${slug}.teamtailor.com/jobs.json`;

/** A JSON feed recorded in the labelled set (test/fixtures/labelled/wave2/SOURCES-*.md). */
function recordedFeed(name: string): { items: JsonObject[] } & JsonObject {
  const feed: unknown = JSON.parse(
    readFileSync(`test/fixtures/labelled/wave2/raw/teamtailor/${name}`, 'utf8'),
  );
  if (!isObject(feed) || !Array.isArray(feed.items)) throw new Error(`${name} is not a JSON feed`);
  return { ...feed, items: feed.items.filter(isObject) };
}
const LOVISA = 'sarthakjain004__headstart__teamtailor_lovisacareers_single_value_salary.json';
const WSP = 'sarthakjain004__headstart__teamtailor_wspcentraleurope_two_places.json';
const SLATER = 'Aaronearlerichardson__Jobs__teamtailor_board.json';

describe('teamtailor connector', () => {
  it('parses the RSS feed with the tt: namespace; the description is decoded once into HTML', async () => {
    // This site publishes no JSON feed (404): the RSS rows are the postings.
    const http = new FakeHttp()
      .on(url('upcloud'), ok('teamtailor/upcloud-jobs-rss-2.xml'))
      .on(feedUrl('upcloud'), status(404));
    const result = await teamtailorConnector.crawl(board('upcloud'), http);

    expect(http.urls).to.deep.equal([url('upcloud'), feedUrl('upcloud')]);
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
    const http = new FakeHttp().on(url('ferd'), { text: feed }).on(feedUrl('ferd'), status(404));
    const result = await teamtailorConnector.crawl(board('ferd'), http);

    expect(result.companyUrls).to.deep.equal(['https://careers.ferd.example/jobs']);
    expect(result.boardName).to.equal('Ferd');
  });

  it('reads full Norwegian descriptions, mixed offsets and open-application items', async () => {
    const http = new FakeHttp()
      .on(url('ferd'), ok('teamtailor/ferd-jobs-rss-3-full.xml'))
      .on(feedUrl('ferd'), status(404));
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

  it('reads a JSON feed item: its JobPosting’s addresses, hourly pay, number and dates', () => {
    const [lovisa] = recordedFeed(LOVISA).items;
    expect(parseTeamtailorFeedItem(lovisa, 'https://lovisacareers.teamtailor.com/jobs.json')).to.deep.equal({
      nativeId: '0926b3f9-9bd8-4622-a6a6-02f0f6c695cd',
      title: 'Vendeur(euse) en CDD 35H',
      url: 'https://lovisacareers.teamtailor.com/jobs/8461370-vendeur-euse-en-cdd-35h',
      sourceEndpoint: 'https://lovisacareers.teamtailor.com/jobs.json',
      descriptionHtml: lovisa?.content_html,
      // addressRegion "France", addressCountry "FR"; the streetAddress is the postal code.
      locations: [{ city: 'Nice', region: 'France', country: 'FR' }],
      postedAt: '2026-09-28T05:01:56.000Z',
      salary: { min: 12.31, max: 12.31, currency: 'EUR', periodRaw: 'HOUR' },
      requisitionId: '8461370',
    });
    // Two addresses, each a location; no pay published.
    const [wsp] = recordedFeed(WSP).items;
    const both = parseTeamtailorFeedItem(wsp, 'https://wspcentraleurope.teamtailor.com/jobs.json');
    expect(both?.locations).to.deep.equal([
      { city: 'Bern', region: 'Bern', country: 'CH' },
      { city: 'Zürich', region: 'Zürich', country: 'CH' },
    ]);
    expect(both).not.to.have.property('salary');
    expect(both?.requisitionId).to.equal('8235564');
    // The feed's envelope and its JobPosting objects are not items.
    const feed = recordedFeed(SLATER);
    expect(parseTeamtailorFeedItem(feed, 'x')).to.equal(undefined);
    expect(parseTeamtailorFeedItem(feed.items[0]?._jobposting, 'x')).to.equal(undefined);
    expect(feed.items.map((item) => parseTeamtailorFeedItem(item, 'x')?.locations)).to.deep.equal([
      [
        { city: 'Holstebro', country: 'DK' },
        { city: 'Szczecin', region: 'Poland', country: 'PL' },
      ],
      [{ city: 'Panama City', country: 'PA' }],
      [{ city: 'Morrisville', country: 'US' }],
      [{ city: 'Raleigh', country: 'US' }],
    ]);
  });

  it('adds the JSON feed’s pay, number and expiry to the RSS item of the same id, over its pages', async () => {
    // CONSTRUCTED: the recorded Lovisa and WSP feed items, given the ids of the recorded UpCloud RSS
    // items and served as two pages of UpCloud's feed (no board recorded both of its feeds).
    const [lovisa] = recordedFeed(LOVISA).items;
    const [wsp] = recordedFeed(WSP).items;
    const second = `${feedUrl('upcloud')}?page=2&per_page=100`;
    const http = new FakeHttp()
      .on(url('upcloud'), ok('teamtailor/upcloud-jobs-rss-2.xml'))
      .on(
        feedUrl('upcloud'),
        json({
          version: 'https://jsonfeed.org/version/1.1',
          next_url: second,
          items: [{ ...lovisa, id: 'd8938509-ff5a-4755-a5f7-5f89a0ac791e' }],
        }),
      )
      .on(
        second,
        json({ items: [{ ...wsp, id: '2a4eb6a0-7aa9-4acf-bcce-4d8b37287035' }, { id: 'no-row' }] }),
      );
    const result = await teamtailorConnector.crawl(board('upcloud'), http);
    const [bi, fullStack] = result.postings;

    expect(http.urls).to.deep.equal([url('upcloud'), feedUrl('upcloud'), second]);
    // The RSS row stands (its places, department, remote status, URL); the feed adds pay and number.
    expect(bi).to.deep.include({
      nativeId: 'd8938509-ff5a-4755-a5f7-5f89a0ac791e',
      url: 'https://upcloud.teamtailor.com/jobs/8323453-business-intelligence-analyst',
      sourceEndpoint: url('upcloud'),
      department: 'Finance',
      workplaceType: 'hybrid',
      locations: [{ text: 'Helsinki', city: 'Helsinki', country: 'Finland' }],
      salary: { min: 12.31, max: 12.31, currency: 'EUR', periodRaw: 'HOUR' },
      requisitionId: '8461370',
    });
    expect(fullStack?.requisitionId).to.equal('8235564');
    expect(fullStack?.locations).to.deep.equal([{ text: 'EU', city: 'Helsinki', country: 'Finland' }]);
    expect(undefinedKeys(bi)).to.deep.equal([]);
    // The items' hiring organizations' sites are the company's addresses (the RSS link is Teamtailor's).
    expect(result.companyUrls).to.deep.equal(['https://careers.lovisa.com', 'https://ch-karriere.wsp.com']);
  });

  it('lists the jobs only the JSON feed holds (the RSS stops at 100 items) as postings of their own', async () => {
    // CONSTRUCTED pairing of two real recordings: UpCloud's RSS (2 items) stands for an RSS that
    // stopped short, Slater's JSON feed for the feed's jobs past it (none shares an id with the RSS).
    const feed = recordedFeed(SLATER);
    const http = new FakeHttp()
      .on(url('upcloud'), ok('teamtailor/upcloud-jobs-rss-2.xml'))
      .on(feedUrl('upcloud'), json({ ...feed, next_url: undefined }));
    const result = await teamtailorConnector.crawl(board('upcloud'), http);
    expect(result.postings).to.have.length(2 + feed.items.length);
    const feedOnly = result.postings.slice(2);
    expect(feedOnly.map((p) => p.nativeId)).to.deep.equal(feed.items.map((item) => item.id));
    for (const posting of feedOnly) {
      expect(posting.sourceEndpoint).to.equal(feedUrl('upcloud'));
      expect(posting).not.to.have.property('department');
    }
    expect(result).not.to.have.property('truncated');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('keeps the RSS rows when the site’s JSON feed is not one; never follows a page off the site', async () => {
    const rss = fixture('teamtailor/upcloud-jobs-rss-2.xml');
    const plain = (
      await teamtailorConnector.crawl(
        board('upcloud'),
        new FakeHttp().on(url('upcloud'), { text: rss }).on(feedUrl('upcloud'), status(404)),
      )
    ).postings;
    for (const answer of [
      { text: '<!DOCTYPE html><html><body>Jobs</body></html>' },
      json({ jobs: [] }),
      status(401),
    ]) {
      const http = new FakeHttp().on(url('upcloud'), { text: rss }).on(feedUrl('upcloud'), answer);
      expect((await teamtailorConnector.crawl(board('upcloud'), http)).postings).to.deep.equal(plain);
    }
    const [lovisa] = recordedFeed(LOVISA).items;
    const http = new FakeHttp().on(url('upcloud'), { text: rss }).on(
      feedUrl('upcloud'),
      json({
        next_url: 'https://elsewhere.example/jobs.json?page=2',
        items: [{ ...lovisa, id: 'd8938509-ff5a-4755-a5f7-5f89a0ac791e' }],
      }),
    );
    const [bi] = (await teamtailorConnector.crawl(board('upcloud'), http)).postings;
    expect(http.urls).to.deep.equal([url('upcloud'), feedUrl('upcloud')]);
    expect(bi?.requisitionId).to.equal('8461370');

    // An item whose id is not the RSS guid is found by the job number in its URL.
    const byNumber = new FakeHttp().on(url('upcloud'), { text: rss }).on(
      feedUrl('upcloud'),
      json({
        items: [
          {
            ...lovisa,
            id: 'another-id',
            url: 'https://upcloud.teamtailor.com/jobs/8323453-business-intelligence-analyst',
          },
        ],
      }),
    );
    const [matched, unmatched] = (await teamtailorConnector.crawl(board('upcloud'), byNumber)).postings;
    expect(matched?.salary).to.deep.equal({ min: 12.31, max: 12.31, currency: 'EUR', periodRaw: 'HOUR' });
    expect(unmatched).not.to.have.property('salary');
  });

  it('fails the crawl when the JSON feed fails transiently, so pay does not come and go', async () => {
    const http = new FakeHttp().on(url('upcloud'), ok('teamtailor/upcloud-jobs-rss-2.xml'));
    const transient = new TransientFetchError(feedUrl('upcloud'), 'HTTP 503');
    const error = await teamtailorConnector
      .crawl(board('upcloud'), {
        request: (address, init) =>
          address === feedUrl('upcloud') ? Promise.reject(transient) : http.request(address, init),
      })
      .catch((e: unknown) => e);
    expect(error).to.equal(transient);
  });

  it('asks for no JSON feed when the RSS lists no job', async () => {
    const empty = fixture('teamtailor/upcloud-jobs-rss-2.xml').replace(/<item>[\s\S]*<\/item>/, '');
    const http = new FakeHttp().on(url('upcloud'), { text: empty });
    expect((await teamtailorConnector.crawl(board('upcloud'), http)).postings).to.deep.equal([]);
    expect(http.urls).to.deep.equal([url('upcloud')]);
  });
});
