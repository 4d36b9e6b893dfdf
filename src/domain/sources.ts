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
