import { expect } from 'chai';
import { workableConnector } from '../../../src/ingest/connectors/workable.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const url = (slug: string): string =>
  `https://apply.workable.com/api/v1/widget/accounts/${slug}?details=true`;
const board = (slug: string): BoardRef => ({ source: 'workable', slug });

describe('workable connector', () => {
  it('maps the v1 widget with details: shortcode id, telecommuting, date-only published_on, HTML', async () => {
    const http = new FakeHttp().on(url('workable'), ok('workable/workable-own-widget-details-1.json'));
    const result = await workableConnector.crawl(board('workable'), http);

    expect(http.urls).to.deep.equal([url('workable')]);
    expect(result.boardName).to.equal('Workable');
    // The widget envelope is {name, description, jobs}: no website field (a link inside the
    // description HTML is prose, not a published company address).
    expect(result).not.to.have.property('companyUrls');
    const [job] = result.postings;
    expect(job).to.deep.include({
      nativeId: '401786A940',
      title: 'Implementation Manager',
      url: 'https://apply.workable.com/j/401786A940',
      sourceEndpoint: url('workable'),
      postedAt: '2026-06-22T00:00:00.000Z',
      department: 'Operations',
      employmentTypes: ['Full-time'],
      remote: false,
      experience: 'Mid-Senior level',
      locations: [{ city: 'Boston', region: 'Massachusetts', country: 'United States', countryCode: 'US' }],
    });
    expect(job?.descriptionHtml).to.match(/^<p>Workable is an all-in-one HR platform/);
    expect(job).not.to.have.property('salary');
    expect(job).not.to.have.property('workplaceType');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('reads the widget without details: no description, hidden locations left out, empty strings omitted', async () => {
    const http = new FakeHttp().on(url('huggingface'), ok('workable/huggingface-widget-3-no-details.json'));
    const { postings, boardName } = await workableConnector.crawl(board('huggingface'), http);

    expect(boardName).to.equal('Hugging Face');
    expect(postings.map((p) => p.nativeId)).to.deep.equal(['F4C096B22E', '19A136F8E2', '0BD8C06DB3']);
    const [emea, us, wildCard] = postings;
    // The only location (Paris) is hidden on the job page: not published as the job's location.
    expect(emea?.locations).to.deep.equal([]);
    expect(emea?.remote).to.equal(true);
    expect(us?.locations).to.deep.equal([
      { city: 'New York', region: 'New York', country: 'United States', countryCode: 'US' },
    ]);
    expect(us).not.to.have.property('experience');
    expect(wildCard?.locations).to.deep.equal([{ country: 'United States', countryCode: 'US' }]);
    expect(wildCard?.postedAt).to.equal('2024-10-17T00:00:00.000Z');
    for (const posting of postings) expect(posting).not.to.have.property('descriptionHtml');
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await workableConnector
      .crawl(board('nope'), new FakeHttp().on(url('nope'), status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const overridden = 'http://localhost:4010/workable/api/v1/widget/accounts/huggingface?details=true';
    const http = new FakeHttp().on(overridden, ok('workable/huggingface-widget-3-no-details.json'));
    const result = await workableConnector.crawl(
      { ...board('huggingface'), endpointOverride: 'http://localhost:4010/workable' },
      http,
    );
    expect(result.endpoint).to.equal(overridden);
  });
});
