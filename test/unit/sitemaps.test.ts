import { expect } from 'chai';
import { SEGMENT_IDS, sitemapIndexOf, sitemapSegmentOf } from '../../src/services/sitemaps.js';

describe('sitemaps', () => {
  it('names 256 segments 00 … ff in order', () => {
    expect(SEGMENT_IDS).to.have.length(256);
    expect(SEGMENT_IDS[0]).to.equal('00');
    expect(SEGMENT_IDS[10]).to.equal('0a');
    expect(SEGMENT_IDS[255]).to.equal('ff');
    expect([...SEGMENT_IDS].sort()).to.deep.equal(SEGMENT_IDS);
  });

  it('lists every segment in the index, with stamps only where there are jobs', () => {
    const index = sitemapIndexOf([
      { segment_id: '0a', job_count: 2, last_modified: '2025-01-02T03:04:05.006Z' },
      { segment_id: 'ff', job_count: 1, last_modified: '2025-03-01T00:00:00.000Z' },
    ]);
    expect(index.data).to.have.length(256);
    expect(index.data.map((entry) => entry.segment_id)).to.deep.equal(SEGMENT_IDS);
    expect(index.data[0]).to.deep.equal({ segment_id: '00', url: '/v1/sitemaps/00', job_count: 0 });
    expect(index.data[10]).to.deep.equal({
      segment_id: '0a',
      url: '/v1/sitemaps/0a',
      job_count: 2,
      last_modified: '2025-01-02T03:04:05.006Z',
    });
    expect(index.last_modified).to.equal('2025-03-01T00:00:00.000Z');
    expect(index.data.reduce((sum, entry) => sum + entry.job_count, 0)).to.equal(3);
  });

  it('omits the top-level stamp of an empty corpus, and serializes the same rows to the same bytes', () => {
    const empty = sitemapIndexOf([]);
    expect(empty).to.not.have.property('last_modified');
    expect(empty.data.every((entry) => entry.job_count === 0 && entry.last_modified === undefined)).to.equal(
      true,
    );
    const rows = [{ segment_id: '7c', job_count: 1, last_modified: '2025-01-01T00:00:00.000Z' }];
    expect(JSON.stringify(sitemapIndexOf(rows))).to.equal(JSON.stringify(sitemapIndexOf([...rows])));
  });

  it('counts a segment and stamps it with its latest job', () => {
    const segment = sitemapSegmentOf('3e', [
      { job_key: 'greenhouse_a', last_modified: '2025-02-01T00:00:00.000Z' },
      { job_key: 'lever_b', last_modified: '2025-05-01T12:00:00.500Z' },
      { job_key: 'lever_c', last_modified: '2025-04-30T23:59:59.999Z' },
    ]);
    expect(segment).to.deep.equal({
      segment_id: '3e',
      job_count: 3,
      last_modified: '2025-05-01T12:00:00.500Z',
      data: [
        { job_key: 'greenhouse_a', last_modified: '2025-02-01T00:00:00.000Z' },
        { job_key: 'lever_b', last_modified: '2025-05-01T12:00:00.500Z' },
        { job_key: 'lever_c', last_modified: '2025-04-30T23:59:59.999Z' },
      ],
    });
    expect(sitemapSegmentOf('00', [])).to.deep.equal({ segment_id: '00', job_count: 0, data: [] });
  });
});
