/** Golden bodies of search/feed-query.ts: GET /v1/feed/expired (the modified feed reads the ledger, not ES). */
import { expiredFeedSearch } from '../../../src/search/feed-query.js';
import { matchesGolden } from './golden.js';

/** [now − 24h, now) for now = 2026-11-21T10:00:00Z, as WindowedFeeds computes it. */
const WINDOW = { from: '2026-11-20T10:00:00.000Z', to: '2026-11-21T10:00:00.000Z' };

describe('golden: feed-query (GET /v1/feed/expired)', () => {
  it('the first page: closed jobs of resolved companies in [from, to), oldest closed_at first', () => {
    matchesGolden('feed-query/expired-first-page', expiredFeedSearch(WINDOW, { limit: 100 }));
  });

  it('a page after a cursor', () => {
    matchesGolden(
      'feed-query/expired-cursor',
      expiredFeedSearch(WINDOW, { limit: 1, after: [1_763_650_000_000, 'lever:acme:3'] }),
    );
  });
});
