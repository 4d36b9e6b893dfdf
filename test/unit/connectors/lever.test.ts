import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { leverConnector, parseLeverPosting } from '../../../src/ingest/connectors/lever.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const PALANTIR: BoardRef = { source: 'lever', slug: 'palantir' };
const US = 'https://api.lever.co/v0/postings/palantir?mode=json';
const EU = 'https://api.eu.lever.co/v0/postings/palantir?mode=json';
const NOT_FOUND = json({ ok: false, error: 'Document not found' });

describe('lever connector', () => {
  it('maps the bare-array list: epoch-ms createdAt, categories, country code, composed description', async () => {
    const http = new FakeHttp().on(US, ok('lever/palantir-postings-2.json'));
    const result = await leverConnector.crawl(PALANTIR, http);

    expect(http.urls).to.deep.equal([US]);
    expect(result.endpoint).to.equal(US);
    const [first, second] = result.postings;
    expect(first).to.deep.include({
      nativeId: 'ac978161-6f46-4f6b-ad9e-a258e642751c',
      title: 'Administrative Business Partner',
      url: 'https://jobs.lever.co/palantir/ac978161-6f46-4f6b-ad9e-a258e642751c',
      sourceEndpoint: US,
      // 1711403416463 ms
      postedAt: '2024-03-25T21:50:16.463Z',
      team: 'Administrative',
      employmentTypes: ['Full-time'],
      workplaceType: 'hybrid',
      locations: [{ text: 'London, United Kingdom', countryCode: 'GB' }],
    });
    expect(second?.postedAt).to.equal('2026-05-12T21:48:44.938Z');
    expect(second?.locations).to.deep.equal([{ text: 'Palo Alto, CA', countryCode: 'US' }]);

    // description (which already holds the opening), then each list under its heading, then additional.
    const html = first?.descriptionHtml ?? '';
    expect(html.indexOf('A World-Changing Company')).to.equal(html.lastIndexOf('A World-Changing Company'));
    expect(html).to.include('<h3>What We Value</h3>\n<ul><li>Ability to adjust quickly');
    expect(html.indexOf('<h3>What We Require</h3>')).to.be.lessThan(html.indexOf('Life at Palantir'));
    for (const key of ['salary', 'department', 'organization', 'updatedAt', 'remote']) {
      expect(first).not.to.have.property(key);
    }
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads salaryRange and leaves a posting without locations or country empty', async () => {
    const board: BoardRef = { source: 'lever', slug: 'leverdemo' };
    const url = 'https://api.lever.co/v0/postings/leverdemo?mode=json';
    const { postings } = await leverConnector.crawl(
      board,
      new FakeHttp().on(url, ok('lever/leverdemo-postings-6.json')),
    );

    expect(postings).to.have.length(6);
    const paid = postings.filter((p) => p.salary !== undefined);
    expect(paid.map((p) => p.salary)).to.deep.equal([
      { min: 10000, max: 125000, currency: 'USD', periodRaw: 'per-year-salary' },
      { min: 50000, max: 70000, currency: 'USD', periodRaw: 'per-year-salary' },
    ]);
    const first = postings[0];
    expect(first).to.deep.include({
      department: 'Customer Success',
      team: 'Professional Services',
      employmentTypes: ['Regular Full Time (Salary)'],
      postedAt: '2019-03-21T16:33:55.299Z',
    });
    // `allLocations: []`, no `location`, `country: null`.
    const bare = postings.find((p) => p.nativeId === postings[3]?.nativeId);
    expect(bare?.locations).to.deep.equal([]);
    expect(bare).not.to.have.property('employmentTypes');
    expect(postings.find((p) => p.workplaceType === 'unspecified')).to.not.equal(undefined);
  });

  it('parses the detail document the same way as its list entry', () => {
    const fromDetail = parseLeverPosting(JSON.parse(fixture('lever/palantir-posting-detail.json')), 'detail');
    const list: unknown[] = JSON.parse(fixture('lever/palantir-postings-2.json')) as unknown[];
    const fromList = parseLeverPosting(list[0], 'detail');
    expect(fromDetail).to.deep.equal(fromList);
  });

  it('falls back to the EU host on "Document not found"', async () => {
    const http = new FakeHttp().on(US, NOT_FOUND).on(EU, ok('lever/palantir-postings-2.json'));
    const result = await leverConnector.crawl(PALANTIR, http);
    expect(http.urls).to.deep.equal([US, EU]);
    expect(result.endpoint).to.equal(EU);
    expect(result.postings[0]?.sourceEndpoint).to.equal(EU);
  });

  it('reports BoardNotFoundError when neither host knows the site (body signal or 404)', async () => {
    const http = new FakeHttp().on(US, { ...NOT_FOUND, status: 404 }).on(EU, NOT_FOUND);
    const error = await leverConnector.crawl(PALANTIR, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    expect(error).to.have.property('endpoint', EU);
    expect(http.urls).to.deep.equal([US, EU]);
  });

  it('tries only the override when one is set', async () => {
    const board: BoardRef = { ...PALANTIR, endpointOverride: 'http://127.0.0.1:4010/lever' };
    const url = 'http://127.0.0.1:4010/lever/v0/postings/palantir?mode=json';
    const http = new FakeHttp().on(url, NOT_FOUND);
    const error = await leverConnector.crawl(board, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    expect(http.urls).to.deep.equal([url]);
  });

  it('does not read a server error as "not found"', async () => {
    const http = new FakeHttp().on(US, status(400, 'bad'));
    const error = await leverConnector.crawl(PALANTIR, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
  });

  it('reads the plain texts when a payload kept only them (a real page of the labelled set)', () => {
    const raw = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/lever/GabrielSiq__job-market-panel__lever_board.json',
        'utf8',
      ),
    ) as unknown[];
    const posting = parseLeverPosting(raw[0], 'https://api.lever.co/v0/postings/wealthfront?mode=json');
    expect(posting).not.to.have.property('descriptionHtml');
    expect(posting?.descriptionText).to.match(/^We’re looking for Android Engineers to join our team/);
    expect(posting?.descriptionText).to.include('\n\nEstimated annual salary range: $150,000 - $189,000');
  });
});
