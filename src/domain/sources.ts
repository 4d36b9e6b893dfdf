/**
 * The canonical source codes: every ATS the API can name (the OpenAPI `SourceCode` enum, same
 * codes, same order; test/unit/sources.test.ts holds the two together). What we know of each
 * source's public endpoint is reference data kept with the tests (test/support/source-registry.ts).
 */

/** The 59 source codes, in the order of the OpenAPI `SourceCode` enum. */
export const SOURCE_CODES = [
  'greenhouse',
  'lever',
  'ashby',
  'workday',
  'smartrecruiters',
  'workable',
  'recruitee',
  'personio',
  'bamboohr',
  'teamtailor',
  'breezy',
  'jazzhr',
  'jobvite',
  'icims',
  'taleo',
  'successfactors',
  'oracle_cloud',
  'paylocity',
  'rippling',
  'pinpoint',
  'gem',
  'eightfold',
  'phenom',
  'avature',
  'cornerstone',
  'adp',
  'paycom',
  'dayforce',
  'join',
  'softgarden',
  'trakstar',
  'hireology',
  'applicantpro',
  'pageup',
  'comeet',
  'polymer',
  'jobscore',
  'zoho_recruit',
  'freshteam',
  'keka',
  'darwinbox',
  'kula',
  'manatal',
  'clearcompany',
  'hirehive',
  'gohire',
  'recooty',
  'crelate',
  'hibob',
  'deel',
  'getro',
  'jobsoid',
  'traffit',
  'emply',
  'niceboard',
  'sensehq',
  'loxo',
  'flatchr',
  'bullhorn',
] as const;

/** One canonical source code. */
export type SourceCode = (typeof SOURCE_CODES)[number];

const CODES: ReadonlySet<string> = new Set(SOURCE_CODES);

/** True when `value` is one of the canonical source codes (narrows untrusted input). */
export function isSourceCode(value: unknown): value is SourceCode {
  return typeof value === 'string' && CODES.has(value);
}

/**
 * Crawled sources whose connector rests on the platform's documented field names alone: no real
 * recording of the endpoint it reads is held. None today (JazzHR, the last, now reads its board
 * pages, which are recorded). Every crawled source is verified on real recordings (the unit tests of
 * its connector run on them byte for byte).
 */
export const UNVERIFIED_SOURCES: ReadonlySet<SourceCode> = new Set<SourceCode>([]);

export interface SourceCoverage {
  crawled: SourceCode[];
  verified: SourceCode[];
  unverified: SourceCode[];
}

/** The crawled sources (those with a connector) split by evidence, in the order of SOURCE_CODES. */
export function sourceCoverage(withConnector: ReadonlySet<string>): SourceCoverage {
  const crawled = SOURCE_CODES.filter((code) => withConnector.has(code));
  return {
    crawled,
    verified: crawled.filter((code) => !UNVERIFIED_SOURCES.has(code)),
    unverified: crawled.filter((code) => UNVERIFIED_SOURCES.has(code)),
  };
}
