/**
 * JOIN (join.com) company pages:
 *   page   `GET https://join.com/companies/{slug}` (HTML). Its Next.js `__NEXT_DATA__` JSON holds
 *          `props.pageProps.initialState.company` (`id`, `name`, `domain`, `url` on live pages) and
 *          `initialState.jobs` = `{items: [...], pagination: {page, pageCount, pageSize, total}}`,
 *          the first page of the board (5 jobs: the API has refused larger pages since 2026-07);
 *   more   `GET https://join.com/api/public/companies/{company.id}/jobs?locale=en&page={n}&pageSize={k}`
 *          (`Accept: application/json`, 406 without) for pages 2…pageCount, with the page size the
 *          page state used; same item shape in an `{items, pagination}` envelope; a JSON array is
 *          the API's validation error. A board with more pages but no company id in the state
 *          cannot be read whole, so the crawl fails (never a partial board that would close jobs).
 * `domain` (when present) must equal the slug: JOIN has served placeholder company objects for new
 * tenants, and another company's jobs must never be read as this board's.
 *
 * Items carry `id`, `idParam` (the public page is `join.com/companies/{slug}/{idParam}`; its
 * numeric prefix can differ from `id`), `title`, `createdAt` (the only date: read as the posting
 * date), `employmentType.name` ("Employee", "Intern"), `workplaceType` (ONSITE|HYBRID|REMOTE),
 * `category.name` (read as the department), `city{cityName, regionName, countryName, lat, lng}`,
 * `country{iso3166, name}`, and, when the employer entered them, `salaryAmountFrom`/`salaryAmountTo`
 * `{amount, currency}` in minor units (cents, converted here) with `salaryFrequency`; they are read
 * only when `settings.showSalary` is true.
 *
 *   detail `GET https://join.com/api/public/jobs/{id}?locale=en` (`Accept: application/json`), one
 *          per job, four at a time: the list has no descriptions. The detail holds `description`, or
 *          `intro`/`tasks`/`requirements` (evidence: sarthakjain004/headstart's JOIN scraper, which
 *          reads exactly these; its recording of indie-solutions, in the labelled set, keeps the
 *          detail's text beside each API item as `_description`: Markdown, not HTML). A detail
 *          that is gone (404) keeps the list's row without a description; a transient failure
 *          fails the crawl like a page would. The detail's URL becomes the job's source endpoint.
 * No recording of a whole detail answer exists here: the answer's shape beyond those members is
 * not relied on. Not published: expiry, requisition id, experience.
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
  type SourceSalary,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  companyUrls,
  countryCode,
  fetchDetailJson,
  fetchJson,
  fetchOk,
  location,
  locations,
  mapLimited,
  posting,
  postingHead,
  prune,
  safeSlug,
  salary,
} from './common.js';
import { arr, asArray, bool, isObject, num, obj, path, str, type JsonObject } from './json.js';

const DEFAULT_BASE = 'https://join.com';
const PUBLIC_BASE = 'https://join.com';
/** 5 jobs a page: 10,000 jobs; a walk past that is a runaway. */
const MAX_PAGES = 2000;

/** JOIN: the company page's state, then the public API for any further pages. */
export const joinConnector: Connector = {
  source: 'join',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const base = baseUrl(board, DEFAULT_BASE);
    const pageUrl = `${base}/companies/${slug}`;
    const response = await fetchOk(http, board, pageUrl, { headers: { accept: 'text/html' } });
    const state = joinPageState(response.text, pageUrl, slug);
    const company = obj(state, 'company');
    const jobs = obj(state, 'jobs');
    const organization = str(company, 'name');
    const byId = new Map<string, SourcePosting>();
    const add = (items: unknown[], endpoint: string): void => {
      for (const raw of items) {
        const parsed = parseJoinJob(raw, endpoint, slug, organization);
        if (parsed !== undefined && !byId.has(parsed.nativeId)) byId.set(parsed.nativeId, parsed);
      }
    };
    add(arr(jobs, 'items'), pageUrl);
    const pagination = obj(jobs, 'pagination');
    let pageCount = num(pagination, 'pageCount') ?? 1;
    for (let page = 2; page <= pageCount; page++) {
      if (page > MAX_PAGES) throw new UnexpectedResponseError(pageUrl, `more than ${MAX_PAGES} pages`);
      const companyId = str(company, 'id');
      if (companyId === undefined || !/^\d+$/.test(companyId)) {
        throw new UnexpectedResponseError(
          pageUrl,
          `${pageCount} pages of jobs but no company id to page with`,
        );
      }
      const size = num(pagination, 'pageSize') ?? num(pagination, 'perPage') ?? 5;
      const url = `${base}/api/public/companies/${companyId}/jobs?locale=en&page=${page}&pageSize=${size}`;
      const payload = await fetchApiPage(http, board, url);
      add(arr(payload, 'items'), url);
      pageCount = Math.max(pageCount, num(obj(payload, 'pagination'), 'pageCount') ?? 0);
    }
    const postings = await mapLimited([...byId.values()], async (listed) => {
      const detailUrl = `${base}/api/public/jobs/${encodeURIComponent(listed.nativeId)}?locale=en`;
      return withJoinDetail(listed, await fetchDetailJson(http, board, detailUrl), detailUrl);
    });
    return prune({
      endpoint: pageUrl,
      postings,
      boardName: str(company, 'name'),
      companyUrls: companyUrls([str(company, 'url')]),
    });
  },
};

/** One API page; a 404 there means the board changed under the walk, not that it is gone. */
async function fetchApiPage(http: HttpClient, board: BoardRef, url: string): Promise<JsonObject> {
  let payload: unknown;
  try {
    payload = await fetchJson(http, board, url);
  } catch (error) {
    if (error instanceof BoardNotFoundError) throw new UnexpectedResponseError(url, error.signal);
    throw error;
  }
  if (!isObject(payload) || !Array.isArray(payload.items)) {
    const reason = asArray(payload) === undefined ? 'no "items" array' : 'a validation error (JSON array)';
    throw new UnexpectedResponseError(url, reason);
  }
  return payload;
}

/**
 * `initialState` of the page's `__NEXT_DATA__`: it must hold `jobs.items`, and a published
 * `company.domain` must be this board's slug.
 */
export function joinPageState(html: string, url: string, slug: string): JsonObject {
  const script = DomUtils.findOne(
    (el) => el.name === 'script' && DomUtils.getAttributeValue(el, 'id') === '__NEXT_DATA__',
    parseDocument(html).children,
  );
  if (script === null) throw new UnexpectedResponseError(url, 'no __NEXT_DATA__ script');
  let data: unknown;
  try {
    data = JSON.parse(DomUtils.textContent(script)) as unknown;
  } catch {
    throw new UnexpectedResponseError(url, '__NEXT_DATA__ is not JSON');
  }
  const state = path(data, 'props', 'pageProps', 'initialState');
  if (!isObject(state) || !Array.isArray(path(state, 'jobs', 'items'))) {
    throw new UnexpectedResponseError(url, 'no initialState.jobs.items in __NEXT_DATA__');
  }
  const domain = str(obj(state, 'company'), 'domain');
  if (domain !== undefined && domain.toLowerCase() !== slug.toLowerCase()) {
    throw new UnexpectedResponseError(
      url,
      `the page is company "${domain}", not "${slug}" (a placeholder page)`,
    );
  }
  return state;
}

/** Maps one job item (page state and API items have the same shape). */
export function parseJoinJob(
  raw: unknown,
  endpoint: string,
  slug: string,
  organization: string | undefined,
): SourcePosting | undefined {
  const idParam = str(raw, 'idParam');
  const url =
    idParam === undefined
      ? undefined
      : `${PUBLIC_BASE}/companies/${encodeURIComponent(slug)}/${encodeURIComponent(idParam)}`;
  const head = postingHead(str(raw, 'id'), str(raw, 'title'), url, endpoint);
  if (head === undefined) return undefined;
  const city = obj(raw, 'city');
  const country = obj(raw, 'country');
  return posting({
    ...head,
    organization,
    locations: locations([
      location({
        city: str(city, 'cityName'),
        region: str(city, 'regionName'),
        country: str(city, 'countryName') ?? str(country, 'name'),
        countryCode: countryCode(str(country, 'iso3166')),
        lat: num(city, 'lat'),
        lng: num(city, 'lng'),
      }),
    ]),
    postedAt: parseSourceDate(str(raw, 'createdAt')),
    department: str(obj(raw, 'category'), 'name'),
    employmentTypes: [str(obj(raw, 'employmentType'), 'name')].flatMap((value) => value ?? []),
    workplaceType: str(raw, 'workplaceType'),
    salary: bool(obj(raw, 'settings'), 'showSalary') === true ? joinSalary(raw) : undefined,
  });
}

/**
 * A listed job with its detail answer's description, the detail's URL becoming its source endpoint;
 * as listed when the detail holds none, or is about another job (its id differs).
 */
export function withJoinDetail(listed: SourcePosting, detail: unknown, detailUrl: string): SourcePosting {
  const description = joinDescription(detail);
  if (description === undefined || (str(detail, 'id') ?? listed.nativeId) !== listed.nativeId) return listed;
  return { ...listed, ...description, sourceEndpoint: detailUrl };
}

/**
 * A detail answer's description: `description`, else its `intro`, `tasks` and `requirements`
 * joined. HTML goes to descriptionHtml; Markdown (as recorded) is text already, kept as published.
 */
export function joinDescription(
  detail: unknown,
): Pick<SourcePosting, 'descriptionHtml'> | Pick<SourcePosting, 'descriptionText'> | undefined {
  const filled = (...members: string[]): string =>
    members
      .map((member) => str(detail, member)?.trim() ?? '')
      .filter((section) => section !== '')
      .join('\n\n');
  const text = filled('description') || filled('intro', 'tasks', 'requirements');
  if (text === '') return undefined;
  return /<\/?(?:p|div|ul|ol|li|br|h[1-6]|strong|em|b|i|span)\b[^>]*>/i.test(text)
    ? { descriptionHtml: text }
    : { descriptionText: text };
}

/** The entered range, converted from minor units; nothing when no amount was entered. */
function joinSalary(raw: unknown): SourceSalary | undefined {
  const from = obj(raw, 'salaryAmountFrom');
  const to = obj(raw, 'salaryAmountTo');
  const min = num(from, 'amount');
  const max = num(to, 'amount');
  return salary({
    min: min === undefined ? undefined : min / 100,
    max: max === undefined ? undefined : max / 100,
    currency: str(from, 'currency') ?? str(to, 'currency'),
    periodRaw: str(raw, 'salaryFrequency'),
  });
}
