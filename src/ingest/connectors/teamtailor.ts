/**
 * Teamtailor's public feeds of one career site (the API proper needs a key):
 *   list `GET https://{slug}.teamtailor.com/jobs.rss`: RSS 2.0 with the `tt:` namespace for
 *        locations, department and role, and `remoteStatus`. Item descriptions are entity-escaped
 *        HTML inside XML; the XML parser decodes that layer once, which yields the HTML. The `guid`
 *        is the stable id; the channel title is the company. The channel `<link>` is the careers
 *        site: on a custom domain (`careers.acme.com/jobs`) it is a company address; on
 *        `{slug}.teamtailor.com` it is Teamtailor's and is dropped.
 *   feed `GET …/jobs.json`: the same jobs as a JSON Feed 1.1 (`items[]`, pages linked by
 *        `next_url`) whose items carry the job page's schema.org JobPosting as `_jobposting`: pay
 *        (`baseSalary`), `employmentType`, `validThrough`, addresses with ISO country codes, and
 *        `identifier.value`, the job's number in its URL. No department or remote status.
 * The RSS is the list (it alone says remote or hybrid); the JSON feed adds what only it publishes
 * to the item whose `id` is the RSS `guid` (or, failing that, whose URL has the same job number),
 * and its addresses to an item the RSS places nowhere. The RSS stops at 100 items and ignores its
 * page parameter (a public client's measurement, sarthakjain004/headstart's Teamtailor scraper: a
 * board serving 779 jobs read as 100, 26% of the jobs of the boards measured unread): the JSON
 * feed's pages hold every job, and a job only they list is a posting of its own (its `id` is the
 * RSS `guid`, both the job's UUID; no department, and the arrangement only from its JobPosting's
 * `jobLocationType`). Its items' `hiringOrganization.sameAs` (the
 * company's own careers site, "https://careers.lovisa.com") is a company address too. A
 * site without the JSON feed (404/410, or a body that is not a JSON Feed) keeps the RSS rows as they
 * are; a transient failure fails the crawl, so a job's pay does not come and go with the feed.
 * Recordings: RSS (test/fixtures/ats/teamtailor) and JSON feeds of three boards (the labelled set's
 * raw/teamtailor; one with an hourly pay, one with two addresses).
 */
import { parseSourceDate } from '../normalize/dates.js';
import {
  BoardNotFoundError,
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  companyUrls,
  fetchJson,
  fetchRssChannel,
  location,
  locations,
  posting,
  postingHead,
  prune,
  safeSlug,
} from './common.js';
import { jsonLdEmploymentTypes, jsonLdLocations, jsonLdSalary } from './json-ld.js';
import { arr, isObject, obj, str } from './json.js';

/**
 * Pages of the JSON feed read at most (the recorded feed pages by 100: ten thousand jobs, far
 * beyond any board seen); a feed longer than that makes the crawl truncated.
 */
const MAX_FEED_PAGES = 100;

/** Teamtailor: the RSS list, then the JSON feed for what only it publishes. */
export const teamtailorConnector: Connector = {
  source: 'teamtailor',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const site = baseUrl(board, `https://${safeSlug(board)}.teamtailor.com`);
    const url = `${site}/jobs.rss`;
    const channel = await fetchRssChannel(http, board, url);
    const listed = arr(channel, 'item').flatMap((item) => parseTeamtailorItem(item, url) ?? []);
    const feed = listed.length === 0 ? undefined : await fetchJobFeed(http, board, `${site}/jobs.json`);
    const matched = new Set<SourcePosting>();
    const merged = listed.map((row) => {
      const item = feed?.itemOf(row);
      if (item !== undefined) matched.add(item);
      return withFeedItem(row, item);
    });
    const feedOnly = feed === undefined ? [] : feed.items.filter((item) => !matched.has(item));
    return prune({
      endpoint: url,
      postings: [...merged, ...feedOnly],
      boardName: str(channel, 'title'),
      companyUrls: companyUrls([str(channel, 'link'), ...(feed?.sites ?? [])]),
      truncated: feed?.truncated,
    });
  },
};

/** The JSON feed's items, found for an RSS row by its id or, failing that, by the job number in its URL. */
class JobFeed {
  /** Every item, in feed order. */
  readonly items: SourcePosting[] = [];
  /** Set when the page guard stopped the feed while it named a next page. */
  truncated: string | undefined;
  private readonly byId = new Map<string, SourcePosting>();
  private readonly byNumber = new Map<string, SourcePosting>();
  /** The hiring organization's site (`_jobposting.hiringOrganization.sameAs`), as the items name it. */
  readonly sites = new Set<string>();

  add(item: SourcePosting, site: string | undefined): void {
    if (site !== undefined) this.sites.add(site);
    if (this.byId.has(item.nativeId)) return;
    this.items.push(item);
    this.byId.set(item.nativeId, item);
    const number = jobNumber(item.url);
    if (number !== undefined) this.byNumber.set(number, item);
  }

  itemOf(row: SourcePosting): SourcePosting | undefined {
    const byId = this.byId.get(row.nativeId);
    if (byId !== undefined) return byId;
    const number = jobNumber(row.url);
    return number === undefined ? undefined : this.byNumber.get(number);
  }
}

/** The number a Teamtailor job URL starts its last part with (`/jobs/8461370-vendeur-euse-…`). */
function jobNumber(url: string): string | undefined {
  return /\/jobs\/(\d+)(?:-[^/?#]*)?\/?(?:[?#]|$)/.exec(url)?.[1];
}

/**
 * The JSON feed's items, its pages followed by `next_url` on the same site; undefined when the
 * site has no JSON feed (gone, refused, or a body that is not one), so the RSS rows stand.
 * Transient failures propagate.
 */
async function fetchJobFeed(http: HttpClient, board: BoardRef, first: string): Promise<JobFeed | undefined> {
  const items = new JobFeed();
  const origin = new URL(first).origin;
  const read = new Set<string>();
  let next: string | undefined = first;
  while (next !== undefined && !read.has(next) && read.size < MAX_FEED_PAGES) {
    read.add(next);
    let page: unknown;
    try {
      page = await fetchJson(http, board, next);
    } catch (error) {
      if (error instanceof BoardNotFoundError || error instanceof UnexpectedResponseError) return undefined;
      throw error;
    }
    if (!isObject(page) || !Array.isArray(page.items)) return undefined;
    for (const item of page.items) {
      const parsed = parseTeamtailorFeedItem(item, next);
      const site = str(obj(obj(item, '_jobposting'), 'hiringOrganization'), 'sameAs');
      if (parsed !== undefined) items.add(parsed, site);
    }
    next = sameOrigin(str(page, 'next_url'), origin);
  }
  if (next !== undefined && !read.has(next))
    items.truncated = `${String(MAX_FEED_PAGES)} pages of the JSON feed read, ${String(items.items.length)} jobs`;
  return items;
}

/** `link` when it is an address on `origin` (a feed's next page is never fetched off its site). */
function sameOrigin(link: string | undefined, origin: string): string | undefined {
  if (link === undefined) return undefined;
  try {
    const next = new URL(link, origin);
    return next.origin === origin ? next.href : undefined;
  } catch {
    return undefined;
  }
}

/** An RSS row with what the JSON feed's item for it adds (its places only where the RSS has none). */
function withFeedItem(row: SourcePosting, item: SourcePosting | undefined): SourcePosting {
  if (item === undefined) return row;
  return posting({
    ...row,
    locations: row.locations.length > 0 ? row.locations : item.locations,
    validThrough: row.validThrough ?? item.validThrough,
    employmentTypes: row.employmentTypes ?? item.employmentTypes,
    salary: row.salary ?? item.salary,
    requisitionId: row.requisitionId ?? item.requisitionId,
  });
}

/**
 * Maps one JSON feed item: its own `id`, `title`, `url`, `content_html` and `date_published`, and
 * its `_jobposting`'s addresses, pay, employment type, expiry, `jobLocationType` and
 * `identifier.value` (the job's number, read as its requisition id).
 */
export function parseTeamtailorFeedItem(item: unknown, endpoint: string): SourcePosting | undefined {
  const ld = obj(item, '_jobposting');
  const head = postingHead(
    str(item, 'id'),
    str(item, 'title') ?? str(ld, 'title'),
    str(item, 'url'),
    endpoint,
  );
  if (head === undefined) return undefined;
  return posting({
    ...head,
    descriptionHtml: str(item, 'content_html') ?? str(ld, 'description'),
    locations: jsonLdLocations(ld),
    postedAt: parseSourceDate(str(item, 'date_published') ?? str(ld, 'datePosted')),
    validThrough: parseSourceDate(str(ld, 'validThrough')),
    employmentTypes: jsonLdEmploymentTypes(ld),
    workplaceType: str(ld, 'jobLocationType'),
    salary: jsonLdSalary(obj(ld, 'baseSalary')),
    requisitionId: str(obj(ld, 'identifier'), 'value'),
  });
}

/** Maps one RSS `<item>`. */
export function parseTeamtailorItem(item: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(item, 'guid'), str(item, 'title'), str(item, 'link'), endpoint);
  if (head === undefined) return undefined;
  return posting({
    ...head,
    descriptionHtml: str(item, 'description'),
    locations: locations(
      arr(obj(item, 'tt:locations'), 'tt:location').map((place) =>
        location({
          text: str(place, 'tt:name'),
          city: str(place, 'tt:city'),
          country: str(place, 'tt:country'),
        }),
      ),
    ),
    postedAt: parseSourceDate(str(item, 'pubDate')),
    department: str(item, 'tt:department'),
    workplaceType: str(item, 'remoteStatus'),
  });
}
