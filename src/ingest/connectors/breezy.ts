/**
 * Breezy HR public JSON: `GET https://{slug}.breezy.hr/json` (a bare array of positions). A missing
 * tenant is signalled by a 302 to the vendor site `breezy.hr`, so redirects are not followed and
 * that redirect is read as board-not-found. Descriptions are usually only on the HTML page, but some
 * boards' answers carry each position's `description` HTML (German American Chambers of Commerce,
 * labelled set): read when present. Salary is a display string ("$0.05 – $0.06 / hour") and is
 * passed on as text.
 */
import { parseSourceDate } from '../normalize/dates.js';
import {
  BoardNotFoundError,
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type HttpResponse,
  type SourceLocation,
  type SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  countryCode,
  checkStatus,
  location,
  locations,
  parseJson,
  posting,
  postingHead,
  safeSlug,
  salary,
} from './common.js';
import { arr, bool, obj, str } from './json.js';

/** Breezy: one request per company, redirects not followed. */
export const breezyConnector: Connector = {
  source: 'breezy',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const url = `${baseUrl(board, `https://${safeSlug(board)}.breezy.hr`)}/json`;
    const response = await http.request(url, {
      headers: { accept: 'application/json' },
      followRedirects: false,
    });
    if (isVendorRedirect(response)) {
      throw new BoardNotFoundError(
        board,
        url,
        `HTTP ${response.status} to ${response.headers.location ?? ''}`,
      );
    }
    checkStatus(response, board, url);
    const payload = parseJson(response, url);
    if (!Array.isArray(payload)) throw new UnexpectedResponseError(url, 'expected an array of positions');
    return { endpoint: url, postings: payload.flatMap((raw) => parseBreezyPosition(raw, url) ?? []) };
  },
};

/** A redirect to Breezy's own site (not to another path of the tenant) means "no such company". */
function isVendorRedirect(response: HttpResponse): boolean {
  if (response.status < 300 || response.status > 399) return false;
  const target = response.headers.location;
  if (target === undefined) return false;
  try {
    const host = new URL(target, 'https://breezy.hr').hostname;
    return host === 'breezy.hr' || host === 'www.breezy.hr';
  } catch {
    return false;
  }
}

/** Maps one position. */
export function parseBreezyPosition(raw: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(raw, 'id'), str(raw, 'name'), str(raw, 'url'), endpoint);
  if (head === undefined) return undefined;
  const entries = arr(raw, 'locations');
  const primary = obj(raw, 'location');
  return posting({
    ...head,
    organization: str(obj(raw, 'company'), 'name'),
    locations: locations((entries.length > 0 ? entries : [primary]).map(breezyLocation)),
    postedAt: parseSourceDate(str(raw, 'published_date')),
    department: str(raw, 'department'),
    employmentTypes: [str(obj(raw, 'type'), 'name')].flatMap((value) => value ?? []),
    // "hybrid", "remote" or "remote-location" (fully remote within the chosen places).
    workplaceType: str(obj(primary, 'remote_details'), 'value'),
    remote: bool(primary, 'is_remote'),
    salary: salary({ text: str(raw, 'salary') }),
    descriptionHtml: str(raw, 'description'),
  });
}

function breezyLocation(place: unknown): SourceLocation | undefined {
  const country = obj(place, 'country');
  return location({
    text: str(place, 'name'),
    city: str(place, 'city'),
    region: str(obj(place, 'state'), 'name'),
    country: str(country, 'name'),
    countryCode: countryCode(str(country, 'id')),
  });
}
