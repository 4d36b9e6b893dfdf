/**
 * Recruitee careers API: `GET https://{slug}.recruitee.com/api/offers/` returns `{offers}` with every
 * published offer (no paging). Custom careers domains serve the same path; use `endpointOverride`.
 * Timestamps look like `2026-08-10 15:10:24 UTC`; salary amounts are strings ("75.00") and a salary
 * object whose fields are all null means "no salary". The `remote`/`hybrid`/`on_site` booleans are
 * passed on as the native workplace value when exactly one of them is set (hybrid and on-site
 * together: hybrid). An offer's `careers_url` is `{careers site}/o/{offer slug}`; a careers site on
 * the company's own domain (a custom careers domain, e.g. `jobs.acme.com`) is reported as a company
 * address.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { Connector, SourceLocation, SourcePosting } from '../types.js';
import {
  baseUrl,
  companyUrls,
  countryCode,
  envelopeArray,
  httpUrl,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  salary,
  sections,
  singleListConnector,
} from './common.js';
import { arr, bool, num, obj, str } from './json.js';

const WORKPLACE_FLAGS = ['remote', 'hybrid', 'on_site'] as const;

/** Recruitee: one offers request per company. */
export const recruiteeConnector: Connector = singleListConnector({
  source: 'recruitee',
  listUrl: (board) => {
    const base =
      board.endpointOverride === undefined ? `https://${safeSlug(board)}.recruitee.com` : baseUrl(board, '');
    return `${base}/api/offers/`;
  },
  items: envelopeArray('offers'),
  parse: parseRecruiteeOffer,
  // `*.recruitee.com` sites are Recruitee's own hosts and are dropped by `companyUrls`.
  companyUrls: (payload) => companyUrls(arr(payload, 'offers').map(careersSite)),
});

/** Maps one offer. */
export function parseRecruiteeOffer(offer: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(offer, 'id'), str(offer, 'title'), str(offer, 'careers_url'), endpoint);
  if (head === undefined) return undefined;
  const pay = obj(offer, 'salary');
  return posting({
    ...head,
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

/**
 * The careers site an offer page belongs to: the part of `careers_url` before `/o/{offer slug}`.
 * The site, not the offer page, is what says whose board this is (offer pages are posting URLs).
 */
function careersSite(offer: unknown): string | undefined {
  const link = httpUrl(str(offer, 'careers_url'));
  if (link === undefined) return undefined;
  const { origin, pathname } = new URL(link);
  const site = /^(.*?)\/o\/[^/]+\/?$/.exec(pathname)?.[1];
  return site === undefined ? undefined : `${origin}${site}`;
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

/**
 * The one workplace flag set to true. Hybrid and on-site together is hybrid (a hybrid job has its
 * office days: a labelled Recruitee offer with both shows "Chesapeake, VA Hybrid"); any other pair,
 * all three or none says nothing definite.
 */
function workplace(offer: unknown): string | undefined {
  const set = WORKPLACE_FLAGS.filter((flag) => bool(offer, flag) === true);
  if (set.length === 2 && set.includes('hybrid') && set.includes('on_site')) return 'hybrid';
  return set.length === 1 ? set[0] : undefined;
}
