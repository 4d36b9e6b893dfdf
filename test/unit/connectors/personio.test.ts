import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { personioConnector } from '../../../src/ingest/connectors/personio.js';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const board = (slug: string): BoardRef => ({ source: 'personio', slug });
const url = (slug: string, language?: string): string =>
  `https://${slug}.jobs.personio.de/xml${language === undefined ? '' : `?language=${language}`}`;
const comUrl = (slug: string): string => `https://${slug}.jobs.personio.com/xml`;
/**
 * A real feed whose four positions all came without a description (`<jobDescriptions></jobDescriptions>`:
 * written in a language other than the one asked for; the labelled set's Clark recording).
 */
const UNDESCRIBED = readFileSync(
  'test/fixtures/labelled/wave2/raw/personio/Aaronearlerichardson__Jobs__personio_feed.xml',
  'utf8',
);

describe('personio connector', () => {
  it('parses the XML feed: CDATA descriptions under their names, offices, built URL', async () => {
    const http = new FakeHttp().on(url('demo'), ok('personio/demo-account-3-positions.xml'));
    const result = await personioConnector.crawl(board('demo'), http);

    expect(http.urls).to.deep.equal([url('demo')]);
    expect(result.postings).to.have.length(3);
    const [general] = result.postings;
    expect(general).to.deep.include({
      nativeId: '681100',
      title: 'General Application',
      url: 'https://demo.jobs.personio.de/job/681100',
      sourceEndpoint: url('demo'),
      locations: [{ text: 'Remote' }],
      postedAt: '2018-10-22T13:43:47.000Z',
      employmentTypes: ['permanent', 'full-time'],
      experience: 'entry-level',
    });
    // CDATA whitespace is trimmed; each part under its published name.
    expect(general?.descriptionHtml).to.match(/^<h3>Your mission<\/h3>\nLorem ipsum dolor sit amet/);
    expect(general?.descriptionHtml).to.include('<h3>Your profile</h3>');
    expect(general?.descriptionHtml).to.include('<h3>Why us?</h3>');
    // No <subcompany>, no <department>, no salary in this feed.
    for (const key of ['organization', 'department', 'salary']) expect(general).not.to.have.property(key);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads salaryInformation with an empty <max>, subcompany and department', async () => {
    const http = new FakeHttp().on(url('parent'), ok('personio/positions-11-with-salary.xml'));
    const { postings } = await personioConnector.crawl(board('parent'), http);

    expect(postings).to.have.length(11);
    expect(postings[0]).to.deep.include({
      nativeId: '2140231',
      title: 'Copy of Junior Compliance and Immigrations Manager',
      organization: 'Parent Ltd.',
      department: 'Management',
      locations: [{ text: 'London' }],
      postedAt: '2024-09-24T11:00:15.000Z',
      salary: { min: 100000, currency: 'GBP', periodRaw: 'yearly' },
    });
    expect(postings[0]?.salary).not.to.have.property('max');
    expect(postings[1]?.employmentTypes).to.deep.equal(['permanent', 'full-or-part-time']);
    expect(postings.find((p) => p.nativeId === '2140233')?.salary?.currency).to.equal('EUR');
    // "•" bullets and <br> stay in the HTML as published.
    expect(postings[0]?.descriptionHtml).to.include('<br>•    Being the central point of contact');
  });

  it('reports 404 as BoardNotFoundError, and a non-Personio body as unexpected', async () => {
    const gone = new FakeHttp().on(url('nope'), status(404)).on(comUrl('nope'), status(404));
    const missing = await personioConnector.crawl(board('nope'), gone).catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    // Both careers hosts were asked before the board was called gone.
    expect(gone.urls).to.deep.equal([url('nope'), comUrl('nope')]);

    const html = await personioConnector
      .crawl(board('odd'), new FakeHttp().on(url('odd'), { text: '<html><body>moved</body></html>' }))
      .catch((e: unknown) => e);
    expect(html).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
  });

  it('asks the positions the bare feed left undescribed again, language by language, filling only those', async () => {
    // Every variant as undescribed as the bare feed: all four languages asked, nothing invented.
    const languages = ['en', 'es', 'nl', 'fr'];
    const none = new FakeHttp().on(url('clark'), { text: UNDESCRIBED });
    for (const language of languages) none.on(url('clark', language), { text: UNDESCRIBED });
    const plain = await personioConnector.crawl(board('clark'), none);
    expect(none.urls).to.deep.equal([url('clark'), ...languages.map((l) => url('clark', l))]);
    expect(plain.postings).to.have.length(4);
    expect(plain.postings.every((p) => p.descriptionHtml === undefined)).to.equal(true);
    expect(plain.endpoint).to.equal(url('clark'));
    // The English variant describes one position (built from the recording: the same feed with a
    // description under 2415353): that one is filled, the others stay as they were, and the
    // Spanish variant is asked for the three still missing.
    const english = UNDESCRIBED.replace(
      /(<id>2415353<\/id>[\s\S]*?)<jobDescriptions><\/jobDescriptions>/,
      '$1<jobDescriptions><jobDescription><name>Your role</name><value><![CDATA[<p>CRM in English</p>]]></value></jobDescription></jobDescriptions>',
    );
    const filled = new FakeHttp()
      .on(url('clark'), { text: UNDESCRIBED })
      .on(url('clark', 'en'), { text: english });
    for (const language of languages.slice(1)) filled.on(url('clark', language), { text: UNDESCRIBED });
    const { postings } = await personioConnector.crawl(board('clark'), filled);
    expect(postings.find((p) => p.nativeId === '2415353')?.descriptionHtml).to.equal(
      '<h3>Your role</h3>\n<p>CRM in English</p>',
    );
    expect(postings.filter((p) => p.descriptionHtml === undefined)).to.have.length(3);
    expect(postings.find((p) => p.nativeId === '2415353')?.sourceEndpoint).to.equal(url('clark'));
    // A fully described feed costs one request (the first test's URLs).
  });

  it('reads a redirect to another host as the board gone, and one on its own host as unexpected', async () => {
    const gone = await personioConnector
      .crawl(
        board('left'),
        new FakeHttp().on(url('left'), status(307, '', { location: 'https://personio.com' })),
      )
      .catch((e: unknown) => e);
    expect(gone).to.be.instanceOf(BoardNotFoundError);
    const moved = await personioConnector
      .crawl(board('here'), new FakeHttp().on(url('here'), status(301, '', { location: '/xml/' })))
      .catch((e: unknown) => e);
    expect(moved).to.be.instanceOf(UnexpectedResponseError);
  });

  it("reads a tenant on the .com careers host when the .de one answers 404 or redirects there (a .com tenant's recorded feed)", async () => {
    const feed = readFileSync(
      'test/fixtures/labelled/wave2/raw/personio/sarthakjain004__headstart__personio_avian.xml',
      'utf8',
    );
    for (const de of [status(404), status(301, '', { location: 'https://avian.jobs.personio.com/xml' })]) {
      const http = new FakeHttp().on(url('avian'), de).on(comUrl('avian'), { text: feed });
      const result = await personioConnector.crawl(board('avian'), http);
      expect(http.urls).to.deep.equal([url('avian'), comUrl('avian')]);
      expect(result.endpoint).to.equal(comUrl('avian'));
      expect(result.postings.length).to.be.greaterThan(0);
      for (const p of result.postings) {
        expect(p.url.startsWith('https://avian.jobs.personio.com/job/')).to.equal(true);
        expect(p.sourceEndpoint.startsWith(comUrl('avian'))).to.equal(true);
      }
    }
  });

  it('honours the override', async () => {
    const overridden = 'http://127.0.0.1:4010/personio/xml';
    const http = new FakeHttp().on(overridden, ok('personio/demo-account-3-positions.xml'));
    const result = await personioConnector.crawl(
      { ...board('demo'), endpointOverride: 'http://127.0.0.1:4010/personio' },
      http,
    );
    expect(result.endpoint).to.equal(overridden);
    // The public URL stays Personio's.
    expect(result.postings[0]?.url).to.equal('https://demo.jobs.personio.de/job/681100');
  });
});
