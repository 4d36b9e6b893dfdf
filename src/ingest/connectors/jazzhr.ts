/**
 * JazzHR (formerly The Resumator) career sites, `{slug}.applytojob.com`, read through JazzHR's
 * public XML job feed:
 *   `GET https://app.jazz.co/feeds/export/jobs/{slug}` → `<jobs><publisher>JazzHR</publisher>
 *   <publisherurl/><company/><job>…</job>…</jobs>`, every syndicated job of the account in one
 *   document (no paging, no key). Board slug: the applytojob.com subdomain (the account name);
 *   an `endpointOverride` replaces `https://app.jazz.co`.
 *
 * UNVERIFIED: we hold no recording of this feed. What `test/fixtures/ats/jazzhr/` holds is two
 * responses of JazzHR's authenticated REST API (`api.resumatorapi.com/v1/jobs?apikey=…`, recorded
 * 2019), which needs each employer's own API key: the service cannot call it for the companies it
 * crawls, so no connector reads it. The feed's elements are taken from public scrapers that agree
 * with one another, one of them quoting a live response; the unit tests run on feed documents
 * constructed from those element names (and marked so), and the registry lists the source as
 * crawled but not verified until a real feed is recorded. The API recording is the same job record
 * in another dress (JSON, `country_id` for `country`, `zip` for `postalcode`, `board_code` for the
 * apply URL's code; the same `job_YYYYMMDDhhmmss_…` ids, `type` values such as "Full Time",
 * `original_open_date` as YYYY-MM-DD); the tests use it only to show it is refused as a feed.
 *
 * Job elements read (values CDATA): `id`, `title`, `url` (the public posting,
 * `http://{slug}.applytojob.com/apply/{code}/{title-slug}`, kept as published), `status` ("Open";
 * any other status is read as the source marking the job inactive), `department`, `city`,
 * `state`, `country` (a name), `description` (HTML), `type` (employment type: "Full Time",
 * "Contractor" …), `experience` ("Experienced", "Entry Level" …), `original_open_date` (reported
 * by one scraper; read when present). `<company>` is the board's name. Not read: `postalcode`
 * (no SourcePosting member), `internalcode` (its meaning is not documented), `buttons` (an embed
 * script). The posted date is not derived from the timestamp inside `id`: that would be a guess
 * about what the timestamp means.
 * Known limit of the source: the feed lists only the jobs an employer syndicates; some accounts
 * serve an empty `<jobs/>` while their career site shows jobs. An empty feed is read as an empty
 * board (it is what the source publishes), a feed whose `<job>` rows we cannot read as a changed
 * shape. Not published: salary, a requisition id, a remote flag, an expiry date.
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
  postingHead,
  prune,
  safeSlug,
} from './common.js';
import { asArray, isObject, path, str, type JsonObject } from './json.js';

const DEFAULT_BASE = 'https://app.jazz.co';

/** JazzHR: one public XML feed per account. */
export const jazzHrConnector: Connector = {
  source: 'jazzhr',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const url = `${baseUrl(board, DEFAULT_BASE)}/feeds/export/jobs/${slug}`;
    const response = await fetchOk(http, board, url, { headers: { accept: 'application/xml, text/xml' } });
    const feed = path(parseXml(response, url), 'jobs');
    // `<jobs/>` and `<jobs></jobs>` parse to "": a feed with nothing in it.
    if (feed === '') return { endpoint: url, postings: [] };
    if (!isObject(feed)) throw new UnexpectedResponseError(url, 'no <jobs> feed root');
    const rows = asArray(feed.job) ?? (feed.job === undefined ? [] : [feed.job]);
    const postings = rows.flatMap((row) => (isObject(row) ? (parseJazzHrJob(row, url) ?? []) : []));
    // Rows none of which has an id, a title and a URL are rows of another shape, not an empty
    // board: reading them as one would close every job of the board.
    if (rows.length > 0 && postings.length === 0) {
      throw new UnexpectedResponseError(url, `${rows.length} <job> rows, none with an id, a title and a URL`);
    }
    return prune({ endpoint: url, postings, boardName: str(feed, 'company') });
  },
};

/** Maps one `<job>` of the feed. */
export function parseJazzHrJob(job: JsonObject, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(job, 'id'), str(job, 'title'), str(job, 'url'), endpoint);
  if (head === undefined) return undefined;
  const status = str(job, 'status');
  return posting({
    ...head,
    descriptionHtml: str(job, 'description'),
    locations: locations([
      location({ city: str(job, 'city'), region: str(job, 'state'), country: str(job, 'country') }),
    ]),
    postedAt: parseSourceDate(str(job, 'original_open_date')),
    department: str(job, 'department'),
    employmentTypes: [str(job, 'type')].flatMap((value) => value ?? []),
    experience: str(job, 'experience'),
    expired: status !== undefined && status.toLowerCase() !== 'open' ? true : undefined,
  });
}
