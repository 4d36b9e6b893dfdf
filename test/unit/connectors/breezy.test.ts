import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { breezyConnector, parseBreezyPosition } from '../../../src/ingest/connectors/breezy.js';
import { BoardNotFoundError, type BoardRef, type SourcePosting } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'breezy', slug: 'breezy' };
const LIST_URL = 'https://breezy.breezy.hr/json?verbose=true';

describe('breezy connector', () => {
  it('maps positions without following redirects; salary is display text', async () => {
    const http = new FakeHttp().on(LIST_URL, ok('breezy/breezy-trial-board-json-2.json'));
    const result = await breezyConnector.crawl(BOARD, http);

    expect(http.requests).to.deep.equal([{ url: LIST_URL, method: 'GET', followRedirects: false }]);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '98323abf2296',
      title: 'Employee #12',
      url: 'https://breezy.breezy.hr/p/98323abf2296-employee-12',
      sourceEndpoint: LIST_URL,
      organization: 'MS Breezy Trial',
      locations: [
        { text: 'Chaos, FL', city: 'Chaos', region: 'Florida', country: 'United States', countryCode: 'US' },
      ],
      postedAt: '2024-02-15T14:37:22.684Z',
      department: 'Does Not Matter',
      employmentTypes: ['Other'],
      remote: false,
      salary: { text: '$0.05 – $0.06 / hour' },
    });
    // `locations: []` falls back to `location`, which has no is_remote flag.
    expect(result.postings[1]?.locations).to.deep.equal([
      {
        text: 'New York, NY',
        city: 'New York',
        region: 'New York',
        country: 'United States',
        countryCode: 'US',
      },
    ]);
    expect(result.postings[1]).not.to.have.property('remote');
    expect(result.postings[1]).not.to.have.property('descriptionHtml');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads the 302 to breezy.hr as BoardNotFoundError', async () => {
    const http = new FakeHttp().on(LIST_URL, status(302, '', { location: 'https://breezy.hr/' }));
    const error = await breezyConnector.crawl(BOARD, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
    expect(error).to.have.property('signal').that.matches(/302/);
  });

  it('does not read other redirects as a missing board', async () => {
    const http = new FakeHttp().on(LIST_URL, status(301, '', { location: 'https://breezy.breezy.hr/json/' }));
    const error = await breezyConnector.crawl(BOARD, http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
  });
  it("reads the primary place's remote_details as the workplace (a real board of the labelled set)", () => {
    const byId = labelledBoard('ssg-corp');
    expect(byId.get('5a4de9273eb1')).to.deep.include({ workplaceType: 'hybrid', remote: true });
    expect(byId.get('65fef260f81c')).to.deep.include({ workplaceType: 'remote-location', remote: true });
    expect(byId.get('5958b9530413')).not.to.have.property('workplaceType');
    // remote_details beside is_remote false (a temporary on-site job of the same board): not the arrangement.
    expect(byId.get('26d87665a903')).to.deep.include({ remote: false, employmentTypes: ['Temporary'] });
    expect(byId.get('26d87665a903')).not.to.have.property('workplaceType');
  });

  it("reads the employment type from type.id, in English whatever the tenant's language", () => {
    const [position] = [...labelledBoard('ssg-corp').values()];
    expect(position?.employmentTypes).to.deep.equal(['Full-Time']);
    const german = parseBreezyPosition(
      {
        id: 'x1',
        name: 'Werkstudent',
        url: 'https://acme.breezy.hr/p/x1',
        type: { id: 'partTime', name: 'Teilzeit' },
        location: { name: 'Berlin' },
      },
      LIST_URL,
    );
    expect(german?.employmentTypes).to.deep.equal(['Part-Time']);
  });

  it("reads a position's description when the board's answer carries one (a real board of the labelled set)", () => {
    const internship = labelledBoard('german-american-chambers-of-commerce').get('dcc694c6b681');
    expect(internship?.descriptionHtml).to.include('GTAI is covering the J1 visa processing fee.');
  });
});

/** The positions of a Breezy board recorded in the labelled set, parsed, by native id. */
function labelledBoard(slug: string): Map<string | undefined, SourcePosting | undefined> {
  const positions = JSON.parse(
    readFileSync(
      `test/fixtures/labelled/wave2/raw/breezy/sarthakjain004__headstart__breezy_${slug}.json`,
      'utf8',
    ),
  ) as unknown[];
  return new Map(
    positions.map((raw) => {
      const posting = parseBreezyPosition(raw, `https://${slug}.breezy.hr/json`);
      return [posting?.nativeId, posting] as const;
    }),
  );
}
