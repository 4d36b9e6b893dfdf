/**
 * SmartRecruiters posting API v1:
 *   list   `GET https://api.smartrecruiters.com/v1/companies/{slug}/postings?limit=100&offset={n}`
 *          (`{totalFound, offset, limit, content}`, 100 is the maximum page size), walked until
 *          `totalFound` postings were served or a page is empty — or the page guard: a walk that
 *          stops there says so (`truncated`), and the lifecycle then closes nothing it did not see;
 *   detail `GET …/v1/companies/{slug}/postings/{id}` adds `jobAd.sections` (the description) and
 *          `compensation`; it is fetched for every posting.
 * The documented `jobAdUrl` comes back null, so the public URL is built as
 * `https://jobs.smartrecruiters.com/{slug}/{id}`. Country codes arrive lower-case ("jp").
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  countryCode,
  fetchDetailJson,
  fetchJson,
  location,
  mapLimited,
  posting,
  safeSlug,
  salary,
  sections,
} from './common.js';
import { arr, bool, isObject, num, obj, path, str, type JsonObject } from './json.js';

const DEFAULT_BASE = 'https://api.smartrecruiters.com';
const PAGE_SIZE = 100;
/**
 * Guard against a source that keeps reporting more results than it serves: 100,000 postings. It
 * was 200 pages, which a real board outgrows (a public client counted `totalFound` 24,556 on
 * Domino's) — and the walk then ended silently, so every open job past the 20,000th was closed.
 */
const MAX_PAGES = 1_000;
const DETAIL_SECTIONS = ['companyDescription', 'jobDescription', 'qualifications', 'additionalInformation'];

/** SmartRecruiters connector settings. */
export interface SmartRecruitersOptions {
  /** Fetch each posting's detail for description and compensation (default true). */
  details?: boolean;
  /** The page guard (default MAX_PAGES); tests pass a small one. */
  maxPages?: number;
}

/** Creates the connector; `details: false` keeps the crawl to the list pages. */
export function createSmartRecruitersConnector(options: SmartRecruitersOptions = {}): Connector {
  const details = options.details ?? true;
  return {
    source: 'smartrecruiters',
    async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
      const slug = safeSlug(board);
      const base = `${baseUrl(board, DEFAULT_BASE)}/v1/companies/${slug}/postings`;
      const pages = await listPages(board, http, base, options.maxPages ?? MAX_PAGES);
      const postings = await mapLimited(pages.entries, async ({ entry, url }) => {
        const id = str(entry, 'id');
        if (!details || id === undefined || !/^[\w-]+$/.test(id)) {
          return parseSmartRecruitersPosting(entry, slug, url);
        }
        const detailUrl = `${base}/${id}`;
        const detail = await fetchDetailJson(http, board, detailUrl);
        return isObject(detail)
          ? parseSmartRecruitersPosting(detail, slug, detailUrl)
          : parseSmartRecruitersPosting(entry, slug, url);
      });
      return {
        endpoint: pages.firstUrl,
        postings: postings.flatMap((p) => p ?? []),
        ...(pages.truncated === undefined ? {} : { truncated: pages.truncated }),
      };
    },
  };
}

/** SmartRecruiters with per-posting details (the registered default). */
export const smartRecruitersConnector: Connector = createSmartRecruitersConnector();

interface ListEntry {
  entry: JsonObject;
  url: string;
}

/** Walks the offset pages until `totalFound` postings were offered or a page comes back empty. */
async function listPages(
  board: BoardRef,
  http: HttpClient,
  base: string,
  maxPages: number,
): Promise<{ firstUrl: string; entries: ListEntry[]; truncated?: string }> {
  const entries: ListEntry[] = [];
  const firstUrl = pageUrl(base, 0);
  // The offset advances by what was served (a full page is 100), so a short page never skips postings.
  let offset = 0;
  let total = 0;
  for (let page = 0; page < maxPages; page++) {
    const url = pageUrl(base, offset);
    const payload = await fetchJson(http, board, url);
    if (!isObject(payload) || !Array.isArray(payload.content)) {
      throw new UnexpectedResponseError(url, 'no "content" array');
    }
    const content = arr(payload, 'content').filter((entry): entry is JsonObject => isObject(entry));
    entries.push(...content.map((entry) => ({ entry, url })));
    offset += content.length;
    total = num(payload, 'totalFound') ?? 0;
    if (content.length === 0 || offset >= total) return { firstUrl, entries };
  }
  return {
    firstUrl,
    entries,
    truncated: `${String(maxPages)} pages read, ${String(offset)} of ${String(total)} postings`,
  };
}

function pageUrl(base: string, offset: number): string {
  return `${base}?limit=${PAGE_SIZE}&offset=${offset}`;
}

/** Maps a list entry or a detail document (a superset of the entry). */
export function parseSmartRecruitersPosting(
  raw: unknown,
  slug: string,
  endpoint: string,
): SourcePosting | undefined {
  const nativeId = str(raw, 'id');
  const title = str(raw, 'name');
  if (nativeId === undefined || title === undefined) return undefined;
  const place = obj(raw, 'location');
  const compensation = obj(raw, 'compensation');
  return posting({
    nativeId,
    title,
    url: `https://jobs.smartrecruiters.com/${encodeURIComponent(slug)}/${encodeURIComponent(nativeId)}`,
    sourceEndpoint: endpoint,
    organization: str(obj(raw, 'company'), 'name'),
    descriptionHtml: sections(
      DETAIL_SECTIONS.map((key) => {
        const section = path(raw, 'jobAd', 'sections', key);
        return { title: str(section, 'title'), html: str(section, 'text') };
      }),
    ),
    locations: [
      location({
        text: str(place, 'fullLocation'),
        city: str(place, 'city'),
        region: str(place, 'region'),
        countryCode: countryCode(str(place, 'country')),
        lat: num(place, 'latitude'),
        lng: num(place, 'longitude'),
      }),
    ].flatMap((entry) => entry ?? []),
    postedAt: parseSourceDate(str(raw, 'releasedDate')),
    department: str(obj(raw, 'department'), 'label'),
    employmentTypes: [str(obj(raw, 'typeOfEmployment'), 'label'), ...scheduleFields(raw)].flatMap(
      (value) => value ?? [],
    ),
    workplaceType: workplace(place),
    remote: bool(place, 'remote'),
    experience: str(obj(raw, 'experienceLevel'), 'label'),
    salary: salary({
      min: num(compensation, 'min'),
      max: num(compensation, 'max'),
      currency: str(compensation, 'currency'),
      periodRaw: str(compensation, 'period'),
    }),
    language: str(obj(raw, 'language'), 'code'),
    requisitionId: str(raw, 'refNumber'),
    expired: bool(raw, 'active') === false ? true : undefined,
  });
}

/**
 * The schedule a tenant keeps in a custom field ("Working hours: Part-time", "Time Type: Full
 * time"): an internship's type says nothing of its hours (Bosch's part-time working students).
 */
const SCHEDULE_FIELD = /^(?:working hours|time type)$/i;

function scheduleFields(raw: unknown): (string | undefined)[] {
  return arr(raw, 'customField')
    .filter((field) => SCHEDULE_FIELD.test(str(field, 'fieldLabel')?.trim() ?? ''))
    .map((field) => str(field, 'valueLabel'));
}

/** "remote" or "hybrid" when the location flag says so; two `false` flags say nothing more. */
function workplace(place: JsonObject | undefined): string | undefined {
  if (bool(place, 'remote') === true) return 'remote';
  if (bool(place, 'hybrid') === true) return 'hybrid';
  return undefined;
}
