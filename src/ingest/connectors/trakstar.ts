/**
 * Trakstar Hire (formerly Recruiterbox) public openings API, documented at
 * apiv1.recruiterbox.com/frontend_api.html:
 * `GET https://jsapi.recruiterbox.com/v1/openings?client_name={slug}&offset={n}&limit=100` returns
 * `{meta: {limit, offset, total}, objects: [...]}`. The offset advances by the openings served
 * (a clamped page never skips any) until `meta.total` is reached or a page is empty; without a
 * `total`, a short page is the last. An unknown client answers 400 `{"client_name": "Invalid client
 * name"}`: that is this source's "board not found".
 *
 * Our recording is the bare `objects` array (the recorder removed the envelope); a bare array is
 * read as the whole board, since it carries no paging information.
 *
 * Each opening is complete: HTML `description`, `location {city, state, country, zipcode}` (empty
 * strings common; `city` may be "Bengaluru/Gurugram"), `position_type` (full_time …),
 * `allows_remote`, `team`, `close_date` and `hosted_url` (`https://{client}.hire.trakstar.com/jobs/{id}/`).
 * Not published: any posting or update date, salary, department (only `team`), company name.
 */
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
  checkStatus,
  location,
  locations,
  parseJson,
  posting,
  postingHead,
  safeSlug,
} from './common.js';
import { asArray, bool, isObject, num, obj, path, str } from './json.js';

export const TRAKSTAR_PAGE_SIZE = 100;
/** 20,000 openings: a guard against a source that keeps reporting more than it serves. */
const MAX_PAGES = 200;

/** Trakstar Hire: page through the openings API. */
export const trakstarConnector: Connector = {
  source: 'trakstar',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const client = encodeURIComponent(safeSlug(board));
    const base = `${baseUrl(board, 'https://jsapi.recruiterbox.com')}/v1/openings?client_name=${client}`;
    const pageUrl = (offset: number): string => `${base}&offset=${offset}&limit=${TRAKSTAR_PAGE_SIZE}`;
    const postings: SourcePosting[] = [];
    const seen = new Set<string>();
    for (let page = 0, offset = 0; page < MAX_PAGES; page++) {
      const url = pageUrl(offset);
      const { objects, total, bare } = openingsPage(await fetchOpenings(http, board, url), url);
      for (const opening of objects) {
        const parsed = parseTrakstarOpening(opening, url);
        if (parsed === undefined || seen.has(parsed.nativeId)) continue;
        seen.add(parsed.nativeId);
        postings.push(parsed);
      }
      offset += objects.length;
      const done = total === undefined ? objects.length < TRAKSTAR_PAGE_SIZE : offset >= total;
      if (bare || objects.length === 0 || done) break;
    }
    return { endpoint: pageUrl(0), postings };
  },
};

/** GET one page; the 400 "Invalid client name" answer means the board does not exist. */
async function fetchOpenings(http: HttpClient, board: BoardRef, url: string): Promise<unknown> {
  const response = await http.request(url, { headers: { accept: 'application/json' } });
  if (response.status === 400 && /client_name/i.test(response.text)) {
    throw new BoardNotFoundError(board, url, `HTTP 400 ${response.text.trim().slice(0, 200)}`);
  }
  return parseJson(checkStatus(response, board, url), url);
}

/** The openings of a page: `{meta, objects}` as served, or the bare array as recorded. */
function openingsPage(payload: unknown, url: string): { objects: unknown[]; total?: number; bare: boolean } {
  const bare = asArray(payload);
  if (bare !== undefined) return { objects: bare, bare: true };
  const objects = isObject(payload) ? asArray(payload.objects) : undefined;
  if (objects === undefined) throw new UnexpectedResponseError(url, 'expected {meta, objects: [...]}');
  return { objects, total: num(path(payload, 'meta'), 'total'), bare: false };
}

/** Maps one opening. */
export function parseTrakstarOpening(opening: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(opening, 'id'), str(opening, 'title'), str(opening, 'hosted_url'), endpoint);
  if (head === undefined) return undefined;
  const place = obj(opening, 'location');
  return posting({
    ...head,
    descriptionHtml: str(opening, 'description'),
    locations: locations([
      location({ city: str(place, 'city'), region: str(place, 'state'), country: str(place, 'country') }),
    ]),
    validThrough: parseSourceDate(str(opening, 'close_date')),
    team: str(opening, 'team'),
    employmentTypes: [str(opening, 'position_type')].flatMap((value) => value ?? []),
    remote: bool(opening, 'allows_remote'),
  });
}
