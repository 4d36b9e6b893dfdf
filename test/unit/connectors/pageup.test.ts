import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { pageUpConnector, pageUpLocations, parsePageUpSlug } from '../../../src/ingest/connectors/pageup.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'pageup', slug: '1083/cw/en' };
const FEED_URL = 'https://careers.pageuppeople.com/1083/cw/en/rss';
const FILE = 'pageup/kinetic-1083-latest-jobs-rss-3.xml';

describe('pageup connector', () => {
  it('maps the recorded feed: namespaced HTML description, REGION|City pairs, closing date, work types', async () => {
    const http = new FakeHttp().on(FEED_URL, ok(FILE));
    const result = await pageUpConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([FEED_URL]);
    expect(result.endpoint).to.equal(FEED_URL);
    // The channel <title/> is empty and its link is PageUp's own listing page.
    expect(result).not.to.have.property('boardName');
    expect(result).not.to.have.property('companyUrls');
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(['495930', '495865', '495406']);

    const [comms, servicenow, eoi] = result.postings;
    expect(comms).to.deep.include({
      nativeId: '495930',
      title: 'Senior Communications Specialist',
      url: 'https://careers.pageuppeople.com/1083/cw/en/job/495930',
      sourceEndpoint: FEED_URL,
      locations: [
        { city: 'Melbourne', region: 'VIC' },
        { city: 'Perth', region: 'WA' },
      ],
      // "Thu, 01 Oct 2026 01:00:00 Z"
      postedAt: '2026-10-01T01:00:00.000Z',
      updatedAt: '2026-10-01T01:00:00.000Z',
      department: 'Transformation',
      employmentTypes: ['Full Time'],
    });
    // <job:closingDate/> is empty: no expiry published.
    expect(comms).not.to.have.property('validThrough');
    expect(comms).not.to.have.property('descriptionText');
    // The entity-escaped job:description, decoded once by the XML parser, is the HTML.
    expect(comms?.descriptionHtml).to.match(
      /^<p><strong>About The Role<\/strong><br>This is a highly impactful/,
    );
    expect(servicenow?.descriptionHtml).to.include('<a href="mailto:careers@kineticit.com.au">');
    // Passed on as published, even though it is an integration message rather than a division.
    expect(servicenow?.department).to.equal('ServiceNow was unable to find the division');
    expect(eoi).to.deep.include({
      validThrough: '2026-10-30T15:55:00.000Z',
      employmentTypes: ['Full Time', 'Part Time'],
    });
    expect(eoi?.locations).to.have.length(7);
    expect(eoi?.locations[6]).to.deep.equal({ city: 'Fremantle', region: 'WA' });
    // <job:businessLayer1/> is empty.
    expect(eoi).not.to.have.property('department');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('falls back to the teaser as plain text only when an item has no job:description', async () => {
    const withoutHtml = fixture(FILE).replace(/<job:description>[\s\S]*?<\/job:description>/, '');
    const result = await pageUpConnector.crawl(BOARD, new FakeHttp().on(FEED_URL, { text: withoutHtml }));
    expect(result.postings[0]).not.to.have.property('descriptionHtml');
    expect(result.postings[0]?.descriptionText).to.equal(
      'Impactful holistic & operational Senior Comms role. Would consider part time or reduced hours for the right person.',
    );
    expect(result.postings[1]?.descriptionHtml).to.match(/^<p>Join Kinetic IT/);
  });

  it('reads location pairs and plain parts', () => {
    expect(pageUpLocations('VIC|Melbourne,WA|Perth')).to.deep.equal([
      { city: 'Melbourne', region: 'VIC' },
      { city: 'Perth', region: 'WA' },
    ]);
    expect(pageUpLocations('Remote')).to.deep.equal([{ text: 'Remote' }]);
    // Empty halves of a pair are left out (PageUp joins pairs with a bare comma).
    expect(pageUpLocations('|Perth,NSW|')).to.deep.equal([{ city: 'Perth' }, { region: 'NSW' }]);
    // A tenant without pairs writes one place as text: its comma and space stay inside it.
    expect(pageUpLocations('Providence, Rhode Island')).to.deep.equal([{ text: 'Providence, Rhode Island' }]);
    expect(pageUpLocations('Partial Remote,Bethlehem')).to.deep.equal([
      { text: 'Partial Remote' },
      { text: 'Bethlehem' },
    ]);
    expect(pageUpLocations(undefined)).to.deep.equal([]);
  });

  it('reads the job: and Atom namespaces by URI, whatever prefix the feed binds (a real feed re-serialized with ns0/ns1)', async () => {
    // A recording of the labelled set (test/fixtures/labelled/wave2/SOURCES-global-misc.md): the
    // same PageUp feed written back by an XML library that renamed the prefixes.
    const text = readFileSync(
      'test/fixtures/labelled/wave2/raw/pageup/sarthakjain004__headstart__pageup_hybrid_categories.xml',
      'utf8',
    );
    expect(text).to.include('xmlns:ns1="http://pageuppeople.com/"');
    const board: BoardRef = { source: 'pageup', slug: '859/cw/en-us' };
    const url = 'https://careers.pageuppeople.com/859/cw/en-us/rss';
    const result = await pageUpConnector.crawl(board, new FakeHttp().on(url, { status: 200, text }));
    const [first] = result.postings;
    expect(first).to.deep.include({
      nativeId: '498309',
      title: 'Director of Communications & Media Relations',
      locations: [{ text: 'Providence, Rhode Island' }],
      employmentTypes: ['Full Time'],
      // The labelled categories ("Department|…,Work Arrangement|Hybrid"), not the campus in
      // businessLayer1 ("Providence").
      department: 'Marketing & Communications',
      workplaceType: 'Hybrid',
      updatedAt: '2026-09-25T15:00:00.000Z',
    });
    expect(first?.descriptionHtml).to.include('<strong>Essential Job Functions</strong>');
  });

  it('uses the endpoint override and rejects a slug that is not clientId/channel/locale', async () => {
    const board: BoardRef = { ...BOARD, endpointOverride: 'http://127.0.0.1:4010/demo/pageup/5' };
    const url = 'http://127.0.0.1:4010/demo/pageup/5/1083/cw/en/rss';
    const result = await pageUpConnector.crawl(board, new FakeHttp().on(url, ok(FILE)));
    expect(result.endpoint).to.equal(url);
    expect(parsePageUpSlug('1083/cw/en-AU')).to.equal('1083/cw/en-AU');
    for (const slug of ['kinetic', '1083/cw', '1083/cw/en/rss', '../x/cw/en']) {
      expect(() => parsePageUpSlug(slug)).to.throw(/Invalid PageUp board slug/);
    }
  });

  it('returns an empty board for a channel without items', async () => {
    const empty = fixture(FILE).replace(/<item>[\s\S]*<\/item>/, '');
    const result = await pageUpConnector.crawl(BOARD, new FakeHttp().on(FEED_URL, { text: empty }));
    expect(result.postings).to.deep.equal([]);
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await pageUpConnector
      .crawl(BOARD, new FakeHttp().on(FEED_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });

  it('rejects an HTML page (a migrated board) instead of returning an empty board', async () => {
    const page = '<!DOCTYPE html><html><head><title>Careers</title></head><body>Moved</body></html>';
    const error = await pageUpConnector
      .crawl(BOARD, new FakeHttp().on(FEED_URL, { text: page }))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
  });
});
