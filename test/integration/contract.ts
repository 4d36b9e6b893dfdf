/**
 * Every integration test is a contract test: each response the suite receives from an app served by
 * `serve()` (env.ts) is checked against its operation's documented response in the OpenAPI document
 * — status, documented headers (required ones present, values matching their schemas), Content-Type,
 * and, for JSON bodies (problem+json included), the body against the response schema with ajv
 * compiled from the same document. NDJSON, CSV and Parquet bodies are checked by content type only.
 *
 * `installContractCheck()` wraps `globalThis.fetch` (root hooks, hooks.ts): a response that drifts
 * from the document makes the `fetch` call reject, so the test that sent the request fails with the
 * operation, the status and ajv's errors; `contractAfterEach` fails a test that swallowed such a
 * rejection. `contractSummary()` is the closing line: how many responses of how many operations.
 */
import { DocumentSchemas } from '../support/openapi-ajv.js';
import {
  HTTP_METHODS,
  listOperations,
  type JsonSchema,
  type OpenApiDocument,
} from '../../src/openapi/document.js';

interface Reference {
  $ref: string;
}
interface HeaderObject {
  required?: boolean;
  schema?: JsonSchema;
}
interface MediaObject {
  schema?: JsonSchema;
}
interface ResponseObject {
  headers?: Record<string, HeaderObject | Reference>;
  content?: Record<string, MediaObject>;
}
interface RawOperation {
  operationId: string;
  responses?: Record<string, ResponseObject | Reference>;
}

/** One response as the client received it. */
export interface Exchange {
  method: string;
  /** The request's path as sent (percent-encoded, no query). */
  path: string;
  status: number;
  headers: Headers;
  /** The body's text; undefined when it was not read (streamed non-JSON bodies). */
  body: string | undefined;
}

export interface Verdict {
  /** operationId, or `(unknown path)` / `(method not allowed)`. */
  operation: string;
  violations: string[];
}

interface Route {
  template: string;
  pattern: RegExp;
  /** Static segments before parameters, as the router orders them. */
  rank: number[];
  operations: Map<string, RawOperation>;
}

export class ContractChecker {
  private readonly schemas: DocumentSchemas;
  private readonly routes: Route[];

  constructor(private readonly document: OpenApiDocument) {
    this.schemas = new DocumentSchemas(document);
    this.routes = Object.entries(document.paths)
      .map(([template, item]) => toRoute(template, item))
      .sort((a, b) => compareRanks(a.rank, b.rank));
  }

  /** The documented response for a request, before its body is read (to decide whether to read it). */
  documented(
    method: string,
    path: string,
    status: number,
  ): {
    operation: string;
    response?: ResponseObject;
  } {
    const route = this.routes.find((candidate) => candidate.pattern.test(path));
    const verb = method.toLowerCase();
    if (route === undefined) {
      return { operation: '(unknown path)', ...this.shared(status === 404 ? 'NotFound' : undefined) };
    }
    // HEAD is GET without a body (the router answers HEAD on every GET route).
    const operation =
      route.operations.get(verb) ?? (verb === 'head' ? route.operations.get('get') : undefined);
    if (operation === undefined) {
      return {
        operation: '(method not allowed)',
        ...this.shared(status === 405 ? 'MethodNotAllowed' : undefined),
      };
    }
    const responses = operation.responses ?? {};
    const raw = responses[String(status)] ?? responses[`${String(status).charAt(0)}XX`] ?? responses.default;
    return {
      operation: operation.operationId,
      ...(raw === undefined ? {} : { response: this.resolveResponse(raw) }),
    };
  }

  /** Checks one received response against the document. */
  check(exchange: Exchange): Verdict {
    const { operation, response } = this.documented(exchange.method, exchange.path, exchange.status);
    const violations: string[] = [];
    if (response === undefined) {
      violations.push(`status ${exchange.status} is not documented for this operation`);
      return { operation, violations };
    }
    this.checkHeaders(response, exchange.headers, violations);
    this.checkContent(response, exchange, violations);
    return { operation, violations };
  }

  private shared(name: string | undefined): { response?: ResponseObject } {
    const response = name === undefined ? undefined : this.document.components?.responses?.[name];
    return response === undefined ? {} : { response: response as ResponseObject };
  }

  private resolveResponse(raw: ResponseObject | Reference): ResponseObject {
    if (!('$ref' in raw)) return raw;
    const name = raw.$ref.replace('#/components/responses/', '');
    const resolved = this.document.components?.responses?.[name];
    if (resolved === undefined) throw new Error(`Unresolved response reference ${raw.$ref}`);
    return resolved as ResponseObject;
  }

  private resolveHeader(raw: HeaderObject | Reference): HeaderObject {
    if (!('$ref' in raw)) return raw;
    const name = raw.$ref.replace('#/components/headers/', '');
    const headers = (this.document.components as { headers?: Record<string, HeaderObject> } | undefined)
      ?.headers;
    const resolved = headers?.[name];
    if (resolved === undefined) throw new Error(`Unresolved header reference ${raw.$ref}`);
    return resolved;
  }

  private checkHeaders(response: ResponseObject, headers: Headers, violations: string[]): void {
    for (const [name, raw] of Object.entries(response.headers ?? {})) {
      // OpenAPI: a Content-Type header definition is ignored (the content map says it).
      if (name.toLowerCase() === 'content-type') continue;
      const header = this.resolveHeader(raw);
      const value = headers.get(name);
      if (value === null) {
        if (header.required === true) violations.push(`required header ${name} is missing`);
        continue;
      }
      if (header.schema === undefined) continue;
      const result = this.schemas.check(header.schema, headerValue(header.schema, value));
      if (!result.valid)
        violations.push(`header ${name}: ${JSON.stringify(value)} ${result.errors.join('; ')}`);
    }
  }

  private checkContent(response: ResponseObject, exchange: Exchange, violations: string[]): void {
    const documented = Object.entries(response.content ?? {});
    const bodyless = exchange.method.toUpperCase() === 'HEAD' || exchange.status === 204;
    if (documented.length === 0) {
      if (exchange.body !== undefined && exchange.body !== '')
        violations.push(
          `the response documents no content, but a body of ${exchange.body.length} characters came`,
        );
      return;
    }
    if (bodyless) return;
    const contentType = exchange.headers.get('content-type');
    if (contentType === null) {
      violations.push(`no Content-Type; documented: ${documented.map(([type]) => type).join(', ')}`);
      return;
    }
    const media = mediaType(contentType);
    const match = documented.find(([type]) => mediaMatches(type, media));
    if (match === undefined) {
      violations.push(
        `Content-Type ${media} is not documented (${documented.map(([type]) => type).join(', ')})`,
      );
      return;
    }
    const [, object] = match;
    if (!isJson(media) || exchange.body === undefined) return;
    let body: unknown;
    try {
      body = JSON.parse(exchange.body) as unknown;
    } catch {
      violations.push(`the ${media} body is not JSON: ${exchange.body.slice(0, 200)}`);
      return;
    }
    if (object.schema !== undefined) {
      const result = this.schemas.check(object.schema, body);
      if (!result.valid) violations.push(`body: ${result.errors.slice(0, 20).join('; ')}`);
    }
    if (media === 'application/problem+json') checkProblem(body, exchange, violations);
  }
}

/** The problem members whose values the document fixes: status, request_id and instance. */
function checkProblem(body: unknown, exchange: Exchange, violations: string[]): void {
  if (typeof body !== 'object' || body === null) return;
  const problem = body as { status?: unknown; request_id?: unknown; instance?: unknown };
  if (problem.status !== exchange.status)
    violations.push(`problem status ${String(problem.status)} differs from the HTTP status`);
  const requestId = exchange.headers.get('x-request-id');
  if (problem.request_id !== requestId)
    violations.push(
      `problem request_id ${String(problem.request_id)} differs from X-Request-Id ${requestId ?? '(none)'}`,
    );
  if (problem.instance !== undefined && problem.instance !== exchange.path)
    violations.push(
      `problem instance ${JSON.stringify(problem.instance)} is not the request path ${exchange.path}`,
    );
}

function toRoute(template: string, item: Record<string, unknown>): Route {
  const segments = template.split('/').slice(1);
  const pattern = segments
    .map((segment) =>
      /^\{[^}]+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  const operations = new Map<string, RawOperation>();
  for (const method of HTTP_METHODS) {
    const operation = item[method] as RawOperation | undefined;
    if (operation !== undefined) operations.set(method, operation);
  }
  return {
    template,
    // As @koa/router matches: case-insensitive, an optional trailing slash.
    pattern: new RegExp(`^/${pattern}/?$`, 'i'),
    rank: segments.map((segment) => (segment.startsWith('{') ? 1 : 0)),
    operations,
  };
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return (a[i] ?? 0) - (b[i] ?? 0);
  }
  return 0;
}

/** A header's text as the value its schema describes (integers and numbers parsed). */
function headerValue(schema: JsonSchema, value: string): unknown {
  if ((schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(value))
    return Number(value);
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function mediaMatches(documented: string, actual: string): boolean {
  const type = documented.toLowerCase();
  if (type === '*/*' || type === actual) return true;
  return type.endsWith('/*') && actual.startsWith(type.slice(0, -1));
}

export function isJson(media: string): boolean {
  return media === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(media);
}

// ---------------------------------------------------------------------------------------------
// The fetch wrapper: every response from a registered app is checked.

export class ContractViolation extends Error {
  override readonly name = 'ContractViolation';
}

interface Counts {
  responses: number;
  operations: Map<string, Map<number, number>>;
}

const apps = new Map<string, ContractChecker>();
const checkers = new Map<OpenApiDocument, ContractChecker>();
const counts: Counts = { responses: 0, operations: new Map() };
/** Violations raised since the current test started (the afterEach safety net reads them). */
let raised: string[] = [];
let originalFetch: typeof fetch | undefined;

/** An app served at `baseUrl` (env.ts `serve()`): its responses are checked against `document`. */
export function registerApp(baseUrl: string, document: OpenApiDocument): void {
  let checker = checkers.get(document);
  if (checker === undefined) {
    checker = new ContractChecker(document);
    checkers.set(document, checker);
  }
  apps.set(new URL(baseUrl).origin, checker);
}

export function forgetApps(): void {
  apps.clear();
}

/** Wraps globalThis.fetch once; requests to other hosts (fixture servers, Stripe) pass untouched. */
export function installContractCheck(): void {
  if (originalFetch !== undefined) return;
  const original = globalThis.fetch;
  originalFetch = original;
  globalThis.fetch = async function checkedFetch(input, init) {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const response = await original(input, init);
    const checker = apps.get(url.origin);
    if (checker === undefined) return response;
    const path = url.pathname;
    const { response: documented } = checker.documented(method, path, response.status);
    const media = mediaType(response.headers.get('content-type') ?? '');
    // JSON bodies are read from a clone (the test still reads the original); streamed exports are
    // checked by content type only, unless the document says there is no body at all.
    const read = isJson(media) || (documented !== undefined && documented.content === undefined);
    const body = read && method !== 'HEAD' ? await response.clone().text() : undefined;
    const verdict = checker.check({ method, path, status: response.status, headers: response.headers, body });
    record(verdict.operation, response.status);
    if (verdict.violations.length === 0) return response;
    const message = [
      `contract: ${method} ${path}${url.search} → ${response.status} (${verdict.operation}) drifts from the document:`,
      ...verdict.violations.map((violation) => `  - ${violation}`),
      ...(body === undefined ? [] : [`  body: ${body.slice(0, 600)}`]),
    ].join('\n');
    raised.push(message);
    throw new ContractViolation(message);
  };
}

function record(operation: string, status: number): void {
  counts.responses += 1;
  const statuses = counts.operations.get(operation) ?? new Map<number, number>();
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  counts.operations.set(operation, statuses);
}

/** Root beforeEach: a fresh list of raised violations per test. */
export function contractBeforeEach(): void {
  raised = [];
}

/**
 * Root afterEach: a test that passed although one of its responses drifted (it caught the rejected
 * fetch, e.g. in a retry loop) fails here.
 */
export function contractAfterEach(state: string | undefined): void {
  const swallowed = raised;
  raised = [];
  if (state === 'passed' && swallowed.length > 0) {
    throw new ContractViolation(
      `a response of this test drifted from the document:\n${swallowed.join('\n')}`,
    );
  }
}

/** The closing line: responses and operations validated, and implemented operations never answered. */
export function contractSummary(): string {
  const operations = [...counts.operations.keys()].filter((name) => !name.startsWith('('));
  const unseen = new Set(
    [...checkers.keys()].flatMap((document) =>
      listOperations(document)
        .filter((operation) => operation.implemented && !counts.operations.has(operation.operationId))
        .map((operation) => operation.operationId),
    ),
  );
  return (
    `contract: ${counts.responses} responses of ${operations.length} operations validated` +
    (unseen.size === 0 ? '' : `; implemented but never answered: ${[...unseen].join(', ')}`)
  );
}
