import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { bambooHrConnector, parseBambooHrJob } from '../../../src/ingest/connectors/bamboohr.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'bamboohr', slug: 'acme' };
const LIST_URL = 'https://acme.bamboohr.com/careers/list';
const LIST = 'bamboohr/careers-list-2-of-3.json';

/** The recorded list; its jobs' details unrecorded (gone: 404). */
function listOnly(base = 'https://acme.bamboohr.com'): FakeHttp {
  return new FakeHttp()
    .on(`${base}/careers/list`, ok(LIST))
    .on(`${base}/careers/86/detail`, status(404))
    .on(`${base}/careers/87/detail`, status(404));
}

describe('bamboohr connector', () => {
  it('maps the careers list: string ids, built URL, null fields omitted', async () => {
    const http = listOnly();
    const result = await bambooHrConnector.crawl(BOARD, http);

    expect(http.urls).to.deep.equal([
      LIST_URL,
      'https://acme.bamboohr.com/careers/86/detail',
      'https://acme.bamboohr.com/careers/87/detail',
    ]);
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

  it('reads each job’s detail: description, posting date, pay text, experience, country, status (real list and detail of one board)', async () => {
    // mwegter95/mw-backend recorded collectivemeasures' list and the detail of job 214
    // (test/fixtures/labelled/wave2/SOURCES-smb.md); the other jobs' details are unrecorded (404).
    const dir = 'test/fixtures/labelled/wave2/raw/bamboohr';
    const board: BoardRef = { source: 'bamboohr', slug: 'collectivemeasures' };
    const base = 'https://collectivemeasures.bamboohr.com';
    const http = new FakeHttp()
      .on(`${base}/careers/list`, {
        text: readFileSync(`${dir}/mwegter95__mw-backend__bamboohr_list.json`, 'utf8'),
      })
      .on(`${base}/careers/214/detail`, {
        text: readFileSync(`${dir}/mwegter95__mw-backend__bamboohr_detail.json`, 'utf8'),
      });
    for (const id of ['312', '313', '314']) http.on(`${base}/careers/${id}/detail`, status(404));
    const result = await bambooHrConnector.crawl(board, http);

    expect(http.requests.find((r) => r.url.endsWith('/214/detail'))).to.deep.equal({
      url: `${base}/careers/214/detail`,
      method: 'GET',
    });
    const [future, planner] = result.postings;
    expect(future).to.deep.include({
      nativeId: '214',
      title: 'Future Interest Application',
      sourceEndpoint: `${base}/careers/214/detail`,
      postedAt: '2023-07-25T00:00:00.000Z',
      employmentTypes: ['Full time'],
      workplaceType: 'hybrid',
      locations: [{ city: 'Minneapolis', region: 'Minnesota', country: 'United States' }],
    });
    expect(future?.descriptionHtml).to.match(/^<p><span>If you are interested in joining our team/);
    expect(planner).to.deep.include({ nativeId: '312', sourceEndpoint: `${base}/careers/list` });
    expect(planner).not.to.have.property('descriptionHtml');
  });

  it('reads pay text and minimum experience from a detail, and an opening that is not Open as inactive', () => {
    const details = JSON.parse(
      readFileSync(
        'test/fixtures/labelled/wave2/raw/bamboohr/sarthakjain004__headstart__bamboohr_details.json',
        'utf8',
      ),
    ) as Record<string, unknown>;
    const drivers = details['4thdimension:331'];
    const posting = parseBambooHrJob({ id: '331' }, 'https://4thdimension.bamboohr.com', 'detail', drivers);
    expect(posting).to.deep.include({
      title: 'Van Drivers Wanted',
      salary: { text: '£28,090' },
      experience: 'Entry-level',
      postedAt: '2026-09-16T00:00:00.000Z',
    });
    expect(posting).not.to.have.property('expired');
    const closed = parseBambooHrJob({ id: '331' }, 'https://4thdimension.bamboohr.com', 'detail', {
      ...(drivers as object),
      jobOpeningStatus: 'Filled',
    });
    expect(closed?.expired).to.equal(true);
  });

  it('reports 404 as BoardNotFoundError and honours the override', async () => {
    const error = await bambooHrConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);

    const result = await bambooHrConnector.crawl(
      { ...BOARD, endpointOverride: 'http://127.0.0.1:4010' },
      listOnly('http://127.0.0.1:4010'),
    );
    expect(result.postings[0]?.url).to.equal('https://acme.bamboohr.com/careers/86');
  });
});
