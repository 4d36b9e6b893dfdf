/**
 * ADP Workforce Now career centers (the public, unauthenticated API behind
 * `…/mascsr/default/mdf/recruitment/recruitment.html?cid={cid}&ccId={ccId}`).
 *
 * Board slug: `{cid}/{ccId}` (the two query values of the public career-center URL), or
 * `workforcenow.cloud.adp.com/{cid}/{ccId}` for a company on the cloud host (each company lives on
 * one of the two hosts; the other answers 404). An `endpointOverride` replaces the host.
 *
 *   list   `GET …/mascsr/default/careercenter/public/events/staffing/v1/job-requisitions
 *          ?cid=&ccId=&lang=en_US&locale=en_US&$top=100&$skip={n}` → `{jobRequisitions, meta{totalNumber}}`;
 *          `$skip` advances by what was served until `meta.totalNumber` (or an empty page);
 *   detail `GET …/job-requisitions/{id}?cid=&ccId=&lang=en_US&locale=en_US` for every posting: the
 *          list carries no description, the detail adds `requisitionDescription` (HTML). The id is
 *          the `ExternalJobID` custom field when published (the reference reports scrapers disagree
 *          between it and `itemID`), else `itemID`; a detail naming another `itemID` is ignored.
 *          Recorded details come both bare and wrapped in `{jobRequisitions: [...]}`; both are read.
 *
 * Mapped: itemID, title, postDate, locations (`nameCode` text, address city/subdivision/country),
 * `workLevelCode` (employment type), `payGradeRange` (+ `SalaryType`, or the `SalaryRange` text),
 * `HomeDepartment`, `clientRequisitionID`. Our recording's keys were reduced by the recorder (no
 * custom fields, work level or pay), so those members are read as the reference documents them.
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
const API_PATH = '/mascsr/default/careercenter/public/events/staffing/v1/job-requisitions';
const PUBLIC_PATH = '/mascsr/default/mdf/recruitment/recruitment.html';
const LANG = 'en_US';
const PAGE_SIZE = 100;
/** Guard against a source that keeps reporting more results than it serves. */
const MAX_PAGES = 100;

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
    const api = `${baseUrl(board, `https://${center.host}`)}${API_PATH}`;
    const query = `cid=${encodeURIComponent(center.cid)}&ccId=${encodeURIComponent(center.ccId)}&lang=${LANG}&locale=${LANG}`;
    const list = await listAll(board, http, api, query);
    const postings = await mapLimited(list.entries, async ({ entry, url }) => {
      const itemId = str(entry, 'itemID');
      const detailId = customString(entry, 'ExternalJobID') ?? itemId;
      if (itemId === undefined || detailId === undefined) return undefined;
      const detailUrl = `${api}/${encodeURIComponent(detailId)}?${query}`;
      const detail = detailRequisition(await fetchDetailJson(http, board, detailUrl), itemId);
      return parseAdpRequisition({
        entry,
        detail,
        center,
        endpoint: detail === undefined ? url : detailUrl,
      });
    });
    return { endpoint: list.firstUrl, postings: postings.flatMap((p) => p ?? []) };
  },
};

interface ListEntry {
  entry: JsonObject;
  url: string;
}

async function listAll(
  board: BoardRef,
  http: HttpClient,
  api: string,
  query: string,
): Promise<{ firstUrl: string; entries: ListEntry[] }> {
  const entries: ListEntry[] = [];
  const pageUrl = (skip: number): string => `${api}?${query}&$top=${PAGE_SIZE}&$skip=${skip}`;
  for (let page = 0, skip = 0; page < MAX_PAGES; page++) {
    const url = pageUrl(skip);
    const payload = await fetchJson(http, board, url, {
      headers: { accept: 'application/json', locale: LANG },
    });
    const total = num(obj(payload, 'meta'), 'totalNumber');
    const items = requisitions(payload, total, url);
    entries.push(...items.map((entry) => ({ entry, url })));
    skip += items.length;
    if (items.length === 0 || skip >= (total ?? 0)) break;
  }
  return { firstUrl: pageUrl(0), entries };
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
  endpoint: string;
}

/** Maps a list entry, preferring the detail's values where both publish one. */
export function parseAdpRequisition(input: AdpRequisitionInput): SourcePosting | undefined {
  const { entry, detail, center } = input;
  const pick = (key: string): string | undefined => str(detail, key) ?? str(entry, key);
  const itemId = str(entry, 'itemID');
  const query = new URLSearchParams({ cid: center.cid, ccId: center.ccId, jobId: itemId ?? '', lang: LANG });
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
