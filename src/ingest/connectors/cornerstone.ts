/**
 * Cornerstone OnDemand (CSOD) career sites.
 *
 * Board slug: `{tenant}` (every career site of the tenant) or `{tenant}/{siteId}` (that site only).
 * A tenant runs several career sites (a public client counted up to 114 ids, 53 active) and the
 * site id is a filter: site 1 is inactive on many tenants (recorded: the AMA's), and a requisition
 * is often posted on several. So a tenant board walks every active site and keeps a requisition
 * once, on the lowest site that lists it (its public URL and job ad name that site).
 *
 *   bootstrap `GET https://{tenant}.csod.com/ux/ats/careersite/{siteId}/home?c={tenant}` (sites 1,
 *             2, 3 in turn for a tenant board: a site id that does not exist redirects to
 *             `/ui/error`): the page's script sets `csod.context = {…, "endpoints": {"cloud":
 *             "https://us.api.csod.com/"}, "token": "eyJ…", …}`, an anonymous JWT the career site
 *             mints for every visitor (21 minutes to a day by tenant; a 401 reads a fresh one once
 *             and asks again) and the tenant's API;
 *   sites     `GET https://{tenant}.csod.com/services/x/career-site/v1/careersites/{id}` for id 1, 2,
 *             … → `{data{id, active}}`, 404 past the last (ids before the site whose page answered
 *             may be missing); inactive sites are not searched; on a tenant board a site whose
 *             search answers 404 is left out and the crawl is partial. The
 *             tenant-host endpoints take the token and an `ASP.NET_SessionId` cookie holding its
 *             `aud` claim (US-pod tenants refuse them without it, as a public client measured);
 *   list      `POST {cloud}/rec-job-search/external/jobs` with `Authorization: Bearer {token}` and
 *             `{careerSiteId, careerSitePageId, pageNumber, pageSize: 25, cultureId: 1, cultureName:
 *             "en-US"}` (always US English, whatever the tenant's culture: it sets the dates'
 *             format, M/D/YYYY, not which requisitions are listed)
 *             → `{status: "Success", data{totalCount, requisitions, …}}`; pages from 1 until
 *             `totalCount` requisitions were served (or an empty page). A site whose search answers
 *             404 `ResourceNotFound` (tenants without a search index) lists nothing;
 *   job ad    `GET https://{tenant}.csod.com/Services/API/ATS/CareerSite/{site}/JobRequisitions/{id}
 *             ?useMobileAd=false&cultureId=1` → `data[0].items[0].fields.ad`, the posting's HTML.
 *             The list's `externalDescription` is that text stripped of markup (and of every `&`),
 *             and often a placeholder ("See JD" on every recorded AMA requisition); it stands in
 *             only when the ad is empty or unreadable, and text with fewer than 30 word
 *             characters once `<<…>>` template tokens go is no description at all.
 * With an `endpointOverride` the override stands in for both hosts (the career-site paths and the
 * API path do not collide), so a fixture server can serve both.
 *
 * Dates: `postingEffectiveDate` is "10/5/2026" (M/D/YYYY, US order as the tenant's en-US culture
 * prints it), `postingExpirationDate` "-" when open-ended. The public URL is
 * `https://{tenant}.csod.com/ux/ats/careersite/{siteId}/home/requisition/{id}?c={tenant}`.
 * Not published: company name, department, employment type, salary (only in the ad's text).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import {
  BoardNotFoundError,
  TransientFetchError,
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type HttpRequestInit,
  type HttpResponse,
  type SourcePosting,
} from '../types.js';
import {
  NOT_FOUND_STATUSES,
  UnexpectedResponseError,
  baseUrl,
  checkStatus,
  countryCode,
  httpUrl,
  location,
  locations,
  mapLimited,
  parseJson,
  posting,
  postingHead,
} from './common.js';
import { arr, asStr, isObject, num, obj, path, str, type JsonObject } from './json.js';

const PAGE_SIZE = 25;
/** Guard against a source that keeps reporting more results than it serves (per site). */
const MAX_PAGES = 400;
/** Career-site ids probed at most (the most a public client measured on one tenant: 114). */
const MAX_SITES = 500;
/** Site ids tried for the career-site page of a tenant board (one tenant has no site 1). */
const BOOTSTRAP_SITES = [1, 2, 3];
/** Under this many word characters (template tokens removed) a text is a placeholder. */
const MIN_WORD_CHARS = 30;

/** A parsed board slug: a tenant, and a site when the board is one site only. */
export interface CornerstoneSite {
  tenant: string;
  siteId?: number;
}

/** Reads `{tenant}[/{siteId}]`; throws on anything else so a bad directory row is loud. */
export function parseCornerstoneSlug(slug: string): CornerstoneSite {
  const match = /^([A-Za-z0-9-]+)(?:\/(\d{1,6}))?$/.exec(slug);
  if (match === null)
    throw new Error(`Invalid cornerstone board slug ${JSON.stringify(slug)} (want tenant[/siteId])`);
  const [, tenant = '', siteId] = match;
  return siteId === undefined ? { tenant } : { tenant, siteId: Number(siteId) };
}

/** What the career-site page hands its own search: the token and the tenant's API. */
export interface CornerstoneContext {
  token: string;
  cloud: string;
}

/** Cornerstone: the anonymous token from a career-site page, each site's search, each job ad. */
export const cornerstoneConnector: Connector = {
  source: 'cornerstone',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const site = parseCornerstoneSlug(board.slug);
    const tenantBase = baseUrl(board, `https://${site.tenant}.csod.com`);
    const homes = (site.siteId === undefined ? BOOTSTRAP_SITES : [site.siteId]).map((id) => ({
      site: id,
      url: `${tenantBase}/ux/ats/careersite/${String(id)}/home?c=${site.tenant}`,
    }));
    const session = new CornerstoneSession(board, http, homes);
    const context = await session.open();
    const api = board.endpointOverride === undefined ? context.cloud : tenantBase;
    const searchUrl = `${api}/rec-job-search/external/jobs`;
    const siteIds = site.siteId === undefined ? await activeSites(session, tenantBase) : [site.siteId];
    const listed = new Map<string, { entry: JsonObject; siteId: number }>();
    const short: string[] = [];
    for (const siteId of siteIds) {
      const found = await searchSite(session, searchUrl, siteId, site.siteId === undefined);
      if (found.truncated !== undefined) short.push(found.truncated);
      for (const entry of found.entries) {
        const id = str(entry, 'requisitionId');
        if (id !== undefined && !listed.has(id)) listed.set(id, { entry, siteId });
      }
    }
    const postings = await mapLimited([...listed.values()], async ({ entry, siteId }) => {
      const id = str(entry, 'requisitionId') ?? '';
      const adUrl = `${tenantBase}/Services/API/ATS/CareerSite/${String(siteId)}/JobRequisitions/${encodeURIComponent(id)}?useMobileAd=false&cultureId=1`;
      const ad = jobAd(await session.detail(adUrl));
      const where = { tenant: site.tenant, siteId };
      return parseCornerstoneRequisition(entry, where, ad === undefined ? searchUrl : adUrl, ad);
    });
    return {
      endpoint: searchUrl,
      postings: postings.flatMap((p) => p ?? []),
      ...(short.length === 0 ? {} : { truncated: short.join('; ') }),
    };
  },
};

/**
 * The anonymous session: the context read from a career-site page, the headers it authorizes,
 * and one fresh read when an answer says the token expired (401).
 */
class CornerstoneSession {
  private context: CornerstoneContext | undefined;
  private refreshing: Promise<CornerstoneContext> | undefined;
  /** The career site whose page handed out the context (a site the tenant has). */
  pageSite: number | undefined;

  constructor(
    readonly board: BoardRef,
    private readonly http: HttpClient,
    private readonly homes: readonly { site: number; url: string }[],
  ) {}

  /** Reads the context off the first career-site page that serves one. */
  async open(): Promise<CornerstoneContext> {
    for (const { site, url: home } of this.homes) {
      const page = await this.http.request(home, {
        headers: { accept: 'text/html' },
        followRedirects: false,
      });
      if (page.status >= 300 && page.status < 400 && (page.headers.location ?? '').includes('/ui/error'))
        continue;
      this.context = readCornerstoneContext(checkStatus(page, this.board, home).text, home);
      this.pageSite = site;
      return this.context;
    }
    throw new BoardNotFoundError(
      this.board,
      this.homes[0]?.url ?? '',
      'no career site (every page redirects to /ui/error)',
    );
  }

  /**
   * A request with the token (and, on the tenant's host, its session cookie); on a 401 the
   * context is read again once (shared by concurrent requests) and the request asked again.
   */
  async request(url: string, init: HttpRequestInit, tenantHost: boolean): Promise<HttpResponse> {
    const context = this.context ?? (await this.open());
    const response = await this.http.request(url, this.authorized(init, context, tenantHost));
    if (response.status !== 401) return response;
    // Concurrent requests refused with the same token share one fresh read of the page.
    if (context.token === this.context?.token) {
      this.refreshing ??= this.open()
        .catch((error: unknown) => {
          // The page answered a moment ago: failing to read it again is no proof the board is gone.
          throw error instanceof BoardNotFoundError
            ? new TransientFetchError(
                url,
                `the token expired and the career-site page did not renew it (${error.message})`,
              )
            : error;
        })
        .finally(() => {
          this.refreshing = undefined;
        });
      await this.refreshing;
    }
    return this.http.request(url, this.authorized(init, this.context ?? context, tenantHost));
  }

  /** A job-ad document, or undefined when it is gone (the list's row is kept without it). */
  async detail(url: string): Promise<unknown> {
    const response = await this.request(url, { headers: { accept: 'application/json' } }, true);
    if (NOT_FOUND_STATUSES.has(response.status)) return undefined;
    return parseJson(checkStatus(response, this.board, url), url);
  }

  private authorized(
    init: HttpRequestInit,
    context: CornerstoneContext,
    tenantHost: boolean,
  ): HttpRequestInit {
    const session = tenantHost ? sessionCookie(context.token) : undefined;
    return {
      ...init,
      headers: {
        ...init.headers,
        authorization: `Bearer ${context.token}`,
        ...(session === undefined ? {} : { cookie: `ASP.NET_SessionId=${session}` }),
      },
    };
  }
}

/** The token's `aud` claim: the session id the tenant's own host expects beside it. */
export function sessionCookie(token: string): string | undefined {
  const [, payload] = token.split('.');
  if (payload === undefined) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const aud = str(claims, 'aud');
    return aud !== undefined && /^[\w.-]+$/.test(aud) ? aud : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The tenant's active career sites, probing ids from 1 until a 404 past the site whose page
 * answered (a tenant may lack site 1: its page came from site 2 or 3). A site whose probe still
 * fails after the client's retries is searched anyway when the next id answers (a public client
 * found tenants with one id answering 500 and live sites after it); two failing in a row end the
 * crawl.
 */
async function activeSites(session: CornerstoneSession, tenantBase: string): Promise<number[]> {
  const active: number[] = [];
  const known = session.pageSite ?? 1;
  let failed: unknown;
  for (let id = 1; id <= MAX_SITES; id++) {
    const url = `${tenantBase}/services/x/career-site/v1/careersites/${String(id)}`;
    let response: HttpResponse;
    try {
      response = await session.request(url, { headers: { accept: 'application/json' } }, true);
    } catch (error) {
      if (!(error instanceof TransientFetchError) || failed !== undefined) throw error;
      failed = error;
      active.push(id);
      continue;
    }
    failed = undefined;
    if (response.status === 404) {
      if (id >= known) break;
      continue;
    }
    const data = obj(parseJson(checkStatus(response, session.board, url), url), 'data');
    if (!isObject(data)) throw new UnexpectedResponseError(url, 'no "data" object');
    if (data.active !== false) active.push(id);
  }
  return active;
}

/** Every requisition one site lists, and why the walk stopped short when it did. */
async function searchSite(
  session: CornerstoneSession,
  url: string,
  siteId: number,
  oneOfMany: boolean,
): Promise<{ entries: JsonObject[]; truncated?: string }> {
  const entries: JsonObject[] = [];
  let total = 0;
  for (let pageNumber = 1; pageNumber <= MAX_PAGES; pageNumber++) {
    const response = await session.request(
      url,
      {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json' },
        body: JSON.stringify({
          careerSiteId: siteId,
          careerSitePageId: siteId,
          pageNumber,
          pageSize: PAGE_SIZE,
          cultureId: 1,
          cultureName: 'en-US',
        }),
      },
      false,
    );
    if (pageNumber === 1 && unindexed(response)) return { entries };
    // On a tenant board one site's 404 is that site, not the tenant: the rest is read, as partial.
    if (oneOfMany && NOT_FOUND_STATUSES.has(response.status)) {
      return {
        entries,
        truncated: `site ${String(siteId)}: search answered HTTP ${String(response.status)}`,
      };
    }
    const payload = parseJson(checkStatus(response, session.board, url), url);
    const data = obj(payload, 'data');
    if (str(payload, 'status') !== 'Success' || !isObject(data) || !Array.isArray(data.requisitions)) {
      throw new UnexpectedResponseError(url, 'expected {status: "Success", data: {requisitions: [...]}}');
    }
    const page = arr(data, 'requisitions').filter((entry): entry is JsonObject => isObject(entry));
    entries.push(...page);
    total = num(data, 'totalCount') ?? 0;
    if (page.length === 0 || entries.length >= total) return { entries };
  }
  return {
    entries,
    truncated: `site ${String(siteId)}: ${String(MAX_PAGES)} pages read, ${String(entries.length)} of ${String(total)} requisitions`,
  };
}

/** The search's 404 `{"error": {"code": "ResourceNotFound"}}`: a tenant without a search index. */
function unindexed(response: HttpResponse): boolean {
  if (response.status !== 404) return false;
  try {
    return path(JSON.parse(response.text), 'error', 'code') === 'ResourceNotFound';
  } catch {
    return false;
  }
}

/** The job ad's HTML (`data[0].items[0].fields.ad`), when it has one. */
function jobAd(payload: unknown): string | undefined {
  const [first] = arr(payload, 'data');
  const [item] = arr(first, 'items');
  return asStr(path(item, 'fields', 'ad'));
}

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
    return { token, cloud: cloud.replace(/\/+$/, '') };
  }
  throw new UnexpectedResponseError(url, 'no csod.context token on the career-site page');
}

/**
 * The JSON object literal assigned to `marker` in a script, or undefined. The recorded page
 * names it before assigning it (`if(!csod.context || !csod.context.token) csod.context={…}`), so
 * each occurrence is tried.
 */
function objectAfter(script: string, marker: string): unknown {
  for (let at = script.indexOf(marker); at >= 0; at = script.indexOf(marker, at + 1)) {
    const start = script.indexOf('{', at);
    if (start < 0) return undefined;
    if (!/^\s*=\s*$/.test(script.slice(at + marker.length, start))) continue;
    return objectLiteral(script, start);
  }
  return undefined;
}

/** The balanced `{…}` starting at `start`, parsed as JSON, or undefined. */
function objectLiteral(script: string, start: number): unknown {
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

/**
 * Maps one requisition of the search, with its job ad's HTML when it was read: the ad is the
 * description, the list's text only stands in for a missing one, and a placeholder is none.
 */
export function parseCornerstoneRequisition(
  raw: unknown,
  site: { tenant: string; siteId: number },
  endpoint: string,
  adHtml?: string,
): SourcePosting | undefined {
  const id = str(raw, 'requisitionId');
  const url =
    id === undefined
      ? undefined
      : `https://${site.tenant}.csod.com/ux/ats/careersite/${String(site.siteId)}/home/requisition/${encodeURIComponent(id)}?c=${site.tenant}`;
  const head = postingHead(id, str(raw, 'displayJobTitle'), url, endpoint);
  if (head === undefined) return undefined;
  const ad =
    adHtml !== undefined && !placeholder(DomUtils.textContent(parseDocument(adHtml))) ? adHtml : undefined;
  const listed = str(raw, 'externalDescription');
  return posting({
    ...head,
    ...(ad !== undefined
      ? { descriptionHtml: ad }
      : { descriptionText: listed !== undefined && !placeholder(listed) ? listed : undefined }),
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

/**
 * Fewer than 30 word characters once `<<…>>` template tokens go: "See JD", "<<INTERNAL JOB
 * DESCRIPTION>>".
 */
function placeholder(text: string): boolean {
  // Letters and digits of any script: an ad in Chinese is no placeholder.
  const words = text.replace(/<<[^<>]*>>/g, '').match(/[\p{L}\p{N}]/gu) ?? [];
  return words.length < MIN_WORD_CHARS;
}
