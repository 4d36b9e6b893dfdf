/**
 * ADP Workforce Now career centers (the public, unauthenticated API behind
 * `…/mascsr/default/mdf/recruitment/recruitment.html?cid={cid}&ccId={ccId}`).
 *
 * Board slug: `{cid}/{ccId}` (the two query values of the public career-center URL), or
 * `workforcenow.cloud.adp.com/{cid}/{ccId}` for a company on the cloud host (each company lives on
 * one of the two hosts; the other answers 404). An `endpointOverride` replaces the host.
 *
 *   languages `GET …/staffing/v1/content-links/career-center?cid=&ccId=` → the center's `Locale`
 *          string fields (`meta.customFieldGroup.stringFields`). `lang` is a filter, not a
 *          rendering choice: a posting is listed only under its own language, and a language the
 *          center does not use answers `{"jobRequisitions": []}`, like an empty board (recorded:
 *          a Canadian law firm's center names en_CA and fr_CA and lists nothing under en_US; a
 *          public client measured 20% of postings outside en_US over 155 centers). Each language
 *          is walked, English first, and a requisition is kept once, from the first language
 *          that lists it (translations keep their `itemID`). A center that names none is walked
 *          in the four languages postings were measured in.
 *   list   `GET …/staffing/v1/job-requisitions?cid=&ccId=&lang=&locale=&$top=20&$skip={n}` →
 *          `{jobRequisitions, meta{totalNumber}}`. `$skip` is 1-based (`meta.startSequence`
 *          echoes it; recorded pages `$skip=1` and `$skip=21`), and `$top` is served as 20
 *          whatever is asked, so the walk starts at 1 and advances by what was served until the
 *          distinct requisitions read reach `meta.totalNumber`; fewer than that is a partial
 *          crawl (`truncated`);
 *   detail `GET …/job-requisitions/{id}?cid=&ccId=&lang=&locale=` in the requisition's own
 *          language (any other answers a 200 skeleton with no title or description) for every
 *          posting: the list carries no description, the detail adds `requisitionDescription`
 *          (HTML). The id is the `ExternalJobID` custom field when published (the reference
 *          reports scrapers disagree between it and `itemID`), else `itemID`; a detail naming
 *          another `itemID` is ignored. Recorded details come both bare and wrapped in
 *          `{jobRequisitions: [...]}`; both are read.
 *
 * Mapped: itemID, title, postDate, locations (`nameCode` text, address city/subdivision/country),
 * `workLevelCode` (employment type), `payGradeRange` (+ `SalaryType`, or the `SalaryRange` text),
 * `HomeDepartment`, `clientRequisitionID`, the language listed under. Pay members are read as the
 * reference documents them (no recording here carries them).
 * Not published: company name, remote flag (only location text such as "Remote"), expiry.
 * A slug `myjobs.adp.com/{domain}` is an ADP Recruiting Management board (adp-myjobs.ts).
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import { crawlAdpMyJobs, myJobsDomain } from './adp-myjobs.js';
import {
  UnexpectedResponseError,
  baseUrl,
  countryCode,
  fetchDetailJson,
  fetchJson,
  location,
  locations,
  mapLimited,
  posting,
  postingHead,
  salary,
} from './common.js';
import { arr, isObject, num, obj, str, type JsonObject } from './json.js';

const HOSTS = new Set(['workforcenow.adp.com', 'workforcenow.cloud.adp.com']);
const DEFAULT_HOST = 'workforcenow.adp.com';
const STAFFING_PATH = '/mascsr/default/careercenter/public/events/staffing/v1';
const API_PATH = `${STAFFING_PATH}/job-requisitions`;
const LANGUAGES_PATH = `${STAFFING_PATH}/content-links/career-center`;
const PUBLIC_PATH = '/mascsr/default/mdf/recruitment/recruitment.html';
const LANG = 'en_US';
/**
 * The languages walked when a center names none: the four a public client found postings in over
 * 155 centers (en_US 2,833, en_CA 602, fr_CA 89, es_US 14 postings).
 */
const FALLBACK_LANGS = ['en_US', 'en_CA', 'fr_CA', 'es_US'];
/** What ADP serves per page, whatever `$top` asks. */
const PAGE_SIZE = 20;
/** Guard against a source that keeps reporting more results than it serves (per language). */
const MAX_PAGES = 500;

/** A parsed board slug. */
export interface AdpCareerCenter {
  host: string;
  cid: string;
  ccId: string;
}

/** Reads `[host/]{cid}/{ccId}`; throws on anything else so a bad directory row is loud. */
export function parseAdpSlug(slug: string): AdpCareerCenter {
  const match = /^(?:([a-z.]+)\/)?([A-Za-z0-9-]+)\/([A-Za-z0-9_-]+)$/.exec(slug);
  const [, host = DEFAULT_HOST, cid = '', ccId = ''] = match ?? [];
  if (match === null || !HOSTS.has(host)) {
    throw new Error(
      `Invalid adp board slug ${JSON.stringify(slug)} (want [host/]cid/ccId or myjobs.adp.com/{domain})`,
    );
  }
  return { host, cid, ccId };
}

/**
 * ADP Workforce Now: paged list, then one detail request per requisition; ADP Recruiting
 * Management boards are read by adp-myjobs.ts.
 */
export const adpConnector: Connector = {
  source: 'adp',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    // ADP Recruiting Management boards (`myjobs.adp.com/{domain}`) are another ADP product.
    const myJobs = myJobsDomain(board.slug);
    if (myJobs !== undefined) return crawlAdpMyJobs(board, http, myJobs);
    const center = parseAdpSlug(board.slug);
    const base = baseUrl(board, `https://${center.host}`);
    const api = `${base}${API_PATH}`;
    const langs = await languagesOf(board, http, `${base}${LANGUAGES_PATH}?${centerQuery(center)}`);
    const listed = new Map<string, ListEntry>();
    const walks: LanguageWalk[] = [];
    for (const lang of langs) {
      const walk = await listLanguage(board, http, api, center, lang);
      walks.push(walk);
      for (const entry of walk.entries) {
        const itemId = str(entry.entry, 'itemID');
        if (itemId !== undefined && !listed.has(itemId)) listed.set(itemId, entry);
      }
    }
    const postings = await mapLimited([...listed.values()], async ({ entry, url, lang }) => {
      const itemId = str(entry, 'itemID');
      const detailId = customString(entry, 'ExternalJobID') ?? itemId;
      if (itemId === undefined || detailId === undefined) return undefined;
      const detailUrl = `${api}/${encodeURIComponent(detailId)}?${languageQuery(center, lang)}`;
      const detail = detailRequisition(await fetchDetailJson(http, board, detailUrl), itemId);
      return parseAdpRequisition({
        entry,
        detail,
        center,
        lang,
        endpoint: detail === undefined ? url : detailUrl,
      });
    });
    const truncated = walks.flatMap((walk) => walk.truncated ?? []);
    return {
      endpoint: walks[0]?.firstUrl ?? `${api}?${languageQuery(center, LANG)}`,
      postings: postings.flatMap((p) => p ?? []),
      ...(truncated.length === 0 ? {} : { truncated: truncated.join('; ') }),
    };
  },
};

function centerQuery(center: AdpCareerCenter): string {
  return `cid=${encodeURIComponent(center.cid)}&ccId=${encodeURIComponent(center.ccId)}`;
}

function languageQuery(center: AdpCareerCenter, lang: string): string {
  const code = encodeURIComponent(lang);
  return `${centerQuery(center)}&lang=${code}&locale=${code}`;
}

/**
 * The center's languages, English first (a translated requisition is then kept in English); the
 * measured four when the center names none or its content links are gone.
 */
async function languagesOf(board: BoardRef, http: HttpClient, url: string): Promise<string[]> {
  const payload = await fetchDetailJson(http, board, url, { headers: { accept: 'application/json' } });
  const named = arr(obj(obj(payload, 'meta'), 'customFieldGroup'), 'stringFields')
    .filter((field) => str(obj(field, 'nameCode'), 'codeValue') === 'Locale')
    .flatMap((field) => str(field, 'stringValue') ?? [])
    .filter((lang) => /^[a-z]{2}_[A-Z]{2}$/.test(lang));
  const langs = named.length === 0 ? FALLBACK_LANGS : [...new Set(named)];
  const english = (lang: string): number => (lang === LANG ? 0 : lang.startsWith('en_') ? 1 : 2);
  return langs.toSorted((a, b) => english(a) - english(b));
}

interface ListEntry {
  entry: JsonObject;
  url: string;
  /** The language the requisition was listed under: its detail and public page are asked in it. */
  lang: string;
}

interface LanguageWalk {
  firstUrl: string;
  entries: ListEntry[];
  truncated?: string;
}

/** Every requisition listed under one language, each once. */
async function listLanguage(
  board: BoardRef,
  http: HttpClient,
  api: string,
  center: AdpCareerCenter,
  lang: string,
): Promise<LanguageWalk> {
  const entries = new Map<string, ListEntry>();
  const pageUrl = (skip: number): string =>
    `${api}?${languageQuery(center, lang)}&$top=${PAGE_SIZE}&$skip=${skip}`;
  let total: number | undefined;
  let served = 0;
  for (let page = 0, skip = 1; page < MAX_PAGES; page++) {
    const url = pageUrl(skip);
    const payload = await fetchJson(http, board, url, {
      headers: { accept: 'application/json', locale: lang },
    });
    total = num(obj(payload, 'meta'), 'totalNumber') ?? total;
    const items = requisitions(payload, total, url);
    served += items.length;
    const before = entries.size;
    for (const entry of items) {
      const key = str(entry, 'itemID');
      if (key !== undefined && !entries.has(key)) entries.set(key, { entry, url, lang });
    }
    skip += items.length;
    // A page that adds no requisition (one ignoring `$skip` repeats itself) ends the walk.
    if (entries.size === before || entries.size >= (total ?? 0)) break;
  }
  const short =
    total === undefined
      ? served > 0 && `${lang}: ${String(served)} requisitions listed without a total`
      : entries.size < total && `${lang}: ${String(entries.size)} of ${String(total)} requisitions read`;
  return {
    firstUrl: pageUrl(1),
    entries: [...entries.values()],
    ...(short === false ? {} : { truncated: short }),
  };
}

/**
 * The page's requisitions. ADP leaves empty collections out of its documents, so a page that
 * says `totalNumber: 0` without the array is an empty board; any other page without it is not
 * the shape we know.
 */
function requisitions(payload: unknown, total: number | undefined, url: string): JsonObject[] {
  if (isObject(payload) && Array.isArray(payload.jobRequisitions)) {
    return arr(payload, 'jobRequisitions').filter((entry): entry is JsonObject => isObject(entry));
  }
  if (isObject(payload) && total === 0) return [];
  throw new UnexpectedResponseError(url, 'no "jobRequisitions" array');
}

/**
 * The detail requisition, bare or in a `jobRequisitions` wrapper, when it is the same item (or,
 * without an `itemID`, when it at least carries a description).
 */
function detailRequisition(payload: unknown, itemId: string): JsonObject | undefined {
  const wrapped = arr(payload, 'jobRequisitions').find(isObject);
  const candidate = wrapped ?? (isObject(payload) ? payload : undefined);
  const id = str(candidate, 'itemID');
  if (id !== undefined) return id === itemId ? candidate : undefined;
  return str(candidate, 'requisitionDescription') === undefined ? undefined : candidate;
}

/** Inputs for one requisition: the list entry and, when it could be fetched, its detail. */
export interface AdpRequisitionInput {
  entry: unknown;
  detail: unknown;
  center: AdpCareerCenter;
  /** The language it was listed under (its public page is asked in it); `en_US` when unknown. */
  lang?: string;
  endpoint: string;
}

/** Maps a list entry, preferring the detail's values where both publish one. */
export function parseAdpRequisition(input: AdpRequisitionInput): SourcePosting | undefined {
  const { entry, detail, center } = input;
  const pick = (key: string): string | undefined => str(detail, key) ?? str(entry, key);
  const itemId = str(entry, 'itemID');
  const query = new URLSearchParams({
    cid: center.cid,
    ccId: center.ccId,
    jobId: itemId ?? '',
    lang: input.lang ?? LANG,
  });
  const url = `https://${center.host}${PUBLIC_PATH}?${query.toString()}`;
  const head = postingHead(itemId, pick('requisitionTitle'), url, input.endpoint);
  if (head === undefined) return undefined;
  const source = isObject(detail) && Array.isArray(detail.requisitionLocations) ? detail : entry;
  return posting({
    ...head,
    descriptionHtml: str(detail, 'requisitionDescription'),
    locations: locations(arr(source, 'requisitionLocations').map(requisitionLocation)),
    postedAt: parseSourceDate(pick('postDate')),
    department: customString(entry, 'HomeDepartment'),
    employmentTypes: [str(obj(entry, 'workLevelCode'), 'shortName')].flatMap((value) => value ?? []),
    salary: pay(entry),
    requisitionId: pick('clientRequisitionID'),
    language: input.lang,
  });
}

function requisitionLocation(raw: unknown): ReturnType<typeof location> {
  const nameCode = obj(raw, 'nameCode');
  const address = obj(raw, 'address');
  return location({
    text: str(nameCode, 'longName') ?? str(nameCode, 'shortName'),
    city: str(address, 'cityName'),
    region: str(obj(address, 'countrySubdivisionLevel1'), 'codeValue'),
    countryCode: countryCode(str(obj(address, 'countryCode'), 'codeValue')),
  });
}

/** `payGradeRange` amounts with the `SalaryType` code; the `SalaryRange` text when there are none. */
function pay(entry: unknown): SourcePosting['salary'] {
  const range = obj(entry, 'payGradeRange');
  const minimum = obj(range, 'minimumRate');
  const maximum = obj(range, 'maximumRate');
  const min = num(minimum, 'amountValue');
  const max = num(maximum, 'amountValue');
  return salary({
    min,
    max,
    currency: str(minimum, 'currencyCode') ?? str(maximum, 'currencyCode'),
    periodRaw: customString(entry, 'SalaryType'),
    text: min === undefined && max === undefined ? customString(entry, 'SalaryRange') : undefined,
  });
}

/**
 * A custom field's value by its code: `stringFields[].stringValue`, or a code field's label
 * (`shortName`, else its `codeValue`).
 */
function customString(entry: unknown, code: string): string | undefined {
  const group = obj(entry, 'customFieldGroup');
  const named = (field: unknown): boolean => str(obj(field, 'nameCode'), 'codeValue') === code;
  const stringField = arr(group, 'stringFields').find(named);
  const codeField = arr(group, 'codeFields').find(named);
  return str(stringField, 'stringValue') ?? str(codeField, 'shortName') ?? str(codeField, 'codeValue');
}
