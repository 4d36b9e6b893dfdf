import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { TRAKSTAR_PAGE_SIZE, trakstarConnector } from '../../../src/ingest/connectors/trakstar.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'trakstar', slug: 'exotel' };
const RECORDING = 'trakstar/exotel-jsapi-openings-objects-2.json';
const page = (offset: number, base = 'https://jsapi.recruiterbox.com'): string =>
  `${base}/v1/openings?client_name=exotel&offset=${offset}&limit=100`;

type Opening = Record<string, unknown>;
const recorded = (): Opening[] => JSON.parse(fixture(RECORDING)) as Opening[];

/** `n` copies of the recorded openings with fresh ids. */
function openings(n: number, first: number): Opening[] {
  const [a, b] = recorded();
  return Array.from({ length: n }, (_, i) => ({ ...(i % 2 === 0 ? a : b), id: `op${first + i}` }));
}

describe('trakstar connector', () => {
  it('maps the recorded openings: hosted URL, location parts, team, remote flag, HTML as published', async () => {
    const http = new FakeHttp().on(page(0), ok(RECORDING));
    const result = await trakstarConnector.crawl(BOARD, http);

    // The recording is the bare objects array: the whole board, one request.
    expect(http.urls).to.deep.equal([page(0)]);
    expect(result.endpoint).to.equal(page(0));
    const [head, pm] = result.postings;
    expect(head).to.deep.include({
      nativeId: 'fk0z8rm',
      // The double space is the source's.
      title: 'Head of Customer Success  - India',
      url: 'https://exotel.hire.trakstar.com/jobs/fk0z8rm/',
      sourceEndpoint: page(0),
      // state and country are "" on this opening: omitted, not empty.
      locations: [{ city: 'Bengaluru/Gurugram' }],
      team: 'Growth',
      employmentTypes: ['full_time'],
      remote: false,
    });
    expect(head?.descriptionHtml).to.match(
      /^<h1>About Exotel<\/h1>\n<p>&nbsp;<\/p>\n<p>Exotel is one of Asia&rsquo;s/,
    );
    expect(pm).to.deep.include({
      nativeId: 'fk0z8vb',
      title: 'Senior Technical Product Manager',
      locations: [{ city: 'Bengaluru', region: 'Karnataka', country: 'India' }],
      team: 'Tech & Product',
    });
    for (const p of result.postings) {
      expect(p).not.to.have.property('validThrough'); // close_date: null
      expect(p).not.to.have.property('postedAt');
    }
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('pages by offset (advancing by what was served) until meta.total', async () => {
    const http = new FakeHttp()
      .on(page(0), json({ meta: { limit: 100, offset: 0, total: 130 }, objects: openings(100, 0) }))
      .on(page(100), json({ meta: { limit: 100, offset: 100, total: 130 }, objects: openings(30, 100) }));
    const result = await trakstarConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([page(0), page(100)]);
    expect(result.postings).to.have.length(130);
    expect(result.postings[129]).to.deep.include({ nativeId: 'op129', sourceEndpoint: page(100) });
  });

  it('without meta.total, walks full pages and stops at a short one; reads close_date', async () => {
    const [first] = recorded();
    const http = new FakeHttp()
      .on(page(0), json({ objects: openings(TRAKSTAR_PAGE_SIZE, 0) }))
      .on(page(100), json({ objects: [{ ...first, id: 'last', close_date: '2026-09-30' }] }));
    const result = await trakstarConnector.crawl(BOARD, http);
    expect(http.urls).to.deep.equal([page(0), page(100)]);
    expect(result.postings.at(-1)).to.deep.include({
      nativeId: 'last',
      validThrough: '2026-09-30T00:00:00.000Z',
    });
  });

  it('reads 400 "Invalid client name" and 404 as BoardNotFoundError', async () => {
    const invalid = status(400, '{"client_name": "Invalid client name"}');
    for (const response of [invalid, status(404)]) {
      const error = await trakstarConnector
        .crawl(BOARD, new FakeHttp().on(page(0), response))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(BoardNotFoundError);
    }
    const other = await trakstarConnector
      .crawl(BOARD, new FakeHttp().on(page(0), status(400, '{"limit": "too large"}')))
      .catch((e: unknown) => e);
    expect(other).to.be.instanceOf(UnexpectedResponseError);
  });

  it('returns an empty board as empty and another shape as UnexpectedResponseError', async () => {
    const empty = await trakstarConnector.crawl(
      BOARD,
      new FakeHttp().on(page(0), json({ meta: { limit: 100, offset: 0, total: 0 }, objects: [] })),
    );
    expect(empty.postings).to.deep.equal([]);

    for (const body of [{ openings: [] }, { objects: null }, 'nope']) {
      const error = await trakstarConnector
        .crawl(BOARD, new FakeHttp().on(page(0), json(body)))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('honours the endpoint override', async () => {
    const base = 'http://127.0.0.1:4010/trakstar';
    const http = new FakeHttp().on(page(0, base), ok(RECORDING));
    const result = await trakstarConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.endpoint).to.equal(page(0, base));
    expect(result.postings).to.have.length(2);
  });
});
