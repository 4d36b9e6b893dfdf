/**
 * Eightfold career sites (`{tenant}.eightfold.ai` or the company's own apply host).
 *
 * Board slug: `{host}/{domain}`, where `domain` is the company domain the API is keyed by (e.g.
 * `talent.fmjobs.com/fcx.com`); a host without a dot is an eightfold.ai tenant
 * (`albemarle/albemarle.com` → `albemarle.eightfold.ai`). An `endpointOverride` replaces the host.
 *
 * Two public APIs serve the same positions; some tenants answer one of them with 403 ("Not
 * authorized for PCSX"), so the PCSX API is asked first and a 403 on its first page switches the
 * crawl to SmartApply v2:
 *   PCSX  `GET /api/pcsx/search?domain={d}&query=&location=&start={n}&sort_by=timestamp`
 *         → `{status, error, data{positions, count}}` (camelCase); detail
 *         `GET /api/pcsx/position_details?position_id={id}&domain={d}&hl=en` → `data.jobDescription`;
 *   v2    `GET /api/apply/v2/jobs?domain={d}&start={n}&num=10&sort_by=timestamp`
 *         → `{domain, positions, count}` (snake_case); detail `GET /api/apply/v2/jobs/{id}?domain={d}`
 *         → the position with `job_description`.
 * The server fixes pages at 10; `start` advances by what was served until `count`, an empty page,
 * or a page that adds no id new to the sweep (some tenants ignore `start` and repeat page one).
 * Pages come from replicas whose orderings disagree (the default sort has day resolution, so many
 * positions tie), and one sweep can serve a position at two offsets and another at none: a public
 * client measured ~6% missed per sweep, which a lifecycle then closed as gone. So positions are
 * kept by id, and a sweep that ends short of `count` is followed by another from `start=0`, up to
 * three, until `count` distinct ids are read or a sweep adds none; still short, the crawl says so
 * (`truncated`) and closes nothing it did not see. Lists carry no description
 * (`job_description: ""`), so every posting's detail is fetched.
 *
 * Mapped: id, title (`posting_name`/`name`), the canonical URL (v2, often on the employer's domain)
 * or the root-relative `positionUrl` (PCSX) on the board host, location strings as published
 * (`locations`, not the sometimes-wrong `standardizedLocations`; ZIP codes stay in the text),
 * department (when a string), epoch-second dates (`t_create`/`t_update`, `postedTs`), display job
 * id, `work_location_option`, locale, `isPrivate` (unlisted). Not published: salary, employment
 * type, company name (the `domain` only echoes the request). `business_unit` (codes such as "005")
 * and `location_flexibility` have no SourcePosting member.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  checkStatus,
  fetchDetailJson,
  fetchJson,
  httpUrl,
  locations,
  location,
  mapLimited,
  parseJson,
  posting,
  postingHead,
} from './common.js';
import { arr, bool, isObject, num, obj, str, strings, type JsonObject } from './json.js';

/** Guard against a source that keeps reporting more results than it serves (10 a page, all sweeps). */
const MAX_PAGES = 3000;
/** Sweeps of the list before a short one is reported (two more close a ~6% miss almost surely). */
const MAX_SWEEPS = 3;

/** A parsed board slug. */
export interface EightfoldSite {
  host: string;
  domain: string;
}

/** Reads `{host}/{domain}`; throws on anything else so a bad directory row is loud. */
export function parseEightfoldSlug(slug: string): EightfoldSite {
  const match = /^([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*)\/([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)$/.exec(slug);
  if (match === null) {
    throw new Error(`Invalid eightfold board slug ${JSON.stringify(slug)} (want host/domain)`);
  }
  const [, host = '', domain = ''] = match;
  return { host: host.includes('.') ? host : `${host}.eightfold.ai`, domain };
}

type Api = 'pcsx' | 'v2';

interface Listed {
  entry: JsonObject;
  url: string;
}

/** Eightfold: PCSX (or, where refused, SmartApply v2) pages, then one detail per position. */
export const eightfoldConnector: Connector = {
  source: 'eightfold',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const site = parseEightfoldSlug(board.slug);
    const base = baseUrl(board, `https://${site.host}`);
    const domain = encodeURIComponent(site.domain);
    const pcsx = listUrl(base, 'pcsx', domain, 0);
    const first = await http.request(pcsx, { headers: { accept: 'application/json' } });
    const api: Api = first.status === 403 ? 'v2' : 'pcsx';
    const firstPayload = api === 'pcsx' ? parseJson(checkStatus(first, board, pcsx), pcsx) : undefined;
    const { listed, truncated } = await listAll(board, http, { base, api, domain, firstPayload });
    const postings = await mapLimited(listed, async ({ entry, url }) => {
      const id = str(entry, 'id');
      if (id === undefined || !/^\d+$/.test(id)) return parseEightfoldPosition(entry, site, url);
      const detailUrl = detailUrlFor(base, api, domain, id);
      const detail = await fetchDetailJson(http, board, detailUrl);
      const description =
        api === 'pcsx' ? str(obj(detail, 'data'), 'jobDescription') : str(detail, 'job_description');
      return description === undefined
        ? parseEightfoldPosition(entry, site, url)
        : parseEightfoldPosition(entry, site, detailUrl, description);
    });
    return {
      endpoint: listUrl(base, api, domain, 0),
      postings: postings.flatMap((p) => p ?? []),
      ...(truncated === undefined ? {} : { truncated }),
    };
  },
};

function listUrl(base: string, api: Api, domain: string, start: number): string {
  return api === 'pcsx'
    ? `${base}/api/pcsx/search?domain=${domain}&query=&location=&start=${start}&sort_by=timestamp`
    : `${base}/api/apply/v2/jobs?domain=${domain}&start=${start}&num=10&sort_by=timestamp`;
}

function detailUrlFor(base: string, api: Api, domain: string, id: string): string {
  return api === 'pcsx'
    ? `${base}/api/pcsx/position_details?position_id=${id}&domain=${domain}&hl=en`
    : `${base}/api/apply/v2/jobs/${id}?domain=${domain}`;
}

interface ListPlan {
  base: string;
  api: Api;
  domain: string;
  /** The PCSX first page, already fetched to choose the API. */
  firstPayload: unknown;
}

/** Every position of the board, deduplicated on `id`, in first-served order. */
async function listAll(
  board: BoardRef,
  http: HttpClient,
  plan: ListPlan,
): Promise<{ listed: Listed[]; truncated?: string }> {
  const seen = new Map<string, Listed>();
  // The board's total: the largest any page stated (a later page's 0 does not shrink it).
  let count = 0;
  let counted = false;
  let pages = 0;
  let sweeps = 0;
  while (sweeps < MAX_SWEEPS && pages < MAX_PAGES) {
    sweeps += 1;
    const before = seen.size;
    const sweep = new Set<string>();
    for (let start = 0; pages < MAX_PAGES;) {
      const url = listUrl(plan.base, plan.api, plan.domain, start);
      const payload =
        pages === 0 && plan.firstPayload !== undefined
          ? plan.firstPayload
          : await fetchJson(http, board, url);
      pages += 1;
      const body = plan.api === 'pcsx' ? obj(payload, 'data') : payload;
      if (!isObject(body) || !Array.isArray(body.positions)) {
        throw new UnexpectedResponseError(
          url,
          plan.api === 'pcsx' ? 'no "data.positions" array' : 'no "positions" array',
        );
      }
      const entries = arr(body, 'positions').filter((entry): entry is JsonObject => isObject(entry));
      const stated = num(body, 'count');
      if (stated !== undefined) counted = true;
      count = Math.max(count, stated ?? 0);
      const sweepBefore = sweep.size;
      for (const entry of entries) {
        const key = str(entry, 'id');
        if (key === undefined) continue;
        sweep.add(key);
        if (!seen.has(key)) seen.set(key, { entry, url });
      }
      start += entries.length;
      const done = start >= count || seen.size >= count;
      if (entries.length === 0 || sweep.size === sweepBefore || done) break;
    }
    if (seen.size >= count || seen.size === before) break;
  }
  const listed = [...seen.values()];
  if (!counted && seen.size > 0)
    return { listed, truncated: `${String(seen.size)} positions listed without a count` };
  return seen.size >= count
    ? { listed }
    : {
        listed,
        truncated: `${String(seen.size)} of ${String(count)} positions read in ${String(sweeps)} sweep${sweeps === 1 ? '' : 's'}`,
      };
}

/** Maps a v2 (snake_case) or PCSX (camelCase) position; `description` comes from its detail. */
export function parseEightfoldPosition(
  raw: unknown,
  site: EightfoldSite,
  endpoint: string,
  description?: string,
): SourcePosting | undefined {
  const head = postingHead(
    str(raw, 'id'),
    str(raw, 'posting_name') ?? str(raw, 'name'),
    positionUrl(raw, site),
    endpoint,
  );
  if (head === undefined) return undefined;
  const listedPlaces = strings(raw, 'locations');
  const places =
    listedPlaces.length > 0 ? listedPlaces : [str(raw, 'location')].flatMap((text) => text ?? []);
  return posting({
    ...head,
    descriptionHtml: description ?? str(raw, 'job_description'),
    locations: locations(places.map((text) => location({ text }))),
    postedAt: parseSourceDate(num(raw, 'postedTs') ?? num(raw, 't_create')),
    updatedAt: parseSourceDate(num(raw, 't_update')),
    department: str(raw, 'department'),
    workplaceType: str(raw, 'work_location_option') ?? str(raw, 'workLocationOption'),
    language: str(raw, 'locale'),
    requisitionId:
      str(raw, 'display_job_id') ??
      str(raw, 'displayJobId') ??
      str(raw, 'ats_job_id') ??
      str(raw, 'atsJobId'),
    unlisted: bool(raw, 'isPrivate') === true ? true : undefined,
  });
}

/** The canonical URL (v2), or PCSX's root-relative `positionUrl` on the board's public host. */
function positionUrl(raw: unknown, site: EightfoldSite): string | undefined {
  const canonical = httpUrl(str(raw, 'canonicalPositionUrl'));
  if (canonical !== undefined) return canonical;
  const relative = str(raw, 'positionUrl');
  return relative?.startsWith('/') === true && !relative.startsWith('//')
    ? `https://${site.host}${relative}`
    : undefined;
}
