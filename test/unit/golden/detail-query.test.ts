/** Golden bodies of search/detail-query.ts: GET /v1/jobs/{job_key}. */
import { jobDetailSearch } from '../../../src/search/detail-query.js';
import { matchesGolden } from './golden.js';

describe('golden: detail-query (GET /v1/jobs/{job_key})', () => {
  it('a job of a resolved company, with its description, whatever its status', () => {
    matchesGolden('detail-query/resolved-only', jobDetailSearch('greenhouse:acme:4012345', false));
  });

  it('include_unresolved: any company', () => {
    matchesGolden('detail-query/include-unresolved', jobDetailSearch('greenhouse:acme:4012345', true));
  });
});
