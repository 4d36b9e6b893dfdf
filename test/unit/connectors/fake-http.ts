/**
 * An in-memory HttpClient for connector tests: each expected request (URL, and body for POSTs) maps
 * to a canned response, usually a recorded payload from test/fixtures/ats. An unexpected request
 * throws, so a connector that asks for a URL the test did not plan for fails the test.
 */
import { readFileSync } from 'node:fs';
import type { HttpClient, HttpRequestInit, HttpResponse } from '../../../src/ingest/types.js';

export interface FakeResponse {
  status?: number;
  text: string;
  headers?: Record<string, string>;
}

interface Route {
  url: string;
  body?: string;
  response: FakeResponse;
  /** Later answers to the same request, in order; the last one repeats. */
  later?: FakeResponse[];
}

export interface RecordedRequest {
  url: string;
  method: string;
  body?: string;
  followRedirects?: boolean;
}

/** The fake client: register routes with `on`, then read `requests` to check what was asked. */
export class FakeHttp implements HttpClient {
  readonly requests: RecordedRequest[] = [];
  /** The headers of each request, in the order of `requests`. */
  readonly sentHeaders: Record<string, string>[] = [];
  private readonly routes: Route[] = [];

  /** Answers `url` (and, when given, exactly this request body) with `response`. */
  on(url: string, response: FakeResponse, body?: string): this {
    this.routes.push(body === undefined ? { url, response } : { url, body, response });
    return this;
  }

  /** Answers `url` with each response in turn (a source whose answer changes between asks). */
  onEach(url: string, responses: readonly [FakeResponse, ...FakeResponse[]]): this {
    const [response, ...later] = responses;
    this.routes.push({ url, response, later });
    return this;
  }

  request(url: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
    const recorded: RecordedRequest = { url, method: init.method ?? 'GET' };
    if (init.body !== undefined) recorded.body = init.body;
    if (init.followRedirects !== undefined) recorded.followRedirects = init.followRedirects;
    this.sentHeaders.push(init.headers ?? {});
    this.requests.push(recorded);
    const route = this.routes.find((r) => r.url === url && (r.body === undefined || r.body === init.body));
    if (route === undefined) {
      return Promise.reject(new Error(`Unexpected request: ${recorded.method} ${url} ${init.body ?? ''}`));
    }
    const answer = route.response;
    const next = route.later?.shift();
    if (next !== undefined) route.response = next;
    const { status = 200, text, headers = {} } = answer;
    return Promise.resolve({ status, url, text, headers });
  }

  /** The URLs requested, in order. */
  get urls(): string[] {
    return this.requests.map((r) => r.url);
  }
}

/** A recorded payload from test/fixtures/ats, byte for byte. */
export function fixture(path: string): string {
  return readFileSync(new URL(`../../fixtures/ats/${path}`, import.meta.url), 'utf8');
}

/** A 200 response with a recorded payload. */
export function ok(path: string): FakeResponse {
  return { text: fixture(path) };
}

/** A 200 response with a JSON body built by the test (for envelopes and paging scenarios). */
export function json(value: unknown): FakeResponse {
  return { text: JSON.stringify(value) };
}

/** A bare status response, e.g. `status(404)`. */
export function status(code: number, text = '', headers: Record<string, string> = {}): FakeResponse {
  return { status: code, text, headers };
}

/** Asserts that every key of the object has a defined value (the "unknown means omitted" rule). */
export function undefinedKeys(value: unknown, at = '$'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => undefinedKeys(item, `${at}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, member]) =>
    member === undefined ? [`${at}.${key}`] : undefinedKeys(member, `${at}.${key}`),
  );
}
