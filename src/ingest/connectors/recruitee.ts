/**
 * Recruitee careers API: `GET https://{slug}.recruitee.com/api/offers/` returns `{offers}` with every
 * published offer (no paging). Custom careers domains serve the same path; use `endpointOverride`.
 * Timestamps look like `2026-08-10 15:10:24 UTC`; salary amounts are strings ("75.00") and a salary
 * object whose fields are all null means "no salary". The `remote`/`hybrid`/`on_site` booleans are
 * passed on as the native workplace value when exactly one of them is set.
 */
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
  countryCode,
  fetchJson,
  httpUrl,
  location,
  locations,
  posting,
  safeSlug,
  salary,
  sections,
} from './common.js';
import { arr, bool, isObject, num, obj, str } from './json.js';

const WORKPLACE_FLAGS = ['remote', 'hybrid', 'on_site'] as const;

/** Recruitee: one offers request per company. */
export const recruiteeConnector: Connector = {
  source: 'recruitee',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const base =
      board.endpointOverride === undefined ? `https://${safeSlug(board)}.recruitee.com` : baseUrl(board, '');
    const url = `${base}/api/offers/`;
    const payload = await fetchJson(http, board, url);
    if (!isObject(payload) || !Array.isArray(payload.offers)) {
      throw new UnexpectedResponseError(url, 'no "offers" array');
    }
    return {
      endpoint: url,
      postings: arr(payload, 'offers').flatMap((offer) => parseRecruiteeOffer(offer, url) ?? []),
    };
  },
};

/** Maps one offer. */
export function parseRecruiteeOffer(offer: unknown, endpoint: string): SourcePosting | undefined {
  const nativeId = str(offer, 'id');
  const title = str(offer, 'title');
  const url = httpUrl(str(offer, 'careers_url'));
  if (nativeId === undefined || title === undefined || url === undefined) return undefined;
  const pay = obj(offer, 'salary');
  return posting({
    nativeId,
    title,
    url,
    sourceEndpoint: endpoint,
    organization: str(offer, 'company_name'),
    descriptionHtml: sections([{ html: str(offer, 'description') }, { html: str(offer, 'requirements') }]),
    locations: recruiteeLocations(offer),
    postedAt: parseSourceDate(str(offer, 'published_at')),
    updatedAt: parseSourceDate(str(offer, 'updated_at')),
    validThrough: parseSourceDate(str(offer, 'close_at')),
    department: str(offer, 'department'),
    employmentTypes: [str(offer, 'employment_type_code')].flatMap((value) => value ?? []),
    workplaceType: workplace(offer),
    remote: bool(offer, 'remote'),
    experience: str(offer, 'experience_code'),
    salary: salary({
      min: num(pay, 'min'),
      max: num(pay, 'max'),
      currency: str(pay, 'currency'),
      periodRaw: str(pay, 'period'),
    }),
  });
}

/** `locations[]` when present, else the offer's flat location fields. */
function recruiteeLocations(offer: unknown): SourceLocation[] {
  const entries = arr(offer, 'locations');
  const source = entries.length > 0 ? entries : [offer];
  return locations(
    source.map((entry) =>
      location({
        text: entries.length > 0 ? str(entry, 'name') : str(entry, 'location'),
        city: str(entry, 'city'),
        region: str(entry, 'state') ?? str(entry, 'state_name'),
        country: str(entry, 'country'),
        countryCode: countryCode(str(entry, 'country_code')),
        lat: num(entry, 'lat'),
        lng: num(entry, 'lng'),
      }),
    ),
  );
}

/** The one workplace flag set to true; none or several set says nothing definite. */
function workplace(offer: unknown): string | undefined {
  const set = WORKPLACE_FLAGS.filter((flag) => bool(offer, flag) === true);
  return set.length === 1 ? set[0] : undefined;
}
