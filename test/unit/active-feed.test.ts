import { expect } from 'chai';
import { matchesGolden } from './golden/golden.js';
import { activeFeedSearch } from '../../src/search/active-query.js';
import { ceilToMillis } from '../../src/services/feeds/active.js';

describe('active feed query builder', () => {
  const window = { gte: '2026-11-20T10:00:00.000Z', lt: '2026-11-21T10:00:00.000Z' };

  it('compiles every filter to the golden Elasticsearch body', () => {
    const body = activeFeedSearch(
      {
        country: ['US', 'DE'],
        source: ['greenhouse'],
        exclude_source: ['lever', 'workday'],
        domain: ['Stripe.COM'],
        organization: ['Stripe'],
        title: 'engineer & !intern',
        exclude_duplicates: true,
      },
      window,
      { limit: 50, after: [1_763_632_800_000, 'gh-1'], includeDescription: false },
    );
    matchesGolden('active-query/search-all-filters-cursor', body);
  });

  it('without filters: open jobs of resolved companies in [gte, lt), oldest first, one extra hit', () => {
    const body = activeFeedSearch({}, window, { limit: 10, includeDescription: true });
    expect(body).to.deep.include({
      size: 11,
      sort: [{ first_seen: { order: 'asc' } }, { job_key: { order: 'asc' } }],
    });
    expect(body.query).to.deep.equal({
      bool: {
        filter: [
          { term: { status: 'open' } },
          { term: { company_resolved: true } },
          { range: { first_seen: { gte: window.gte, lt: window.lt } } },
        ],
      },
    });
    expect(body).not.to.have.property('search_after');
    // The description is a stored field outside _source: read only when asked for.
    expect(body).to.deep.include({ _source: true, stored_fields: ['description_text'] });
  });
});

describe('ceilToMillis', () => {
  it('normalizes offsets to UTC and rounds sub-millisecond bounds up, never down', () => {
    expect(ceilToMillis('2026-11-21T12:00:00+02:00')).to.equal('2026-11-21T10:00:00.000Z');
    expect(ceilToMillis('2026-11-21T10:00:00.123Z')).to.equal('2026-11-21T10:00:00.123Z');
    expect(ceilToMillis('2026-11-21T10:00:00.123000Z')).to.equal('2026-11-21T10:00:00.123Z');
    expect(ceilToMillis('2026-11-21T10:00:00.1234Z')).to.equal('2026-11-21T10:00:00.124Z');
    expect(ceilToMillis('2026-11-21T10:00:00.999999Z')).to.equal('2026-11-21T10:00:01.000Z');
  });
});
