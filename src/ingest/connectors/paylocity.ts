/**
 * Paylocity recruiting boards (HTML pages; the JSON feed `/recruiting/api/feed/jobs/{guid}` is
 * reported disabled for every company, so it is not used):
 *   list   `GET https://recruiting.paylocity.com/recruiting/jobs/All/{companyGuid}`: a server-rendered
 *          page whose inline script sets `window.pageData = {…}`, holding every job in `Jobs[]` (no
 *          paging) plus `ModuleTitle` (the company, sometimes with an account number, "SendCutSend Inc
 *          [175255]") and `LogoHref` (the company's website, when set);
 *   detail `GET …/recruiting/jobs/Details/{jobId}/{companyGuid}` (the id alone answers 500): an HTML
 *          page with a schema.org `JobPosting` JSON-LD block (description, hiring organization,
 *          address with an ISO-2 country, `baseSalary` when the employer publishes pay) and, on some
 *          pages, a "Job Type" field under its own heading. The board's `Description` is always "",
 *          so the detail is fetched for every job; that page is also the posting's public address.
 * Board slug: the company GUID. Pages are read with htmlparser2; only the JSON inside the page's
 * scripts is parsed, never the markup.
 *
 * Job fields: `JobId`, `JobTitle`, `LocationName`, `ShouldDisplayLocation`, `PublishedDate` (with
 * offset), `IsInternal`, `HiringDepartment` (mostly null), `JobLocation{City, State, Zip, Country
 * ("USA")…}`, `IsRemote`. The JSON-LD `datePosted` disagrees with `PublishedDate` for the same job
 * (it reads like UTC labelled -05:00), so the board's date is the one used. `IndeedRemoteType` (1
 * on remote rows, 2 elsewhere) is an undocumented code and is not passed on; `IsRemote` says the same.
 * Not published: an update or expiry date, a requisition id, a workplace value beyond `IsRemote`.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import {
  BoardNotFoundError,
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  companyUrls,
  countryCode,
  fetchOk,
  location,
  locations,
  mapLimited,
  posting,
  prune,
  salary,
} from './common.js';
import { asArray, bool, isObject, num, obj, path, str, type JsonObject } from './json.js';
import { jobPostingOf } from './json-ld.js';

const PUBLIC_BASE = 'https://recruiting.paylocity.com';
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type HtmlDocument = ReturnType<typeof parseDocument>;

/** Paylocity: the board page, then one detail page per job. */
export const paylocityConnector: Connector = {
  source: 'paylocity',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    if (!GUID.test(board.slug)) {
      throw new Error(`Invalid paylocity board slug ${JSON.stringify(board.slug)} (want the company GUID)`);
    }
    const base = baseUrl(board, PUBLIC_BASE);
    const listUrl = `${base}/recruiting/jobs/All/${board.slug}`;
    const page = await fetchOk(http, board, listUrl, { headers: { accept: 'text/html' } });
    const pageData = pageDataOf(parseDocument(page.text));
    const jobs = isObject(pageData) ? asArray(pageData.Jobs) : undefined;
    if (jobs === undefined)
      throw new UnexpectedResponseError(listUrl, 'no window.pageData with a Jobs array');
    const postings = await mapLimited(jobs, async (job) => {
      const id = str(job, 'JobId');
      if (id === undefined || !/^\d+$/.test(id)) return undefined;
      const detailUrl = `${base}/recruiting/jobs/Details/${id}/${board.slug}`;
      const detail = await fetchDetailPage(http, board, detailUrl);
      return parsePaylocityJob({
        job,
        detail,
        url: `${PUBLIC_BASE}/recruiting/jobs/Details/${id}/${board.slug}`,
        endpoint: detail === undefined ? listUrl : detailUrl,
      });
    });
    return prune({
      endpoint: listUrl,
      postings: postings.flatMap((p) => p ?? []),
      boardName: str(pageData, 'ModuleTitle'),
      companyUrls: companyUrls([str(pageData, 'LogoHref')]),
    });
  },
};

/** What a detail page publishes about its job. */
export interface PaylocityDetail {
  jobPosting: JsonObject;
  jobType?: string;
}

/**
 * The detail page's JobPosting and "Job Type", or `undefined` when the page is gone (404/410) or
 * carries no JobPosting (a closed job's page): the board's data is kept either way.
 */
async function fetchDetailPage(
  http: HttpClient,
  board: BoardRef,
  url: string,
): Promise<PaylocityDetail | undefined> {
  try {
    const response = await fetchOk(http, board, url, { headers: { accept: 'text/html' } });
    return parsePaylocityDetail(response.text);
  } catch (error) {
    if (error instanceof BoardNotFoundError) return undefined;
    throw error;
  }
}

/** Reads a detail page. */
export function parsePaylocityDetail(html: string): PaylocityDetail | undefined {
  const document = parseDocument(html);
  const jobPosting = jobPostingOf(document);
  if (jobPosting === undefined) return undefined;
  return prune({ jobPosting, jobType: labelledValue(document, 'Job Type') });
}

/** Inputs for one job: its board entry and, when it could be read, its detail page. */
export interface PaylocityJobInput {
  job: unknown;
  detail: PaylocityDetail | undefined;
  url: string;
  endpoint: string;
}

/** Maps a board job plus its detail page. */
export function parsePaylocityJob(input: PaylocityJobInput): SourcePosting | undefined {
  const { job } = input;
  const nativeId = str(job, 'JobId');
  const title = str(job, 'JobTitle');
  if (nativeId === undefined || title === undefined) return undefined;
  const ld = input.detail?.jobPosting;
  const place = obj(job, 'JobLocation');
  const address = path(ld, 'jobLocation', 'address');
  const pay = obj(ld, 'baseSalary');
  // The employer can hide a job's location from the board; a hidden location is not published.
  const shown = bool(job, 'ShouldDisplayLocation') !== false;
  return posting({
    nativeId,
    title,
    url: input.url,
    sourceEndpoint: input.endpoint,
    organization: str(obj(ld, 'hiringOrganization'), 'name'),
    descriptionHtml: str(ld, 'description'),
    locations: shown
      ? locations([
          location({
            text: str(job, 'LocationName'),
            city: str(place, 'City'),
            region: str(place, 'State'),
            country: str(place, 'Country'),
            countryCode: countryCode(str(address, 'addressCountry')),
          }),
        ])
      : [],
    postedAt: parseSourceDate(str(job, 'PublishedDate')),
    department: str(job, 'HiringDepartment'),
    employmentTypes: [input.detail?.jobType].flatMap((value) => value ?? []),
    remote: bool(job, 'IsRemote'),
    salary: salary({
      min: num(obj(pay, 'value'), 'minValue'),
      max: num(obj(pay, 'value'), 'maxValue'),
      currency: str(pay, 'currency'),
      periodRaw: str(obj(pay, 'value'), 'unitText'),
    }),
    // A job posted for employees only is not a public posting.
    unlisted: bool(job, 'IsInternal') === true ? true : undefined,
  });
}

/** The object assigned to `window.pageData` in one of the page's inline scripts. */
function pageDataOf(document: HtmlDocument): unknown {
  const marker = 'window.pageData';
  for (const script of DomUtils.getElementsByTagName('script', document)) {
    const code = DomUtils.textContent(script);
    const at = code.indexOf(marker);
    if (at >= 0) return objectLiteralAt(code, code.indexOf('{', at));
  }
  return undefined;
}

/**
 * The JSON object that opens at `start`: scanned to its matching brace (braces inside strings do
 * not count), then parsed; `undefined` when it does not close or is not JSON.
 */
function objectLiteralAt(code: string, start: number): unknown {
  if (start < 0) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = start; i < code.length; i++) {
    const char = code[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      try {
        return JSON.parse(code.slice(start, i + 1)) as unknown;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** The text of the element that follows a `job-listing-header` heading reading `label`. */
function labelledValue(document: HtmlDocument, label: string): string | undefined {
  const heading = DomUtils.findOne(
    (element) =>
      (DomUtils.getAttributeValue(element, 'class') ?? '').split(/\s+/).includes('job-listing-header') &&
      DomUtils.textContent(element).trim() === label,
    document.children,
  );
  const value = heading === null ? null : DomUtils.nextElementSibling(heading);
  const text = value === null ? '' : DomUtils.textContent(value).trim();
  return text === '' ? undefined : text;
}
