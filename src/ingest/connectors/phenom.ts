/**
 * Phenom career sites: every tenant serves one JSON endpoint, `POST https://{host}/widgets`, whose
 * `ddoKey` selects the operation.
 *
 * Board slug: `{host}/{country}/{lang}`, e.g. `careers.cisco.com/global/en`: the path prefix of the
 * tenant's public pages (`https://careers.cisco.com/global/en/job/{jobId}`), which differs by
 * tenant (us/en, global/en, ca/en …). An `endpointOverride` replaces `https://{host}`.
 *
 *   list   `ddoKey: "refineSearch"` with `from`/`size` → `{refineSearch: {status, totalHits,
 *          data: {jobs: [...]}}}`. `totalHits` is read from the first page only (past the window a
 *          page reports 0); a page with no new job also ends the walk. The index is an
 *          Elasticsearch one: `from + size` must stay under 10,000 (a public client read rows at
 *          `from=9000&size=500` and none at 9,500 on a 19,649-posting board; five of its 91 tenants
 *          are that large), so such a board is read to the window and the crawl says it is partial
 *          (`truncated`): its first 9,999 postings are kept and none beyond is closed.
 *   detail `ddoKey: "jobDetail"` with the `jobId` → `{jobDetail: {status, data: {job: {...}}}}`: the
 *          list carries only a ~350-character `descriptionTeaser`, so the detail is fetched for every
 *          posting for its HTML `description`, `companyName` and `jobUpdatedDate`. An unknown id is a
 *          200 without `job`: the list data is kept.
 * No session, cookie or CSRF token is needed (measured by headstart on 91 tenants).
 *
 * Our recording is a list page whose envelope the recorder reduced to `{refineSearch: {status,
 * totalHits, data: {jobs}}}`. Dates carry "+0000" offsets; the department is `category`, the job
 * family candidates filter by ("Supply Chain and Manufacturing Ops"), and the tenant's own
 * `department` only without one (on Cisco it is a Workday supervisory organisation, "Supervisory
 * Organization 0006292 (…)"; DHL leaves `category` empty on most rows, as the public client counted); `RemoteType` is spelled `remoteType` on some
 * tenants; `latitude`/`longitude` are strings. `applyUrl` points into the tenant's underlying ATS
 * and is not the posting page. Not published as fields: salary (tenants put pay in free-form
 * custom fields, if at all), an expiry date, a language code (only a locale such as "en_GLOBAL").
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchDetailJson,
  fetchJson,
  location,
  locations,
  mapLimited,
  posting,
  postingHead,
} from './common.js';
import { arr, asArray, asNum, isObject, num, obj, path, str, type JsonObject } from './json.js';

/** Rows per list request; the endpoint clamps larger sizes to 500. */
export const PHENOM_PAGE_SIZE = 100;
/** `from + size` must stay below this (Elasticsearch `max_result_window`). */
export const PHENOM_RESULT_WINDOW = 10_000;

/** Parsed board slug. */
export interface PhenomSite {
  host: string;
  country: string;
  lang: string;
}

/** Reads `{host}/{country}/{lang}`; throws on anything else so a bad directory row is loud. */
export function parsePhenomSlug(slug: string): PhenomSite {
  const match = /^([A-Za-z0-9][A-Za-z0-9.-]*\.[A-Za-z]{2,})\/([a-z]{2,10})\/([a-z]{2,3})$/.exec(slug);
  if (match === null) {
    throw new Error(`Invalid Phenom board slug ${JSON.stringify(slug)} (want host/country/lang)`);
  }
  const [, host = '', country = '', lang = ''] = match;
  return { host, country, lang };
}

/** The list request body for one page. */
export function phenomSearchBody(site: PhenomSite, from: number, size: number): string {
  return JSON.stringify({
    lang: `${site.lang}_${site.country}`,
    deviceType: 'desktop',
    country: site.country,
    pageName: 'search-results',
    ddoKey: 'refineSearch',
    sortBy: '',
    subsearch: '',
    from,
    jobs: true,
    counts: true,
    all_fields: ['category', 'country', 'state', 'city'],
    size,
    clearAll: false,
    jdsource: 'facets',
    isSliderEnable: false,
    pageId: 'page20',
    siteType: 'external',
    keywords: '',
    global: true,
    selected_fields: {},
    locationData: {},
  });
}

/** The detail request body for one posting. */
export function phenomDetailBody(site: PhenomSite, jobId: string): string {
  return JSON.stringify({
    lang: `${site.lang}_${site.country}`,
    deviceType: 'desktop',
    country: site.country,
    pageName: 'job-details',
    ddoKey: 'jobDetail',
    jobId,
    siteType: 'external',
    isSliderEnable: false,
    pageId: 'page7',
  });
}

const POST_JSON = { accept: 'application/json', 'content-type': 'application/json' };

/** Phenom: list pages, then one detail request per posting. */
export const phenomConnector: Connector = {
  source: 'phenom',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const site = parsePhenomSlug(board.slug);
    const url = `${baseUrl(board, `https://${site.host}`)}/widgets`;
    const { jobs, truncated } = await listAll(board, http, url, site);
    const postings = await mapLimited([...jobs], async ([jobId, job]) => {
      const body = phenomDetailBody(site, jobId);
      const init = { method: 'POST' as const, headers: POST_JSON, body };
      const detail = obj(path(await fetchDetailJson(http, board, url, init), 'jobDetail', 'data'), 'job');
      // A detail naming another job is not this posting's: keep the list data alone.
      const matches = detail !== undefined && (str(detail, 'jobId') ?? jobId) === jobId;
      return parsePhenomJob(job, matches ? detail : undefined, site, url);
    });
    return {
      endpoint: url,
      postings: postings.flatMap((p) => p ?? []),
      ...(truncated === undefined ? {} : { truncated }),
    };
  },
};

/** Every listed job with a `jobId`, deduplicated (an offset walk over a live index can repeat rows). */
async function listAll(
  board: BoardRef,
  http: HttpClient,
  url: string,
  site: PhenomSite,
): Promise<{ jobs: Map<string, JsonObject>; truncated?: string }> {
  const seen = new Map<string, JsonObject>();
  let stated = 0;
  // The window bounds the walk, and the first page's total when it is smaller.
  for (let from = 0, total = PHENOM_RESULT_WINDOW - 1; from < total;) {
    const size = Math.min(PHENOM_PAGE_SIZE, PHENOM_RESULT_WINDOW - 1 - from);
    const body = phenomSearchBody(site, from, size);
    const payload = await fetchJson(http, board, url, { method: 'POST', headers: POST_JSON, body });
    const search = path(payload, 'refineSearch');
    const page = asArray(path(search, 'data', 'jobs'));
    if (page === undefined) throw new UnexpectedResponseError(url, 'no "refineSearch.data.jobs" array');
    if (from === 0) {
      stated = num(search, 'totalHits') ?? 0;
      total = Math.min(stated, PHENOM_RESULT_WINDOW - 1);
    }
    const before = seen.size;
    for (const job of page) {
      const id = str(job, 'jobId');
      if (isObject(job) && id !== undefined && !seen.has(id)) seen.set(id, job);
    }
    // An empty page ends the list; a page of rows already seen means `from` is not being honoured.
    if (seen.size === before) break;
    from += page.length;
  }
  return stated >= PHENOM_RESULT_WINDOW
    ? {
        jobs: seen,
        truncated: `${String(seen.size)} of ${String(stated)} postings: the search lists at most ${String(PHENOM_RESULT_WINDOW - 1)}`,
      }
    : { jobs: seen };
}

/** Maps a listed job plus its detail `job` (when there is one). */
export function parsePhenomJob(
  job: unknown,
  detail: JsonObject | undefined,
  site: PhenomSite,
  endpoint: string,
): SourcePosting | undefined {
  const jobId = str(job, 'jobId');
  const url =
    jobId === undefined
      ? undefined
      : `https://${site.host}/${site.country}/${site.lang}/job/${encodeURIComponent(jobId)}`;
  const head = postingHead(jobId, str(job, 'title'), url, endpoint);
  if (head === undefined) return undefined;
  return posting({
    ...head,
    organization: str(detail, 'companyName'),
    descriptionHtml: str(detail, 'description'),
    locations: phenomLocations(job),
    postedAt: parseSourceDate(str(job, 'postedDate')),
    updatedAt: parseSourceDate(str(detail, 'jobUpdatedDate')),
    department: str(job, 'category') ?? str(job, 'department'),
    employmentTypes: [str(job, 'type')].flatMap((value) => value ?? []),
    workplaceType: str(job, 'RemoteType') ?? str(job, 'remoteType'),
    requisitionId: str(job, 'reqId'),
  });
}

/** The primary location with its parts and point, then the other places of `multi_location_array`. */
function phenomLocations(job: unknown): SourcePosting['locations'] {
  const primary = str(job, 'location');
  return locations([
    location({
      text: primary,
      city: str(job, 'city'),
      region: str(job, 'state'),
      country: str(job, 'country'),
      lat: asNum(path(job, 'latitude')),
      lng: asNum(path(job, 'longitude')),
    }),
    ...arr(job, 'multi_location_array')
      .filter((entry) => str(entry, 'location') !== primary)
      .map((entry) =>
        location({
          text: str(entry, 'location'),
          lat: num(obj(entry, 'latlong'), 'lat'),
          lng: num(obj(entry, 'latlong'), 'lon'),
        }),
      ),
  ]);
}
