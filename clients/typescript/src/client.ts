/**
 * `createClient`: the openapi-fetch client typed by the generated schema (every operation of the
 * contract, as `client.raw`), plus helpers for the paged reads that throw `ProblemError` on any
 * non-2xx answer and cursor iterators that walk `next_cursor` until it is absent.
 */
import createFetchClient, { type Client } from 'openapi-fetch';
import { problemFromResponse } from './problem.js';
import type { components, operations, paths } from './schema.js';
import { createTransport, type FetchLike, type RetryOptions } from './transport.js';

export type Job = components['schemas']['Job'];
export type JobList = components['schemas']['JobList'];
export type Company = components['schemas']['Company'];
export type CompanyList = components['schemas']['CompanyList'];
export type ActiveFeedPage = components['schemas']['ActiveFeedPage'];
export type ActiveFeedCount = components['schemas']['ActiveFeedCount'];
export type ChangeEvent = components['schemas']['ChangeEvent'];
export type ChangeFeedPage = components['schemas']['ChangeFeedPage'];

type QueryOf<Operation extends keyof operations> = NonNullable<operations[Operation]['parameters']['query']>;

export type SearchQuery = QueryOf<'searchJobs'>;
/** Directory filters; `export` (the NDJSON stream) is not a page and has no helper here. */
export type CompanyQuery = Omit<QueryOf<'listCompanies'>, 'export'>;
export type ActiveFeedQuery = QueryOf<'getActiveFeed'>;
export type ActiveFeedCountQuery = QueryOf<'countActiveFeed'>;
export type ChangeFeedQuery = QueryOf<'getChangeFeed'>;

/**
 * The JSON media type only: `GET /v1/companies` also documents an NDJSON answer (`export=jsonl`),
 * which the page helpers never ask for, so their `data` is the page object and not `string`.
 */
export type RawClient = Client<paths, 'application/json'>;

export interface ClientOptions extends RetryOptions {
  /** The service's base URL, for example `https://api.example.com` (paths start with `/v1`). */
  baseUrl: string;
  /** Sent as `X-API-Key`. Without one, only public operations (and evaluation search) answer. */
  apiKey?: string;
  /** Replaces `globalThis.fetch` (a proxy agent, a test double). */
  fetch?: FetchLike;
  /** Deadline of one attempt, body included (default 30 s). */
  timeoutMs?: number;
}

export interface RequestOptions {
  signal?: AbortSignal;
}

export interface PageOptions extends RequestOptions {
  /** Starts the walk at this cursor (a position saved from an earlier walk with the same filters). */
  cursor?: string;
}

export interface JldsClient {
  /** The typed openapi-fetch client: every operation of the contract, results as `{ data, error }`. */
  readonly raw: RawClient;
  searchJobs(query?: SearchQuery, options?: RequestOptions): Promise<JobList>;
  /** Every page of a search, following `next_cursor` until it is absent. */
  searchPages(query?: Omit<SearchQuery, 'cursor'>, options?: PageOptions): AsyncGenerator<JobList>;
  /** Every job of a search, each exactly once (keyset cursors; see the contract's *Cursors*). */
  searchAll(query?: Omit<SearchQuery, 'cursor'>, options?: PageOptions): AsyncGenerator<Job>;
  listCompanies(query?: CompanyQuery, options?: RequestOptions): Promise<CompanyList>;
  companyPages(query?: Omit<CompanyQuery, 'cursor'>, options?: PageOptions): AsyncGenerator<CompanyList>;
  /** Every company of the directory, in `company_key` order. */
  companies(query?: Omit<CompanyQuery, 'cursor'>, options?: PageOptions): AsyncGenerator<Company>;
  activeFeed(query?: ActiveFeedQuery, options?: RequestOptions): Promise<ActiveFeedPage>;
  countActiveFeed(query?: ActiveFeedCountQuery, options?: RequestOptions): Promise<ActiveFeedCount>;
  changeFeed(query?: ChangeFeedQuery, options?: RequestOptions): Promise<ChangeFeedPage>;
}

/** The page, or the answer's problem thrown as a `ProblemError`. */
function unwrap<Result extends { data?: unknown; error?: unknown; response: Response }>(
  result: Result,
): NonNullable<Result['data']> {
  const { data } = result;
  // Every page operation answers a JSON object on success; no data means a non-2xx answer.
  if (data !== undefined && data !== null) return data;
  throw problemFromResponse(result.response, result.error);
}

/**
 * Pages of a cursor-paged list: the first without a cursor (or from `start`), then each page's
 * `next_cursor` until a page has none. A cursor that comes back unchanged would loop for ever: the
 * server never does that, so it is reported as an error instead of being followed.
 */
export async function* walkPages<Page extends { next_cursor?: string }>(
  fetchPage: (cursor: string | undefined) => Promise<Page>,
  start?: string,
): AsyncGenerator<Page> {
  let cursor = start;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    if (page.next_cursor === undefined) return;
    if (page.next_cursor === cursor) throw new Error('the server returned the cursor it was given');
    cursor = page.next_cursor;
  }
}

async function* items<Item>(pages: AsyncGenerator<{ data: Item[] }>): AsyncGenerator<Item> {
  for await (const page of pages) yield* page.data;
}

export function createClient(options: ClientOptions): JldsClient {
  const raw: RawClient = createFetchClient<paths, 'application/json'>({
    baseUrl: options.baseUrl,
    headers: options.apiKey === undefined ? {} : { 'X-API-Key': options.apiKey },
    fetch: createTransport(options),
    // csv parameters are `style: form, explode: false` in the contract (`country=US,DE`); the
    // default (`country=US&country=DE`) is a repeated parameter, which the API rejects.
    querySerializer: { array: { style: 'form', explode: false } },
  });

  const searchJobs = async (query: SearchQuery = {}, request: RequestOptions = {}): Promise<JobList> =>
    unwrap(await raw.GET('/v1/jobs/search', { params: { query }, ...request }));
  const listCompanies = async (
    query: CompanyQuery = {},
    request: RequestOptions = {},
  ): Promise<CompanyList> => unwrap(await raw.GET('/v1/companies', { params: { query }, ...request }));
  const searchPages = (
    query: Omit<SearchQuery, 'cursor'> = {},
    { cursor, ...request }: PageOptions = {},
  ): AsyncGenerator<JobList> =>
    walkPages(
      (next) => searchJobs({ ...query, ...(next === undefined ? {} : { cursor: next }) }, request),
      cursor,
    );
  const companyPages = (
    query: Omit<CompanyQuery, 'cursor'> = {},
    { cursor, ...request }: PageOptions = {},
  ): AsyncGenerator<CompanyList> =>
    walkPages(
      (next) => listCompanies({ ...query, ...(next === undefined ? {} : { cursor: next }) }, request),
      cursor,
    );

  return {
    raw,
    searchJobs,
    searchPages,
    searchAll: (query, page) => items(searchPages(query, page)),
    listCompanies,
    companyPages,
    companies: (query, page) => items(companyPages(query, page)),
    activeFeed: async (query = {}, request = {}) =>
      unwrap(await raw.GET('/v1/feed/active', { params: { query }, ...request })),
    countActiveFeed: async (query = {}, request = {}) =>
      unwrap(await raw.GET('/v1/feed/active/count', { params: { query }, ...request })),
    changeFeed: async (query = {}, request = {}) =>
      unwrap(await raw.GET('/v1/feed/changes', { params: { query }, ...request })),
  };
}
