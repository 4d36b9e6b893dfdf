/** Golden bodies of search/active-query.ts: GET /v1/feed/active and its count. */
import {
  activeFeedQuery,
  activeFeedSearch,
  type ActiveFeedFilters,
} from '../../../src/search/active-query.js';
import { matchesGolden } from './golden.js';

const WINDOW = { gte: '2026-11-20T10:00:00.000Z', lt: '2026-11-21T10:00:00.000Z' };

const SINGLE_FILTERS: Record<string, ActiveFeedFilters> = {
  country: { country: ['US', 'DE'] },
  source: { source: ['greenhouse'] },
  'exclude-source': { exclude_source: ['lever', 'workday'] },
  // Domains match lower-cased; organizations exactly, through the lower-casing keyword normalizer.
  domain: { domain: ['Stripe.COM', 'acme.io'] },
  organization: { organization: ['Stripe', 'Acme Inc.'] },
  title: { title: 'engineer & !intern' },
  'exclude-duplicates-true': { exclude_duplicates: true },
  'exclude-duplicates-false': { exclude_duplicates: false },
};

const ALL_FILTERS: ActiveFeedFilters = {
  country: ['US', 'DE'],
  source: ['greenhouse'],
  exclude_source: ['lever', 'workday'],
  domain: ['Stripe.COM'],
  organization: ['Stripe'],
  title: 'engineer & !intern',
  exclude_duplicates: true,
};

describe('golden: active-query (GET /v1/feed/active)', () => {
  it('no filters, first page, descriptions', () => {
    matchesGolden(
      'active-query/search-no-filters',
      activeFeedSearch({}, WINDOW, { limit: 10, includeDescription: true }),
    );
  });

  for (const [name, filters] of Object.entries(SINGLE_FILTERS)) {
    it(`filter ${name}`, () => {
      matchesGolden(
        `active-query/search-filter-${name}`,
        activeFeedSearch(filters, WINDOW, { limit: 100, includeDescription: false }),
      );
    });
  }

  it('every filter with a cursor', () => {
    matchesGolden(
      'active-query/search-all-filters-cursor',
      activeFeedSearch(ALL_FILTERS, WINDOW, {
        limit: 50,
        after: [1_763_632_800_000, 'gh-1'],
        includeDescription: false,
      }),
    );
  });

  it('an empty window before the first horizon ([lower, lower))', () => {
    const empty = { gte: WINDOW.gte, lt: WINDOW.gte };
    matchesGolden(
      'active-query/search-empty-window',
      activeFeedSearch({}, empty, { limit: 100, includeDescription: false }),
    );
  });

  it('the count query: no filters, every filter', () => {
    matchesGolden('active-query/count-no-filters', activeFeedQuery({}, WINDOW));
    matchesGolden('active-query/count-all-filters', activeFeedQuery(ALL_FILTERS, WINDOW));
  });
});
