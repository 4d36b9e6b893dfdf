/**
 * Cornerstone OnDemand (CSOD) career sites.
 *
 * Board slug: `{tenant}` (career site 1) or `{tenant}/{siteId}`.
 *
 *   bootstrap `GET https://{tenant}.csod.com/ux/ats/careersite/{siteId}/home?c={tenant}`: the page's
 *             script sets `csod.context = {…, "endpoints": {"cloud": "https://us.api.csod.com/"},
 *             "token": "eyJ…", "cultureID": 1, "cultureName": "en-US"}`, an anonymous token the
 *             career site mints for every visitor (about an hour) and the tenant's regional API;
 *   list      `POST {cloud}/rec-job-search/external/jobs` with `Authorization: Bearer {token}` and
 *             `{careerSiteId, careerSitePageId, pageNumber, pageSize: 25, cultureId, cultureName}`
 *             → `{status: "Success", data{totalCount, requisitions, …}}`; pages from 1 until
 *             `totalCount` requisitions were served (or an empty page).
 * With an `endpointOverride` the override stands in for both hosts (the career-site path and the
 * API path do not collide), so a fixture server can serve both.
 *
 * The bootstrap page and the body keys come from public scrapers (the bootstrap is recorded only
 * cut down, the request body not at all); the list response is recorded. The list carries the
 * description (`externalDescription`, plain text), so there is no detail request.
 * Dates: `postingEffectiveDate` is "10/5/2026" (M/D/YYYY, US order as the tenant's en-US culture
 * prints it), `postingExpirationDate` "-" when open-ended. The public URL is built as
 * `https://{tenant}.csod.com/ux/ats/careersite/{siteId}/home/requisition/{id}?c={tenant}`.
 * Not published in the list as recorded: company name, department, employment type, salary.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  countryCode,
  fetchJson,
  fetchOk,
  httpUrl,
  location,
  locations,
  posting,
  postingHead,
} from './common.js';
import { arr, isObject, num, obj, str, type JsonObject } from './json.js';

const PAGE_SIZE = 25;
/** Guard against a source that keeps reporting more results than it serves. */
const MAX_PAGES = 400;

/** A parsed board slug. */
export interface CornerstoneSite {
  tenant: string;
  siteId: number;
}

/** Reads `{tenant}[/{siteId}]`; throws on anything else so a bad directory row is loud. */
export function parseCornerstoneSlug(slug: string): CornerstoneSite {
  const match = /^([A-Za-z0-9-]+)(?:\/(\d{1,6}))?$/.exec(slug);
  if (match === null)
    throw new Error(`Invalid cornerstone board slug ${JSON.stringify(slug)} (want tenant[/siteId])`);
  const [, tenant = '', siteId = '1'] = match;
  return { tenant, siteId: Number(siteId) };
}

/** What the career-site page hands its own search: token, API base and culture. */
export interface CornerstoneContext {
  token: string;
  cloud: string;
  cultureId: number;
  cultureName: string;
}

/** Cornerstone: bootstrap the anonymous token from the career site, then page the search. */
export const cornerstoneConnector: Connector = {
  source: 'cornerstone',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const site = parseCornerstoneSlug(board.slug);
    const publicBase = `https://${site.tenant}.csod.com`;
    const home = `${baseUrl(board, publicBase)}/ux/ats/careersite/${site.siteId}/home?c=${site.tenant}`;
    const page = await fetchOk(http, board, home, { headers: { accept: 'text/html' } });
    const context = readCornerstoneContext(page.text, home);
    const api = board.endpointOverride === undefined ? context.cloud : baseUrl(board, publicBase);
    const url = `${api}/rec-job-search/external/jobs`;
    const postings: SourcePosting[] = [];
    for (let pageNumber = 1, served = 0; pageNumber <= MAX_PAGES; pageNumber++) {
      const payload = await fetchJson(http, board, url, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${context.token}`,
        },
        body: JSON.stringify({
          careerSiteId: site.siteId,
          careerSitePageId: site.siteId,
          pageNumber,
          pageSize: PAGE_SIZE,
          cultureId: context.cultureId,
          cultureName: context.cultureName,
        }),
      });
      const data = obj(payload, 'data');
      if (str(payload, 'status') !== 'Success' || !isObject(data) || !Array.isArray(data.requisitions)) {
        throw new UnexpectedResponseError(url, 'expected {status: "Success", data: {requisitions: [...]}}');
      }
      const entries = arr(data, 'requisitions').filter((entry): entry is JsonObject => isObject(entry));
      postings.push(...entries.flatMap((entry) => parseCornerstoneRequisition(entry, site, url) ?? []));
      served += entries.length;
      if (entries.length === 0 || served >= (num(data, 'totalCount') ?? 0)) break;
    }
    return { endpoint: url, postings };
  },
};

/**
 * Reads `csod.context = {…}` from the career-site page's scripts (parsed with htmlparser2; the
 * object literal is JSON). A page without a token is not the page we know.
 */
export function readCornerstoneContext(html: string, url: string): CornerstoneContext {
  const scripts = DomUtils.getElementsByTagName('script', parseDocument(html).children);
  for (const script of scripts) {
    const context = objectAfter(DomUtils.textContent(script), 'csod.context');
    const token = str(context, 'token');
    if (token === undefined) continue;
    const cloud = httpUrl(str(obj(context, 'endpoints'), 'cloud'));
    if (cloud === undefined) throw new UnexpectedResponseError(url, 'csod.context has no cloud endpoint');
    return {
      token,
      cloud: cloud.replace(/\/+$/, ''),
      cultureId: num(context, 'cultureID') ?? 1,
      cultureName: str(context, 'cultureName') ?? 'en-US',
    };
  }
  throw new UnexpectedResponseError(url, 'no csod.context token on the career-site page');
}

/** The JSON object literal assigned right after `marker` in a script, or undefined. */
function objectAfter(script: string, marker: string): unknown {
  const at = script.indexOf(marker);
  if (at < 0) return undefined;
  const start = script.indexOf('{', at);
  if (start < 0 || !/^\s*=\s*$/.test(script.slice(at + marker.length, start))) return undefined;
  let depth = 0;
  let quoted = false;
  for (let i = start; i < script.length; i++) {
    const ch = script[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) {
      try {
        return JSON.parse(script.slice(start, i + 1)) as unknown;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Maps one requisition of the search. */
export function parseCornerstoneRequisition(
  raw: unknown,
  site: CornerstoneSite,
  endpoint: string,
): SourcePosting | undefined {
  const id = str(raw, 'requisitionId');
  const url =
    id === undefined
      ? undefined
      : `https://${site.tenant}.csod.com/ux/ats/careersite/${site.siteId}/home/requisition/${encodeURIComponent(id)}?c=${site.tenant}`;
  const head = postingHead(id, str(raw, 'displayJobTitle'), url, endpoint);
  if (head === undefined) return undefined;
  return posting({
    ...head,
    descriptionText: str(raw, 'externalDescription'),
    locations: locations(
      arr(raw, 'locations').map((place) => {
        const country = str(place, 'country');
        const code = countryCode(country);
        return location({
          city: str(place, 'city'),
          region: str(place, 'state'),
          country: code === undefined ? country : undefined,
          countryCode: code,
        });
      }),
    ),
    postedAt: usDate(str(raw, 'postingEffectiveDate')),
    validThrough: usDate(str(raw, 'postingExpirationDate')),
    requisitionId: id,
  });
}

/** "10/5/2026" (M/D/YYYY) as that calendar date; "-" and anything else are no date. */
function usDate(value: string | undefined): string | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value ?? '');
  if (match === null) return parseSourceDate(value === '-' ? undefined : value);
  const [, month = '', day = '', year = ''] = match;
  return parseSourceDate(`${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`);
}
