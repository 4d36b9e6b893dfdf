/**
 * Lever postings API v0: `GET https://api.lever.co/v0/postings/{slug}?mode=json` returns a bare
 * array of every posting (no paging needed without `limit`). Boards hosted in Lever's EU region
 * live on `api.eu.lever.co`; an unknown site answers `{"ok":false,"error":"Document not found"}`,
 * so the US host is tried first and the EU host on that answer. With an `endpointOverride` only the
 * override is tried. `createdAt` is epoch milliseconds; there is no update date.
 */
import { parseSourceDate } from '../normalize/dates.js';
import {
  BoardNotFoundError,
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type SourceLocation,
  type SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  checkStatus,
  countryCode,
  location,
  locations,
  parseJson,
  posting,
  postingHead,
  safeSlug,
  salary,
  sections,
  textSections,
} from './common.js';
import { arr, bool, num, obj, str, strings } from './json.js';

const HOSTS = ['https://api.lever.co', 'https://api.eu.lever.co'];

/** Lever: US host, then EU host when the US host does not know the site. */
export const leverConnector: Connector = {
  source: 'lever',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const bases = board.endpointOverride === undefined ? HOSTS : [baseUrl(board, '')];
    let lastUrl = '';
    for (const base of bases) {
      const url = `${base}/v0/postings/${slug}?mode=json`;
      lastUrl = url;
      const response = await http.request(url, { headers: { accept: 'application/json' } });
      // A 404 may carry the "Document not found" body or not: either way, try the next host.
      if (response.status === 404 || response.status === 410) continue;
      checkStatus(response, board, url);
      const payload = parseJson(response, url);
      if (isDocumentNotFound(payload)) continue;
      if (!Array.isArray(payload)) throw new UnexpectedResponseError(url, 'expected an array of postings');
      return { endpoint: url, postings: payload.flatMap((raw) => parseLeverPosting(raw, url) ?? []) };
    }
    throw new BoardNotFoundError(board, lastUrl, 'Document not found');
  },
};

/** Lever's "unknown site" body: `{"ok": false, "error": "Document not found"}`. */
function isDocumentNotFound(payload: unknown): boolean {
  return bool(payload, 'ok') === false && /not found/i.test(str(payload, 'error') ?? '');
}

/** Maps one posting (list entry or `/v0/postings/{slug}/{id}` detail, same shape). */
export function parseLeverPosting(raw: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(raw, 'id'), str(raw, 'text'), str(raw, 'hostedUrl'), endpoint);
  if (head === undefined) return undefined;
  const categories = obj(raw, 'categories');
  const range = obj(raw, 'salaryRange');
  const html = description(raw);
  return posting({
    ...head,
    descriptionHtml: html,
    // Lever serves each text twice, HTML and plain: a payload that kept only the plain ones (a real
    // recording of the labelled set) still has its description.
    descriptionText:
      html === undefined
        ? textSections([{ text: str(raw, 'descriptionPlain') }, { text: str(raw, 'additionalPlain') }])
        : undefined,
    locations: leverLocations(raw),
    postedAt: parseSourceDate(num(raw, 'createdAt')),
    department: str(categories, 'department'),
    team: str(categories, 'team'),
    employmentTypes: [str(categories, 'commitment')].flatMap((value) => value ?? []),
    workplaceType: str(raw, 'workplaceType'),
    experience: str(categories, 'level'),
    salary: salary({
      min: num(range, 'min'),
      max: num(range, 'max'),
      currency: str(range, 'currency'),
      periodRaw: str(range, 'interval'),
    }),
  });
}

/**
 * `allLocations` (or the single `location`), with the posting's ISO-2 `country` attached to the
 * primary location it belongs to; a bare country becomes its own entry when no location is named.
 */
function leverLocations(raw: unknown): SourceLocation[] {
  const categories = obj(raw, 'categories');
  const primary = str(categories, 'location');
  const code = countryCode(str(raw, 'country'));
  const names = strings(categories, 'allLocations');
  const all = names.length > 0 ? names : [primary].flatMap((name) => name ?? []);
  if (all.length === 0) return locations([location({ countryCode: code })]);
  return locations(all.map((text) => location({ text, countryCode: text === primary ? code : undefined })));
}

/**
 * The description as the hosted page shows it: `description` (Lever's opening + body, so the
 * separate `opening`/`descriptionBody` are only a fallback), each list under its heading, then
 * `additional`.
 */
function description(raw: unknown): string | undefined {
  const main =
    str(raw, 'description') ??
    sections([{ html: str(raw, 'opening') }, { html: str(raw, 'descriptionBody') }]);
  const lists = arr(raw, 'lists').map((list) => {
    const content = str(list, 'content');
    return { title: str(list, 'text'), html: content === undefined ? undefined : `<ul>${content}</ul>` };
  });
  return sections([{ html: main }, ...lists, { html: str(raw, 'additional') }]);
}
