/**
 * ClearCompany public job boards, served by HRM Direct as an XML feed:
 * `GET https://{slug}.hrmdirect.com/employment/xml.php` → `<source><publisher/>…<job>…</job></source>`,
 * the whole board in one document (no paging; large boards are slow). The board slug is the HRM
 * Direct subdomain (e.g. `hbtbank`); an `endpointOverride` replaces `https://{slug}.hrmdirect.com`.
 * An unknown tenant answers 404; a live empty board is a `<source>` without `<job>`.
 * (`{slug}.clearcompany.com/careers` is a login SPA, and the JSON careers API was found short of
 * the board and robots-disallowed, so the feed is the public surface.)
 *
 * The feed has one `<job>` row per requisition per location: rows are grouped on
 * `referencenumber` (the posting id) and their city/state/country become the posting's locations.
 * Values are CDATA; `title` holds entity-escaped text inside it ("FP&amp;A"), decoded once.
 * `descriptionrich` (HTML) is cut by the feed itself at about 1,000 characters, often inside a
 * tag ("…</spa"); that unterminated tag fragment is dropped, the rest kept as published. The full
 * body is only on the HTML job page (`/employment/job-opening.php?req=`), of which we hold no
 * recording, so no detail request is made. `<date>` is RFC 822 and labelled `+0100` although the
 * tenant means US-Eastern midnight; it is read as labelled. `customreqid` is the requisition id.
 * Not published as fields: salary (only inside the description text), employment type, remote
 * flag, expiry. `office` (a building name such as "BN Hershey 405") has no SourcePosting member.
 */
import { parseSourceDate } from '../normalize/dates.js';
import { unescapeHtmlEntities } from '../normalize/html.js';
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
  safeSlug,
} from './common.js';
import { asArray, isObject, path, str, type JsonObject } from './json.js';

/** ClearCompany (HRM Direct): one XML feed per board. */
export const clearCompanyConnector: Connector = {
  source: 'clearcompany',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const url = `${baseUrl(board, `https://${safeSlug(board)}.hrmdirect.com`)}/employment/xml.php`;
    const response = await fetchOk(http, board, url, { headers: { accept: 'application/xml, text/xml' } });
    const rows = feedRows(parseXml(response, url), url);
    const groups = new Map<string, JsonObject[]>();
    for (const row of rows) {
      const key = str(row, 'referencenumber');
      if (key === undefined) continue;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    return {
      endpoint: url,
      postings: [...groups.values()].flatMap((group) => parseClearCompanyJob(group, url) ?? []),
    };
  },
};

/** The `<job>` rows of the feed; a document without a `<source>` root is not the feed. */
function feedRows(doc: unknown, url: string): JsonObject[] {
  const source = path(doc, 'source');
  // `<source></source>` parses to "": a feed with nothing in it.
  if (source === '') return [];
  if (!isObject(source)) throw new UnexpectedResponseError(url, 'no <source> feed root');
  const jobs = source.job;
  const list = asArray(jobs) ?? (jobs === undefined ? [] : [jobs]);
  return list.filter((row): row is JsonObject => isObject(row));
}

/** Maps the rows of one requisition (one per location) to a posting. */
export function parseClearCompanyJob(
  rows: readonly JsonObject[],
  endpoint: string,
): SourcePosting | undefined {
  const [first] = rows;
  const title = str(first, 'title');
  const head = postingHead(
    str(first, 'referencenumber'),
    title === undefined ? undefined : unescapeHtmlEntities(title),
    str(first, 'url'),
    endpoint,
  );
  if (head === undefined) return undefined;
  const rich = str(first, 'descriptionrich');
  return posting({
    ...head,
    organization: str(first, 'company'),
    descriptionHtml: rich === undefined ? undefined : withoutCutTag(rich),
    locations: locations(
      rows.map((row) =>
        location({ city: str(row, 'city'), region: str(row, 'state'), country: str(row, 'country') }),
      ),
    ),
    postedAt: parseSourceDate(str(first, 'date')),
    department: str(first, 'department'),
    requisitionId: str(first, 'customreqid'),
  });
}

/** Drops a trailing, unterminated tag fragment ("…</spa") left where the feed cut the HTML. */
function withoutCutTag(html: string): string {
  const open = html.lastIndexOf('<');
  return open > html.lastIndexOf('>') ? html.slice(0, open).trimEnd() : html;
}
