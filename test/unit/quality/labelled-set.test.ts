import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import {
  enrichInputOf,
  parseLabelLines,
  postingsOfCrawl,
  postingsOfPayload,
  splitOf,
} from '../../../src/services/quality/labelled-set.js';

const fixture = (path: string): string => readFileSync(`test/fixtures/ats/${path}`, 'utf8');

describe('the labelled set', () => {
  it('splits by board: one board, one split, whatever its postings; roughly 60/20/20 over many boards', () => {
    expect(splitOf('greenhouse', 'stripe')).to.equal(splitOf('greenhouse', 'Stripe'));
    const counts = { train: 0, dev: 0, test: 0 };
    for (let n = 0; n < 3000; n += 1) counts[splitOf('lever', `board-${String(n)}`)] += 1;
    expect(counts.train / 3000).to.be.closeTo(0.6, 0.04);
    expect(counts.dev / 3000).to.be.closeTo(0.2, 0.04);
    expect(counts.test / 3000).to.be.closeTo(0.2, 0.04);
  });

  it("reads a recorded payload with the platform's own parser, whatever envelope holds the items", () => {
    const list = postingsOfPayload(
      'greenhouse',
      fixture('greenhouse/amplitude-jobs-content-2-of-list.json'),
      'amplitude.json',
    );
    // Under the native id and, as labels may name it, the requisition id too.
    expect([...list.keys()]).to.deep.equal(['8636903002', 'R-12263', '8651132002', 'R-12278']);
    expect(list.get('R-12263')).to.equal(list.get('8636903002'));
    const posting = list.get('8636903002');
    expect(posting?.title).to.equal('Customer Data Scientist - Experimentation');
    const input = posting === undefined ? undefined : enrichInputOf(posting, 'amplitude');
    expect(input?.descriptionText).to.match(/^Amplitude is the leading AI analytics platform/);

    const xml = postingsOfPayload('personio', fixture('personio/demo-account-3-positions.xml'), 'demo.xml');
    expect([...xml.keys()]).to.include.members(['681100', '681097', '681098']);
    expect(postingsOfPayload('kula', '<html></html>', 'board.html').size, 'no parser: nothing read').to.equal(
      0,
    );
  });

  it('crawls a recorded whole document through its connector (feeds, pages with the jobs in a script)', async () => {
    const raw = (path: string): string => readFileSync(`test/fixtures/labelled/wave2/raw/${path}`, 'utf8');
    // ClearCompany's feed has one row per requisition and place: the connector groups them (12 rows
    // of requisition 3720060 make one posting), as an item parser over single rows could not.
    const feed = await postingsOfCrawl(
      'clearcompany',
      raw('clearcompany/sarthakjain004__headstart__clearcompany_fisherphillips.xml'),
      'fisherphillips.xml',
      'fisherphillips',
    );
    expect(feed.get('3720060')?.locations.length).to.be.greaterThan(1);
    expect(feed.get('3733861')?.title).to.equal('Legal Secretary');
    // Paylocity's board page (window.pageData); every detail request is answered 404 and the
    // board's data is kept.
    const page = await postingsOfCrawl(
      'paylocity',
      raw('paylocity/Aaronearlerichardson__Jobs__paylocity_board.html'),
      'board.html',
      'united-imaging',
    );
    expect([...page.keys()]).to.include.members(['4463447', '4526053', '4525257']);
    const zoho = await postingsOfCrawl(
      'zoho_recruit',
      raw('zoho_recruit/Aaronearlerichardson__Jobs__zohorecruit_board.html'),
      'board.html',
      'pscbiotech',
    );
    expect([...zoho.keys()]).to.include.members(['474128000070267033', '474128000070306003']);
    let refused: unknown;
    try {
      await postingsOfCrawl('zoho_recruit', '<html></html>', 'empty.html', 'x');
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(Error);
  });

  it('refuses a malformed label line by file and number', () => {
    const good = JSON.stringify({
      id: 'lever/acme#1',
      platform: 'lever',
      board: 'acme',
      file: 'raw/lever/x.json',
      native_id: '1',
      title: 'Engineer',
      labels: {},
    });
    expect(parseLabelLines(`${good}\n\n${good}\n`, 'labels-x.jsonl')).to.have.length(2);
    expect(() => parseLabelLines(`${good}\n{"id":"x"}\n`, 'labels-x.jsonl')).to.throw('labels-x.jsonl:2');
  });
});
