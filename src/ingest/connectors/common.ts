/**
 * Plumbing shared by the connectors: base-URL resolution (default host or `endpointOverride`),
 * fetching with the board-not-found mapping, payload parsing, the single-list-request connector
 * shape, and building SourcePostings without `undefined`-valued keys ("unknown means omitted").
 */
import { isPlatformHost } from '../platform-hosts.js';
import { XMLParser } from 'fast-xml-parser';
import pLimit from 'p-limit';
import {
  BoardNotFoundError,
  TransientFetchError,
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type HttpRequestInit,
  type HttpResponse,
  type SourceLocation,
  type SourcePosting,
  type SourceSalary,
} from '../types.js';
import { arr, asArray, isObject, num, path } from './json.js';

/** The source answered in a way no connector rule covers (unexpected status, unparsable body). */
export class UnexpectedResponseError extends Error {
  constructor(
    readonly endpoint: string,
    readonly reason: string,
  ) {
    super(`Unexpected response from ${endpoint}: ${reason}`);
    this.name = 'UnexpectedResponseError';
  }
}

/** Statuses that mean "this board does not exist" on every source that uses HTTP for it. */
/** The statuses that say a board (or a posting) is gone. */
export const NOT_FOUND_STATUSES: ReadonlySet<number> = new Set([404, 410]);

/**
 * The base URL (scheme, host, optional path prefix, no trailing slash) for a board: the override
 * when one is set, so a local fixture server can stand in for any host; otherwise the default.
 */
export function baseUrl(board: BoardRef, defaultBase: string): string {
  const base = board.endpointOverride ?? defaultBase;
  return base.replace(/\/+$/, '');
}

/** Slugs go into paths and host names verbatim, so reject anything that could alter the URL. */
export function safeSlug(board: BoardRef): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(board.slug)) {
    throw new Error(`Invalid ${board.source} board slug ${JSON.stringify(board.slug)}`);
  }
  return board.slug;
}

/**
 * Fetches a URL and applies the common status rules (see `checkStatus`). 429/5xx never arrive
 * here: the client retries them and throws TransientFetchError when they persist.
 */
export async function fetchOk(
  http: HttpClient,
  board: BoardRef,
  url: string,
  init?: HttpRequestInit,
): Promise<HttpResponse> {
  return checkStatus(await http.request(url, init), board, url);
}

/**
 * 404/410 → BoardNotFoundError; 403 → TransientFetchError (the sources we crawl use 403 for edge
 * rate limits, not for "gone"); any other non-2xx → UnexpectedResponseError.
 */
export function checkStatus(response: HttpResponse, board: BoardRef, url: string): HttpResponse {
  if (NOT_FOUND_STATUSES.has(response.status)) {
    throw new BoardNotFoundError(board, url, `HTTP ${response.status}`);
  }
  if (response.status === 403) throw new TransientFetchError(url, 'HTTP 403 (edge rate limit)');
  if (response.status < 200 || response.status > 299) {
    throw new UnexpectedResponseError(url, `HTTP ${response.status}`);
  }
  return response;
}

/**
 * Fetches `url` without following redirects: a redirect to another host than `url`'s is the board
 * gone (several sources answer a departed tenant with a redirect to their own site, whose 200 page
 * reads like an empty board or a changed one); anything else meets the common status rules.
 */
export async function fetchOnHost(
  http: HttpClient,
  board: BoardRef,
  url: string,
  init?: HttpRequestInit,
): Promise<HttpResponse> {
  return checkOnHost(await http.request(url, { ...init, followRedirects: false }), board, url);
}

/** `fetchOnHost`'s rules for a response already fetched without following redirects. */
export function checkOnHost(response: HttpResponse, board: BoardRef, url: string): HttpResponse {
  const target = offHostRedirect(response, url);
  if (target !== undefined) throw new BoardNotFoundError(board, url, `HTTP ${response.status} to ${target}`);
  return checkStatus(response, board, url);
}

/** The target of a redirect to another host than `url`'s; a relative or same-host one is not. */
export function offHostRedirect(response: HttpResponse, url: string): string | undefined {
  if (response.status < 300 || response.status > 399) return undefined;
  const target = response.headers.location ?? '';
  try {
    const host = new URL(target, url).hostname.toLowerCase();
    return host === new URL(url).hostname.toLowerCase() ? undefined : target;
  } catch {
    return undefined;
  }
}

/**
 * The `Cookie` header that carries the cookies a response set (`name=value` of each Set-Cookie,
 * attributes dropped), for sources whose later pages need the session the first one opened.
 */
export function cookiesSet(response: HttpResponse): string | undefined {
  const pairs = (response.headers['set-cookie'] ?? '')
    .split('\n')
    .map((line) => line.split(';')[0]?.trim() ?? '')
    .filter((pair) => /^[^=\s]+=/.test(pair));
  return pairs.length === 0 ? undefined : pairs.join('; ');
}

/** Parses a JSON body, reporting the endpoint when it is not JSON (HTML error pages, truncation). */
export function parseJson(response: HttpResponse, url: string): unknown {
  try {
    return JSON.parse(response.text) as unknown;
  } catch {
    throw new UnexpectedResponseError(url, 'body is not JSON');
  }
}

/** Fetches and parses a JSON endpoint with the common status rules. */
export async function fetchJson(
  http: HttpClient,
  board: BoardRef,
  url: string,
  init?: HttpRequestInit,
): Promise<unknown> {
  const response = await fetchOk(http, board, url, { headers: { accept: 'application/json' }, ...init });
  return parseJson(response, url);
}

/**
 * Fetches a per-posting detail document. A 404/410 means the posting vanished between the list and
 * the detail request, so the caller keeps the list data (`undefined` here) instead of failing the
 * whole board; transient failures still propagate so a crawl is never silently degraded.
 */
export async function fetchDetailJson(
  http: HttpClient,
  board: BoardRef,
  url: string,
  init?: HttpRequestInit,
): Promise<unknown> {
  try {
    return await fetchJson(http, board, url, init);
  } catch (error) {
    if (error instanceof BoardNotFoundError) return undefined;
    throw error;
  }
}

/** An HTML detail page, or undefined when it is gone (the list's row is kept without it). */
export async function fetchDetailHtml(
  http: HttpClient,
  board: BoardRef,
  url: string,
): Promise<string | undefined> {
  try {
    return (await fetchOk(http, board, url, { headers: { accept: 'text/html' } })).text;
  } catch (error) {
    if (error instanceof BoardNotFoundError) return undefined;
    throw error;
  }
}

/**
 * Fetches an RSS feed and returns its `<channel>`; a feed without one is not the feed we expect.
 */
export async function fetchRssChannel(http: HttpClient, board: BoardRef, url: string): Promise<unknown> {
  const response = await fetchOk(http, board, url, { headers: { accept: 'application/rss+xml' } });
  const channel = path(parseXml(response, url), 'rss', 'channel');
  if (channel === undefined) throw new UnexpectedResponseError(url, 'no RSS channel');
  return channel;
}

/** Reads the items out of a list payload; throws UnexpectedResponseError (naming `url`) on another shape. */
export type ListItems = (payload: unknown, url: string) => unknown[];

/** The payload is the list itself; `noun` names the items in the error ("expected an array of jobs"). */
export function arrayPayload(noun: string): ListItems {
  return (payload, url) => {
    const list = asArray(payload);
    if (list === undefined) throw new UnexpectedResponseError(url, `expected an array of ${noun}`);
    return list;
  };
}

/** The list is the `key` member of an object envelope, e.g. `{jobs: [...]}`. */
export function envelopeArray(key: string): ListItems {
  return (payload, url) => {
    if (!isObject(payload) || !Array.isArray(payload[key])) {
      throw new UnexpectedResponseError(url, `no "${key}" array`);
    }
    return arr(payload, key);
  };
}

/** A connector that crawls a board with one GET of a JSON list endpoint (see `singleListConnector`). */
export interface SingleListConnectorSpec {
  readonly source: string;
  /** The list endpoint for a board, honouring `endpointOverride`; reported as the crawl's endpoint. */
  readonly listUrl: (board: BoardRef) => string;
  /** Where the items are: `arrayPayload(…)`, `envelopeArray(…)` or a reader of the source's own. */
  readonly items: ListItems;
  /** Maps one item; `undefined` skips it. */
  readonly parse: (raw: unknown, endpoint: string, board: BoardRef) => SourcePosting | undefined;
  /** The company name from the payload envelope, when the source publishes one. */
  readonly boardName?: (payload: unknown) => string | undefined;
  /** The company's own addresses the payload publishes (see `companyUrls`). */
  readonly companyUrls?: (payload: unknown) => string[] | undefined;
}

/**
 * The connector for a source that serves every posting of a board in one JSON response: fetch the
 * list URL (common status rules), read the items, map each one.
 */
export function singleListConnector(spec: SingleListConnectorSpec): Connector {
  return {
    source: spec.source,
    async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
      const url = spec.listUrl(board);
      const payload = await fetchJson(http, board, url);
      const postings = spec.items(payload, url).flatMap((raw) => spec.parse(raw, url, board) ?? []);
      return prune({
        endpoint: url,
        postings,
        boardName: spec.boardName?.(payload),
        companyUrls: spec.companyUrls?.(payload),
      });
    },
  };
}

/** Detail requests per board in flight at once: polite to the source, still quick for big boards. */
const DETAIL_CONCURRENCY = 4;

/** Maps items through an async function with bounded concurrency, keeping the input order. */
export async function mapLimited<T, R>(items: readonly T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const limit = pLimit(DETAIL_CONCURRENCY);
  return Promise.all(
    items.map((item) =>
      limit(async () => {
        try {
          return await fn(item);
        } catch (error) {
          // The crawl has failed: the requests still queued would only load the source for nothing.
          limit.clearQueue();
          throw error;
        }
      }),
    ),
  );
}

/** Elements that may repeat in the feeds we parse; always arrays so one and many read alike. */
const XML_LIST_ELEMENTS = new Set(['item', 'position', 'jobDescription', 'office', 'tt:location']);

/**
 * The namespaces connectors read, by URI, and the prefix they name them with. A document may bind
 * any prefix to a namespace: PageUp's feed writes `job:`, the same feed re-serialized by another
 * XML library `ns1:` (a real recording of the labelled set), so elements are renamed by the
 * namespace they are in, never read by the prefix written.
 */
const XML_NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['http://pageuppeople.com/', 'job'],
  ['http://www.w3.org/2005/Atom', 'a10'],
  ['https://teamtailor.com/locations', 'tt'],
]);

/**
 * Namespace declarations (`xmlns:p="uri"`). The parser drops attributes, so they are read from the
 * text: the attribute's grammar is exact, and a declaration-shaped string inside a text node could
 * at worst rename a prefix the document does not use.
 */
const XMLNS_DECLARATION = /\bxmlns:([A-Za-z_][\w.-]*)\s*=\s*(["'])(.*?)\2/g;

const XML_OPTIONS = {
  ignoreAttributes: true,
  // Keep every value a string: ids like "0250" and amounts like "100000.00" must not be coerced.
  parseTagValue: false,
  trimValues: true,
  isArray: (name: string) => XML_LIST_ELEMENTS.has(name),
};

const xmlParser = new XMLParser(XML_OPTIONS);

/**
 * Prefix → the connectors' prefix for every declaration that differs from it; a prefix of ours
 * bound to a foreign namespace is moved aside (`x-…`) so it cannot be read as ours.
 */
export function xmlPrefixRenames(text: string): Map<string, string> {
  const renames = new Map<string, string>();
  const ours = new Set(XML_NAMESPACES.values());
  for (const [, prefix = '', , uri = ''] of text.matchAll(XMLNS_DECLARATION)) {
    const wanted = XML_NAMESPACES.get(uri) ?? (ours.has(prefix) ? `x-${prefix}` : prefix);
    if (wanted !== prefix) renames.set(prefix, wanted);
  }
  return renames;
}

/**
 * Parses an XML feed (RSS, Personio) into plain objects; CDATA is merged into the text value, and
 * elements of the namespaces we read carry our prefix whatever the document calls them.
 * The parser is lenient (no validation pass), so callers check for their root element.
 */
export function parseXml(response: HttpResponse, url: string): unknown {
  const renames = xmlPrefixRenames(response.text);
  const parser =
    renames.size === 0
      ? xmlParser
      : new XMLParser({
          ...XML_OPTIONS,
          transformTagName: (name) => {
            const colon = name.indexOf(':');
            const to = colon < 0 ? undefined : renames.get(name.slice(0, colon));
            return to === undefined ? name : `${to}${name.slice(colon)}`;
          },
        });
  try {
    return parser.parse(response.text) as unknown;
  } catch {
    throw new UnexpectedResponseError(url, 'body is not well-formed XML');
  }
}

/** Drops `undefined`-valued keys so omitted facts are absent, never present-but-undefined. */
export function prune<T extends object>(value: T): T {
  const out = { ...value };
  for (const [key, member] of Object.entries(out)) {
    if (member === undefined) Reflect.deleteProperty(out, key);
  }
  return out;
}

/**
 * A SourcePosting with absent members removed, empty lists dropped and each employment type once
 * (a tenant may state one in two fields: SmartRecruiters' type and its "Working hours").
 */
export function posting(value: SourcePosting): SourcePosting {
  const unique = [...new Set(value.employmentTypes)];
  const employmentTypes = unique.length > 0 ? unique : undefined;
  return prune({ ...value, employmentTypes });
}

/** The members every linked posting starts with. */
export interface PostingHead {
  nativeId: string;
  title: string;
  url: string;
  sourceEndpoint: string;
}

/**
 * The id, title and http(s) URL (in SourcePosting order) a listed posting needs, with the endpoint
 * it was read from; `undefined` when any of the three is missing, so the item is skipped. Spread
 * the result into `posting`.
 */
export function postingHead(
  nativeId: string | undefined,
  title: string | undefined,
  url: string | undefined,
  endpoint: string,
): PostingHead | undefined {
  const link = httpUrl(url);
  if (nativeId === undefined || title === undefined || link === undefined) return undefined;
  return { nativeId, title, url: link, sourceEndpoint: endpoint };
}

/**
 * The coordinates `o` gives under `latKey` and `lngKey` (numbers or decimal strings), as SourceLocation
 * members; none unless both are there and on the globe.
 */
export function coordinates(o: unknown, latKey: string, lngKey: string): Pick<SourceLocation, 'lat' | 'lng'> {
  const lat = num(o, latKey);
  const lng = num(o, lngKey);
  if (lat === undefined || lng === undefined || Math.abs(lat) > 90 || Math.abs(lng) > 180) return {};
  return { lat, lng };
}

/** A SourceLocation with absent members removed, or undefined when nothing is known. */
export function location(value: SourceLocation): SourceLocation | undefined {
  const pruned = prune(value);
  return Object.keys(pruned).length === 0 ? undefined : pruned;
}

/** Locations with empty entries and exact duplicates removed, in published order. */
export function locations(values: (SourceLocation | undefined)[]): SourceLocation[] {
  const seen = new Set<string>();
  const out: SourceLocation[] = [];
  for (const value of values) {
    if (value === undefined) continue;
    const key = JSON.stringify(value);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** A SourceSalary when at least an amount or a display text is known (a bare currency says nothing). */
export function salary(value: SourceSalary): SourceSalary | undefined {
  if (value.min === undefined && value.max === undefined && value.text === undefined) return undefined;
  return prune(value);
}

/** Joins published HTML fragments, each under its published heading, into one description. */
export function sections(
  parts: { title?: string | undefined; html?: string | undefined }[],
): string | undefined {
  const html = parts
    .filter((part) => part.html !== undefined)
    .map((part) =>
      part.title === undefined ? (part.html ?? '') : `<h3>${escapeText(part.title)}</h3>\n${part.html ?? ''}`,
    )
    .join('\n');
  return html === '' ? undefined : html;
}

/** The plain-text counterpart of `sections`: each titled part under its title line, blank lines between. */
export function textSections(
  parts: { title?: string | undefined; text?: string | undefined }[],
): string | undefined {
  const text = parts
    .filter((part) => part.text !== undefined)
    .map((part) => (part.title === undefined ? (part.text ?? '') : `${part.title}\n${part.text ?? ''}`))
    .join('\n\n');
  return text === '' ? undefined : text;
}

/** Escapes text for inclusion in HTML we compose (headings taken from plain-text fields). */
export function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** Accepts only absolute http(s) URLs as posting addresses; anything else is not a usable link. */
export function httpUrl(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** An ISO-2 code as published, upper-cased; other values (names, 3-letter codes) are not codes. */
export function countryCode(value: string | undefined): string | undefined {
  if (value === undefined || !/^[A-Za-z]{2}$/.test(value)) return undefined;
  return value.toUpperCase();
}

/** A host name alone ("acme.com", "www.acme.co.uk"): no scheme, port, path or query. */
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}$/i;

/**
 * The company's own web addresses among values a payload publishes about the company, for
 * `CrawlResult.companyUrls`: absolute http(s) URLs off ATS hosts, in published order, deduplicated
 * by their normalized form; `undefined` when none is left. A bare host ("acme.com") is the one
 * value completed, as `https://acme.com`: websites are often published that way, and the host is
 * the evidence. Anything else that is not an absolute http(s) URL is dropped.
 */
export function companyUrls(values: readonly (string | undefined)[]): string[] | undefined {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const value of values) {
    const url = companyUrl(value);
    if (url === undefined) continue;
    const key = new URL(url).href;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(url);
  }
  return out.length === 0 ? undefined : out;
}

function companyUrl(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (trimmed === undefined || trimmed === '') return undefined;
  const url = httpUrl(BARE_HOST.test(trimmed) ? `https://${trimmed}` : trimmed);
  if (url === undefined || isPlatformHost(new URL(url).hostname)) return undefined;
  return url;
}
