import { expect } from 'chai';
import { ValidationFailedError } from '../../src/domain/errors.js';
import {
  buildSemanticSearch,
  buildTypedSearch,
  checkComplexity,
  facetBuckets,
  keywordQuery,
  type KeywordNode,
} from '../../src/search/typed-query.js';

describe('typed search query builders', () => {
  it('compiles a keyword tree to bool/multi_match, never query_string', () => {
    const tree: KeywordNode = {
      and: [
        { or: [{ term: 'python', fields: ['title'] }, { phrase: 'machine learning' }] },
        { not: { term: 'intern', fields: ['title', 'company'] } },
      ],
    };
    expect(keywordQuery(tree)).to.deep.equal({
      bool: {
        must: [
          {
            bool: {
              should: [
                { multi_match: { query: 'python', fields: ['title'], type: 'best_fields', operator: 'and' } },
                {
                  multi_match: {
                    query: 'machine learning',
                    fields: ['title', 'description_text', 'organization'],
                    type: 'phrase',
                  },
                },
              ],
              minimum_should_match: 1,
            },
          },
          {
            bool: {
              must_not: [
                {
                  multi_match: {
                    query: 'intern',
                    fields: ['title', 'organization'],
                    type: 'best_fields',
                    operator: 'and',
                  },
                },
              ],
            },
          },
        ],
      },
    });
    expect(
      JSON.stringify(buildTypedSearch({ query: tree, include_description: false }, { limit: 5 })),
    ).not.to.contain('query_string');
  });

  it('orders by relevance with a tree, newest first without, and adds facets on every page', () => {
    const withTree = buildTypedSearch(
      { query: { term: 'go' }, facets: ['remote'], include_description: false },
      { limit: 5, after: [1, 2, 'k'] },
    );
    expect(withTree.sort).to.deep.equal([
      { _score: { order: 'desc' } },
      { first_seen: { order: 'desc' } },
      { job_key: { order: 'asc' } },
    ]);
    expect(withTree.size).to.equal(6);
    expect(withTree.aggs).to.deep.equal({
      remote: { terms: { field: 'remote_derived', size: 50, order: [{ _count: 'desc' }, { _key: 'asc' }] } },
    });
    expect(buildTypedSearch({ include_description: false }, { limit: 5 }).sort).to.deep.equal([
      { first_seen: { order: 'desc' } },
      { job_key: { order: 'asc' } },
    ]);
  });

  it('puts the filters inside the kNN search, open jobs only', () => {
    const body = buildSemanticSearch({ country: ['DE'], status: 'all' }, [0.1, 0.2], {
      limit: 20,
      includeDescription: false,
    });
    expect(body.knn).to.deep.include({
      field: 'embedding',
      k: 20,
      num_candidates: 200,
      query_vector: [0.1, 0.2],
    });
    expect(JSON.stringify(body.knn)).to.contain('"status":"open"').and.to.contain('"DE"');
    expect(body).not.to.have.property('query');
  });

  it('bounds the tree at 100 leaves and depth 10, and maps boolean facet keys', () => {
    const leaves = (n: number): KeywordNode => ({ or: Array.from({ length: n }, () => ({ term: 'x' })) });
    expect(() => {
      checkComplexity({ and: [leaves(50), leaves(50)] });
    }).not.to.throw();
    expect(() => {
      checkComplexity({ and: [leaves(50), leaves(51)] });
    }).to.throw(ValidationFailedError);
    let deep: KeywordNode = { term: 'x' };
    for (let depth = 1; depth < 10; depth += 1) deep = { not: deep };
    expect(() => {
      checkComplexity(deep);
    }).not.to.throw();
    expect(() => {
      checkComplexity({ not: deep });
    }).to.throw(ValidationFailedError);
    expect(
      facetBuckets(['remote', 'source'], {
        remote: { buckets: [{ key: 1, key_as_string: 'true', doc_count: 3 }] },
        source: { buckets: [{ key: 'lever', doc_count: 2 }] },
      }),
    ).to.deep.equal({ remote: [{ value: true, count: 3 }], source: [{ value: 'lever', count: 2 }] });
  });
});
