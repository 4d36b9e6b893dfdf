/**
 * PageUp public job feed: `GET https://careers.pageuppeople.com/{clientId}/{channel}/{locale}/rss`
 * (the channel's self link names it `…/latest_jobs.rss`). One RSS 2.0 document holds the whole
 * board with full descriptions (no paging; about 38 MB for 2,500 jobs on the largest tenant seen).
 * The board slug is the path `{clientId}/{channel}/{locale}`, e.g. `1083/cw/en`; an
 * `endpointOverride` replaces `https://careers.pageuppeople.com`.
 *
 * Items carry `link` (`…/job/{refNo}`), `title`, a one-sentence teaser `description`, `pubDate`
 * ("Thu, 01 Oct 2026 01:00:00 Z"), `a10:updated`, and in the `job:` namespace (read by its URI
 * `http://pageuppeople.com/`, whatever prefix the document binds: common.ts `parseXml`): `refNo` (the job id,
 * also the apply link's `lJobID`), `description` (entity-escaped HTML: the XML parser decodes that
 * layer once, which yields the HTML), `closingDate` (empty or RFC 1123), `location`
 * ("VIC|Melbourne,WA|Perth": `REGION|City` pairs joined by a bare comma; a place a tenant writes
 * as text keeps its comma and space, "Providence, Rhode Island"), `workType` (comma list, e.g.
 * "Full Time,Part Time"), `category` (job categories, a comma list repeated per item; some
 * tenants label them, "Department|Marketing & Communications,Work Arrangement|Hybrid", and those
 * labels give the department and the workplace), `subCategory`, `businessLayer1` (the employer's
 * top organisational unit, read as the department when no labelled category names one; passed on
 * as published even when it is an integration message) and `applyLink`.
 *
 * Not published: salary, requisition id apart from `refNo`, company name (the channel `<title/>`
 * is empty on the recorded tenant), country; workplace only in labelled categories. The teaser is
 * used as plain text only when an item has no `job:description`.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type {
  BoardRef,
  Connector,
  CrawlResult,
  HttpClient,
  SourceLocation,
  SourcePosting,
} from '../types.js';
import {
  baseUrl,
  companyUrls,
  fetchRssChannel,
  location,
  locations,
  posting,
  postingHead,
  prune,
} from './common.js';
import { arr, str, strings } from './json.js';

const DEFAULT_BASE = 'https://careers.pageuppeople.com';
const SLUG = /^(\d+)\/([A-Za-z0-9_-]+)\/([A-Za-z]{2}(?:-[A-Za-z]{2})?)$/;

/** Reads `{clientId}/{channel}/{locale}`; throws on anything else so a bad directory row is loud. */
export function parsePageUpSlug(slug: string): string {
  if (!SLUG.test(slug)) {
    throw new Error(`Invalid PageUp board slug ${JSON.stringify(slug)} (want clientId/channel/locale)`);
  }
  return slug;
}

/** PageUp: one RSS request per board. */
export const pageUpConnector: Connector = {
  source: 'pageup',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const url = `${baseUrl(board, DEFAULT_BASE)}/${parsePageUpSlug(board.slug)}/rss`;
    const channel = await fetchRssChannel(http, board, url);
    return prune({
      endpoint: url,
      postings: arr(channel, 'item').flatMap((item) => parsePageUpItem(item, url) ?? []),
      boardName: str(channel, 'title'),
      // The channel link is PageUp's own listing page unless a tenant publishes another.
      companyUrls: companyUrls([str(channel, 'link')]),
    });
  },
};

/** Maps one RSS `<item>`. */
export function parsePageUpItem(item: unknown, endpoint: string): SourcePosting | undefined {
  const link = str(item, 'link');
  const idFromLink = link === undefined ? undefined : /\/job\/(\d+)(?:[/?#]|$)/.exec(link)?.[1];
  const head = postingHead(str(item, 'job:refNo') ?? idFromLink, str(item, 'title'), link, endpoint);
  if (head === undefined) return undefined;
  const html = str(item, 'job:description');
  // The element is repeated on some feeds (the XML parser then gives a list).
  const categories = categoryPairs([str(item, 'job:category'), ...strings(item, 'job:category')]);
  return posting({
    ...head,
    descriptionHtml: html,
    descriptionText: html === undefined ? str(item, 'description') : undefined,
    locations: pageUpLocations(str(item, 'job:location')),
    postedAt: parseSourceDate(str(item, 'pubDate')),
    updatedAt: parseSourceDate(str(item, 'a10:updated')),
    validThrough: parseSourceDate(str(item, 'job:closingDate')),
    // A tenant that labels its categories ("Department|Marketing & Communications,Work
    // Arrangement|Hybrid") names the department there; businessLayer1 is then often a campus.
    department: categories.get('department') ?? str(item, 'job:businessLayer1'),
    employmentTypes: commaList(str(item, 'job:workType')),
    workplaceType: categories.get('work arrangement') ?? categories.get('workplace type'),
  });
}

/** The "Label|Value" pairs of a category list, by lower-case label (the first value of each). */
function categoryPairs(values: (string | undefined)[]): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of values.flatMap((value) => value?.split(/,(?! )/) ?? [])) {
    const bar = part.indexOf('|');
    if (bar < 0) continue;
    const label = part.slice(0, bar).trim().toLowerCase();
    const text = part.slice(bar + 1).trim();
    if (label !== '' && text !== '' && !pairs.has(label)) pairs.set(label, text);
  }
  return pairs;
}

/** "VIC|Melbourne,WA|Perth" → one location per pair; a part without "|" is kept as text. */
export function pageUpLocations(value: string | undefined): SourceLocation[] {
  // PageUp joins its list with a bare comma ("VIC|Melbourne,WA|Perth", "Partial Remote,Bethlehem");
  // a comma and a space is inside one place a tenant wrote as text ("Providence, Rhode Island").
  const parts = (value ?? '').split(/,(?! )/).map((part) => part.trim());
  return locations(
    parts
      .filter((part) => part !== '')
      .map((part) => {
        const bar = part.indexOf('|');
        if (bar < 0) return location({ text: part });
        const region = part.slice(0, bar).trim();
        const city = part.slice(bar + 1).trim();
        return location({ city: city === '' ? undefined : city, region: region === '' ? undefined : region });
      }),
  );
}

function commaList(value: string | undefined): string[] {
  if (value === undefined) return [];
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}
