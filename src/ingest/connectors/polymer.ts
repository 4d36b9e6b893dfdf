/**
 * Polymer public hiring API (developer.polymer.co, no auth):
 *   list   `GET https://api.polymer.co/v1/hire/organizations/{slug}/jobs?page={n}&per_page=50`
 *          returns `{items: [...], meta}`; pages are 1-based and the walk stops at `meta.is_last`
 *          or a page without new rows (a page past the end is empty while `is_last` stays false);
 *   detail `GET …/jobs/{id}` adds the HTML `description`, `department`, `kind` and `archived_at`;
 *          the list rows carry no description, so it is fetched for every posting.
 * Our recording was composed by the recorder as `{items: [list row], details: {id: detail}}`
 * without the list's `meta`: the connector reads its `items` like any list page.
 *
 * Rows: `city`, `state_region`, `country` (ISO-2, "US"), `display_location`, `kind_pretty`
 * ("Full-time"), `remoteness_pretty` ("No remote"), `salary_pretty` ("170K - 220K USD a year": a
 * display string, passed on as such), `published_at`, `organization_name` and `job_post_url`,
 * which is the employer's own careers site (`https://careers.cedar.build/38850`): the site part is
 * reported as a company address. `job_category_name` is a job category, not a department.
 * Not published: structured salary amounts, an update date, an expiry date, a requisition id.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  companyUrls,
  countryCode,
  fetchDetailJson,
  fetchJson,
  httpUrl,
  location,
  locations,
  mapLimited,
  posting,
  postingHead,
  prune,
  safeSlug,
  salary,
} from './common.js';
import { asArray, bool, isObject, path, str, type JsonObject } from './json.js';

const PAGE_SIZE = 50;
/** 10,000 postings: a guard against a source that never reports its last page. */
const MAX_PAGES = 200;

interface ListedJob {
  row: JsonObject;
  listUrl: string;
}

/** Polymer: list pages, then one detail request per posting. */
export const polymerConnector: Connector = {
  source: 'polymer',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const jobsUrl = `${baseUrl(board, 'https://api.polymer.co')}/v1/hire/organizations/${slug}/jobs`;
    const listed = await listAll(board, http, jobsUrl);
    const postings = await mapLimited(listed, async ({ row, listUrl }) => {
      const id = str(row, 'id');
      const detailUrl = id !== undefined && /^\d+$/.test(id) ? `${jobsUrl}/${id}` : undefined;
      const detail = detailUrl === undefined ? undefined : await fetchDetailJson(http, board, detailUrl);
      // A detail for another id is not this posting's: keep the list row alone.
      const matches = isObject(detail) && str(detail, 'id') === id;
      return parsePolymerJob({
        row,
        detail: matches ? detail : undefined,
        slug,
        endpoint: matches && detailUrl !== undefined ? detailUrl : listUrl,
      });
    });
    const found = postings.flatMap((p) => p ?? []);
    return prune({
      endpoint: pageUrl(jobsUrl, 1),
      postings: found,
      companyUrls: companyUrls(found.map((p) => careersSite(p.url, p.nativeId))),
    });
  },
};

function pageUrl(jobsUrl: string, page: number): string {
  return `${jobsUrl}?page=${page}&per_page=${PAGE_SIZE}`;
}

/** Every list row, deduplicated by id, with the page it came from. */
async function listAll(board: BoardRef, http: HttpClient, jobsUrl: string): Promise<ListedJob[]> {
  const seen = new Map<string, ListedJob>();
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = pageUrl(jobsUrl, page);
    const payload = await fetchJson(http, board, url);
    const items = isObject(payload) ? asArray(payload.items) : undefined;
    if (items === undefined) throw new UnexpectedResponseError(url, 'no "items" array');
    const before = seen.size;
    for (const row of items) {
      const id = str(row, 'id');
      if (isObject(row) && id !== undefined && !seen.has(id)) seen.set(id, { row, listUrl: url });
    }
    // A page with nothing new (a server that ignores `page`) would repeat forever.
    if (seen.size === before || bool(path(payload, 'meta'), 'is_last') === true) break;
  }
  return [...seen.values()];
}

/** One posting: its list row and, when it could be fetched, its detail. */
export interface PolymerJobInput {
  row: unknown;
  detail: unknown;
  slug: string;
  endpoint: string;
}

/** Maps a list row plus its detail (a superset of the row) to a SourcePosting. */
export function parsePolymerJob(input: PolymerJobInput): SourcePosting | undefined {
  const { row, detail } = input;
  const id = str(row, 'id');
  // `job_post_url` is always published in what we have seen; the jobs.polymer.co page is Polymer's
  // own hosted address for the same posting, used only when a row lacks it.
  const hosted = id === undefined ? undefined : `https://jobs.polymer.co/${input.slug}/${id}`;
  const url = httpUrl(str(detail, 'job_post_url') ?? str(row, 'job_post_url')) ?? hosted;
  const head = postingHead(id, str(detail, 'title') ?? str(row, 'title'), url, input.endpoint);
  if (head === undefined) return undefined;
  const country = str(row, 'country');
  return posting({
    ...head,
    organization: str(row, 'organization_name'),
    descriptionHtml: str(detail, 'description'),
    locations: locations([
      location({
        text: str(row, 'display_location'),
        city: str(row, 'city'),
        region: str(row, 'state_region'),
        country: countryCode(country) === undefined ? country : undefined,
        countryCode: countryCode(country),
      }),
    ]),
    postedAt: parseSourceDate(str(row, 'published_at')),
    department: str(detail, 'department'),
    employmentTypes: [str(row, 'kind_pretty')].flatMap((value) => value ?? []),
    workplaceType: str(row, 'remoteness_pretty'),
    salary: salary({ text: str(row, 'salary_pretty') }),
    // An archived job is one the employer closed.
    expired: str(detail, 'archived_at') === undefined ? undefined : true,
  });
}

/**
 * The careers site a posting URL belongs to: `https://careers.acme.com/38850` → the origin plus
 * whatever path precedes the id. Polymer's own hosts are dropped later by `companyUrls`.
 */
function careersSite(url: string, id: string): string | undefined {
  const { origin, pathname } = new URL(url);
  const trimmed = pathname.replace(/\/$/, '');
  if (!trimmed.endsWith(`/${id}`)) return undefined;
  return `${origin}${trimmed.slice(0, trimmed.length - id.length - 1)}`;
}
