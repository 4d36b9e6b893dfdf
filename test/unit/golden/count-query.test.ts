/** Golden bodies of search/count-query.ts: the keyless MCP tools' counts and vocabularies. */
import { expect } from 'chai';
import { jobCountQuery, vocabularySearch } from '../../../src/search/count-query.js';
import { buildJobSearch } from '../../../src/search/job-query.js';
import { matchesGolden } from './golden.js';

describe('golden: count-query (MCP search_jobs total, count_jobs, list_vocabularies)', () => {
  it('counts what the search matches: its filters and required text, without the scoring clauses', () => {
    const filters = {
      q: 'data engineer',
      country: ['DE', 'US'],
      remote: 'exclude' as const,
      status: 'open' as const,
    };
    const query = jobCountQuery(filters);
    matchesGolden('count-query/text-and-filters', query);
    const search = buildJobSearch(filters, { limit: 10, includeDescription: false }).query?.bool;
    expect(query.bool?.filter).to.deep.equal(search?.filter);
    expect(query.bool?.must).to.deep.equal(search?.must);
    expect(query.bool?.must_not).to.deep.equal(search?.must_not);
    expect(query.bool).to.not.have.property('should');
  });

  it('filters only: every status on request, title grammar included', () => {
    matchesGolden('count-query/filters-only', jobCountQuery({ status: 'all', title: 'engineer&!manager' }));
  });

  it('vocabularies in use: terms of open jobs of resolved companies, no hits', () => {
    matchesGolden('count-query/vocabularies', vocabularySearch());
  });
});
