import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { pinpointConnector } from '../../../src/ingest/connectors/pinpoint.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, fixture, json, ok, status, undefinedKeys } from './fake-http.js';

const BOARD: BoardRef = { source: 'pinpoint', slug: 'workwithus' };
const LIST_URL = 'https://workwithus.pinpointhq.com/postings.json';

describe('pinpoint connector', () => {
  it('maps postings: visible compensation only, headed description parts, Trix HTML as published', async () => {
    const http = new FakeHttp().on(LIST_URL, ok('pinpoint/workwithus-postings-2-desc-truncated.json'));
    const result = await pinpointConnector.crawl(BOARD, http);

    const [legal, implementation] = result.postings;
    expect(legal).to.deep.include({
      nativeId: '559663',
      title: 'Founding Legal Counsel',
      url: 'https://workwithus.pinpointhq.com/en/postings/ce6c9e5c-a2d3-42b0-a01e-9edeae315b04',
      sourceEndpoint: LIST_URL,
      department: 'Operations',
      employmentTypes: ['full_time'],
      workplaceType: 'remote',
      requisitionId: 'PIN-0407',
      locations: [{ text: 'Remote', city: 'London', region: 'London' }],
    });
    expect(legal).not.to.have.property('salary');
    expect(legal).not.to.have.property('validThrough');
    expect(implementation?.salary).to.deep.equal({
      min: 70000,
      max: 90000,
      currency: 'GBP',
      periodRaw: 'year',
    });
    const html = legal?.descriptionHtml ?? '';
    expect(html).to.match(/^<div><!--block-->Hi 👋 I'm Ellis, COO at Pinpoint\./);
    expect(html).to.include("<h3>What you'll do</h3>");
    expect(html).to.include("<h3>What you'll bring</h3>");
    expect(html).to.include('<h3>What we offer</h3>');
    expect(undefinedKeys(result)).to.deep.equal([]);
  });

  it('accepts the served {data: [...]} wrapper as well as the recorded bare array', async () => {
    const wrapped = {
      data: JSON.parse(fixture('pinpoint/workwithus-postings-2-desc-truncated.json')) as unknown,
    };
    const fromWrapped = await pinpointConnector.crawl(BOARD, new FakeHttp().on(LIST_URL, json(wrapped)));
    const fromBare = await pinpointConnector.crawl(
      BOARD,
      new FakeHttp().on(LIST_URL, ok('pinpoint/workwithus-postings-2-desc-truncated.json')),
    );
    expect(fromWrapped).to.deep.equal(fromBare);

    const odd = await pinpointConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, json({ postings: [] })))
      .catch((e: unknown) => e);
    expect(odd).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
  });

  it('reads the employment type and workplace labels when a page carries only them (a real page of the labelled set)', async () => {
    const text = readFileSync(
      'test/fixtures/labelled/wave2/raw/pinpoint/ncalavera__llm-job-pipeline__pinpoint_postings.json',
      'utf8',
    );
    const board: BoardRef = { source: 'pinpoint', slug: 'aria' };
    const result = await pinpointConnector.crawl(
      board,
      new FakeHttp().on('https://aria.pinpointhq.com/postings.json', { text }),
    );
    expect(result.postings[0]).to.deep.include({
      nativeId: '463161',
      employmentTypes: ['Permanent - Full Time'],
      workplaceType: 'Hybrid',
      department: 'Programmes',
    });
  });

  it('ignores a compensation range the employer hid', async () => {
    const list = JSON.parse(fixture('pinpoint/workwithus-postings-2-desc-truncated.json')) as Record<
      string,
      unknown
    >[];
    const hidden = list.map((p) => ({ ...p, compensation_visible: false }));
    const { postings } = await pinpointConnector.crawl(BOARD, new FakeHttp().on(LIST_URL, json(hidden)));
    for (const posting of postings) expect(posting).not.to.have.property('salary');
  });

  it('reports 404 as BoardNotFoundError', async () => {
    const error = await pinpointConnector
      .crawl(BOARD, new FakeHttp().on(LIST_URL, status(404)))
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(BoardNotFoundError);
  });
});
