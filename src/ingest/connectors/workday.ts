/**
 * Workday candidate experience (CXS) API.
 *
 * Board slug: `{tenant}.wd{N}/{site}`, e.g. `synchronyfinancial.wd5/University`, which addresses
 * `https://{tenant}.wd{N}.myworkdayjobs.com/wday/cxs/{tenant}/{site}/…` (an `endpointOverride`
 * replaces `https://{tenant}.wd{N}.myworkdayjobs.com`).
 *
 *   list   `POST …/jobs` body `{"appliedFacets":{},"limit":20,"offset":n,"searchText":""}`; `limit`
 *          above 20 is rejected, and `total` (reported on the first page) stops at 2,000 (past it
 *          the offset wraps to page one), so a query that reaches the cap is crawled once per
 *          value of one facet (the facet whose largest bucket is smallest) and the results are
 *          merged; a value that reaches the cap again is split by another facet, four levels
 *          deep (a public client measured Accenture's ~61,000 postings needing three). A capped
 *          query with no facet left, or whose split read fewer than 2,000 postings (postings with
 *          no value of the facet are in no bucket), makes the crawl partial (`truncated`);
 *   detail `GET …{externalPath}` for every posting: description, posting dates, every location
 *          (the list only says "3 Locations"), country code and time type.
 *
 * Postings are deduplicated on the requisition id among `bulletFields` (the first bullet that is
 * one token with a digit: tenants put labels before it, e.g. ["Spotlight Job", "JR358244"] on
 * Salesforce's board) or, without one, the path.
 * The detail's `hiringOrganization.url` (often "") is the employer's website: a company address.
 * Dates: the detail's `startDate` (the posting start, a date) is preferred; otherwise `postedOn`
 * is relative text ("Posted 30+ Days Ago") resolved against the injected clock (see dates.ts:
 * "30+" is a lower bound on the age).
 */
import { systemClock, type Clock } from '../../lib/clock.js';
import { escapeRegExp } from '../../lib/regexp.js';
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
  companyUrls,
  countryCode,
  fetchDetailJson,
  fetchJson,
  location,
  locations,
  mapLimited,
  posting,
  prune,
} from './common.js';
import { arr, asNum, isObject, obj, path, str, strings, type JsonObject } from './json.js';

/** Largest page the CXS API accepts. */
export const WORKDAY_PAGE_SIZE = 20;
/** `total` never exceeds this; offsets beyond it return nothing. */
export const WORKDAY_RESULT_CAP = 2000;
/** Levels of facet splits below the whole board before a capped query is read as it is. */
const MAX_SPLIT_DEPTH = 4;
/** A locations rollup ("3 Locations") is not a place; the detail lists the real ones. */
const LOCATIONS_ROLLUP = /^\d+\s+locations?$/i;

/** Parsed board slug. */
export interface WorkdaySite {
  tenant: string;
  /** Data centre host part, e.g. "wd5". */
  pod: string;
  site: string;
}

/** Reads `{tenant}.wd{N}/{site}`; throws on anything else so a bad directory row is loud. */
export function parseWorkdaySlug(slug: string): WorkdaySite {
  const match = /^([A-Za-z0-9-]+)\.(wd\d{1,3})\/([A-Za-z0-9_-]+)$/.exec(slug);
  if (match === null) {
    throw new Error(`Invalid Workday board slug ${JSON.stringify(slug)} (want tenant.wdN/site)`);
  }
  const [, tenant = '', pod = '', site = ''] = match;
  return { tenant, pod, site };
}

/** Workday connector settings. */
export interface WorkdayOptions {
  /** Resolves relative "Posted N Days Ago" dates; inject a fixed clock in tests. */
  clock?: Clock;
}

type Facets = Record<string, string[]>;

interface ListedJob {
  key: string;
  entry: JsonObject;
  listUrl: string;
}

/** Creates the Workday connector with the given clock. */
export function createWorkdayConnector(options: WorkdayOptions = {}): Connector {
  const clock = options.clock ?? systemClock;
  return {
    source: 'workday',
    async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
      const site = parseWorkdaySlug(board.slug);
      const publicBase = `https://${site.tenant}.${site.pod}.myworkdayjobs.com`;
      const apiBase = `${baseUrl(board, publicBase)}/wday/cxs/${site.tenant}/${site.site}`;
      const listUrl = `${apiBase}/jobs`;
      const { jobs, truncated } = await listAll(board, http, listUrl);
      const now = clock.now();
      const results = await mapLimited(jobs, async (job) => {
        const externalPath = str(job.entry, 'externalPath');
        // externalPath is a path on the same site ("/job/…"); anything else is not fetched.
        const detailUrl = externalPath?.startsWith('/') ? `${apiBase}${externalPath}` : undefined;
        const detail = detailUrl === undefined ? undefined : await fetchDetailJson(http, board, detailUrl);
        const info = obj(detail, 'jobPostingInfo');
        const jobDetail = info === undefined ? undefined : detail;
        const parsed = parseWorkdayPosting({
          key: job.key,
          entry: job.entry,
          detail: jobDetail,
          publicUrl: `${publicBase}/${site.site}${externalPath ?? ''}`,
          endpoint: info === undefined || detailUrl === undefined ? job.listUrl : detailUrl,
          now,
        });
        return { parsed, website: str(obj(jobDetail, 'hiringOrganization'), 'url') };
      });
      return prune({
        endpoint: listUrl,
        postings: results.flatMap((result) => result.parsed ?? []),
        // Every detail names the hiring organization; the same website on each is reported once.
        companyUrls: companyUrls(results.map((result) => result.website)),
        truncated,
      });
    },
  };
}

/** Workday on the system clock (the registered default). */
export const workdayConnector: Connector = createWorkdayConnector();

/** One board's list walk: what it has read so far, and why it is partial when it is. */
interface ListWalk {
  board: BoardRef;
  http: HttpClient;
  listUrl: string;
  seen: Map<string, ListedJob>;
  short: string[];
}

/** Every posting of the board, deduplicated; partitioned by facets where the cap is reached. */
async function listAll(
  board: BoardRef,
  http: HttpClient,
  listUrl: string,
): Promise<{ jobs: ListedJob[]; truncated?: string }> {
  const walk: ListWalk = { board, http, listUrl, seen: new Map(), short: [] };
  await listQuery(walk, {}, 0);
  const jobs = [...walk.seen.values()];
  return walk.short.length === 0 ? { jobs } : { jobs, truncated: walk.short.join('; ') };
}

/**
 * Pages through one query (offset += 20) until its first-page `total` or an empty page, and
 * returns the keys it read. A capped first page splits the query by a facet not yet applied
 * instead (paging the capped query would only fetch what the partitions fetch again).
 */
async function listQuery(walk: ListWalk, appliedFacets: Facets, depth: number): Promise<Set<string>> {
  const read = new Set<string>();
  let total = 0;
  for (let offset = 0; offset < WORKDAY_RESULT_CAP; offset += WORKDAY_PAGE_SIZE) {
    const body = JSON.stringify({ appliedFacets, limit: WORKDAY_PAGE_SIZE, offset, searchText: '' });
    const payload = await fetchJson(walk.http, walk.board, walk.listUrl, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body,
    });
    if (!isObject(payload) || !Array.isArray(payload.jobPostings)) {
      throw new UnexpectedResponseError(walk.listUrl, 'no "jobPostings" array');
    }
    const entries = arr(payload, 'jobPostings').filter((entry): entry is JsonObject => isObject(entry));
    for (const entry of entries) {
      const key = workdayKey(entry);
      if (key === undefined) continue;
      read.add(key);
      if (!walk.seen.has(key)) walk.seen.set(key, { key, entry, listUrl: walk.listUrl });
    }
    // Later pages report total 0 on some tenants: the first page's figure is the one to trust.
    if (offset === 0) {
      total = asNum(payload.total) ?? 0;
      if (total >= WORKDAY_RESULT_CAP) {
        const query = Object.keys(appliedFacets).length === 0 ? 'the board' : JSON.stringify(appliedFacets);
        const partition =
          depth < MAX_SPLIT_DEPTH
            ? choosePartition(arr(payload, 'facets'), Object.keys(appliedFacets), total)
            : undefined;
        if (partition !== undefined) {
          for (const value of partition.values) {
            const facets = { ...appliedFacets, [partition.parameter]: [value] };
            for (const key of await listQuery(walk, facets, depth + 1)) read.add(key);
          }
          if (read.size < WORKDAY_RESULT_CAP) {
            walk.short.push(
              `${query} split by ${partition.parameter} read ${String(read.size)} of 2,000 or more postings`,
            );
          }
          return read;
        }
        walk.short.push(`${query} holds 2,000 or more postings and no facet is left to split it by`);
      }
    }
    if (entries.length === 0 || offset + WORKDAY_PAGE_SIZE >= total) break;
  }
  return read;
}

interface Partition {
  parameter: string;
  values: string[];
}

/**
 * A facet to split a capped query by: of those not already applied whose buckets together hold
 * the query's postings (their counts add up to `total` or more), the one whose largest bucket is
 * smallest; when none does, the one whose buckets hold the most. A facet only a few postings carry
 * (a worker subtype of 30 interns) would split 2,000 postings into a few dozen read.
 */
export function choosePartition(
  facets: unknown[],
  applied: readonly string[] = [],
  total = 0,
): Partition | undefined {
  const candidates = flattenFacets(facets).flatMap((facet) => {
    const buckets = arr(facet, 'values').filter((value) => str(value, 'id') !== undefined);
    const parameter = str(facet, 'facetParameter');
    if (parameter === undefined || applied.includes(parameter) || buckets.length < 2) return [];
    const counts = buckets.map((value) => asNum(path(value, 'count')) ?? 0);
    const values = buckets.flatMap((value) => str(value, 'id') ?? []);
    return [{ parameter, values, largest: Math.max(...counts), held: counts.reduce((a, b) => a + b, 0) }];
  });
  const covering = candidates.filter((candidate) => candidate.held >= total);
  const pool = covering.length > 0 ? covering : candidates.toSorted((a, b) => b.held - a.held).slice(0, 1);
  const best = pool.toSorted((a, b) => a.largest - b.largest)[0];
  return best === undefined ? undefined : { parameter: best.parameter, values: best.values };
}

/** Facet groups (e.g. `locationMainGroup`) nest facets inside `values`; lift them to the top. */
function flattenFacets(facets: unknown[]): unknown[] {
  return facets.flatMap((facet) => {
    const nested = arr(facet, 'values').filter((value) => str(value, 'facetParameter') !== undefined);
    return nested.length > 0 ? nested : [facet];
  });
}

/** Inputs for one posting: the list entry and, when it could be fetched, the detail document. */
export interface WorkdayPostingInput {
  key: string;
  entry: unknown;
  detail: unknown;
  publicUrl: string;
  endpoint: string;
  now: Date;
}

/** Maps a list entry plus its detail (when present) to a SourcePosting. */
export function parseWorkdayPosting(input: WorkdayPostingInput): SourcePosting | undefined {
  const info = obj(input.detail, 'jobPostingInfo');
  const title = str(info, 'title') ?? str(input.entry, 'title');
  if (title === undefined) return undefined;
  const postedOn = str(info, 'postedOn') ?? str(input.entry, 'postedOn');
  const timeType = str(info, 'timeType') ?? str(input.entry, 'timeType');
  return posting({
    nativeId: input.key,
    title,
    url: input.publicUrl,
    sourceEndpoint: input.endpoint,
    organization: str(obj(input.detail, 'hiringOrganization'), 'name'),
    descriptionHtml: str(info, 'jobDescription'),
    locations: info === undefined ? listLocations(input.entry) : detailLocations(info),
    postedAt: parseSourceDate(str(info, 'startDate')) ?? parseSourceDate(postedOn, input.now),
    validThrough: parseSourceDate(str(info, 'endDate')),
    employmentTypes: [timeType].flatMap((value) => value ?? []),
    workplaceType: str(info, 'remoteType') ?? str(input.entry, 'remoteType'),
    requisitionId: str(info, 'jobReqId') ?? requisitionBullet(input.entry),
  });
}

/** A posting's key in a list: its requisition id bullet, else its path. */
export function workdayKey(entry: unknown): string | undefined {
  return requisitionBullet(entry) ?? str(entry, 'externalPath');
}

/**
 * The bullet that is the requisition id: the one the job's path ends with ("…_R-12345", "…_R-12345-1"),
 * else the first that reads as one (one token holding a digit: "JR358244", "R-12345") and is not a
 * short number or a date. Tenants put other things in bulletFields — a location, a posted-date
 * label, a store name, a "0"/"1" flag — and a public client measured 228 postings of one tenant
 * resolving to 15 ids when the first digit-bearing bullet was taken (sarthakjain004/headstart's
 * Workday scraper): postings sharing a key were dropped as repeats.
 */
export function requisitionBullet(entry: unknown): string | undefined {
  const bullets = strings(entry, 'bulletFields').map((bullet) => bullet.trim());
  const path = str(entry, 'externalPath') ?? '';
  return (
    bullets.find((bullet) => bullet !== '' && new RegExp(`_${escapeRegExp(bullet)}(?:-\\d+)?$`).test(path)) ??
    bullets.find((bullet) => /^\S*\d\S*$/.test(bullet) && !NOT_AN_ID.test(bullet))
  );
}

/** Bullets with a digit that are no requisition id: a short number, a date. */
const NOT_AN_ID = /^\d{1,3}$|^\d{4}-\d{2}-\d{2}$|^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/;

/**
 * The list's place, or for a rollup ("4 Locations") the one its path names, when the detail could
 * not be read (gone, or a recording of the list alone; the detail lists them all): Workday writes
 * the primary location's name there, hyphenated ("/job/Bengaluru-Karnataka-India/…",
 * normalize/hyphenated-place.ts reads it).
 */
function listLocations(entry: unknown): SourceLocation[] {
  const text = str(entry, 'locationsText');
  if (text !== undefined && !LOCATIONS_ROLLUP.test(text)) return locations([location({ text })]);
  return locations([location({ hyphenated: PATH_PLACE.exec(str(entry, 'externalPath') ?? '')?.[1] })]);
}

/** A job path's place segment: "/job/Raleigh-North-Carolina-United-States/R-D-Expert_R0132977". */
const PATH_PLACE = /^\/job\/([^/]+)\//;

/** The primary location (with the requisition's country when it is that location) and the others. */
function detailLocations(info: JsonObject): SourceLocation[] {
  const primary = str(info, 'location');
  const requisition = obj(info, 'jobRequisitionLocation');
  const requisitionPlace = str(requisition, 'descriptor');
  const country = obj(requisition, 'country');
  const sameAsPrimary = requisitionPlace === undefined || requisitionPlace === primary;
  return locations([
    location({
      text: primary,
      country: sameAsPrimary ? str(country, 'descriptor') : undefined,
      countryCode: sameAsPrimary ? countryCode(str(country, 'alpha2Code')) : undefined,
    }),
    ...strings(info, 'additionalLocations').map((text) => location({ text })),
  ]);
}
