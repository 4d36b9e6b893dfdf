import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { kulaConnector } from '../../../src/ingest/connectors/kula.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, ok, status, undefinedKeys } from './fake-http.js';

const PAGE = 'kula/precision-neuroscience-board-cards-excerpt-3.html';
const BOARD: BoardRef = { source: 'kula', slug: 'precision-neuroscience' };
const URL = 'https://careers.kula.ai/precision-neuroscience';
const job = (id: string): string => `${URL}/${id}`;

/** The recorded first card (one line of the excerpt), for constructed variants. */
const firstCard = (): string => {
  const card = fixture(PAGE)
    .split('\n')
    .find((line) => line.includes('/precision-neuroscience/25755'));
  if (card === undefined) throw new Error(`${PAGE}: no first card`);
  return card;
};
const page = (...cards: string[]): { text: string } => ({
  text: `<!DOCTYPE html>\n<html><head></head><body>\n${cards.join('\n')}\n</body></html>`,
});
/** A fact stack of the recorded first card, by its text, for removing or moving it. */
const factStack = (text: string): string => {
  const stack =
    /<div class="chakra-stack css-[a-z0-9]+"><p class="chakra-text css-[a-z0-9]+">[\s\S]*?<\/p><\/div>/g;
  const found = firstCard()
    .match(stack)
    ?.find((s) => s.replace(/<[^>]*>/g, '').includes(text));
  if (found === undefined) throw new Error(`${PAGE}: no fact stack with ${text}`);
  return found;
};

describe('kula connector', () => {
  it('maps the recorded cards: link, title, department, places, pay and the type line', async () => {
    const http = new FakeHttp().on(URL, ok(PAGE));
    const result = await kulaConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([URL]);
    expect(result).to.deep.equal({
      endpoint: URL,
      postings: [
        {
          nativeId: '25755',
          title: 'Equipment Engineer',
          url: job('25755'),
          sourceEndpoint: URL,
          locations: [{ text: 'Addison, Texas, United States' }],
          department: 'Process Engineering',
          employmentTypes: ['Full Time'],
          workplaceType: 'On-Site',
          salary: { min: 96000, max: 120000, currency: 'USD', periodRaw: 'year' },
        },
        {
          nativeId: '25805',
          title: 'Full-Stack Software Engineer',
          url: job('25805'),
          sourceEndpoint: URL,
          // The card lists three places and "+ 2 locations": the two are on the job page only.
          locations: [
            { text: 'Santa Clara, California, United States' },
            { text: 'Addison, Texas, United States' },
            { text: 'Indianapolis, Indiana, United States' },
          ],
          department: 'Software',
          employmentTypes: ['Full Time'],
          workplaceType: 'Hybrid',
          salary: { min: 168000, max: 210000, currency: 'USD', periodRaw: 'year' },
        },
        {
          nativeId: '29337',
          title: 'Senior Mechanical Engineer',
          url: job('29337'),
          sourceEndpoint: URL,
          locations: [{ text: 'New York, United States' }],
          department: 'Mechanical Engineering',
          employmentTypes: ['Full Time'],
          workplaceType: 'Hybrid',
          salary: { min: 150000, max: 200000, currency: 'USD', periodRaw: 'year' },
        },
      ],
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('tells the facts apart by content, not by place (cards constructed from the recorded one)', async () => {
    const card = firstCard();
    const pay = factStack('USD');
    const type = factStack('Full Time');
    const place = factStack('Addison');
    const cards = [
      // No pay: the places and the type line are still read as such.
      card.replace(pay, '').replace('/25755"', '/1"'),
      // The type line first, the pay before the places.
      card.replace(place + pay + type, type + pay + place).replace('/25755"', '/2"'),
      // No places: nothing is taken for one.
      card.replace(place, '').replace('/25755"', '/3"'),
      // No department badge.
      card.replace(/<span class="css-1ct3vlm">.*?<\/span><\/span>/, '').replace('/25755"', '/4"'),
    ];
    const [noPay, reordered, noPlace, noBadge] = (
      await kulaConnector.crawl(BOARD, new FakeHttp().on(URL, page(...cards)))
    ).postings;
    expect(noPay).to.deep.include({
      locations: [{ text: 'Addison, Texas, United States' }],
      workplaceType: 'On-Site',
    });
    expect(noPay).not.to.have.property('salary');
    expect(reordered).to.deep.include({
      locations: [{ text: 'Addison, Texas, United States' }],
      employmentTypes: ['Full Time'],
      salary: { min: 96000, max: 120000, currency: 'USD', periodRaw: 'year' },
    });
    expect(noPlace).to.deep.include({ locations: [], workplaceType: 'On-Site' });
    expect(noBadge).to.deep.include({ title: 'Equipment Engineer' });
    expect(noBadge).not.to.have.property('department');
  });

  it('skips cards without a job link of the board, and fails when no card is readable', async () => {
    const card = firstCard();
    const mixed = await kulaConnector.crawl(
      BOARD,
      new FakeHttp().on(
        URL,
        page(card, card.replace('/precision-neuroscience/25755', '/other-company/25755')),
      ),
    );
    expect(mixed.postings.map((p) => p.nativeId)).to.deep.equal(['25755']);

    const changed = [
      // Cards whose links changed (to the job's apply form): nothing readable.
      page(card.replace('/precision-neuroscience/25755"', '/precision-neuroscience/25755/apply"')).text,
      // Another page: no cards and no "no jobs" notice (a throttle or interstitial page).
      '<!DOCTYPE html><html><body><h1>Too many requests</h1></body></html>',
    ];
    for (const text of changed) {
      const error = await kulaConnector
        .crawl(BOARD, new FakeHttp().on(URL, { text }))
        .catch((e: unknown) => e);
      expect(error, text.slice(0, 60)).to.be.instanceOf(UnexpectedResponseError);
    }
  });

  it('returns an empty board for a page that says there are no open positions (constructed page)', async () => {
    const empty =
      '<!DOCTYPE html><html><body><p class="chakra-text">There are no open positions right now.</p></body></html>';
    const result = await kulaConnector.crawl(BOARD, new FakeHttp().on(URL, { text: empty }));
    expect(result.postings).to.deep.equal([]);
  });

  it('uses the override for the page and keeps public URLs on careers.kula.ai', async () => {
    const base = 'http://127.0.0.1:4010/demo/kula/2';
    const http = new FakeHttp().on(`${base}/precision-neuroscience`, ok(PAGE));
    const result = await kulaConnector.crawl({ ...BOARD, endpointOverride: base }, http);
    expect(result.endpoint).to.equal(`${base}/precision-neuroscience`);
    expect(result.postings[0]).to.deep.include({ url: job('25755'), sourceEndpoint: result.endpoint });
  });

  it('reports 404 as BoardNotFoundError and refuses unsafe slugs', async () => {
    const error = await kulaConnector
      .crawl(BOARD, new FakeHttp().on(URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    const unsafe = await kulaConnector
      .crawl({ source: 'kula', slug: '../admin' }, new FakeHttp())
      .catch((e: unknown) => e);
    expect(String(unsafe)).to.include('Invalid kula board slug');
  });
});
