/**
 * Personio XML feed: `GET https://{slug}.jobs.personio.de/xml` returns
 * `<workzag-jobs><position>…</position></workzag-jobs>` with every published position.
 * Description parts are CDATA HTML under `jobDescriptions/jobDescription{name,value}`.
 * The feed has no URL; the public page is built as `https://{slug}.jobs.personio.de/job/{id}`.
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
 * and one to another host is the board gone.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  location,
  fetchOnHost,
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
    const slug = safeSlug(board);
    const host = `https://${slug}.jobs.personio.de`;
    const url = `${baseUrl(board, host)}/xml`;
    const postings = await feedPostings(http, board, url, host);
    for (const language of DESCRIPTION_LANGUAGES) {
      const missing = new Set(postings.flatMap((p) => (p.descriptionHtml === undefined ? [p.nativeId] : [])));
      if (missing.size === 0) break;
      const variant = await feedPostings(http, board, `${url}?language=${language}`, host);
      const described = new Map(variant.map((p) => [p.nativeId, p.descriptionHtml]));
      for (const [at, p] of postings.entries()) {
        const html = missing.has(p.nativeId) ? described.get(p.nativeId) : undefined;
        if (html !== undefined) postings[at] = { ...p, descriptionHtml: html };
      }
    }
    return { endpoint: url, postings };
  },
};

/** The positions of one feed request; a redirect to another host is the board gone. */
async function feedPostings(
  http: HttpClient,
  board: BoardRef,
  url: string,
  host: string,
): Promise<SourcePosting[]> {
  const response = await fetchOnHost(http, board, url, { headers: { accept: 'application/xml' } });
  const parsed = parseXml(response, url);
  // An empty feed parses to `"workzag-jobs": ""`; a missing root means this is not Personio's feed.
  if (!isObject(parsed) || !('workzag-jobs' in parsed)) {
    throw new UnexpectedResponseError(url, 'no <workzag-jobs> root');
  }
  const root = obj(parsed, 'workzag-jobs');
  return arr(root, 'position').flatMap((position) => parsePersonioPosition(position, host, url) ?? []);
}

/** Maps one `<position>`; `publicBase` is `https://{slug}.jobs.personio.de`. */
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
