/**
 * iCIMS career sites served through Jibe ("careers-home"): `GET https://{host}/api/jobs?page={n}&limit=100`
 * returns `{totalCount, count, jobs: [{data: {…}}]}`; pages are 1-based and 100 is the largest page.
 * The board slug is the Jibe host (e.g. `jobs.example.com`). The classic iCIMS HTML portal
 * (`careers-{slug}.icims.com`, JSON-LD per job) is not read here.
 *
 * Our only recorded payload had the keys inside `data` trimmed by the recorder, so only the keys
 * it shows are read (req_id, slug, title, full_location, apply_url, posted_date); a real page
 * carries more (description, city/country …) that this connector does not yet use.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchJson,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
} from './common.js';
import { arr, isObject, num, obj, str } from './json.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 200;

/** iCIMS (Jibe API): page through `/api/jobs`. */
export const icimsConnector: Connector = {
  source: 'icims',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const base = baseUrl(board, `https://${safeSlug(board)}`);
    const postings: SourcePosting[] = [];
    let firstUrl = '';
    for (let page = 1, seen = 0; page <= MAX_PAGES; page++) {
      const url = `${base}/api/jobs?page=${page}&limit=${PAGE_SIZE}`;
      if (page === 1) firstUrl = url;
      const payload = await fetchJson(http, board, url);
      if (!isObject(payload) || !Array.isArray(payload.jobs)) {
        throw new UnexpectedResponseError(url, 'no "jobs" array');
      }
      const jobs = arr(payload, 'jobs');
      seen += jobs.length;
      postings.push(...jobs.flatMap((job) => parseJibeJob(obj(job, 'data'), url) ?? []));
      if (jobs.length === 0 || seen >= (num(payload, 'totalCount') ?? 0)) break;
    }
    return { endpoint: firstUrl, postings };
  },
};

/** Maps the `data` object of one Jibe job. */
export function parseJibeJob(data: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(
    str(data, 'req_id') ?? str(data, 'slug'),
    str(data, 'title'),
    str(data, 'apply_url'),
    endpoint,
  );
  if (head === undefined) return undefined;
  return posting({
    ...head,
    locations: locations([location({ text: str(data, 'full_location') })]),
    postedAt: parseSourceDate(str(data, 'posted_date')),
    requisitionId: str(data, 'req_id'),
  });
}
