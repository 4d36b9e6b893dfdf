import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { asArray, str } from '../../../src/ingest/connectors/json.js';
import { htmlToText, unescapeHtmlEntities } from '../../../src/ingest/normalize/html.js';

function fixtureJson(path: string): unknown {
  return JSON.parse(readFileSync(new URL(`../../fixtures/ats/${path}`, import.meta.url), 'utf8')) as unknown;
}

/** A string member of a recorded payload; a missing one fails the test. */
function field(value: unknown, key: string): string {
  const member = str(value, key);
  if (member === undefined) throw new Error(`no string ${key}`);
  return member;
}

function first(value: unknown): unknown {
  return asArray(value)?.[0];
}

describe('htmlToText', () => {
  it('turns Greenhouse content into text after decoding the escaped HTML once', () => {
    const content = field(fixtureJson('greenhouse/stripe-job-detail.json'), 'content');
    expect(content.startsWith('&lt;div class=&quot;ace-line')).to.equal(true);
    const html = unescapeHtmlEntities(content);
    expect(
      html.startsWith('<div class="ace-line gutter-author-p-118095 emptyGutter">\n<h2>Who we are</h2>'),
    ).to.equal(true);

    const text = htmlToText(html);
    expect(
      text.startsWith('Who we are\n\nAbout Stripe\n\nStripe is a financial infrastructure platform'),
    ).to.equal(true);
    expect(text).to.include('Responsibilities\n- Complete data analytics as part of audit engagements');
    expect(text).not.to.match(/[<>]|&[a-z]+;/);
    // Headings keep their case.
    expect(text).not.to.include('WHO WE ARE');
  });

  it('decodes an entity that was escaped twice only to the entity it stands for, then to text', () => {
    // Greenhouse writes a literal "&nbsp;" in its HTML as "&amp;nbsp;".
    const html = unescapeHtmlEntities('&lt;p&gt;A&amp;nbsp;B &amp;amp; C&lt;/p&gt;');
    expect(html).to.equal('<p>A&nbsp;B &amp; C</p>');
    expect(htmlToText(html)).to.equal('A B & C');
  });

  it('drops Trix <!--block--> comments and renders list items as "- " lines (Pinpoint)', () => {
    const posting = first(fixtureJson('pinpoint/workwithus-postings-2-desc-truncated.json'));
    const text = htmlToText(field(posting, 'key_responsibilities'));
    expect(text).not.to.include('block');
    expect(text.split('\n').slice(0, 2)).to.deep.equal([
      'Sales legal (35%)',
      "- Own commercial contracting end to end: our MSA, DPA and customer red lines. You're ...",
    ]);
    expect(htmlToText(field(posting, 'description'))).to.match(
      /^Hi 👋 I'm Ellis, COO at Pinpoint\.\n\nWe're a high growth/,
    );
  });

  it('handles JazzHR bodies: escaped slashes (already undone by JSON), &nbsp;, an unclosed <p>', () => {
    const jobs = asArray(fixtureJson('jazzhr/jobs-list-2-jobs.json')) ?? [];
    expect(htmlToText(field(jobs[0], 'description'))).to.equal('Design all the things!');
    // The second <p> is never closed.
    expect(htmlToText(field(jobs[1], 'description'))).to.equal(
      'You can enter a detailed, formatted description of your position.\n\n' +
        'We have a fully featured WYSIWYG editor which enables you to craft that perfectly formatted bulleted list. So go get that new candidate!',
    );
    const detail = fixtureJson('jazzhr/job-detail.json');
    expect(htmlToText(field(detail, 'description'))).to.equal('Sample description.');
  });

  it('keeps Personio "•" bullets and <br> line breaks', () => {
    const xml = readFileSync(
      new URL('../../fixtures/ats/personio/positions-11-with-salary.xml', import.meta.url),
      'utf8',
    );
    const cdata =
      /<!\[CDATA\[([\s\S]*?)\]\]>/.exec(xml.slice(xml.indexOf('<name>Your profile</name>')))?.[1] ?? '';
    const lines = htmlToText(cdata).split('\n');
    expect(lines.slice(0, 3)).to.deep.equal([
      'ESSENTIAL KNOWLEDGE, SKILLS AND EXPERIENCE:',
      '• Attention to detail is a must in this position',
      '• Previous work experience in an administrative position',
    ]);
  });

  it('drops scripts, styles, images and link targets; keeps link text', () => {
    const html =
      '<style>p { color: red }</style><script>alert("x")</script>' +
      '<p>Apply <a href="https://example.com/apply">here</a> <img src="logo.png" alt="Company logo"></p>';
    expect(htmlToText(html)).to.equal('Apply here');
  });

  it('collapses whitespace, non-breaking spaces and empty paragraphs', () => {
    // Ashby/Comeet style empty paragraphs and a Lever-style &nbsp; spacer div.
    const html = '<p>  One \n two&nbsp;&nbsp;three </p><p><br></p><p>&nbsp;</p><div>&nbsp;</div><p>Four</p>';
    expect(htmlToText(html)).to.equal('One two three\n\nFour');
    expect(htmlToText('   ')).to.equal('');
    expect(htmlToText('<p><br></p><p>&nbsp;</p>')).to.equal('');
  });

  it('renders ordered lists with numbers and layout tables one row per line', () => {
    expect(htmlToText('<ol><li>one</li><li>two</li></ol>')).to.equal('1. one\n2. two');
    expect(
      htmlToText('<table><tr><td>Salary</td><td>€50k</td></tr><tr><td>Hours</td><td>40</td></tr></table>'),
    ).to.equal('Salary €50k\nHours 40');
  });
});

describe('unescapeHtmlEntities', () => {
  it('decodes named and numeric entities in one pass', () => {
    expect(unescapeHtmlEntities('&lt;a href=&quot;x&quot;&gt;It&#39;s&#x2019;&lt;/a&gt;')).to.equal(
      '<a href="x">It\'s’</a>',
    );
    expect(unescapeHtmlEntities('&amp;lt;p&amp;gt;')).to.equal('&lt;p&gt;');
    expect(unescapeHtmlEntities('&ldquo;I don&rsquo;t&rdquo;&nbsp;&hellip;')).to.equal('“I don’t”\u00a0…');
  });

  it('leaves unknown names, invalid code points and bare ampersands alone', () => {
    expect(unescapeHtmlEntities('G&A &unknown; &#0; &#xD800; &#99999999; a & b')).to.equal(
      'G&A &unknown; &#0; &#xD800; &#99999999; a & b',
    );
  });
});
