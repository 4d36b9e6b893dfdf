/**
 * Personio XML feed: `GET https://{slug}.jobs.personio.de/xml` (or the tenant's `.com` host, below)
 * returns `<workzag-jobs><position>…</position></workzag-jobs>` with every published position.
 * Description parts are CDATA HTML under `jobDescriptions/jobDescription{name,value}`.
 * The feed has no URL; the public page is built as `{careers host}/job/{id}`.
 * `employmentType` (permanent, intern …) and `schedule` (full-time, part-time …) are both passed on
 * as native employment values; `seniority` is the experience value. `salaryInformation` may have
 * an empty `<max>`.
 *
 * `?language=` is a filter of the descriptions, not a translation preference (a public client's
 * live measurements, sarthakjain004/headstart's Personio scraper, 2026-08): each description is
 * served only in the language asked for, and the bare feed serves the tenant's own default. Asking
 * every feed in English (as this connector did) empties the German tenants' postings — over 249
 * boards it filled 133 descriptions and emptied 1,159. So the bare feed is read, and only the
 * positions it leaves without a description (an empty `<jobDescriptions/>`: written in another
 * language, 9% of positions in that sample) are asked again in English, Spanish, Dutch and French,
 * in the order that measured to recover the most, until none is missing; a variant fills, never
 * replaces, and never adds or drops a position.
 *
 * A tenant that left Personio may answer `/xml` with a redirect to Personio's own site instead of
 * a 404 (same measurements: the site then answers 429 to crawlers): redirects are not followed,
 * and one to another host is the board gone. A tenant's careers host is `.jobs.personio.de` or
 * `.jobs.personio.com` (the same client reads tenants of both; which one a tenant answers on was
 * not measured), so a `.de` host that answers 404, or redirects to the tenant's `.com` host, is
 * followed by the `.com` one before the board is called gone; the public URLs name the host that
 * answered.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, HttpResponse, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  NOT_FOUND_STATUSES,
  checkOnHost,
  location,
  fetchOnHost,
  offHostRedirect,
  locations,
  parseXml,
  posting,
  safeSlug,
  salary,
  sections,
} from './common.js';
import { arr, asStr, isObject, num, obj, str } from './json.js';

/** Languages to ask again for positions the bare feed left without a description, most useful first. */
const DESCRIPTION_LANGUAGES = ['en', 'es', 'nl', 'fr'] as const;

/** Personio: the bare feed, then a language variant per language while descriptions are missing. */
export const personioConnector: Connector = {
  source: 'personio',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const { host, url, response } = await openFeed(http, board, safeSlug(board));
    const postings = feedPostings(response, url, host);
    for (const language of DESCRIPTION_LANGUAGES) {
      const missing = new Set(postings.flatMap((p) => (p.descriptionHtml === undefined ? [p.nativeId] : [])));
      if (missing.size === 0) break;
      const variantUrl = `${url}?language=${language}`;
      const variant = feedPostings(await fetchOnHost(http, board, variantUrl, FEED), variantUrl, host);
      const described = new Map(variant.map((p) => [p.nativeId, p.descriptionHtml]));
      for (const [at, p] of postings.entries()) {
        const html = missing.has(p.nativeId) ? described.get(p.nativeId) : undefined;
        if (html !== undefined) postings[at] = { ...p, descriptionHtml: html };
      }
    }
    return { endpoint: url, postings };
  },
};

const FEED = { headers: { accept: 'application/xml' } };

/**
 * The bare feed of the tenant's careers host: `.de`, else `.com` when the `.de` host answers 404
 * or redirects there (an override is the one host). Returns the host that answered.
 */
async function openFeed(
  http: HttpClient,
  board: BoardRef,
  slug: string,
): Promise<{ host: string; url: string; response: HttpResponse }> {
  const hosts = [`https://${slug}.jobs.personio.de`, `https://${slug}.jobs.personio.com`];
  const [home = '', other = ''] = hosts;
  if (board.endpointOverride !== undefined) {
    const url = `${baseUrl(board, home)}/xml`;
    return { host: home, url, response: await fetchOnHost(http, board, url, FEED) };
  }
  const url = `${home}/xml`;
  const response = await http.request(url, { ...FEED, followRedirects: false });
  const target = offHostRedirect(response, url);
  const elsewhere = target !== undefined && new URL(target, url).hostname === new URL(other).hostname;
  if (!elsewhere && !NOT_FOUND_STATUSES.has(response.status))
    return { host: home, url, response: checkOnHost(response, board, url) };
  return { host: other, url: `${other}/xml`, response: await fetchOnHost(http, board, `${other}/xml`, FEED) };
}

/** The positions of one feed answer. */
function feedPostings(response: HttpResponse, url: string, host: string): SourcePosting[] {
  const parsed = parseXml(response, url);
  // An empty feed parses to `"workzag-jobs": ""`; a missing root means this is not Personio's feed.
  if (!isObject(parsed) || !('workzag-jobs' in parsed)) {
    throw new UnexpectedResponseError(url, 'no <workzag-jobs> root');
  }
  const root = obj(parsed, 'workzag-jobs');
  return arr(root, 'position').flatMap((position) => parsePersonioPosition(position, host, url) ?? []);
}

/** Maps one `<position>`; `publicBase` is the careers host that answered, `https://{slug}.jobs.personio.de`. */
export function parsePersonioPosition(
  position: unknown,
  publicBase: string,
  endpoint: string,
): SourcePosting | undefined {
  const nativeId = str(position, 'id');
  const title = str(position, 'name');
  if (nativeId === undefined || title === undefined || !/^\d+$/.test(nativeId)) return undefined;
  const pay = obj(position, 'salaryInformation');
  return posting({
    nativeId,
    title,
    url: `${publicBase}/job/${nativeId}`,
    sourceEndpoint: endpoint,
    organization: str(position, 'subcompany'),
    descriptionHtml: sections(
      arr(obj(position, 'jobDescriptions'), 'jobDescription').map((part) => ({
        title: str(part, 'name'),
        html: str(part, 'value'),
      })),
    ),
    locations: locations(
      [...arr(position, 'office'), ...arr(obj(position, 'additionalOffices'), 'office')].map((office) =>
        location({ text: asStr(office) }),
      ),
    ),
    postedAt: parseSourceDate(str(position, 'createdAt')),
    department: str(position, 'department'),
    employmentTypes: ['employmentType', 'schedule'].flatMap((key) => str(position, key) ?? []),
    experience: str(position, 'seniority'),
    salary: salary({
      min: num(pay, 'min'),
      max: num(pay, 'max'),
      currency: str(pay, 'currencyCode'),
      periodRaw: str(pay, 'type'),
    }),
  });
}
