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
 *         apply-custom-filters?$top=100&$skip={n}` with the headers `myjobstoken`, `orgoid` and
 *         `rolecode: manager` → `{count, jobRequisitions: [...]}`; `$skip` advances by what was
 *         served until `count`. `$top`/`$skip` are sent as written (public clients report that an
 *         encoded `%24top` is ignored).
 *
 * Each requisition carries its whole posting, so no detail is read: `reqId`, `publishedJobTitle`
 * (else `jobTitle`), `jobDescription` and `jobQualifications` (HTML), `requisitionLocations[]`
 * (`address` with `cityName`, `countrySubdivisionLevel1`, `country`; `nameCode.longName`),
 * `postingDate`, `workLevelCode` ("Full-time"), the first `organizationalUnits[].name`,
 * `clientRequisitionID`; the site's `clientName` is the employer. The public job page is
 * `https://myjobs.adp.com/{domain}/cx/job-details?reqId={reqId}` (the address public clients agree
 * on). Not read: pay (published only in a per-job detail whose public address is not established),
 * `category` (the employer's own grouping), `type`.
 *
 * Recording: test/fixtures/labelled/wave2/raw/adp/sarthakjain004__headstart__adp_recruiting_responses.json,
 * each call's answer under a key of its recorder (two sites, two list pages of 10, error bodies;
 * descriptions cut to ~500 characters).
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
  parseJson,
  posting,
  postingHead,
  prune,
  sections,
} from './common.js';
import { arr, bool, isObject, num, obj, str, type JsonObject } from './json.js';

const MYJOBS_HOST = 'myjobs.adp.com';
const SITE_ORIGIN = `https://${MYJOBS_HOST}`;
const API_ORIGIN = 'https://my.adp.com';
const LIST_PATH = '/myadp_prefix/mycareer/public/staffing/v1/job-requisitions/apply-custom-filters';
const PAGE_SIZE = 100;
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
  };
  const pageUrl = (skip: number): string => `${apiOrigin}${LIST_PATH}?$top=${PAGE_SIZE}&$skip=${skip}`;
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
  return prune({ endpoint: pageUrl(0), postings, boardName: organization });
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
