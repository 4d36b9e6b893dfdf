import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import {
  fetchGreenhouseJob,
  greenhouseConnector,
  parseGreenhouseJob,
} from '../../../src/ingest/connectors/greenhouse.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const AMPLITUDE: BoardRef = { source: 'greenhouse', slug: 'amplitude' };
const AMPLITUDE_URL =
  'https://boards-api.greenhouse.io/v1/boards/amplitude/jobs?content=true&pay_transparency=true';

describe('greenhouse connector', () => {
  it('maps the content list field by field, decoding the escaped content exactly once', async () => {
    const http = new FakeHttp().on(AMPLITUDE_URL, ok('greenhouse/amplitude-jobs-content-2-of-list.json'));
    const result = await greenhouseConnector.crawl(AMPLITUDE, http);

    expect(http.urls).to.deep.equal([AMPLITUDE_URL]);
    expect(result.endpoint).to.equal(AMPLITUDE_URL);
    expect(result.postings).to.have.length(2);
    const [first] = result.postings;
    expect(first).to.deep.include({
      nativeId: '8636903002',
      title: 'Customer Data Scientist - Experimentation',
      url: 'https://job-boards.greenhouse.io/amplitude/jobs/8636903002',
      sourceEndpoint: AMPLITUDE_URL,
      // Published as "Amplitude " (trailing space): strings are trimmed.
      organization: 'Amplitude',
      postedAt: '2026-07-16T15:55:32.000Z',
      updatedAt: '2026-07-29T12:50:01.000Z',
      department: 'Solutions Consulting',
      employmentTypes: ['Regular'],
      language: 'en',
      requisitionId: 'R-12263',
    });
    // location.name plus the office's fuller address.
    expect(first?.locations).to.deep.equal([
      { text: 'London, UK' },
      { text: 'London, England, United Kingdom' },
    ]);
    expect(first?.descriptionHtml).to.match(/^<div class="content-intro"><p>Amplitude is the leading/);
    expect(first?.descriptionHtml).not.to.include('&lt;');
    expect(first?.descriptionHtml).not.to.include('&quot;');
    // No pay on the list endpoint, no deadline published, no remote flag.
    for (const key of ['salary', 'validThrough', 'remote', 'workplaceType', 'descriptionText']) {
      expect(first).not.to.have.property(key);
    }
    // An office without an address adds nothing.
    expect(result.postings[1]?.locations).to.deep.equal([{ text: 'Bangalore, India' }]);
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('keeps a multi-city location.name as one location text and omits null metadata', async () => {
    const board: BoardRef = { source: 'greenhouse', slug: 'stripe' };
    const url = 'https://boards-api.greenhouse.io/v1/boards/stripe/jobs?content=true&pay_transparency=true';
    const http = new FakeHttp().on(url, ok('greenhouse/stripe-jobs-list-no-content-6.json'));
    const { postings, companyUrls } = await greenhouseConnector.crawl(board, http);

    expect(postings.map((p) => p.nativeId)).to.deep.equal([
      '8023928',
      '8077887',
      '8042978',
      '7789539',
      '7893199',
      '7993151',
    ]);
    const multi = postings.find((p) => p.nativeId === '7993151');
    expect(multi?.locations).to.deep.equal([
      { text: 'US-Remote, US-San Francisco, US-Chicago, US-New York, US-Seattle, US-Texas' },
    ]);
    expect(postings[1]?.title).to.equal('Account Executive, Bridge');
    expect(postings[2]?.language).to.equal('ja');
    expect(postings[0]?.url).to.equal('https://stripe.com/jobs/search?gh_jid=8023928');
    // absolute_url on stripe.com is a posting address, not one the board publishes about Stripe.
    expect(companyUrls).to.equal(undefined);
    for (const posting of postings) {
      // This list was fetched without content, and metadata is null.
      expect(posting).not.to.have.property('descriptionHtml');
      expect(posting).not.to.have.property('employmentTypes');
      expect(posting).not.to.have.property('department');
    }
  });

  it('asks the list for pay transparency and reads the pay_input_ranges of a listed job', async () => {
    // The recorded detail as the list carries it with content=true&pay_transparency=true (a list
    // job has the detail's members; no list recording with pay is at hand).
    const board: BoardRef = { source: 'greenhouse', slug: 'jamf' };
    const url = 'https://boards-api.greenhouse.io/v1/boards/jamf/jobs?content=true&pay_transparency=true';
    const job = JSON.parse(
      fixture('greenhouse/jamf-job-detail-pay-input-ranges-content-truncated.json'),
    ) as object;
    const http = new FakeHttp().on(url, json({ jobs: [job], meta: { total: 1 } }));
    const { postings } = await greenhouseConnector.crawl(board, http);
    expect(http.urls).to.deep.equal([url]);
    expect(postings[0]?.salary).to.deep.equal({ min: 58100, max: 133200, currency: 'USD' });
  });

  it('reads pay_input_ranges from the detail payload, cents to units', async () => {
    const board: BoardRef = { source: 'greenhouse', slug: 'jamf' };
    const url = 'https://boards-api.greenhouse.io/v1/boards/jamf/jobs/6188569004?pay_transparency=true';
    const http = new FakeHttp().on(
      url,
      ok('greenhouse/jamf-job-detail-pay-input-ranges-content-truncated.json'),
    );
    const posting = await fetchGreenhouseJob(board, '6188569004', http);

    expect(http.urls).to.deep.equal([url]);
    expect(posting).to.deep.include({
      nativeId: '6188569004',
      title: 'Account Executive | HCLS',
      url: 'https://www.jamf.com/about/careers/jobs/?gh_jid=6188569004&gh_jid=6188569004',
      sourceEndpoint: url,
      organization: 'Jamf',
      salary: { min: 58100, max: 133200, currency: 'USD' },
      locations: [{ text: 'US Remote' }],
      postedAt: '2026-09-14T15:52:38.000Z',
      department: 'Sales',
      requisitionId: '2589',
    });
  });

  it('parses the other detail payloads (multi-city text, placeholder content, metadata without Employment Type)', () => {
    const stripe = parseGreenhouseJob(JSON.parse(fixture('greenhouse/stripe-job-detail.json')), 'detail');
    expect(stripe?.locations).to.deep.equal([{ text: 'Toronto, New York, San Francisco' }]);
    expect(stripe?.descriptionHtml).to.match(
      /^<div class="ace-line gutter-author-p-118095 emptyGutter">\n<h2>Who we are<\/h2>/,
    );
    expect(stripe).not.to.have.property('salary');

    const coinbase = parseGreenhouseJob(
      JSON.parse(fixture('greenhouse/coinbase-job-detail-questions-content-stripped.json')),
      'detail',
    );
    expect(coinbase).to.deep.include({
      nativeId: '7822885',
      title: 'Accounting Manager, GL Operations & Intercompany',
      department: 'Finance & Accounting',
      locations: [{ text: 'Remote - Canada' }],
      // The recorder's placeholder, passed through as the content it is.
      descriptionHtml: '<stripped: job description HTML, not read by the parser>',
    });
    // "Team" and other custom fields are not employment types.
    expect(coinbase).not.to.have.property('employmentTypes');

    const discord = parseGreenhouseJob(
      JSON.parse(fixture('greenhouse/discord-job-detail-questions-demographic-content-stripped.json')),
      'detail',
    );
    expect(discord?.locations).to.deep.equal([
      { text: 'San Francisco Bay Area' },
      { text: 'San Francisco, California, United States' },
    ]);
    expect(discord?.postedAt).to.equal('2026-07-17T23:06:45.000Z');
    expect(discord).not.to.have.property('employmentTypes');
  });

  it('reads employment and workplace from custom fields under the names employers give them (real boards)', () => {
    // Recordings of the labelled set (test/fixtures/labelled/wave2/, train boards): Anthropic's
    // "Location Type", Jane Street's "Employment Type" and "Req Type".
    const jobs = (file: string): unknown[] => {
      const text = readFileSync(`test/fixtures/labelled/wave2/raw/greenhouse/${file}`, 'utf8');
      return (JSON.parse(text) as { jobs: unknown[] }).jobs;
    };
    const parsed = [
      ...jobs('JashanjodhB__jobWatch__greenhouse.json'),
      ...jobs('PedroCamargoLINCE__opportunity-radar__greenhouse.json'),
    ].flatMap((job) => parseGreenhouseJob(job, 'list') ?? []);
    const byId = new Map(parsed.map((posting) => [posting.nativeId, posting]));
    expect(byId.get('5208218008')?.workplaceType).to.equal('On-Site');
    expect(byId.get('8806187002')?.employmentTypes).to.deep.equal(['University - Graduating Intern']);
    expect(byId.get('8631912002')?.employmentTypes).to.deep.equal(['Full-Time: Experienced']);
    // A field whose value is null says nothing (Account Executive, Public Sector: "Location Type" null).
    expect(byId.get('5101378008')).to.not.have.property('workplaceType');
  });

  it('returns undefined for a detail that is gone', async () => {
    const board: BoardRef = { source: 'greenhouse', slug: 'jamf' };
    const url = 'https://boards-api.greenhouse.io/v1/boards/jamf/jobs/1?pay_transparency=true';
    expect(await fetchGreenhouseJob(board, '1', new FakeHttp().on(url, status(404)))).to.equal(undefined);
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const http = new FakeHttp().on(AMPLITUDE_URL, status(404, '{"status":404,"error":"Job not found"}'));
    const error = await greenhouseConnector.crawl(AMPLITUDE, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    expect(error).to.have.property('endpoint', AMPLITUDE_URL);
  });

  it('builds URLs on the endpoint override', async () => {
    const board: BoardRef = { ...AMPLITUDE, endpointOverride: 'http://127.0.0.1:4010/greenhouse/' };
    const url =
      'http://127.0.0.1:4010/greenhouse/v1/boards/amplitude/jobs?content=true&pay_transparency=true';
    const http = new FakeHttp().on(url, ok('greenhouse/amplitude-jobs-content-2-of-list.json'));
    const result = await greenhouseConnector.crawl(board, http);
    expect(result.endpoint).to.equal(url);
    expect(result.postings[0]?.sourceEndpoint).to.equal(url);
  });
});
