/**
 * Teamtailor public RSS feed: `GET https://{slug}.teamtailor.com/jobs.rss` (RSS 2.0 with the `tt:`
 * namespace for locations, department and role). The API proper needs a key, so the feed is the
 * public source. Item descriptions are entity-escaped HTML inside XML; the XML parser decodes that
 * layer once, which yields the HTML. The `guid` is the stable id; the channel title is the company.
 * The channel `<link>` is the careers site: on a custom domain (`careers.acme.com/jobs`) it is a
 * company address; on `{slug}.teamtailor.com` it is Teamtailor's and is dropped.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  baseUrl,
  companyUrls,
  fetchRssChannel,
  location,
  locations,
  posting,
  postingHead,
  prune,
  safeSlug,
} from './common.js';
import { arr, obj, str } from './json.js';

/** Teamtailor: one RSS request per company. */
export const teamtailorConnector: Connector = {
  source: 'teamtailor',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const url = `${baseUrl(board, `https://${safeSlug(board)}.teamtailor.com`)}/jobs.rss`;
    const channel = await fetchRssChannel(http, board, url);
    const postings = arr(channel, 'item').flatMap((item) => parseTeamtailorItem(item, url) ?? []);
    return prune({
      endpoint: url,
      postings,
      boardName: str(channel, 'title'),
      companyUrls: companyUrls([str(channel, 'link')]),
    });
  },
};

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
