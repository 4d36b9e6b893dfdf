/**
 * SAP SuccessFactors Recruiting Marketing career sites publish an RSS feed of every job:
 * `GET https://{careers-host}/feeds/?locale=en_US` (the "J2W" feed). The board slug is the career
 * site host, e.g. `careers.qorvo.com`. The reference also names `/sitemal.xml` for some tenants;
 * the feed path is the one we hold a recorded payload for.
 *
 * Titles carry the location in a trailing parenthesis, "Principal Research Scientist (Richardson,
 * TX, US, 75080)". When that parenthesis has the feed's shape (three or more comma-separated parts,
 * one of them a two-letter upper-case code) it is moved to the location text; any other title is
 * kept whole. The job id is the number in the link path (`/job/{slug}/{id}/`).
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import { baseUrl, fetchRssChannel, httpUrl, location, locations, posting, safeSlug } from './common.js';
import { arr, str } from './json.js';

/** SuccessFactors: one RSS request per career site. */
export const successFactorsConnector: Connector = {
  source: 'successfactors',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const url = `${baseUrl(board, `https://${safeSlug(board)}`)}/feeds/?locale=en_US`;
    const channel = await fetchRssChannel(http, board, url);
    return {
      endpoint: url,
      postings: arr(channel, 'item').flatMap((item) => parseSuccessFactorsItem(item, url) ?? []),
    };
  },
};

/** Maps one RSS `<item>`. */
export function parseSuccessFactorsItem(item: unknown, endpoint: string): SourcePosting | undefined {
  const rawTitle = str(item, 'title');
  const url = httpUrl(str(item, 'link'));
  if (rawTitle === undefined || url === undefined) return undefined;
  const nativeId = /\/job\/[^/]+\/(\d+)\/?/.exec(new URL(url).pathname)?.[1] ?? str(item, 'guid');
  if (nativeId === undefined) return undefined;
  const { title, place } = splitTitle(rawTitle);
  return posting({
    nativeId,
    title,
    url,
    sourceEndpoint: endpoint,
    descriptionHtml: str(item, 'description'),
    locations: locations([location({ text: place })]),
    postedAt: parseSourceDate(str(item, 'pubDate')),
  });
}

/** Splits "Title (City, ST, CC, zip)" when the parenthesis has the feed's location shape. */
export function splitTitle(raw: string): { title: string; place?: string } {
  const match = /^(.*\S)\s*\(([^()]+)\)$/.exec(raw);
  if (match === null) return { title: raw };
  const [, title = raw, inner = ''] = match;
  const parts = inner.split(',').map((part) => part.trim());
  const looksLikePlace =
    parts.length >= 3 && parts.every((part) => part !== '') && parts.some((part) => /^[A-Z]{2}$/.test(part));
  return looksLikePlace ? { title, place: inner.trim() } : { title: raw };
}
