/**
 * Manatal career pages: `GET https://www.careers-page.com/api/v1.0/c/{slug}/jobs/` (the legacy
 * `api.manatal.com/open/v1/career-page/…` path now serves the SPA's HTML). A Django-REST envelope
 * `{count, next, previous, results}` with a fixed page size of 10; `next` is an absolute URL
 * (`…/jobs/?page=2`) or null on the last page. Paging follows `next`, but only its `page` number
 * is taken and put on our own list URL, so the walk stays on the board (and on an
 * `endpointOverride`); a `next` that does not move forward is a changed shape.
 *
 * Each job carries `id`, `hash` (the public code: the page is `www.careers-page.com/{slug}/job/{hash}`,
 * the only address the API implies, built here), `position_name`, full HTML `description`, `city`,
 * `state`, `country` (names), `location_display`, and `salary_min`/`salary_max` (decimal strings)
 * with `currency_code` only when `is_salary_visible` is true; the salary is read only then.
 *
 * Not published: any date, employment type, department, workplace or remote field, salary period,
 * requisition id, company name (street `address` and `zipcode` have no SourceLocation member). Rows
 * of the legacy open API (`api.manatal.com/open/v1/career-page/…`, recorded in the labelled set)
 * also hold `contract_details` ("full_time") and `is_remote`, read when present.
 * A 404 on the first page is a missing board ("No ClientPortalSettings matches the given query");
 * on a later page it means the board changed under the walk, so the crawl fails instead.
 */
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
  safeSlug,
  salary,
} from './common.js';
import { arr, bool, isObject, num, str } from './json.js';

const DEFAULT_BASE = 'https://www.careers-page.com';
/** The public address of every posting is on Manatal's own host, whatever base the API is read from. */
const PUBLIC_BASE = 'https://www.careers-page.com';
/** 10 postings a page: 10,000 postings, far beyond any board seen; more is a runaway walk. */
const MAX_PAGES = 1000;

/** Manatal: walks the list pages by their `next` links. */
export const manatalConnector: Connector = {
  source: 'manatal',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const listUrl = `${baseUrl(board, DEFAULT_BASE)}/api/v1.0/c/${slug}/jobs/`;
    const byId = new Map<string, SourcePosting>();
    let page: number | undefined = 1;
    for (let requests = 0; page !== undefined; requests++) {
      if (requests === MAX_PAGES) throw new UnexpectedResponseError(listUrl, `more than ${MAX_PAGES} pages`);
      const url = page === 1 ? listUrl : `${listUrl}?page=${page}`;
      const payload = await fetchPage(http, board, url, page);
      for (const raw of arr(payload, 'results')) {
        const parsed = parseManatalJob(raw, url, slug);
        if (parsed !== undefined && !byId.has(parsed.nativeId)) byId.set(parsed.nativeId, parsed);
      }
      page = nextPage(payload, url, page);
    }
    return { endpoint: listUrl, postings: [...byId.values()] };
  },
};

/** One list page; a 404 after the first page is not a missing board but a board that changed. */
async function fetchPage(http: HttpClient, board: BoardRef, url: string, page: number): Promise<unknown> {
  let payload: unknown;
  try {
    payload = await fetchJson(http, board, url);
  } catch (error) {
    if (page > 1 && error instanceof BoardNotFoundError) {
      throw new UnexpectedResponseError(url, `page ${page} is gone (the board changed during the walk)`);
    }
    throw error;
  }
  if (!isObject(payload) || !Array.isArray(payload.results)) {
    throw new UnexpectedResponseError(url, 'no "results" array');
  }
  return payload;
}

/** The page number of `next`, or undefined on the last page; a `next` that does not advance is rejected. */
export function nextPage(payload: unknown, url: string, current: number): number | undefined {
  const next = str(payload, 'next');
  if (next === undefined) return undefined;
  let value: string | null;
  try {
    value = new URL(next).searchParams.get('page');
  } catch {
    throw new UnexpectedResponseError(url, `"next" is not a URL: ${next}`);
  }
  const page = value !== null && /^\d+$/.test(value) ? Number(value) : undefined;
  if (page === undefined || page <= current) {
    throw new UnexpectedResponseError(url, `"next" does not advance past page ${current}: ${next}`);
  }
  return page;
}

/** Maps one job; the salary only when the employer made it visible. */
export function parseManatalJob(raw: unknown, endpoint: string, slug: string): SourcePosting | undefined {
  const hash = str(raw, 'hash');
  const url =
    hash === undefined
      ? undefined
      : `${PUBLIC_BASE}/${encodeURIComponent(slug)}/job/${encodeURIComponent(hash)}`;
  const head = postingHead(str(raw, 'id'), str(raw, 'position_name'), url, endpoint);
  if (head === undefined) return undefined;
  const visible = bool(raw, 'is_salary_visible') === true;
  return posting({
    ...head,
    descriptionHtml: str(raw, 'description'),
    locations: locations([
      location({
        text: str(raw, 'location_display'),
        city: str(raw, 'city'),
        region: str(raw, 'state'),
        country: str(raw, 'country'),
      }),
    ]),
    // The legacy open API's rows carry these two; the careers-page rows do not.
    employmentTypes: [str(raw, 'contract_details')].flatMap((value) => value ?? []),
    remote: bool(raw, 'is_remote'),
    salary: visible
      ? salary({
          min: num(raw, 'salary_min'),
          max: num(raw, 'salary_max'),
          currency: str(raw, 'currency_code'),
        })
      : undefined,
  });
}
