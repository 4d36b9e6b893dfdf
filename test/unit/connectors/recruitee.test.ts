import { expect } from 'chai';
import { recruiteeConnector } from '../../../src/ingest/connectors/recruitee.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, json, ok, status, undefinedKeys } from './fake-http.js';

const AIKIDO: BoardRef = { source: 'recruitee', slug: 'aikidosecurity' };
const AIKIDO_URL = 'https://aikidosecurity.recruitee.com/api/offers/';

describe('recruitee connector', () => {
  it('maps offers: "… UTC" timestamps, all-null salary omitted, workplace flags, locations[]', async () => {
    const http = new FakeHttp().on(AIKIDO_URL, ok('recruitee/aikidosecurity-offers-3.json'));
    const result = await recruiteeConnector.crawl(AIKIDO, http);

    expect(http.urls).to.deep.equal([AIKIDO_URL]);
    const [telAviv, , chicago] = result.postings;
    expect(telAviv).to.deep.include({
      nativeId: '2707521',
      title: 'Customer Success Engineer Tel Aviv',
      url: 'https://aikidosecurity.recruitee.com/o/customer-success-engineer-tel-aviv',
      sourceEndpoint: AIKIDO_URL,
      organization: 'Aikido Security',
      postedAt: '2026-08-11T20:45:29.000Z',
      updatedAt: '2026-08-11T20:45:29.000Z',
      department: 'Sales',
      employmentTypes: ['fulltime_permanent'],
      workplaceType: 'remote',
      remote: true,
      experience: 'mid_level',
      locations: [
        { text: 'Tel Aviv', city: 'Tel Aviv', region: 'Tel Aviv', country: 'Israel', countryCode: 'IL' },
      ],
    });
    // `salary: {min: null, max: null, period: null, currency: null}` and `close_at: null`.
    expect(telAviv).not.to.have.property('salary');
    expect(telAviv).not.to.have.property('validThrough');
    // String amounts become numbers; the implausible yearly 75–95 is passed on as published.
    expect(chicago?.salary).to.deep.equal({ min: 75, max: 95, currency: 'USD', periodRaw: 'year' });
    expect(chicago?.workplaceType).to.equal('on_site');
    expect(chicago?.postedAt).to.equal('2026-08-10T15:13:59.000Z');
    // description, then requirements.
    expect(chicago?.descriptionHtml).to.match(/^<p>🌍 We’re taking on the crusty global cyber market/);
    expect(chicago?.descriptionHtml).to.include(
      '<ul><li><p>Strong organizational and time management skills',
    );
    // Every careers_url is on aikidosecurity.recruitee.com, Recruitee's host: no company address.
    expect(result).not.to.have.property('companyUrls');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads a custom careers domain through the override: hybrid flag, string salary amounts', async () => {
    const board: BoardRef = { source: 'recruitee', slug: 'acme', endpointOverride: 'https://jobs.acme.com' };
    const url = 'https://jobs.acme.com/api/offers/';
    const { postings, companyUrls } = await recruiteeConnector.crawl(
      board,
      new FakeHttp().on(url, ok('recruitee/offers-2-employer-redacted.json')),
    );

    // Both careers_url values are `https://jobs.acme.com/o/{offer}`: the custom careers site, once.
    expect(companyUrls).to.deep.equal(['https://jobs.acme.com']);

    expect(postings[0]).to.deep.include({
      nativeId: '2700825',
      url: 'https://jobs.acme.com/o/senior-financial-accountant-fmd-berlinbrandenburg-region-germany',
      sourceEndpoint: url,
      organization: 'Acme',
      workplaceType: 'hybrid',
      remote: false,
      salary: { min: 60000, max: 75000, currency: 'EUR', periodRaw: 'year' },
      postedAt: '2026-08-05T10:10:39.000Z',
      locations: [
        { text: 'Berlin', city: 'Berlin', region: 'Berlin', country: 'Germany', countryCode: 'DE' },
      ],
    });
    expect(postings[1]?.locations[0]?.text).to.equal('Germany/Remote');
  });

  it('reads hybrid and on-site set together as hybrid, and other pairs as nothing definite', async () => {
    // A real board of the labelled set: offer 2767886 sets both ("Chesapeake, VA Hybrid").
    const url = 'https://board.recruitee.com/api/offers/';
    const { postings } = await recruiteeConnector.crawl(
      { source: 'recruitee', slug: 'board' },
      new FakeHttp().on(
        url,
        ok('../labelled/wave2/raw/recruitee/Aaronearlerichardson__Jobs__recruitee_board.json'),
      ),
    );
    const both = postings.find((p) => p.nativeId === '2767886');
    expect(both?.workplaceType).to.equal('hybrid');
    // Constructed offers for the other combinations.
    const offer = (flags: Record<string, boolean>) => ({
      offers: [{ id: 1, title: 'Analyst', careers_url: 'https://board.recruitee.com/o/analyst', ...flags }],
    });
    for (const [flags, expected] of [
      [{ remote: true, on_site: true }, undefined],
      [{ remote: true, hybrid: true, on_site: true }, undefined],
      [{ remote: true }, 'remote'],
    ] as const) {
      const read = await recruiteeConnector.crawl(
        { source: 'recruitee', slug: 'board' },
        new FakeHttp().on(url, json(offer(flags))),
      );
      expect(read.postings[0]?.workplaceType, JSON.stringify(flags)).to.equal(expected);
    }
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await recruiteeConnector
      .crawl(AIKIDO, new FakeHttp().on(AIKIDO_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });
});
