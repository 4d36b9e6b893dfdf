/** Golden bodies of search/export-query.ts: the export's query and one page request. */
import type { HitFetch } from '../../../src/search/document.js';
import { exportPageRequest, exportQuery, type ExportFilters } from '../../../src/search/export-query.js';
import { jobFetch } from '../../../src/search/job-query.js';
import { matchesGolden } from './golden.js';

const QUERIES: Record<string, ExportFilters> = {
  'no-filters': {},
  country: { country: ['US', 'GB'] },
  source: { source: ['workday'] },
  'status-open': { status: 'open' },
  'status-closed': { status: 'closed' },
  'status-all': { status: 'all' },
  'posted-since': { posted_since: '2026-11-01T00:00:00.000Z' },
  'exclude-duplicates': { exclude_duplicates: true },
  all: {
    country: ['FR'],
    source: ['teamtailor', 'recruitee'],
    status: 'all',
    posted_since: '2026-10-15T12:00:00+01:00',
    exclude_duplicates: true,
  },
};

const PIT = { id: 'pit-id-1', keep_alive: '2m' };
/** What the export's span walk asks for (sort values only). */
const SORT_VALUES_ONLY: HitFetch = { _source: false, stored_fields: ['_none_'] };

describe('golden: export-query (GET /v1/jobs/export, datasets)', () => {
  for (const [name, filters] of Object.entries(QUERIES)) {
    it(`query ${name}`, () => {
      matchesGolden(`export-query/query-${name}`, exportQuery(filters));
    });
  }

  it('the first page, rows without descriptions', () => {
    matchesGolden(
      'export-query/page-first',
      exportPageRequest(PIT, exportQuery({ country: ['US'] }), undefined, 2000, jobFetch(false)),
    );
  });

  it('a page after search_after, rows with descriptions', () => {
    matchesGolden(
      'export-query/page-after',
      exportPageRequest(PIT, exportQuery({}), [17, 123_456], 500, jobFetch(true)),
    );
  });

  it('the span walk: sort values only', () => {
    matchesGolden(
      'export-query/page-sort-values-only',
      exportPageRequest(PIT, exportQuery({ status: 'all' }), [0, 42], 10_000, SORT_VALUES_ONLY),
    );
  });
});
