/**
 * The connector contract (issue 24): one table-driven suite every registered connector must pass.
 *
 * - not found: the source's native "gone" answer → BoardNotFoundError;
 * - deadline and retries: these live in the HttpClient, so each connector is crawled through the
 *   real client over a transport that never answers (deadline) or keeps failing (retries). The
 *   client gives up with TransientFetchError; the connector must pass it on at once, after one
 *   request, neither retrying nor waiting itself. A transient failure after a good first answer
 *   (a later page or a detail) must end the crawl too, without walking the rest of the board;
 * - empty board: the source's own empty answer → zero postings, no error;
 * - changed shape: a well-formed payload of another shape, or a body that is not the format at
 *   all → an error that is not BoardNotFoundError. Never an empty board: an empty result would
 *   close every job of the board.
 *
 * The suite iterates `createConnectors()`, so a new connector cannot skip it: without a row in
 * contract-cases.ts its suite fails. A catch-all fake client answers every URL with the case's
 * behaviour, so the rows need no per-connector URLs.
 */
import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import ts from 'typescript';
import { createConnectors } from '../../../src/ingest/connectors/index.js';
import { createHttpClient } from '../../../src/ingest/fetch/http.js';
import {
  BoardNotFoundError,
  TransientFetchError,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type HttpRequestInit,
  type HttpResponse,
} from '../../../src/ingest/types.js';
import { CONTRACT_CASES, type ContractCase, type PayloadFormat } from './contract-cases.js';
import type { FakeResponse, RecordedRequest } from './fake-http.js';

/** Every crawl in this suite settles well within this, or the connector waits on something. */
const CRAWL_BOUND_MS = 1000;
/** Attempts the real client makes per request in the deadline and retries cases. */
const ATTEMPTS = 3;
/** Per-attempt deadline of the real client in the deadline case; short, the transport never answers. */
const DEADLINE_MS = 20;
/**
 * Requests a crawl may have in flight when its first transient failure arrives (the connectors
 * fetch details four at a time); beyond that, requests after the failure are the crawl going on.
 */
const MAX_IN_FLIGHT = 4;

/** A Cloudflare-style interstitial served with 200: the commonest body that is not the payload. */
const HTML_PAGE: FakeResponse = {
  text: '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Just a moment...</title></head><body><p>Checking your browser before accessing the site.</p></body></html>',
  headers: { 'content-type': 'text/html; charset=utf-8' },
};

/**
 * Well-formed payloads of another shape, per format (rows add their own). For an HTML source the
 * interstitial is that: a well-formed page of another layout.
 */
const OTHER_SHAPES: Record<PayloadFormat, readonly FakeResponse[]> = {
  json: [{ text: '{"unexpected": {"shape": true}}' }],
  xml: [{ text: '<?xml version="1.0" encoding="UTF-8"?><unexpected><shape>true</shape></unexpected>' }],
  html: [HTML_PAGE],
};

/** Bodies that are not the format at all: an HTML page, an empty body, another format. */
const NOT_THE_FORMAT: Record<PayloadFormat, readonly FakeResponse[]> = {
  json: [HTML_PAGE, { text: '' }, { text: '<?xml version="1.0"?><jobs><job><id>1</id></job></jobs>' }],
  xml: [HTML_PAGE, { text: '' }, { text: '{"jobs": []}' }],
  html: [{ text: '' }, { text: '{"jobs": []}' }],
};

type Answer = FakeResponse | Error;

/**
 * A fake client that answers any URL: the row's setup answers first, in order, then `answer(n)`
 * for the n-th request after them. Every request is recorded, so the suite can count them.
 */
class CatchAllHttp implements HttpClient {
  readonly requests: RecordedRequest[] = [];

  constructor(
    private readonly setup: readonly FakeResponse[],
    private readonly answer: (n: number) => Answer,
  ) {}

  request(url: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
    const index = this.requests.length;
    this.requests.push(recorded(url, init));
    const answer = this.setup[index] ?? this.answer(index - this.setup.length);
    if (answer instanceof Error) return Promise.reject(answer);
    const { status = 200, text, headers = {} } = answer;
    return Promise.resolve({ status, url, text, headers });
  }
}

/** Counts the connector's requests to a client (the real one, in the deadline and retries cases). */
class CountingHttp implements HttpClient {
  readonly requests: RecordedRequest[] = [];

  constructor(private readonly inner: HttpClient) {}

  request(url: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
    this.requests.push(recorded(url, init));
    return this.inner.request(url, init);
  }
}

function recorded(url: string, init: HttpRequestInit): RecordedRequest {
  const request: RecordedRequest = { url, method: init.method ?? 'GET' };
  if (init.body !== undefined) request.body = init.body;
  return request;
}

/** Every request answered the same way, after the row's setup. */
function answering(row: ContractCase, answer: Answer): CatchAllHttp {
  return new CatchAllHttp(row.setup ?? [], () => answer);
}

/**
 * The real client over a scripted transport, with instant backoff: what the connectors get in
 * production, minus the waiting. `calls` counts transport attempts.
 */
function realClient(transport: (signal: AbortSignal | undefined) => Promise<Response>): {
  http: HttpClient;
  calls: () => number;
} {
  let calls = 0;
  const fetchImpl: typeof fetch = (_input, init) => {
    calls++;
    return transport(init?.signal ?? undefined);
  };
  const http = createHttpClient({
    timeoutMs: DEADLINE_MS,
    maxAttempts: ATTEMPTS,
    userAgent: 'jlds-contract-test/1.0',
    fetchImpl,
    sleep: () => Promise.resolve(),
    random: () => 0.5,
  });
  return { http, calls: () => calls };
}

/** A transport that never answers: only the client's per-attempt deadline ends the request. */
function neverAnswers(signal: AbortSignal | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    if (signal === undefined) {
      reject(new Error('request without a deadline signal'));
      return;
    }
    signal.addEventListener(
      'abort',
      () => {
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });
}

type Outcome =
  { kind: 'resolved'; value: CrawlResult } | { kind: 'rejected'; error: unknown } | { kind: 'pending' };

/** The crawl's outcome, or `pending` when it has not settled within CRAWL_BOUND_MS. */
async function settle(crawl: Promise<CrawlResult>): Promise<Outcome & { elapsedMs: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => {
      resolve({ kind: 'pending' });
    }, CRAWL_BOUND_MS);
  });
  try {
    const outcome = await Promise.race([
      crawl.then(
        (value): Outcome => ({ kind: 'resolved', value }),
        (error: unknown): Outcome => ({ kind: 'rejected', error }),
      ),
      bound,
    ]);
    return { ...outcome, elapsedMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}

/** The error of a crawl that must fail; fails the test when it resolved or hung. */
function rejection(outcome: Outcome, what: string): unknown {
  if (outcome.kind === 'pending') expect.fail(`${what}: crawl did not settle within ${CRAWL_BOUND_MS} ms`);
  if (outcome.kind === 'resolved') {
    expect.fail(
      `${what}: crawl resolved with ${outcome.value.postings.length} posting(s) instead of failing`,
    );
  }
  return outcome.error;
}

/** A short name for a canned answer in failure messages. */
function label(answer: FakeResponse): string {
  const text = answer.text.length > 60 ? `${answer.text.slice(0, 60)}…` : answer.text;
  return `HTTP ${answer.status ?? 200} ${JSON.stringify(text)}`;
}

function describeError(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Lets requests a connector still makes after its crawl settled show up in the counts. */
function afterQuiet(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 50));
}

/** Asserts the deadline/retries outcome: TransientFetchError, promptly, after one request. */
function expectPassedOn(
  outcome: Outcome & { elapsedMs: number },
  requests: readonly RecordedRequest[],
  attempts: number,
): void {
  const error = rejection(outcome, 'transient failure');
  expect(error, describeError(error)).to.be.instanceOf(TransientFetchError);
  // The list request failed: there is nothing to ask next, and asking it again is the client's job.
  expect(
    requests.map((r) => r.url),
    'requests after the first failed',
  ).to.have.length(1);
  // Every attempt was the client's: the connector added none.
  expect(attempts).to.equal(requests.length * ATTEMPTS);
  expect(outcome.elapsedMs).to.be.below(CRAWL_BOUND_MS);
}

/** Modules that open connections or wait: a connector reaches the network only through HttpClient. */
const FORBIDDEN_MODULES = new Set([
  'http',
  'https',
  'http2',
  'net',
  'tls',
  'dgram',
  'undici',
  'node-fetch',
  'axios',
  'got',
  'timers',
  'timers/promises',
  'p-retry',
  'async-retry',
]);
/** Globals that fetch or wait on their own, bypassing the client's deadlines and retries. */
const FORBIDDEN_GLOBALS = new Set(['fetch', 'XMLHttpRequest', 'WebSocket', 'setTimeout', 'setInterval']);

/** The forbidden imports and global uses in one source file, as "line: what" strings. */
function forbiddenUses(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string): void => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${fileName}:${line + 1}: ${what}`);
  };
  const checkModule = (node: ts.Node, specifier: ts.Node | undefined): void => {
    if (specifier === undefined || !ts.isStringLiteralLike(specifier)) return;
    if (FORBIDDEN_MODULES.has(specifier.text.replace(/^node:/, '')))
      report(node, `imports ${specifier.text}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) checkModule(node, node.moduleSpecifier);
    if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      checkModule(node, node.moduleReference.expression);
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) checkModule(node, node.arguments[0]);
      if (ts.isIdentifier(callee) && callee.text === 'require') checkModule(node, node.arguments[0]);
    }
    // Any reference counts (`globalThis.fetch(…)`, `const f = fetch`), not only direct calls; a
    // property name in a declaration or an object key is not a reference.
    if (ts.isIdentifier(node) && FORBIDDEN_GLOBALS.has(node.text) && !isDeclarationName(node)) {
      report(node, `uses ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isDeclarationName(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    (ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent)) &&
    parent.name === node
  );
}

const CONNECTORS_DIR = new URL('../../../src/ingest/connectors/', import.meta.url);

describe('connector contract', () => {
  const registry: ReadonlyMap<string, Connector> = createConnectors();

  it('has a row for every registered connector', () => {
    const missing = [...registry.keys()].filter((source) => !(source in CONTRACT_CASES));
    expect(missing, 'registered connectors without a row in contract-cases.ts').to.deep.equal([]);
  });

  it('keys every registered row by the source code of its board', () => {
    const mismatched = [...registry.keys()].filter((source) => {
      const row = CONTRACT_CASES[source]?.();
      return row !== undefined && row.board.source !== source;
    });
    expect(mismatched).to.deep.equal([]);
  });

  it('statically: no connector file fetches, opens connections or waits on its own', () => {
    // Every file in the folder, registered or not: a connector in progress is held to it as well.
    const files = readdirSync(CONNECTORS_DIR).filter((name) => name.endsWith('.ts'));
    expect(files).to.include('index.ts');
    const found = files.flatMap((name) =>
      forbiddenUses(name, readFileSync(new URL(name, CONNECTORS_DIR), 'utf8')),
    );
    expect(found).to.deep.equal([]);
  });

  it('recognises forbidden uses when it sees them (the static check can fail)', () => {
    const text = [
      "import { request } from 'node:https';",
      "import undici from 'undici';",
      'const a = await fetch(url);',
      'const b = await globalThis.fetch(url);',
      'await new Promise((r) => setTimeout(r, 100));',
      "const c = await import('node:http');",
      "// fetch(url) in a comment and 'fetch(' in a string are not calls",
      'const d = { fetch: 1 }; const e = await fetchJson(http, board, url);',
    ].join('\n');
    expect(forbiddenUses('x.ts', text)).to.deep.equal([
      'x.ts:1: imports node:https',
      'x.ts:2: imports undici',
      'x.ts:3: uses fetch',
      'x.ts:4: uses fetch',
      'x.ts:5: uses setTimeout',
      'x.ts:6: imports node:http',
    ]);
  });

  // A connector that reads two products of one platform has a row per product: `source` for the
  // first, `source:variant` for another (ADP Workforce Now and Recruiting Management).
  const rows = Object.keys(CONTRACT_CASES).flatMap((key) => {
    const [source = '', variant] = key.split(':');
    const connector = registry.get(source);
    return variant === undefined || connector === undefined ? [] : [[key, connector] as const];
  });
  it('runs every variant row on a registered connector', () => {
    const variants = Object.keys(CONTRACT_CASES).filter((key) => key.includes(':'));
    expect(rows.map(([key]) => key)).to.deep.equal(variants);
  });

  for (const [source, connector] of [...registry, ...rows]) {
    describe(source, () => {
      const row = CONTRACT_CASES[source]?.();
      if (row === undefined) {
        it('has a contract row', () => {
          expect.fail(`connector "${source}" is registered but has no row in contract-cases.ts`);
        });
        return;
      }

      it('not found: the native "gone" answer gives BoardNotFoundError', async () => {
        for (const answer of row.notFound) {
          // No setup: a board that is gone is gone from the first request on.
          const outcome = await settle(connector.crawl(row.board, new CatchAllHttp([], () => answer)));
          const error = rejection(outcome, label(answer));
          expect(error, describeError(error)).to.be.instanceOf(BoardNotFoundError);
        }
      });

      it('deadline: a source that never answers ends in TransientFetchError after one request', async () => {
        const { http, calls } = realClient(neverAnswers);
        const counting = new CountingHttp(http);
        const outcome = await settle(connector.crawl(row.board, counting));
        await afterQuiet();
        expectPassedOn(outcome, counting.requests, calls());
      });

      it('retries: a source that keeps failing (503) ends in TransientFetchError after one request', async () => {
        const { http, calls } = realClient(() =>
          Promise.resolve(new Response('Service Unavailable', { status: 503 })),
        );
        const counting = new CountingHttp(http);
        const outcome = await settle(connector.crawl(row.board, counting));
        await afterQuiet();
        expectPassedOn(outcome, counting.requests, calls());
      });

      const followUp = row.followUp;
      if (followUp !== undefined) {
        it('retries: a transient failure after the first answer ends the crawl, unswallowed', async () => {
          const http = new CatchAllHttp(row.setup ?? [], (n) =>
            n === 0 ? followUp : new TransientFetchError('(any)', 'HTTP 503 after 3 attempt(s)'),
          );
          const outcome = await settle(connector.crawl(row.board, http));
          const atFailure = http.requests.length;
          const error = rejection(outcome, 'failure after the first answer');
          expect(error, describeError(error)).to.be.instanceOf(TransientFetchError);
          await afterQuiet();
          const first = (row.setup?.length ?? 0) + 1;
          // At least one request followed the first answer, or the row proves nothing here.
          expect(http.requests.length, 'requests, the first answer included').to.be.above(first);
          // The first answer, then at most what was already in flight when the failure came back;
          // more means the crawl walks on through a board it has already given up on (in
          // production each of those requests spends the client's full retries and deadlines).
          expect(
            http.requests.length,
            `requests in all (${atFailure} when the crawl failed), the crawl having failed`,
          ).to.be.at.most(first + MAX_IN_FLIGHT);
        });
      }

      it('empty board: the native empty answer gives zero postings and no error', async () => {
        for (const answer of row.empty) {
          const outcome = await settle(connector.crawl(row.board, answering(row, answer)));
          if (outcome.kind === 'pending') expect.fail(`crawl did not settle within ${CRAWL_BOUND_MS} ms`);
          if (outcome.kind === 'rejected') {
            expect.fail(`${label(answer)}: rejected with ${describeError(outcome.error)}`);
          }
          expect(outcome.value.postings).to.deep.equal([]);
        }
      });

      it('changed shape: a well-formed payload of another shape is an error, not an empty board', async () => {
        for (const answer of [...OTHER_SHAPES[row.format], ...(row.extraShapes ?? [])]) {
          const outcome = await settle(connector.crawl(row.board, answering(row, answer)));
          const error = rejection(outcome, label(answer));
          expect(error, describeError(error)).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
        }
      });

      it('changed shape: a 200 body that is not the format is an error, not an empty board', async () => {
        for (const answer of NOT_THE_FORMAT[row.format]) {
          const outcome = await settle(connector.crawl(row.board, answering(row, answer)));
          const error = rejection(outcome, label(answer));
          expect(error, describeError(error)).to.be.instanceOf(Error).and.not.instanceOf(BoardNotFoundError);
        }
      });
    });
  }
});
