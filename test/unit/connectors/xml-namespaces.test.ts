import { expect } from 'chai';
import { parseXml, xmlPrefixRenames } from '../../../src/ingest/connectors/common.js';

const respond = (text: string) => ({ status: 200, url: 'https://feed.test/rss', text, headers: {} });

describe('XML namespaces in feeds', () => {
  it('renames a namespace we read to our prefix, whatever prefix the document binds', () => {
    const text =
      '<rss xmlns:ns0="http://www.w3.org/2005/Atom" xmlns:ns1="http://pageuppeople.com/"><channel><item>' +
      '<ns1:refNo>7</ns1:refNo><ns0:updated>2026-09-25T15:00:00Z</ns0:updated><description>teaser</description>' +
      '</item></channel></rss>';
    expect(xmlPrefixRenames(text)).to.deep.equal(
      new Map([
        ['ns0', 'a10'],
        ['ns1', 'job'],
      ]),
    );
    expect(parseXml(respond(text), 'https://feed.test/rss')).to.deep.equal({
      rss: {
        channel: {
          item: [{ 'job:refNo': '7', 'a10:updated': '2026-09-25T15:00:00Z', description: 'teaser' }],
        },
      },
    });
  });

  it('leaves our own prefixes alone, and moves our prefix aside when a document binds it to another namespace', () => {
    expect(
      xmlPrefixRenames('<rss xmlns:job="http://pageuppeople.com/" xmlns:a10="http://www.w3.org/2005/Atom"/>'),
    ).to.deep.equal(new Map());
    const text =
      "<rss xmlns:job='https://other.test/ns' xmlns:p='http://pageuppeople.com/'><job:refNo>1</job:refNo><p:refNo>2</p:refNo></rss>";
    expect(xmlPrefixRenames(text)).to.deep.equal(
      new Map([
        ['job', 'x-job'],
        ['p', 'job'],
      ]),
    );
    expect(parseXml(respond(text), 'https://feed.test/rss')).to.deep.equal({
      rss: { 'x-job:refNo': '1', 'job:refNo': '2' },
    });
  });
});
