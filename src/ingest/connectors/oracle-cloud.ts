/**
 * Oracle Recruiting Cloud (Candidate Experience) REST API.
 *
 * Board slug: `{pod}.fa.{region}/{siteNumber}`, e.g. `emje.fa.us6/CX_1001`, which addresses
 * `https://{pod}.fa.{region}.oraclecloud.com` (replaced by `endpointOverride`).
 *   list   `GET /hcmRestApi/resources/latest/recruitingCEJobRequisitions?onlyData=true
 *          &expand=requisitionList&finder=findReqs;siteNumber={site},limit=200,offset={n}`. `limit`
 *          and `offset` must sit *inside* the finder: as plain query parameters they are ignored
 *          and every page is the first 25. Jobs are in `items[0].requisitionList`, the total in
 *          `items[0].TotalJobsCount`.
 *   detail `GET /hcmRestApi/resources/latest/recruitingCEJobRequisitionDetails?expand=all&onlyData=true
 *          &finder=ById;Id="{id}",siteNumber={site}` (the quotes are finder syntax) for the
 *          description, fetched for every requisition. Places: `PrimaryLocation` and the
 *          `secondaryLocations` (on both).
 * The public page is `https://{host}/hcmUI/CandidateExperience/en/sites/{site}/job/{id}`. `Id` is the
 * requisition number candidates see; the numeric `RequisitionId` is an internal key and is not used.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type {
  BoardRef,
  Connector,
  CrawlResult,
  HttpClient,
  SourceLocation,
  SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  coordinates,
  countryCode,
  fetchDetailJson,
  fetchJson,
  location,
  locations,
  mapLimited,
  posting,
  sections,
} from './common.js';
import { arr, isObject, num, str, type JsonObject } from './json.js';

const PAGE_SIZE = 200;
const MAX_PAGES = 100;
const API_PATH = '/hcmRestApi/resources/latest';
/** Detail HTML fields in reading order: the posting, its duties and requirements, then the boilerplate. */
const DETAIL_FIELDS = [
  'ExternalDescriptionStr',
  'ExternalResponsibilitiesStr',
  'ExternalQualificationsStr',
  'CorporateDescriptionStr',
  'OrganizationDescriptionStr',
];

/** Parsed board slug. */
export interface OracleSite {
  host: string;
  siteNumber: string;
}

/** Reads `{pod}.fa.{region}/{siteNumber}`; throws on anything else. */
export function parseOracleSlug(slug: string): OracleSite {
  const match = /^([a-z0-9-]+\.fa\.[a-z0-9-]+)\/([A-Za-z0-9_]+)$/i.exec(slug);
  if (match === null) {
    throw new Error(`Invalid Oracle board slug ${JSON.stringify(slug)} (want pod.fa.region/CX_n)`);
  }
  const [, pod = '', siteNumber = ''] = match;
  return { host: `${pod}.oraclecloud.com`, siteNumber };
}

/** Oracle Recruiting Cloud: finder-paged list, then one detail per requisition. */
export const oracleCloudConnector: Connector = {
  source: 'oracle_cloud',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const site = parseOracleSlug(board.slug);
    const api = `${baseUrl(board, `https://${site.host}`)}${API_PATH}`;
    const { firstUrl, entries } = await listRequisitions(board, http, api, site.siteNumber);
    const postings = await mapLimited(entries, async ({ entry, url }) => {
      const id = str(entry, 'Id');
      if (id === undefined || !/^\w+$/.test(id)) return undefined;
      const detailUrl = `${api}/recruitingCEJobRequisitionDetails?expand=all&onlyData=true&finder=ById;Id=%22${id}%22,siteNumber=${site.siteNumber}`;
      const detail = arr(await fetchDetailJson(http, board, detailUrl), 'items')[0];
      return parseOracleRequisition({
        entry,
        detail,
        publicBase: `https://${site.host}/hcmUI/CandidateExperience/en/sites/${site.siteNumber}/job`,
        endpoint: isObject(detail) ? detailUrl : url,
      });
    });
    return { endpoint: firstUrl, postings: postings.flatMap((p) => p ?? []) };
  },
};

async function listRequisitions(
  board: BoardRef,
  http: HttpClient,
  api: string,
  siteNumber: string,
): Promise<{ firstUrl: string; entries: { entry: JsonObject; url: string }[] }> {
  const entries: { entry: JsonObject; url: string }[] = [];
  const pageUrl = (offset: number): string =>
    `${api}/recruitingCEJobRequisitions?onlyData=true&expand=requisitionList&finder=findReqs;siteNumber=${siteNumber},limit=${PAGE_SIZE},offset=${offset}`;
  // The offset advances by what was served, not by the limit asked for: a site that caps the page
  // below 200 is still walked completely.
  for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
    const url = pageUrl(offset);
    const search = arr(await fetchJson(http, board, url), 'items')[0];
    if (!isObject(search)) throw new UnexpectedResponseError(url, 'no search result in "items"');
    const list = arr(search, 'requisitionList').filter((entry): entry is JsonObject => isObject(entry));
    entries.push(...list.map((entry) => ({ entry, url })));
    offset += list.length;
    if (list.length === 0 || offset >= (num(search, 'TotalJobsCount') ?? 0)) break;
  }
  return { firstUrl: pageUrl(0), entries };
}

/** Inputs for one requisition: the list entry and, when it could be fetched, the detail item. */
export interface OracleRequisitionInput {
  entry: unknown;
  detail: unknown;
  /** `https://{host}/hcmUI/CandidateExperience/en/sites/{site}/job` */
  publicBase: string;
  endpoint: string;
}

/**
 * The requisition's other places (`secondaryLocations`, on the detail item and on the list entry):
 * "Seattle, WA, United States" beside a primary San Francisco (JPMorgan Chase), three more Minnesota
 * and Wisconsin towns beside Woodbury (HealthPartners). The detail's list when it has one.
 */
function secondaryLocations(detail: unknown, entry: unknown): (SourceLocation | undefined)[] {
  const fromDetail = arr(detail, 'secondaryLocations');
  return (fromDetail.length > 0 ? fromDetail : arr(entry, 'secondaryLocations')).map((place) =>
    location({
      text: str(place, 'Name'),
      countryCode: countryCode(str(place, 'CountryCode')),
      // Decimal strings ("47.60357").
      ...coordinates(place, 'Latitude', 'Longitude'),
    }),
  );
}

/**
 * The detail's `requisitionFlexFields`: `{Prompt, Value}` pairs each employer defines and the job page
 * shows beside the description ("Position Type" = "Full-time regular", "Pay Range" = "$46.06 - $69.10
 * hourly", "Base Pay/Salary" = "New York,NY $205,000.00-$300,000.00", "Department"). Read by prompt:
 * an employment type, a department, and the first pay value that holds a figure, as the salary's
 * display string. HealthPartners, JPMorgan Chase and UNDP recordings of the labelled set.
 */
const FLEX_EMPLOYMENT = /^(?:position|employment|job|worker|time|schedule) type$/i;
const FLEX_PAY = /\b(?:pay|salary|compensation|wage)\b/i;

function flexFields(detail: unknown): { employmentTypes: string[]; department?: string; payText?: string } {
  const fields = arr(detail, 'requisitionFlexFields').flatMap((field) => {
    const prompt = str(field, 'Prompt')?.trim();
    const value = str(field, 'Value')?.trim();
    return prompt === undefined || value === undefined || value === '' ? [] : [{ prompt, value }];
  });
  const department = fields.find(({ prompt }) => /^department$/i.test(prompt))?.value;
  const payText = fields.find(({ prompt, value }) => FLEX_PAY.test(prompt) && /\d/.test(value))?.value;
  return {
    employmentTypes: fields.filter(({ prompt }) => FLEX_EMPLOYMENT.test(prompt)).map(({ value }) => value),
    ...(department === undefined ? {} : { department }),
    ...(payText === undefined ? {} : { payText }),
  };
}

/** Oracle's workplace type codes (`ORA_HYBRID` on recorded requisitions) in the words they stand for. */
const WORKPLACE_CODES: Readonly<Record<string, string>> = {
  ORA_REMOTE: 'remote',
  ORA_HYBRID: 'hybrid',
  ORA_ON_SITE: 'on site',
  ORA_ONSITE: 'on site',
};

/** Maps a `requisitionList` entry plus its detail item (when present). */
export function parseOracleRequisition(input: OracleRequisitionInput): SourcePosting | undefined {
  const { entry, detail } = input;
  const nativeId = str(entry, 'Id') ?? str(detail, 'Id');
  const title = str(detail, 'Title') ?? str(entry, 'Title');
  if (nativeId === undefined || title === undefined) return undefined;
  const read = (key: string): string | undefined => str(detail, key) ?? str(entry, key);
  const flex = flexFields(detail);
  const native = ['JobSchedule', 'JobType'].flatMap((key) => read(key) ?? []);
  return posting({
    nativeId,
    title,
    url: `${input.publicBase}/${encodeURIComponent(nativeId)}`,
    sourceEndpoint: input.endpoint,
    organization: read('LegalEmployer'),
    descriptionHtml: sections([
      ...DETAIL_FIELDS.map((key) => ({ html: str(detail, key) })),
      ...(isObject(detail) ? [] : [{ html: str(entry, 'ShortDescriptionStr') }]),
    ]),
    locations: locations([
      location({ text: read('PrimaryLocation'), countryCode: countryCode(read('PrimaryLocationCountry')) }),
      ...secondaryLocations(detail, entry),
    ]),
    postedAt: parseSourceDate(read('PostedDate') ?? read('ExternalPostedStartDate')),
    validThrough: parseSourceDate(read('PostingEndDate') ?? read('ExternalPostedEndDate')),
    // `Department` is almost never filled (a public client measured 0.0%); the detail's `Category`
    // (76%) and the list's `JobFunction` (45%) are the tenant's grouping of the job.
    department: read('Department') ?? flex.department ?? read('Category') ?? read('JobFunction'),
    employmentTypes: native.length > 0 ? native : flex.employmentTypes,
    salary: flex.payText === undefined ? undefined : { text: flex.payText },
    // The code first: the label is the tenant's own wording ("Work From Home"), the code exact.
    workplaceType:
      WORKPLACE_CODES[read('WorkplaceTypeCode') ?? ''] ?? read('WorkplaceType') ?? read('WorkplaceTypeCode'),
  });
}
