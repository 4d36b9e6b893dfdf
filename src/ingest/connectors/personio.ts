/**
 * Personio XML feed: `GET https://{slug}.jobs.personio.de/xml?language=en` returns
 * `<workzag-jobs><position>…</position></workzag-jobs>` with every published position.
 * Description parts are CDATA HTML under `jobDescriptions/jobDescription{name,value}`.
 * The feed has no URL; the public page is built as `https://{slug}.jobs.personio.de/job/{id}`.
 * `employmentType` (permanent, intern …) and `schedule` (full-time, part-time …) are both passed on
 * as native employment values; `seniority` is the experience value. `salaryInformation` may have
 * an empty `<max>`.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchOk,
  location,
  locations,
  parseXml,
  posting,
  safeSlug,
  salary,
  sections,
} from './common.js';
import { arr, asStr, isObject, num, obj, str } from './json.js';

/** Personio: one XML request per company. */
export const personioConnector: Connector = {
  source: 'personio',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const host = `https://${slug}.jobs.personio.de`;
    const url = `${baseUrl(board, host)}/xml?language=en`;
    const response = await fetchOk(http, board, url, { headers: { accept: 'application/xml' } });
    const parsed = parseXml(response, url);
    // An empty feed parses to `"workzag-jobs": ""`; a missing root means this is not Personio's feed.
    if (!isObject(parsed) || !('workzag-jobs' in parsed)) {
      throw new UnexpectedResponseError(url, 'no <workzag-jobs> root');
    }
    const root = obj(parsed, 'workzag-jobs');
    const postings = arr(root, 'position').flatMap(
      (position) => parsePersonioPosition(position, host, url) ?? [],
    );
    return { endpoint: url, postings };
  },
};

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
