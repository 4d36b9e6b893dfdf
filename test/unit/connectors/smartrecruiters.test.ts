import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  createSmartRecruitersConnector,
  parseSmartRecruitersPosting,
  smartRecruitersConnector,
} from '../../../src/ingest/connectors/smartrecruiters.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const API = 'https://api.smartrecruiters.com/v1/companies';
const WD: BoardRef = { source: 'smartrecruiters', slug: 'WesternDigital' };
const list = (slug: string, offset: number): string => `${API}/${slug}/postings?limit=100&offset=${offset}`;
const detail = (slug: string, id: string): string => `${API}/${slug}/postings/${id}`;
const WD_IDS = ['744000141247940', '744000141229015', '744000141229499'];

describe('smartrecruiters connector', () => {
  it('stops after one page when totalFound is reached', async () => {
    const http = new FakeHttp().on(
      list('WesternDigital', 0),
      ok('smartrecruiters/westerndigital-postings-list-3.json'),
    );
    await createSmartRecruitersConnector({ details: false }).crawl(WD, http);
    expect(http.urls).to.deep.equal([list('WesternDigital', 0)]);
  });

  it('maps list entries (details off): lower-case country, built URL, labels', async () => {
    const http = new FakeHttp().on(
      list('WesternDigital', 0),
      ok('smartrecruiters/westerndigital-postings-list-3.json'),
    );
    const result = await createSmartRecruitersConnector({ details: false }).crawl(WD, http);

    expect(http.urls).to.deep.equal([list('WesternDigital', 0)]);
    expect(result.postings.map((p) => p.nativeId)).to.deep.equal(WD_IDS);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '744000141247940',
      title: '環境・安全衛生マネージャー (Environmental Health & Safety Manager)',
      url: 'https://jobs.smartrecruiters.com/WesternDigital/744000141247940',
      sourceEndpoint: list('WesternDigital', 0),
      organization: 'Western Digital',
      locations: [
        {
          text: 'Fujisawa, Kanagawa, Japan',
          city: 'Fujisawa',
          region: 'Kanagawa',
          countryCode: 'JP',
          lat: 35.3391654,
          lng: 139.49014,
        },
      ],
      postedAt: '2026-08-03T12:14:04.401Z',
      employmentTypes: ['Full-time'],
      remote: false,
      experience: 'Associate',
      language: 'en',
      requisitionId: 'REF33122V',
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('fetches the detail of every posting and keeps the list entry when a detail is gone', async () => {
    const http = new FakeHttp().on(
      list('WesternDigital', 0),
      ok('smartrecruiters/westerndigital-postings-list-3.json'),
    );
    for (const id of WD_IDS) http.on(detail('WesternDigital', id), status(404));
    const result = await smartRecruitersConnector.crawl(WD, http);
    expect(http.urls).to.deep.equal([
      list('WesternDigital', 0),
      ...WD_IDS.map((id) => detail('WesternDigital', id)),
    ]);
    expect(result.postings.map((p) => p.sourceEndpoint)).to.deep.equal(
      WD_IDS.map(() => list('WesternDigital', 0)),
    );
  });

  it('reads jobAd sections and compensation from the detail, with the detail URL as source endpoint', async () => {
    const raw = JSON.parse(
      fixture('smartrecruiters/westerndigital-posting-detail-jobad-compensation.json'),
    ) as {
      id: string;
    };
    // The recorded list holds other postings: serve a one-entry list page for the recorded detail.
    const page = { offset: 0, limit: 100, totalFound: 1, content: [{ id: raw.id, name: 'list title' }] };
    const detailUrl = detail('WesternDigital', raw.id);
    const http = new FakeHttp()
      .on(list('WesternDigital', 0), json(page))
      .on(detailUrl, ok('smartrecruiters/westerndigital-posting-detail-jobad-compensation.json'));
    const [posting] = (await smartRecruitersConnector.crawl(WD, http)).postings;

    expect(posting).to.deep.include({
      nativeId: '744000140949875',
      title: 'Summer 2027 Intern - Hardware Engineering',
      url: 'https://jobs.smartrecruiters.com/WesternDigital/744000140949875',
      sourceEndpoint: detailUrl,
      salary: { min: 34, max: 47, currency: 'USD', periodRaw: 'HOURLY' },
      workplaceType: 'hybrid',
      remote: false,
      employmentTypes: ['Intern'],
      experience: 'Internship',
      postedAt: '2026-07-31T15:44:17.247Z',
    });
    expect(posting?.locations[0]).to.deep.include({ city: 'San Jose', region: 'CA', countryCode: 'US' });
    const html = posting?.descriptionHtml ?? '';
    expect(html).to.match(/^<h3>Company Description<\/h3>\n<p>WD is building/);
    for (const heading of ['Job Description', 'Qualifications', 'Additional Information']) {
      expect(html).to.include(`<h3>${heading}</h3>`);
    }
    expect(posting).not.to.have.property('expired');
  });

  it('pages with limit=100, advancing the offset by the postings served, until totalFound', async () => {
    const first = JSON.parse(fixture('smartrecruiters/westerndigital-postings-list-3.json')) as Record<
      string,
      unknown
    >;
    const second = JSON.parse(fixture('smartrecruiters/knight-postings-list-1.json')) as Record<
      string,
      unknown
    >;
    // Recorded pages with totalFound raised in memory so the board spans several (short) pages.
    const http = new FakeHttp()
      .on(list('WesternDigital', 0), json({ ...first, totalFound: 250 }))
      .on(list('WesternDigital', 3), json({ ...second, offset: 3, totalFound: 250 }))
      .on(list('WesternDigital', 4), json({ offset: 4, limit: 100, totalFound: 250, content: [] }));
    const result = await createSmartRecruitersConnector({ details: false }).crawl(WD, http);

    expect(http.urls).to.deep.equal([
      list('WesternDigital', 0),
      list('WesternDigital', 3),
      list('WesternDigital', 4),
    ]);
    expect(result.endpoint).to.equal(list('WesternDigital', 0));
    expect(result.postings).to.have.length(4);
    const knight = result.postings[3];
    expect(knight).to.deep.include({
      nativeId: '743999671674844',
      // The double space is the source's.
      title: 'CNA  / LPN - Consistent Hours. Start Next Week.',
      postedAt: '2018-06-08T02:11:28.000Z',
      sourceEndpoint: list('WesternDigital', 3),
      employmentTypes: ['Part-time'],
      experience: 'Not Applicable',
    });
    expect(knight?.locations).to.deep.equal([
      { text: 'St. Louis, MO, United States', city: 'St. Louis', region: 'MO', countryCode: 'US' },
    ]);
  });

  it('says the walk was truncated when its page guard stops it short of totalFound', async () => {
    const page = JSON.parse(fixture('smartrecruiters/westerndigital-postings-list-3.json')) as Record<
      string,
      unknown
    >;
    // The recorded page with totalFound raised in memory: a board larger than the guard lets through.
    const http = new FakeHttp()
      .on(list('WesternDigital', 0), json({ ...page, totalFound: 24556 }))
      .on(list('WesternDigital', 3), json({ ...page, offset: 3, totalFound: 24556 }));
    const guarded = createSmartRecruitersConnector({ details: false, maxPages: 2 });
    const result = await guarded.crawl(WD, http);
    expect(result.postings).to.have.length(6);
    expect(result.truncated).to.equal('2 pages read, 6 of 24556 postings');
    // A walk that reaches totalFound says nothing of the kind.
    const whole = await createSmartRecruitersConnector({ details: false }).crawl(
      WD,
      new FakeHttp().on(list('WesternDigital', 0), ok('smartrecruiters/westerndigital-postings-list-3.json')),
    );
    expect(whole).not.to.have.property('truncated');
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await smartRecruitersConnector
      .crawl(WD, new FakeHttp().on(list('WesternDigital', 0), status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const base = 'http://127.0.0.1:4010/sr';
    const http = new FakeHttp().on(
      `${base}/v1/companies/knight/postings?limit=100&offset=0`,
      ok('smartrecruiters/knight-postings-list-1.json'),
    );
    const result = await createSmartRecruitersConnector({ details: false }).crawl(
      { source: 'smartrecruiters', slug: 'knight', endpointOverride: base },
      http,
    );
    expect(result.postings[0]?.url).to.equal('https://jobs.smartrecruiters.com/knight/743999671674844');
  });

  it("reads the schedule a tenant keeps in a custom field (Bosch's part-time working students, a real list of the labelled set)", () => {
    const page = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/smartrecruiters/mmerterdogan__is-radari__smartrecruiters_list.json',
        'utf8',
      ),
    ) as { content: unknown[] };
    const postings = page.content.map((entry) => parseSmartRecruitersPosting(entry, 'BoschGroup', API));
    const student = postings.find((posting) => posting?.nativeId === '744000150288679');
    expect(student?.employmentTypes).to.deep.equal(['Intern', 'Part-time']);
    // The same schedule in both places is one value.
    expect(
      postings.find((posting) => posting?.nativeId === '744000149828899')?.employmentTypes,
    ).to.deep.equal(['Part-time']);
  });
});
