/**
 * Dayforce candidate portal (the geo job search behind `jobs.dayforcehcm.com/en-US/{ns}/{board}`).
 *
 * Board slug: `{clientNamespace}` (board code `CANDIDATEPORTAL`, the default portal) or
 * `{clientNamespace}/{jobBoardCode}`. An `endpointOverride` replaces `https://jobs.dayforcehcm.com`.
 *
 *   list `POST https://jobs.dayforcehcm.com/api/geo/{ns}/jobposting/search` with
 *        `{"clientNamespace","jobBoardCode","cultureCode":"en-US","distanceUnit":0,"paginationStart":n}`
 *        → `{jobPostings, maxCount, offset, count}`. The server fixes the page size (25);
 *        `paginationStart` advances by what was served until `maxCount`, an empty page, or a
 *        page that adds no new posting.
 *
 * The list carries everything the portal publishes, description included, so there is no detail
 * request. `jobDescription` is plain text (line breaks kept) with HTML entities (`&amp;`,
 * `&rsquo;`); it is decoded once and kept as text. Postings are deduplicated on `jobPostingId` in
 * case the order shifts while paging. Locations carry city (null for state-level rows), state
 * code, ISO country and a `"lat:…;lng:…"` coordinate string. The public URL is built as
 * `https://jobs.dayforcehcm.com/en-US/{ns}/{board}/jobs/{jobPostingId}`.
 * Not published here: company name, department, employment type, salary (only inside the
 * description text). The documented JobFeeds API was not used: no recording, and whether it
 * answers without credentials is not established.
 */
import { parseSourceDate } from '../normalize/dates.js';
import { unescapeHtmlEntities } from '../normalize/html.js';
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
  countryCode,
  fetchJson,
  location,
  locations,
  posting,
  postingHead,
} from './common.js';
import { arr, bool, isObject, num, str, type JsonObject } from './json.js';

const DEFAULT_BASE = 'https://jobs.dayforcehcm.com';
const DEFAULT_BOARD = 'CANDIDATEPORTAL';
const CULTURE = 'en-US';
/** Guard against a source that keeps reporting more results than it serves (25 a page). */
const MAX_PAGES = 400;

/** A parsed board slug. */
export interface DayforceBoard {
  namespace: string;
  boardCode: string;
}

/** Reads `{namespace}[/{jobBoardCode}]`; throws on anything else so a bad directory row is loud. */
export function parseDayforceSlug(slug: string): DayforceBoard {
  const match = /^([A-Za-z0-9_-]+)(?:\/([A-Za-z0-9_-]+))?$/.exec(slug);
  if (match === null) {
    throw new Error(`Invalid dayforce board slug ${JSON.stringify(slug)} (want namespace[/boardCode])`);
  }
  const [, namespace = '', boardCode = DEFAULT_BOARD] = match;
  return { namespace, boardCode };
}

/** Dayforce: the paged geo search of one job board. */
export const dayforceConnector: Connector = {
  source: 'dayforce',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const target = parseDayforceSlug(board.slug);
    const url = `${baseUrl(board, DEFAULT_BASE)}/api/geo/${target.namespace}/jobposting/search`;
    const seen = new Map<string, SourcePosting>();
    for (let page = 0, start = 0; page < MAX_PAGES; page++) {
      const body = JSON.stringify({
        clientNamespace: target.namespace,
        jobBoardCode: target.boardCode,
        cultureCode: CULTURE,
        distanceUnit: 0,
        paginationStart: start,
      });
      const payload = await fetchJson(http, board, url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body,
      });
      if (!isObject(payload) || !Array.isArray(payload.jobPostings)) {
        throw new UnexpectedResponseError(url, 'no "jobPostings" array');
      }
      const entries = arr(payload, 'jobPostings').filter((entry): entry is JsonObject => isObject(entry));
      const before = seen.size;
      for (const entry of entries) {
        const parsed = parseDayforcePosting(entry, target, url);
        if (parsed !== undefined && !seen.has(parsed.nativeId)) seen.set(parsed.nativeId, parsed);
      }
      start += entries.length;
      // A page that adds nothing new means the source repeats itself: stop rather than walk on.
      if (seen.size === before || start >= (num(payload, 'maxCount') ?? 0)) break;
    }
    return { endpoint: url, postings: [...seen.values()] };
  },
};

/** Maps one `jobPostings[]` entry. */
export function parseDayforcePosting(
  raw: unknown,
  target: DayforceBoard,
  endpoint: string,
): SourcePosting | undefined {
  const id = str(raw, 'jobPostingId');
  const url =
    id === undefined
      ? undefined
      : `${DEFAULT_BASE}/${CULTURE}/${encodeURIComponent(target.namespace)}/${encodeURIComponent(target.boardCode)}/jobs/${encodeURIComponent(id)}`;
  const head = postingHead(id, str(raw, 'jobTitle'), url, endpoint);
  if (head === undefined) return undefined;
  const description = str(raw, 'jobDescription');
  return posting({
    ...head,
    descriptionText: description === undefined ? undefined : unescapeHtmlEntities(description),
    locations: locations(arr(raw, 'postingLocations').map(postingLocation)),
    postedAt: parseSourceDate(str(raw, 'postingStartTimestampUTC')),
    validThrough: parseSourceDate(str(raw, 'postingExpiryTimestampUTC')),
    remote: bool(raw, 'hasVirtualLocation'),
    requisitionId: str(raw, 'jobReqId'),
  });
}

function postingLocation(raw: unknown): SourceLocation | undefined {
  const point = coordinates(str(raw, 'coordinates'));
  return location({
    text: str(raw, 'formattedAddress'),
    city: str(raw, 'cityName'),
    region: str(raw, 'stateCode'),
    countryCode: countryCode(str(raw, 'isoCountryCode')),
    lat: point?.lat,
    lng: point?.lng,
  });
}

/** `"lat:40.7605601;lng:-111.8881397"` → numbers; any other text is not read. */
function coordinates(value: string | undefined): { lat: number; lng: number } | undefined {
  const match = /^lat:(-?\d+(?:\.\d+)?);lng:(-?\d+(?:\.\d+)?)$/.exec(value ?? '');
  if (match === null) return undefined;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  return Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}
