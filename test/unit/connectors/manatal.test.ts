import { expect } from 'chai';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { manatalConnector } from '../../../src/ingest/connectors/manatal.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const API = 'https://www.careers-page.com/api/v1.0/c';
const listUrl = (slug: string, page = 1): string =>
  page === 1 ? `${API}/${slug}/jobs/` : `${API}/${slug}/jobs/?page=${page}`;
const board = (slug: string): BoardRef => ({ source: 'manatal', slug });

const CASTELION = 'castelion-corporation';
const PAGE1 = 'manatal/castelion-careers-page-jobs-page1-10-of-137.json';
const PAGE2 = 'manatal/castelion-careers-page-jobs-page2-10-of-137.json';

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Record<string, unknown>[];
}
const parsed = (file: string): Page => JSON.parse(fixture(file)) as Page;

describe('manatal connector', () => {
  it('maps a one-page board: built public URL, visible salary only, empty location omitted', async () => {
    const http = new FakeHttp().on(
      listUrl('ghostwerks-llc'),
      ok('manatal/ghostwerks-careers-page-jobs-6.json'),
    );
    const result = await manatalConnector.crawl(board('ghostwerks-llc'), http);

    expect(http.urls).to.deep.equal([listUrl('ghostwerks-llc')]);
    expect(result.endpoint).to.equal(listUrl('ghostwerks-llc'));
    expect(result.postings).to.have.length(6);
    const technician = result.postings.find((p) => p.nativeId === '3419131');
    expect(technician).to.deep.include({
      nativeId: '3419131',
      title: 'Engineering Technician',
      url: 'https://www.careers-page.com/ghostwerks-llc/job/5WW46353',
      sourceEndpoint: listUrl('ghostwerks-llc'),
      locations: [
        {
          text: 'Wharton, New Jersey, United States',
          city: 'Wharton',
          region: 'New Jersey',
          country: 'United States',
        },
      ],
      salary: { min: 60000, max: 85000, currency: 'USD' },
    });
    expect(technician?.descriptionHtml).to.match(/^<h1>Engineer Technician Job Description <\/h1><ul>/);
    const hidden = result.postings.filter((p) => p.nativeId !== '3419131');
    for (const p of hidden) expect(p).not.to.have.property('salary');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it("reads a legacy row's contract_details and is_remote when present (a recording of the labelled set)", async () => {
    const legacy = '../labelled/wave2/raw/manatal/sarthakjain004__headstart__manatal_legacy.json';
    const { postings } = await manatalConnector.crawl(
      board('manatal'),
      new FakeHttp().on(listUrl('manatal'), ok(legacy)),
    );
    const internship = postings.find((p) => p.nativeId === '1333846');
    expect(internship?.title).to.equal('Business Development Internship (12PM - 9PM)');
    expect(internship?.employmentTypes).to.deep.equal(['full_time']);
    // is_remote null there: no flag.
    expect(internship).to.not.have.property('remote');
    // The careers-page rows have neither.
    const current = await manatalConnector.crawl(
      board('ghostwerks-llc'),
      new FakeHttp().on(listUrl('ghostwerks-llc'), ok('manatal/ghostwerks-careers-page-jobs-6.json')),
    );
    for (const p of current.postings) expect(p).to.not.have.any.keys('employmentTypes', 'remote');
  });

  it('leaves out a location the employer left blank', async () => {
    const http = new FakeHttp().on(listUrl('calqulate'), ok('manatal/calqulate-careers-page-jobs-10.json'));
    const result = await manatalConnector.crawl(board('calqulate'), http);
    expect(result.postings).to.have.length(10);
    const contractor = result.postings.find((p) => p.nativeId === '3683586');
    expect(contractor).to.deep.include({ title: 'Business Development Associate', locations: [] });
    expect(contractor?.descriptionHtml).to.include(
      '<strong>Business Development Associate | Luxury Travel</strong>',
    );
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('walks the recorded pages by their next links, each posting with the page it came from', async () => {
    const last = { ...parsed(PAGE2), next: null };
    const http = new FakeHttp().on(listUrl(CASTELION), ok(PAGE1)).on(listUrl(CASTELION, 2), json(last));
    const result = await manatalConnector.crawl(board(CASTELION), http);

    expect(http.urls).to.deep.equal([listUrl(CASTELION), listUrl(CASTELION, 2)]);
    expect(result.postings).to.have.length(20);
    expect(result.postings[0]).to.deep.include({
      nativeId: '3164048',
      title: 'Automation and Controls Engineer',
      url: 'https://www.careers-page.com/castelion-corporation/job/RY6X46WX',
      sourceEndpoint: listUrl(CASTELION),
    });
    // "40.00"–"50.00" with no period field: amounts and currency only.
    expect(result.postings.find((p) => p.nativeId === '3880458')?.salary).to.deep.equal({
      min: 40,
      max: 50,
      currency: 'USD',
    });
    expect(result.postings.find((p) => p.nativeId === '2698374')).to.deep.include({
      sourceEndpoint: listUrl(CASTELION, 2),
      salary: { min: 110000, max: 150000, currency: 'USD' },
    });
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('follows next onto the override base and stops when next is null', async () => {
    const base = 'http://127.0.0.1:4010/demo/manatal/3';
    const overridden: BoardRef = { ...board(CASTELION), endpointOverride: base };
    const url = (page: number): string =>
      `${base}/api/v1.0/c/${CASTELION}/jobs/${page === 1 ? '' : `?page=${page}`}`;
    const end = { count: 137, next: null, previous: listUrl(CASTELION, 2), results: [] };
    const http = new FakeHttp().on(url(1), ok(PAGE1)).on(url(2), ok(PAGE2)).on(url(3), json(end));
    const result = await manatalConnector.crawl(overridden, http);
    expect(http.urls).to.deep.equal([url(1), url(2), url(3)]);
    expect(result.endpoint).to.equal(url(1));
    expect(result.postings).to.have.length(20);
  });

  it('returns an empty board for an empty envelope', async () => {
    const empty = { count: 0, next: null, previous: null, results: [] };
    const result = await manatalConnector.crawl(
      board('calqulate'),
      new FakeHttp().on(listUrl('calqulate'), json(empty)),
    );
    expect(result.postings).to.deep.equal([]);
  });

  it('reports a 404 on the first page as BoardNotFoundError', async () => {
    const gone = status(404, '{"detail":"No ClientPortalSettings matches the given query."}');
    const error = await manatalConnector
      .crawl(board('calqulate'), new FakeHttp().on(listUrl('calqulate'), gone))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });

  it('fails the crawl, never reports the board gone, when a later page is 404', async () => {
    const http = new FakeHttp()
      .on(listUrl(CASTELION), ok(PAGE1))
      .on(listUrl(CASTELION, 2), status(404, '{"detail":"Invalid page."}'));
    const error = await manatalConnector.crawl(board(CASTELION), http).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
  });

  it('rejects a changed shape and a next link that does not advance', async () => {
    const shapes = [
      json({ count: 3, jobs: [] }),
      { text: '<!doctype html><html><body>careers</body></html>' },
      json({ ...parsed(PAGE1), next: listUrl(CASTELION) }),
      json({ ...parsed(PAGE1), next: `${API}/${CASTELION}/jobs/?page=1` }),
    ];
    for (const body of shapes) {
      const error = await manatalConnector
        .crawl(board(CASTELION), new FakeHttp().on(listUrl(CASTELION), body))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnexpectedResponseError);
    }
  });
});
