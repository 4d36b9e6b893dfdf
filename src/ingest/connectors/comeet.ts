/**
 * Comeet careers API: `GET https://www.comeet.co/careers-api/2.0/company/{uid}/positions?token={token}&details=true`.
 * The token is public (every Comeet careers page embeds it in `COMPANY_DATA`), so the board slug
 * is `{companyUid}/{token}`, e.g. `F6.003/6F329B…`. One requisition hiring in several cities comes
 * back as several positions (`18.767`, `18.767-9B.20A`) that share `url_active_page`; each is kept
 * with its own uid and its own Comeet-hosted page URL. `details[]` holds the description parts.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { Connector, SourcePosting } from '../types.js';
import {
  arrayPayload,
  baseUrl,
  countryCode,
  location,
  locations,
  posting,
  postingHead,
  sections,
  singleListConnector,
} from './common.js';
import { arr, bool, obj, str } from './json.js';

const DEFAULT_BASE = 'https://www.comeet.co';

/** Parsed board slug. */
export interface ComeetCompany {
  uid: string;
  token: string;
}

/** Reads `{companyUid}/{token}`; throws on anything else. */
export function parseComeetSlug(slug: string): ComeetCompany {
  const match = /^([A-Za-z0-9.]+)\/([A-Za-z0-9]+)$/.exec(slug);
  if (match === null) throw new Error(`Invalid Comeet board slug ${JSON.stringify(slug)} (want uid/token)`);
  const [, uid = '', token = ''] = match;
  return { uid, token };
}

/** Comeet: one positions request (with details) per company. */
export const comeetConnector: Connector = singleListConnector({
  source: 'comeet',
  listUrl: (board) => {
    const { uid, token } = parseComeetSlug(board.slug);
    return `${baseUrl(board, DEFAULT_BASE)}/careers-api/2.0/company/${uid}/positions?token=${token}&details=true`;
  },
  items: arrayPayload('positions'),
  parse: parseComeetPosition,
});

/** Maps one position. */
export function parseComeetPosition(raw: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(
    str(raw, 'uid'),
    str(raw, 'name'),
    str(raw, 'url_comeet_hosted_page') ?? str(raw, 'url_active_page'),
    endpoint,
  );
  if (head === undefined) return undefined;
  const place = obj(raw, 'location');
  const country = str(place, 'country');
  return posting({
    ...head,
    organization: str(raw, 'company_name'),
    descriptionHtml: sections(
      arr(raw, 'details').map((part) => ({ title: str(part, 'name'), html: str(part, 'value') })),
    ),
    locations: locations([
      location({
        text: str(place, 'name'),
        city: str(place, 'city'),
        region: str(place, 'state'),
        // Comeet's `country` is an ISO-2 code ("US"); anything else is passed on as a name.
        country: countryCode(country) === undefined ? country : undefined,
        countryCode: countryCode(country),
      }),
    ]),
    updatedAt: parseSourceDate(str(raw, 'time_updated')),
    department: str(raw, 'department'),
    employmentTypes: [str(raw, 'employment_type')].flatMap((value) => value ?? []),
    workplaceType: str(raw, 'workplace_type'),
    remote: bool(place, 'is_remote'),
    experience: str(raw, 'experience_level'),
  });
}
