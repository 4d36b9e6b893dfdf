/**
 * ADP Recruiting Management career sites (`https://myjobs.adp.com/{domain}/cx/job-listing`), a
 * different ADP product from Workforce Now (adp.ts), read through the public calls its own page
 * makes. Board slug: `myjobs.adp.com/{domain}`; an `endpointOverride` replaces both hosts below.
 *
 *   site  `GET https://myjobs.adp.com/public/staffing/v1/career-site/{domain}` → `{domain,
 *         clientName, orgoid, active, myJobsToken, …}`: the token is the page's short-lived public
 *         session, not a credential. A gone site answers `{"message": "Careersite not found"}` or
 *         `"Careersite is not active"` (recorded bodies), or `active: false`: the board is gone.
 *   list  `GET https://my.adp.com/myadp_prefix/mycareer/public/staffing/v1/job-requisitions/
 *         apply-custom-filters?$select={fields}&$orderby=reqId&$top=50&$skip={n}` with the headers
 *         `myjobstoken`, `orgoid`, `rolecode: manager` and `accept-language: en-US` → `{count,
 *         jobRequisitions: [...]}`; `$skip` advances by what was served until `count`. `$top`/`$skip`
 *         are sent as written (public clients report that an encoded `%24top` is ignored). What
 *         a public client measured on the live hosts (sarthakjain004/headstart, its ADP Recruiting
 *         scraper's notes): without `$select` the rows carry only the title and the locations — no
 *         description, date, work level or unit; unordered walks lost postings that moved mid-walk
 *         (`$orderby=reqId` kept them); a page past ~1 MB answers 502 (100-row pages of 11–12 KB
 *         rows did), so 50 rows a page; `accept-language` other than `en-US` can answer `count: 0`.
 *   detail `GET …/job-requisitions/search-meta/{reqId}` (same headers) → `{jobRequisitions:
 *         [{itemID, customFieldGroup, …}]}`: the only place the pay is published, as the tenant's
 *         `compensationDetails` text ("107,000 to 160,400") or the pay-transparency minimum and
 *         maximum amounts with their currency, beside `typeOfSalaried` ("Salaried") and
 *         `typeOfFulltime` ("Full-time") code fields — custom fields keyed by `categoryCode`. Its
 *         title is the list's and its description adds nothing (same client's measurement), so only
 *         pay and a missing work level are taken from it. A closed requisition answers 400 ("Bad
 *         Request", recorded): the list's row is kept without pay.
 *
 * The list's requisitions carry the posting: `reqId`, `publishedJobTitle` (else `jobTitle`),
 * `jobDescription` and `jobQualifications` (HTML), `requisitionLocations[]` (`address` with
 * `cityName`, `countrySubdivisionLevel1`, `country`; `nameCode.longName`), `postingDate`,
 * `workLevelCode` ("Full-time"), the first `organizationalUnits[].name`, `clientRequisitionID`;
 * the site's `clientName` is the employer. The public job page is
 * `https://myjobs.adp.com/{domain}/cx/job-details?reqId={reqId}` (the address public clients agree
 * on). Not read: `category` (the employer's own grouping), `type`.
 *
 * Recording: test/fixtures/labelled/wave2/raw/adp/sarthakjain004__headstart__adp_recruiting_responses.json,
 * each call's answer under a key of its recorder (two sites, two list pages of 10, two details, a
 * closed detail, error bodies; descriptions cut to ~500 characters).
 */
import { parseSourceDate } from '../normalize/dates.js';
import {
  BoardNotFoundError,
  type BoardRef,
  type CrawlResult,
  type HttpClient,
  type SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  checkStatus,
  fetchJson,
  location,
  locations,
  mapLimited,
  parseJson,
  posting,
  postingHead,
  prune,
  salary,
  sections,
} from './common.js';
import { arr, bool, isObject, num, obj, str, type JsonObject } from './json.js';

const MYJOBS_HOST = 'myjobs.adp.com';
const SITE_ORIGIN = `https://${MYJOBS_HOST}`;
const API_ORIGIN = 'https://my.adp.com';
const REQUISITIONS_PATH = '/myadp_prefix/mycareer/public/staffing/v1/job-requisitions';
const LIST_PATH = `${REQUISITIONS_PATH}/apply-custom-filters`;
/** The list's members this connector reads: without `$select` the API leaves out all but two. */
const LIST_FIELDS = [
  'reqId',
  'jobTitle',
  'publishedJobTitle',
  'jobDescription',
  'jobQualifications',
  'workLevelCode',
  'postingDate',
  'requisitionLocations',
  'organizationalUnits',
  'clientRequisitionID',
].join(',');
/** Under the ~1 MB page at which the list answers 502 (the module's header). */
const PAGE_SIZE = 50;
/** 10,000 requisitions: a guard against a source that keeps reporting more than it serves. */
const MAX_PAGES = 100;
const GONE = /careersite (?:not found|is not active)/i;

/** The career-site domain of a `myjobs.adp.com/{domain}` slug; undefined for any other slug. */
export function myJobsDomain(slug: string): string | undefined {
  const match = /^myjobs\.adp\.com\/([A-Za-z0-9_-]+)$/.exec(slug);
  return match?.[1];
}

/** Crawls one ADP Recruiting Management career site: its session, then every list page. */
export async function crawlAdpMyJobs(
  board: BoardRef,
  http: HttpClient,
  domain: string,
): Promise<CrawlResult> {
  const siteOrigin = board.endpointOverride ?? SITE_ORIGIN;
  const apiOrigin = board.endpointOverride ?? API_ORIGIN;
  const siteUrl = `${siteOrigin}/public/staffing/v1/career-site/${domain}`;
  const response = await http.request(siteUrl, { headers: { accept: 'application/json' } });
  // ADP names a gone site in the body ("Careersite not found"); the status carrying it is not
  // recorded, so any error status with that message is the board gone.
  if (response.status >= 400 && GONE.test(response.text)) {
    throw new BoardNotFoundError(board, siteUrl, `HTTP ${String(response.status)}: career site gone`);
  }
  const site = parseJson(checkStatus(response, board, siteUrl), siteUrl);
  if (GONE.test(str(site, 'message') ?? '') || bool(site, 'active') === false) {
    throw new BoardNotFoundError(board, siteUrl, str(site, 'message') ?? 'career site not active');
  }
  const token = str(site, 'myJobsToken');
  const orgoid = str(site, 'orgoid');
  if (token === undefined || orgoid === undefined) {
    throw new UnexpectedResponseError(siteUrl, 'no myJobsToken and orgoid in the career site');
  }
  const headers = {
    accept: 'application/json',
    myjobstoken: token,
    orgoid,
    rolecode: 'manager',
    origin: SITE_ORIGIN,
    referer: `${SITE_ORIGIN}/${domain}/cx/job-listing`,
    'accept-language': 'en-US',
  };
  const pageUrl = (skip: number): string =>
    `${apiOrigin}${LIST_PATH}?$select=${LIST_FIELDS}&$orderby=reqId&$top=${PAGE_SIZE}&$skip=${skip}`;
  const postings: SourcePosting[] = [];
  const organization = str(site, 'clientName')?.trim();
  for (let page = 0, skip = 0; page < MAX_PAGES; page++) {
    const url = pageUrl(skip);
    const payload = await fetchJson(http, board, url, { headers });
    if (!isObject(payload) || !Array.isArray(payload.jobRequisitions)) {
      throw new UnexpectedResponseError(url, 'no "jobRequisitions" array');
    }
    const rows = arr(payload, 'jobRequisitions').filter((row): row is JsonObject => isObject(row));
    postings.push(
      ...rows.flatMap((row) => parseAdpMyJobsRequisition(row, { domain, endpoint: url, organization }) ?? []),
    );
    skip += rows.length;
    if (rows.length === 0 || skip >= (num(payload, 'count') ?? 0)) break;
  }
  const detailed = await mapLimited(postings, async (listed) => {
    const url = `${apiOrigin}${REQUISITIONS_PATH}/search-meta/${encodeURIComponent(listed.nativeId)}`;
    const answer = await http.request(url, { headers });
    // A requisition closed since the list was read answers 400 (recorded); its row stays.
    if (answer.status === 400) return listed;
    return withAdpMyJobsDetail(listed, parseJson(checkStatus(answer, board, url), url));
  });
  return prune({ endpoint: pageUrl(0), postings: detailed, boardName: organization });
}

/** A detail answer's requisition, bare or in a `jobRequisitions` wrapper. */
function requisitionOf(detail: unknown): JsonObject | undefined {
  return arr(detail, 'jobRequisitions').find(isObject) ?? (isObject(detail) ? detail : undefined);
}

/**
 * A listed posting with what only its detail publishes: the pay, and the work level when the list
 * had none. A detail of another requisition adds nothing.
 */
export function withAdpMyJobsDetail(listed: SourcePosting, detail: unknown): SourcePosting {
  const requisition = requisitionOf(detail);
  if (requisition === undefined || str(requisition, 'itemID') !== listed.nativeId) return listed;
  const workLevel = customField(requisition, 'codeFields', 'RTiReq_typeOfFulltime');
  return posting({
    ...listed,
    salary: listed.salary ?? detailPay(requisition),
    employmentTypes:
      (listed.employmentTypes ?? []).length > 0
        ? listed.employmentTypes
        : [str(workLevel, 'longName')].flatMap((value) => value ?? []),
  });
}

/**
 * A requisition that only a detail answer holds (a recording without its list row), read as
 * the list's row would be, with the detail's pay.
 */
export function parseAdpMyJobsDetail(
  detail: unknown,
  context: { domain: string; endpoint: string; organization?: string | undefined },
): SourcePosting | undefined {
  const requisition = requisitionOf(detail);
  const reqId = str(requisition, 'itemID');
  const listed = parseAdpMyJobsRequisition(
    {
      reqId,
      jobTitle: str(requisition, 'requisitionTitle'),
      jobDescription: str(requisition, 'requisitionDescription'),
      requisitionLocations: arr(requisition, 'requisitionLocations'),
      clientRequisitionID: str(requisition, 'clientRequisitionID'),
    },
    context,
  );
  return listed === undefined ? undefined : withAdpMyJobsDetail(listed, requisition);
}

/** The pay-transparency amounts with their currency; else the tenant's compensation text. */
function detailPay(requisition: JsonObject): SourcePosting['salary'] {
  const minimum = customField(requisition, 'amountFields', 'RTiReqExtended_payTransparencyMinSalary');
  const maximum = customField(requisition, 'amountFields', 'RTiReqExtended_payTransparencyMaxSalary');
  const min = num(minimum, 'amountValue');
  const max = num(maximum, 'amountValue');
  const text =
    min === undefined && max === undefined
      ? str(customField(requisition, 'stringFields', 'RTiReqExtended_compensationDetails'), 'stringValue')
      : undefined;
  return salary({
    min,
    max,
    currency: str(minimum, 'currencyCode') ?? str(maximum, 'currencyCode'),
    periodRaw: str(customField(requisition, 'codeFields', 'RTiReq_typeOfSalaried'), 'longName'),
    text,
  });
}

/** A custom field of the detail by its `categoryCode` (Workforce Now keys its own by `nameCode`). */
function customField(requisition: JsonObject, kind: string, code: string): JsonObject | undefined {
  return arr(obj(requisition, 'customFieldGroup'), kind)
    .filter(isObject)
    .find((field) => str(obj(field, 'categoryCode'), 'codeValue') === code);
}

/** Maps one requisition of the list. */
export function parseAdpMyJobsRequisition(
  row: unknown,
  context: { domain: string; endpoint: string; organization?: string | undefined },
): SourcePosting | undefined {
  const reqId = str(row, 'reqId');
  const url =
    reqId === undefined
      ? undefined
      : `${SITE_ORIGIN}/${context.domain}/cx/job-details?reqId=${encodeURIComponent(reqId)}`;
  const head = postingHead(
    reqId,
    str(row, 'publishedJobTitle') ?? str(row, 'jobTitle'),
    url,
    context.endpoint,
  );
  if (head === undefined) return undefined;
  return posting({
    ...head,
    organization: context.organization,
    descriptionHtml: sections([
      { html: str(row, 'jobDescription') },
      { title: 'Qualifications', html: str(row, 'jobQualifications') },
    ]),
    locations: locations(arr(row, 'requisitionLocations').map(requisitionLocation)),
    postedAt: parseSourceDate(str(row, 'postingDate')),
    department: str(arr(row, 'organizationalUnits')[0], 'name'),
    employmentTypes: [str(row, 'workLevelCode')].flatMap((value) => value ?? []),
    requisitionId: str(row, 'clientRequisitionID'),
  });
}

function requisitionLocation(raw: unknown): ReturnType<typeof location> {
  const address = obj(raw, 'address');
  const subdivision = obj(address, 'countrySubdivisionLevel1');
  const country = obj(address, 'country');
  return location({
    text: str(obj(raw, 'nameCode'), 'longName'),
    city: str(address, 'cityName'),
    region: str(subdivision, 'longName') ?? str(subdivision, 'codeValue'),
    country: str(country, 'longName') ?? str(country, 'codeValue'),
  });
}
