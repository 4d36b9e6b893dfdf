import { expect } from 'chai';
import {
  count,
  durationText,
  element,
  escapeHtml,
  facts,
  figure,
  isSynthetic,
  layout,
  NOT_MEASURED,
  share,
  table,
  time,
} from '../../../src/pages/reports/html.js';
import { readPage, tableOf } from '../../support/report-pages.js';

describe('report pages: html', () => {
  it('escapes text and attribute values, and never escapes markup twice', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).to.equal(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    const html = element('p', { title: '"><script>' }, '<b>', element('em', {}, 'x&y')).html;
    expect(html).to.equal('<p title="&quot;&gt;&lt;script&gt;">&lt;b&gt;<em>x&amp;y</em></p>');
    expect(element('a', { href: '/x', 'aria-current': undefined }, 'x').html).to.equal('<a href="/x">x</a>');
  });

  it('writes every figure as <data> with the JSON number and a readable text', () => {
    expect(figure(0.6666666666666666, 'two thirds').html).to.equal(
      '<data value="0.6666666666666666">two thirds</data>',
    );
    expect(count(1234567).html).to.equal('<data value="1234567">1,234,567</data>');
    expect(share(0.8333).html).to.equal('<data value="0.8333">83.3%</data>');
    expect(share(1).html).to.equal('<data value="1">100.0%</data>');
  });

  it('says durations in the two largest units, and times in UTC with their ISO datetime', () => {
    expect(durationText(0)).to.equal('0 s');
    expect(durationText(42.4)).to.equal('42 s');
    expect(durationText(3600)).to.equal('1 h');
    expect(durationText(7_500)).to.equal('2 h 5 min');
    expect(durationText(90_061)).to.equal('1 d 1 h');
    expect(time('2030-05-15T12:34:56.789Z').html).to.equal(
      '<time datetime="2030-05-15T12:34:56.789Z">2030-05-15 12:34 UTC</time>',
    );
  });

  it('builds tables with a caption, column headers and a row header per row', () => {
    const html = table(
      'people',
      'People & ages',
      [
        { header: 'Name', cell: (row: { name: string; age?: number }) => row.name },
        {
          header: 'Age',
          numeric: true,
          cell: (row: { name: string; age?: number }) =>
            row.age === undefined ? NOT_MEASURED : count(row.age),
        },
      ],
      [{ name: '<Ann>', age: 31 }, { name: 'Bob' }],
    ).html;
    expect(html).to.include('<caption>People &amp; ages</caption>');
    expect(html).to.include('<th scope="col">Name</th><th scope="col" class="num">Age</th>');
    expect(html).to.include(
      '<th scope="row">&lt;Ann&gt;</th><td class="num"><data value="31">31</data></td>',
    );
    const page = readPage(html);
    const read = tableOf(page, 'people');
    expect(read.caption).to.equal('People & ages');
    expect(read.headers).to.deep.equal(['Name', 'Age']);
    expect(read.rows).to.deep.equal([
      [{ text: '<Ann>' }, { text: '31', value: 31 }],
      [{ text: 'Bob' }, { text: '—' }],
    ]);
  });

  it('lays a page out in English, with headings, one stylesheet of its own and no script', () => {
    const html = layout({
      title: 'A <report>',
      path: '/reports/corpus',
      lead: 'Lead',
      body: [facts('totals', [['Open jobs', count(3)]])],
    });
    const page = readPage(html);
    expect(html.startsWith('<!doctype html>')).to.equal(true);
    expect(page.lang).to.equal('en');
    expect(page.h1).to.equal('A <report>');
    expect(page.title).to.equal('A <report> · Job postings API');
    expect(page.scripts).to.equal(0);
    expect(page.facts.get('Open jobs')).to.deep.equal({ text: '3', value: 3 });
    expect(html).to.include('<link rel="stylesheet" href="/reports/reports.css">');
    expect(html).to.include('<a href="/reports/corpus" aria-current="page">Corpus</a>');
    // Every link and asset is on this origin.
    expect(page.links.every((href) => href.startsWith('/') || href.startsWith('#'))).to.equal(true);
    expect(html).not.to.match(/https?:\/\//);
  });

  it('reads the optional synthetic member defensively', () => {
    expect(isSynthetic({ synthetic: true })).to.equal(true);
    expect(isSynthetic({ synthetic: 'true' })).to.equal(false);
    expect(isSynthetic({ synthetic: false })).to.equal(false);
    expect(isSynthetic({})).to.equal(false);
  });
});
