/**
 * The API reference at /docs (src/pages/docs.ts): over plain HTTP (headers, assets, HEAD, the 404 of
 * an unknown asset), then in a real headless Chromium: every operation of the served document is
 * rendered, and "Test Request" sends a real search with a key typed into the page and shows the
 * result, with no console error and no request to another host.
 *
 * The page is not an operation of the document, so its 2xx answers are read with undici's request
 * (the contract check wraps `fetch` only and would call them undocumented); the 404 goes through
 * `call`, so the contract check compares it with the document's NotFound problem.
 */
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import { request } from 'undici';
import { resources } from '../../src/mcp/resources.js';
import { toIndexDocument } from '../../src/search/document.js';
import { storedJob } from '../support/jobs.js';
import { formatBytes, launchBrowser, RecordedPage } from './browser.js';
import { testEnv, UPGRADE_URL } from './env.js';
import { call, type Problem } from './http.js';
import { createTempIndex, dropIndexFamily, serveOverIndex } from './indices.js';
import type { IndexNames } from '../../src/search/indices.js';

interface Fetched {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

async function fetchRaw(
  url: string,
  init: { method?: 'GET' | 'HEAD' | 'POST'; headers?: Record<string, string> } = {},
): Promise<Fetched> {
  const response = await request(url, {
    method: init.method ?? 'GET',
    headers: init.headers ?? {},
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { status: response.statusCode, headers, body };
}

/** The asset URLs the page references, in order. */
function assetPaths(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(\/docs\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
}

interface DocumentedOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Every operation of the document as served at /openapi.json. */
async function servedOperations(baseUrl: string): Promise<DocumentedOperation[]> {
  const served = await call('/openapi.json', {}, baseUrl);
  expect(served.status).to.equal(200);
  const document = served.body as { paths: Record<string, Record<string, unknown>> };
  const operations: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as { operationId?: string; summary?: string } | undefined;
      if (operation === undefined) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: operation.operationId ?? '',
        summary: operation.summary ?? '',
      });
    }
  }
  return operations;
}

describe('API reference at /docs', function () {
  this.timeout(180_000);

  describe('over HTTP', () => {
    it('serves the page with a strict Content-Security-Policy and versioned, typed, cacheable assets', async () => {
      const { baseUrl } = testEnv();
      const page = await fetchRaw(`${baseUrl}/docs`);
      expect(page.status).to.equal(200);
      expect(page.headers['content-type']).to.equal('text/html; charset=utf-8');
      expect(page.headers['cache-control']).to.equal('no-store');
      expect(page.headers['x-content-type-options']).to.equal('nosniff');
      const csp = page.headers['content-security-policy'] ?? '';
      const directives = new Map(
        csp.split(';').map((part) => {
          const [name = '', ...values] = part.trim().split(/\s+/);
          return [name, values] as const;
        }),
      );
      expect(directives.get('default-src')).to.deep.equal(["'none'"]);
      expect(directives.get('script-src')).to.deep.equal(["'self'"]);
      expect(directives.get('connect-src')).to.deep.equal(["'self'"]);
      expect(directives.get('font-src')).to.deep.equal(["'self'"]);
      expect(directives.get('img-src')).to.deep.equal(["'self'", 'data:']);
      const nonce = /<meta property="csp-nonce" content="([^"]+)">/.exec(page.body.toString())?.[1];
      expect(nonce, 'the page names its style nonce').to.be.a('string');
      expect(directives.get('style-src')).to.deep.equal(["'self'", `'nonce-${nonce ?? ''}'`]);
      // No source in the policy names a host: nothing but this origin (and data: images) can load.
      expect(csp).not.to.match(/https?:|\*/);

      const html = page.body.toString();
      expect(html).to.include('href="/openapi.json"').and.include('href="/docs/guide.md"');
      expect(html).to.include(`${baseUrl}/mcp`).and.include(UPGRADE_URL);
      expect(html, 'no inline script').not.to.match(/<script(?![^>]*\b(src=|type="application\/json"))/);
      const again = await fetchRaw(`${baseUrl}/docs/`);
      expect(again.status).to.equal(200);
      expect(again.headers['content-security-policy']).not.to.equal(csp, 'a fresh nonce per response');

      const paths = assetPaths(html);
      expect(paths).to.have.length(3);
      const types = new Map<string, string>();
      for (const path of paths) {
        const asset = await fetchRaw(`${baseUrl}${path}`);
        expect(asset.status, path).to.equal(200);
        types.set(path.split('.').pop() ?? '', asset.headers['content-type'] ?? '');
        expect(asset.headers['cache-control'], path).to.equal('public, max-age=31536000, immutable');
        expect(asset.headers.etag, path).to.match(/^"[A-Za-z0-9_-]{43}"$/);
        expect(asset.headers['content-encoding'], `${path}: not asked for`).to.equal(undefined);
        expect(Number(asset.headers['content-length'])).to.equal(asset.body.length);
        const revalidated = await fetchRaw(`${baseUrl}${path}`, {
          headers: { 'if-none-match': asset.headers.etag ?? '' },
        });
        expect(revalidated.status, `${path} revalidated`).to.equal(304);
      }
      expect(types.get('js')).to.equal('text/javascript; charset=utf-8');
      expect(types.get('css')).to.equal('text/css; charset=utf-8');

      // The renderer's bundle: compressed when the client accepts it, with its own validator.
      const bundle = paths.find((path) => path.includes('api-reference-')) ?? '';
      const plain = await fetchRaw(`${baseUrl}${bundle}`);
      expect(plain.body.length).to.be.greaterThan(1_000_000);
      const gzipped = await fetchRaw(`${baseUrl}${bundle}`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).to.equal('gzip');
      expect(gzipped.headers.vary).to.match(/accept-encoding/i);
      expect(gzipped.body.length).to.be.lessThan(plain.body.length / 2);
      expect(gzipped.headers.etag).not.to.equal(plain.headers.etag);
      const brotli = await fetchRaw(`${baseUrl}${bundle}`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(brotli.headers['content-encoding']).to.equal('br');
      expect(brotli.body.length).to.be.lessThan(gzipped.body.length);
    });

    it('answers HEAD like GET without a body, OPTIONS with Allow, and other methods with 405', async () => {
      const { baseUrl } = testEnv();
      const get = await fetchRaw(`${baseUrl}/docs/guide.md`);
      const head = await fetchRaw(`${baseUrl}/docs/guide.md`, { method: 'HEAD' });
      expect(head.status).to.equal(200);
      expect(head.body.length).to.equal(0);
      expect(head.headers['content-type']).to.equal(get.headers['content-type']);
      expect(head.headers['content-length']).to.equal(get.headers['content-length']);
      expect(head.headers.etag).to.equal(get.headers.etag);
      const page = await fetchRaw(`${baseUrl}/docs`, { method: 'HEAD' });
      expect(page.status).to.equal(200);
      expect(page.body.length).to.equal(0);
      expect(page.headers['content-security-policy']).to.be.a('string');
      const options = await request(`${baseUrl}/docs`, { method: 'OPTIONS' });
      await options.body.dump();
      expect(options.statusCode).to.equal(204);
      expect(options.headers.allow).to.equal('GET, HEAD, OPTIONS');
      const post = await fetchRaw(`${baseUrl}/docs`, { method: 'POST' });
      expect(post.status).to.equal(405);
      expect(post.headers['content-type']).to.match(/^application\/problem\+json/);
      expect(post.headers.allow).to.equal('GET, HEAD, OPTIONS');
      expect(JSON.parse(post.body.toString())).to.include({ status: 405, code: 'method_not_allowed' });
    });

    it('serves the guide for agents as text/markdown, the same text as the MCP resource', async () => {
      const env = testEnv();
      const guide = await fetchRaw(`${env.baseUrl}/docs/guide.md`);
      expect(guide.status).to.equal(200);
      expect(guide.headers['content-type']).to.equal('text/markdown; charset=utf-8');
      expect(guide.headers['cache-control']).to.equal('no-cache');
      const resource = resources(env.document, UPGRADE_URL).find((r) => r.uri === 'jlds://guide.md');
      expect(guide.body.toString()).to.equal(resource?.text);
    });

    it('answers an unknown asset with the 404 problem every unknown path gets', async () => {
      const { baseUrl } = testEnv();
      // Through call(): the contract check holds the body to the document's NotFound problem.
      const unknown = await call('/docs/assets/x');
      expect(unknown.status).to.equal(404);
      expect(unknown.headers.get('content-type')).to.match(/^application\/problem\+json/);
      const elsewhere = await call('/no-such-page');
      const body = unknown.body as Problem;
      const other = elsewhere.body as Problem;
      expect(body).to.include({ status: 404, code: other.code, title: other.title, type: other.type });
      expect(body.instance).to.equal('/docs/assets/x');
      expect(body.detail).to.equal('No resource at /docs/assets/x');
      // Under /docs but neither the page, the guide nor an asset: the app's own 404.
      expect((await call('/docs/other', {}, baseUrl)).status).to.equal(404);
    });
  });

  describe('in a browser', () => {
    let browser: Browser;
    let names: IndexNames;
    let baseUrl = '';
    let key = '';
    const titles = ['Cartographer of Test Suites', 'Lighthouse Keeper of Builds', 'Archivist of Flaky Runs'];

    before(async () => {
      // An index of its own: three open jobs the search result must show.
      names = await createTempIndex('docs');
      const operations = titles.flatMap((title, n) => {
        const stored = storedJob(`docs_${String(n)}`, { title, organization: 'Docs Page Test' });
        return [
          { index: { _index: names.alias, _id: stored.job_key } },
          toIndexDocument(stored, '2026-01-01T00:00:00.000Z'),
        ];
      });
      const bulk = await testEnv().runtime.es.bulk({ operations, refresh: true });
      expect(bulk.errors).to.equal(false);
      ({ baseUrl, key } = await serveOverIndex(names.alias, 'docs-page@example.com'));
      browser = await launchBrowser();
    });

    after(async () => {
      await browser.close();
      await dropIndexFamily(testEnv().runtime.es, names);
    });

    it('renders every operation of the served document, with no outside request and no console error', async () => {
      const operations = await servedOperations(baseUrl);
      expect(operations.length).to.be.greaterThan(40);
      const page = await RecordedPage.open(browser, baseUrl);
      try {
        expect(await page.goto('/docs')).to.equal(200);
        const sidebar = page.page.locator('li[data-sidebar-id]');
        await sidebar.first().waitFor({ state: 'visible', timeout: 60_000 });
        const screenshot = await page.screenshot('docs');
        const weight = await page.transferred();
        const where = (operation: DocumentedOperation): string =>
          `${operation.operationId} (${operation.method} ${operation.path})`;
        const suffix = (operation: DocumentedOperation): string => `/${operation.method}${operation.path}`;
        // In the sidebar, by its summary (the sidebar lists every operation from the start)…
        for (const operation of operations) {
          const entry = page.page.locator(`li[data-sidebar-id$="${suffix(operation)}"]`);
          expect(await entry.count(), `${where(operation)} in the sidebar`).to.equal(1);
          expect(await entry.innerText(), where(operation)).to.include(operation.summary);
        }
        // …and its section with its summary and path. Sections render as the reader gets near
        // them (and stay): go to the first one not rendered yet, until none is left.
        const pending = new Set(operations);
        const section = (operation: DocumentedOperation) =>
          page.page.locator(`section[id$="${suffix(operation)}"]`);
        while (pending.size > 0) {
          const [next] = pending;
          if (next === undefined) break;
          if ((await section(next).count()) === 0) {
            await page.page
              .locator(`li[data-sidebar-id$="${suffix(next)}"] a`)
              .first()
              .dispatchEvent('click');
            await section(next).waitFor({ state: 'visible', timeout: 20_000 });
          }
          for (const operation of [...pending]) {
            if ((await section(operation).count()) === 0) continue;
            const text = await section(operation).innerText();
            expect(text, where(operation)).to.include(operation.summary);
            expect(text, where(operation)).to.include(operation.path);
            pending.delete(operation);
          }
        }
        page.assertClean();
        expect(page.requests.every((entry) => entry.url.startsWith(baseUrl))).to.equal(true);
        process.stdout.write(
          `      /docs: ${String(weight.requests)} requests, ${String(weight.bodyBytes)} bytes ` +
            `(${formatBytes(weight.bodyBytes)}) of bodies transferred, ${String(weight.headerBytes)} of headers; ` +
            `screenshot ${screenshot}\n` +
            weight.entries
              .map(
                (entry) =>
                  `        ${entry.method} ${new URL(entry.url).pathname} ${String(entry.status)}: ${String(entry.bodyBytes)} B\n`,
              )
              .join(''),
        );
      } finally {
        await page.close();
      }
    });

    it('"Test Request" sends a real GET /v1/jobs/search with the key typed in and shows the result', async () => {
      const page = await RecordedPage.open(browser, baseUrl);
      try {
        await page.goto('/docs#tag/jobs/GET/v1/jobs/search');
        const section = page.page.locator('section[id$="/GET/v1/jobs/search"]');
        await section.waitFor({ state: 'visible', timeout: 60_000 });
        await section.locator('button', { hasText: 'Test Request' }).click();

        // The request client: the document's security scheme asks for the key by its header name.
        const client = page.page.locator('input.scalar-password-input[id^="scalar-client-"]');
        await client.waitFor({ state: 'visible' });
        await page.page.locator('[id^="scalar-client-"]', { hasText: 'X-API-Key' }).first().waitFor();
        await client.fill(key);
        // The document's example values are preset as query parameters; a newcomer's first call
        // is the plain search, so switch them off.
        const headerNames = new Set(['accept']);
        const preset = page.page.locator('input[type="checkbox"][aria-label^="Include "]:checked');
        const labels = await Promise.all((await preset.all()).map((box) => box.getAttribute('aria-label')));
        for (const label of labels) {
          const name = /^Include (.+) in request$/.exec(label ?? '')?.[1] ?? '';
          if (name === '' || headerNames.has(name.toLowerCase())) continue;
          await page.page.locator(`input[type="checkbox"][aria-label="${label ?? ''}"]`).uncheck();
        }

        const [sent, received] = await Promise.all([
          page.page.waitForRequest((r) => new URL(r.url()).pathname === '/v1/jobs/search'),
          page.page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/jobs/search'),
          page.page.getByRole('button', { name: /^Send/ }).first().click(),
        ]);
        expect(sent.method()).to.equal('GET');
        expect(new URL(sent.url()).origin).to.equal(new URL(baseUrl).origin);
        expect(new URL(sent.url()).search, 'no preset filter left').to.equal('');
        expect((await sent.allHeaders())['x-api-key']).to.equal(key);
        expect(received.status()).to.equal(200);
        const body = (await received.json()) as { data: { title: string }[] };
        expect(body.data.map((job) => job.title)).to.have.members(titles);

        // The result as the page shows it: the status and the jobs' data.
        const dialog = page.page.locator('body');
        await dialog.getByText('200 OK').first().waitFor({ state: 'visible', timeout: 20_000 });
        for (const title of titles) {
          await dialog.getByText(title).first().waitFor({ state: 'visible', timeout: 20_000 });
        }
        await page.screenshot('docs-try-it');
        page.assertClean();
      } finally {
        await page.close();
      }
    });
  });
});
