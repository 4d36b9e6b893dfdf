/**
 * Breezy HR public JSON: `GET https://{slug}.breezy.hr/json?verbose=true` (a bare array of
 * positions). A missing tenant is signalled by a 302 to the vendor site `breezy.hr` (or a 404), so
 * redirects are not followed and that redirect is read as board-not-found. Salary is a display
 * string ("$0.05 – $0.06 / hour") and is passed on as text.
 *
 * What a public client measured over 4,794 live tenants (sarthakjain004/headstart's Breezy
 * scraper, 2026-09): the undocumented `verbose=true` adds each position's `description`, the text
 * of its page (equal on 180 of 180 compared) — without it the answer carries none, so postings had
 * no description; `type.name` is the tenant's own language ("Vollzeit"), `type.id` one of five
 * codes (fullTime, partTime, contract, temporary, other), read here as the English label;
 * `remote_details` still says remote or hybrid on 307 positions whose `is_remote` is false, so it
 * is the arrangement only where the flag is true.
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
    const url = `${baseUrl(board, `https://${safeSlug(board)}.breezy.hr`)}/json?verbose=true`;
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
  const remote = bool(primary, 'is_remote');
  return posting({
    ...head,
    organization: str(obj(raw, 'company'), 'name'),
    locations: locations((entries.length > 0 ? entries : [primary]).map(breezyLocation)),
    postedAt: parseSourceDate(str(raw, 'published_date')),
    department: str(raw, 'department'),
    employmentTypes: [employmentType(obj(raw, 'type'))].flatMap((value) => value ?? []),
    // "hybrid", "remote" or "remote-location" (fully remote within the chosen places), where the
    // position is flagged remote at all.
    workplaceType: remote === true ? str(obj(primary, 'remote_details'), 'value') : undefined,
    remote,
    salary: salary({ text: str(raw, 'salary') }),
    descriptionHtml: str(raw, 'description'),
  });
}

/** `type.id` as an English label (the name is the tenant's language); an unknown id as written. */
const TYPE_LABELS: Readonly<Record<string, string>> = {
  fullTime: 'Full-Time',
  partTime: 'Part-Time',
  contract: 'Contract',
  temporary: 'Temporary',
  other: 'Other',
};

function employmentType(type: unknown): string | undefined {
  const id = str(type, 'id');
  return id === undefined ? str(type, 'name') : (TYPE_LABELS[id] ?? id);
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
