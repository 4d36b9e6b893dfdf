/**
 * Darwinbox career sites (the candidate portal's own unauthenticated list API).
 *
 * Board slug: the tenant (`licious` → `licious.darwinbox.in`, the TLD most tenants use) or the
 * tenant's full host (`acme.darwinbox.com`); the wrong TLD answers 500 "Invalid subdomain", so a
 * `.com` tenant must be given by host. An `endpointOverride` replaces `https://{host}`.
 *
 *   list `POST https://{host}/ms/candidateapi/job/alljobs?companyId=main` with
 *        `{"companyId":"main","page":n,"sort_option":"new","limit":100}` (pages from 1) →
 *        `{status: "success", data: [...], job_counts}`. The server caps pages at 100, so the walk
 *        stops at a short page. `{status: "error"}` is the unknown-tenant answer (BoardNotFound).
 *        Our recording is the bare `data` array (the recorder removed the envelope); both shapes
 *        are read.
 *
 * The list carries the description, so there is no detail request. `jd` is entity-escaped HTML
 * (`&lt;p style=&quot;…`), decoded once; a blank `jd` (" ") is no description. Location strings
 * carry a stray carriage return ("Karnataka\r, India"), removed. `posted_on` is "3-Feb-2025" on
 * older tenants and an epoch on newer ones; the careers window `job_posting.careers.from/to`
 * (epoch seconds) is preferred as the posting and expiry instants. The public URL is built as
 * `https://{host}/ms/candidatev2/main/careers/jobDetails/{id}`.
 * Not published in the list: company name (a separate `companyinfo` call, not recorded), the
 * salary when `salary_range` is empty (the `salary_timeframe` alone says nothing).
 */
import { parseSourceDate } from '../normalize/dates.js';
import { unescapeHtmlEntities } from '../normalize/html.js';
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
  fetchJson,
  location,
  locations,
  posting,
  postingHead,
  salary,
} from './common.js';
import { arr, asArray, isObject, num, path, str, strings, type JsonObject } from './json.js';

const PAGE_SIZE = 100;
/** Guard against a source that keeps serving full pages. */
const MAX_PAGES = 100;

/** The tenant host for a slug; throws on anything that is not a Darwinbox tenant. */
export function darwinboxHost(slug: string): string {
  if (/^[a-z0-9][a-z0-9-]*$/i.test(slug)) return `${slug}.darwinbox.in`;
  if (/^[a-z0-9][a-z0-9-]*\.darwinbox\.(in|com)$/i.test(slug)) return slug;
  throw new Error(`Invalid darwinbox board slug ${JSON.stringify(slug)} (want tenant or tenant host)`);
}

/** Darwinbox: pages of 100 from the alljobs endpoint. */
export const darwinboxConnector: Connector = {
  source: 'darwinbox',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const host = darwinboxHost(board.slug);
    const url = `${baseUrl(board, `https://${host}`)}/ms/candidateapi/job/alljobs?companyId=main`;
    const seen = new Map<string, SourcePosting>();
    for (let page = 1; page <= MAX_PAGES; page++) {
      const payload = await fetchJson(http, board, url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({ companyId: 'main', page, sort_option: 'new', limit: PAGE_SIZE }),
      });
      const jobs = jobList(payload, board, url);
      for (const job of jobs) {
        const parsed = parseDarwinboxJob(job, host, url);
        if (parsed !== undefined && !seen.has(parsed.nativeId)) seen.set(parsed.nativeId, parsed);
      }
      if (jobs.length < PAGE_SIZE) break;
    }
    return { endpoint: url, postings: [...seen.values()] };
  },
};

/** The jobs of a page: the `data` of a success envelope, or the bare array as recorded. */
function jobList(payload: unknown, board: BoardRef, url: string): JsonObject[] {
  const bare = asArray(payload);
  if (bare !== undefined) return bare.filter((job): job is JsonObject => isObject(job));
  const state = str(payload, 'status');
  if (state === 'error') throw new BoardNotFoundError(board, url, 'status "error"');
  if (state !== 'success' || !isObject(payload) || !Array.isArray(payload.data)) {
    throw new UnexpectedResponseError(url, 'expected {status: "success", data: [...]}');
  }
  return arr(payload, 'data').filter((job): job is JsonObject => isObject(job));
}

/** Maps one job of the list. */
export function parseDarwinboxJob(raw: unknown, host: string, endpoint: string): SourcePosting | undefined {
  const id = str(raw, 'id');
  const url =
    id === undefined
      ? undefined
      : `https://${host}/ms/candidatev2/main/careers/jobDetails/${encodeURIComponent(id)}`;
  const head = postingHead(id, str(raw, 'title') ?? str(raw, 'designation_name'), url, endpoint);
  if (head === undefined) return undefined;
  const jd = str(raw, 'jd');
  const careers = path(raw, 'job_posting', 'careers');
  const places = strings(raw, 'officelocations_without_area').map((text) => text.replace(/\s*\r\s*/g, ''));
  const remote = num(raw, 'is_remote');
  const range = str(raw, 'salary_range');
  return posting({
    ...head,
    descriptionHtml: jd === undefined ? undefined : unescapeHtmlEntities(jd),
    locations: locations(
      places.length > 0
        ? places.map((text) => location({ text }))
        : [location({ country: str(raw, 'country') })],
    ),
    postedAt: parseSourceDate(num(careers, 'from')) ?? postedOn(raw),
    validThrough: parseSourceDate(num(careers, 'to')),
    department: str(raw, 'department_name'),
    employmentTypes: [str(raw, 'emp_type_name')].flatMap((value) => value ?? []),
    remote: remote === 1 ? true : remote === 0 ? false : undefined,
    experience: str(raw, 'experience'),
    salary:
      range === undefined ? undefined : salary({ text: range, periodRaw: str(raw, 'salary_timeframe') }),
    requisitionId: str(raw, 'internal_job_code'),
  });
}

/** `posted_on`: an epoch, or "3-Feb-2025" (day-month name-year) read as that calendar date. */
function postedOn(raw: unknown): string | undefined {
  const epoch = num(raw, 'posted_on');
  if (epoch !== undefined) return parseSourceDate(epoch);
  return parseSourceDate(str(raw, 'posted_on'));
}
