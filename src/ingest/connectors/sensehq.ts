/**
 * Sense (SenseHQ) careers API: `GET https://{slug}.sensehq.com/careers/api/jobs?page={n}` returns
 * `{success, data: {rows: [...], count}}`. Pages are 0-based and hold 10 rows; the walk stops at an
 * empty page, once `data.count` rows were served, or (when a payload has no `count`, as our
 * recording, whose envelope the recorder reduced to `{data: {rows}}`) at a short page.
 *
 * Every row is complete: HTML `description_external`, `department`, `job_type` (FULLTIME, INTERN …),
 * `workplace_type`, `code` (the requisition code), `created_on`/`updated_on` in epoch milliseconds,
 * `job_status` ("OPEN") and an `office {city, state, country, …}`. The public posting page is
 * `https://{slug}.sensehq.com/careers/jobs/{id}`; the payload carries no URL of its own.
 * Not published: salary, company name, an expiry date. `experience_start`/`experience_end` are bare
 * integers without a unit, so they are not passed on as an experience value.
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
import { asArray, num, obj, path, str } from './json.js';

/** Rows per page; the API's fixed size. */
export const SENSEHQ_PAGE_SIZE = 10;
/** 5,000 postings: far above any Sense board, a guard against a source that never ends. */
const MAX_PAGES = 500;

/** Sense: page through `/careers/api/jobs`. */
export const senseHqConnector: Connector = {
  source: 'sensehq',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const base = `${baseUrl(board, `https://${slug}.sensehq.com`)}/careers/api/jobs`;
    const postings: SourcePosting[] = [];
    const seen = new Set<string>();
    for (let page = 0, served = 0; page < MAX_PAGES; page++) {
      const url = `${base}?page=${page}`;
      const data = path(await fetchJson(http, board, url), 'data');
      const rows = asArray(path(data, 'rows'));
      if (rows === undefined) throw new UnexpectedResponseError(url, 'no "data.rows" array');
      served += rows.length;
      for (const row of rows) {
        const parsed = parseSenseHqJob(row, slug, url);
        // A posting added while we page shifts the rest by one: keep the first copy.
        if (parsed === undefined || seen.has(parsed.nativeId)) continue;
        seen.add(parsed.nativeId);
        postings.push(parsed);
      }
      const count = num(data, 'count');
      const done = count === undefined ? rows.length < SENSEHQ_PAGE_SIZE : served >= count;
      if (rows.length === 0 || done) break;
    }
    return { endpoint: `${base}?page=0`, postings };
  },
};

/** Maps one row of `data.rows`. */
export function parseSenseHqJob(row: unknown, slug: string, endpoint: string): SourcePosting | undefined {
  const id = str(row, 'id');
  const url =
    id === undefined ? undefined : `https://${slug}.sensehq.com/careers/jobs/${encodeURIComponent(id)}`;
  const head = postingHead(id, str(row, 'title'), url, endpoint);
  if (head === undefined) return undefined;
  const office = obj(row, 'office');
  const status = str(row, 'job_status');
  return posting({
    ...head,
    descriptionHtml: str(row, 'description_external'),
    locations: locations([
      location({
        text: str(row, 'location'),
        city: str(office, 'city'),
        region: str(office, 'state'),
        country: str(office, 'country'),
      }),
    ]),
    postedAt: parseSourceDate(num(row, 'created_on')),
    updatedAt: parseSourceDate(num(row, 'updated_on')),
    department: str(row, 'department'),
    employmentTypes: [str(row, 'job_type')].flatMap((value) => value ?? []),
    workplaceType: str(row, 'workplace_type'),
    requisitionId: str(row, 'code'),
    // The board lists open jobs; any other status is the source saying the job is not open.
    expired: status !== undefined && status !== 'OPEN' ? true : undefined,
  });
}
