import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { bambooHrConnector, parseBambooHrJob } from '../../../src/ingest/connectors/bamboohr.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'bamboohr', slug: 'acme' };
const LIST_URL = 'https://acme.bamboohr.com/careers/list';

describe('bamboohr connector', () => {
  it('maps the careers list: string ids, built URL, null fields omitted', async () => {
    const http = new FakeHttp().on(LIST_URL, ok('bamboohr/careers-list-2-of-3.json'));
    const result = await bambooHrConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([LIST_URL]);
    // meta.totalCount says 3 but the recorder kept 2: the list is what counts.
    expect(result.postings).to.have.length(2);
    expect(result.postings[0]).to.deep.equal({
      nativeId: '86',
      title: 'Nurse Paralegal',
      url: 'https://acme.bamboohr.com/careers/86',
      sourceEndpoint: LIST_URL,
      locations: [{ city: 'Fort Lauderdale', region: 'Florida' }],
      department: 'Legal',
      employmentTypes: ['Full Time'],
      // locationType "0": in office (see the next test for the evidence).
      workplaceType: 'on_site',
    });
    // "Marketing " trimmed; `employmentType: null`, `isRemote: null`, all-null atsLocation omitted.
    expect(result.postings[1]).to.deep.include({ department: 'Marketing', employmentTypes: ['Internship'] });
    expect(result.postings[1]).not.to.have.property('remote');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it("reads locationType as BambooHR's own widget shows it: 2 hybrid, 1 remote, 0 in office (real recordings)", () => {
    // sarthakjain004/headstart recorded one board twice: the JSON list (locationType codes) and the
    // careers widget, which prints "Egham, Surrey (Hybrid)" for Motor Claims Handler only.
    const dir = 'test/fixtures/labelled/wave2/raw/bamboohr';
    const widget = readFileSync(`${dir}/sarthakjain004__headstart__bamboohr_widget.html`, 'utf8');
    expect(widget).to.match(/Motor Claims Handler<\/a>[\s\S]*?Egham, Surrey \(Hybrid\)/);
    const details = JSON.parse(
      readFileSync(`${dir}/sarthakjain004__headstart__bamboohr_details.json`, 'utf8'),
    ) as unknown;
    const entries: unknown[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (typeof node === 'object' && node !== null) {
        if ('locationType' in node) entries.push({ ...node, id: '1' });
        Object.values(node).forEach(walk);
      }
    };
    walk(details);
    const byTitle = new Map(
      entries.flatMap((entry) => {
        const posting = parseBambooHrJob(entry, 'https://x.bamboohr.com', 'list');
        return posting === undefined ? [] : [[posting.title.trim(), posting.workplaceType]];
      }),
    );
    expect(byTitle.get('Motor Claims Handler')).to.equal('hybrid');
    expect(byTitle.get('Country Manager, US')).to.equal('remote');
    expect(byTitle.get('Van Drivers Wanted')).to.equal('on_site');
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await bambooHrConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const http = new FakeHttp().on(
      'http://127.0.0.1:4010/careers/list',
      ok('bamboohr/careers-list-2-of-3.json'),
    );
    const result = await bambooHrConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010' },
      http,
    );
    expect(result.postings[0]?.url).to.equal('https://acme.bamboohr.com/careers/86');
  });
});
