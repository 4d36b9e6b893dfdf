/**
 * The interactive API reference at GET /docs: the served `/openapi.json` rendered in the browser by
 * Scalar's api-reference (its standalone bundle, a package dependency), with "Test Request" calling
 * this same server with the `X-API-Key` of the document's security scheme. Also GET /docs/guide.md,
 * the agents' guide (the MCP resource `jlds://guide.md`, from the same source).
 *
 * Nothing leaves the origin: every asset comes from local files read once when the app is built,
 * and the page's Content-Security-Policy allows 'self' only, so a feature of the bundle that would
 * call out (fonts, a request proxy, the "agent", the developer toolbar, the hosted client) is both
 * switched off in the configuration below and refused by the browser if it were not. The bundle
 * names these hosts, and each is off:
 * - fonts.scalar.com (default fonts): `withDefaultFonts: false`;
 * - proxy.scalar.com (request proxy): `proxyUrl` unset (Scalar uses it only for the "web" layout);
 * - api.scalar.com, dashboard.scalar.com, registry.scalar.com (Agent Scalar, on by default on
 *   localhost; the developer toolbar's share and register buttons; the sidebar's MCP box, which
 *   without a configured server offers to upload the document): `agent.disabled`,
 *   `showDeveloperTools: 'never'`, and `mcp` naming our own endpoint;
 * - client.scalar.com ("Open API Client" link): `hideClientButton`;
 * - galaxy.scalar.com (OAuth placeholders; the document has no OAuth scheme), and example hosts of
 *   generated sample values, which are text, never fetched;
 * - `telemetry: false`, although this version sends none.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Next } from 'koa';
import { MethodNotAllowedError, NotFoundError } from '../domain/errors.js';
import type { AppContext } from '../http/state.js';
import { resources } from '../mcp/resources.js';
import type { OpenApiDocument } from '../openapi/document.js';

export interface DocsPagesDeps {
  document: OpenApiDocument;
  /** Where a key is bought (the guide names it; the page links it). */
  upgradeUrl: string;
  /** Base of absolute links (PUBLIC_BASE_URL); absent → the request's origin. */
  linkBaseUrl?: string;
}

const ALLOWED = ['GET', 'HEAD', 'OPTIONS'];
const ASSETS_PREFIX = '/docs/assets/';
/** Content-addressed asset names: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

type Encoding = 'br' | 'gzip';

interface Asset {
  type: string;
  body: Buffer;
  /** Strong validator of the identity body; an encoded body's adds the coding. */
  tag: string;
  cacheControl: string;
  /** Compressed bodies, made on the first request that accepts them (the bundle is 4 MB of text). */
  encoded: Map<Encoding, Promise<Buffer>>;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The Koa middleware answering /docs, /docs/ and /docs/assets/…, /docs/guide.md; anything else goes on. */
export function docsPages(deps: DocsPagesDeps) {
  const scalar = scalarBundle();
  const styles = asset('text/css; charset=utf-8', Buffer.from(STYLES), IMMUTABLE);
  const script = asset('text/javascript; charset=utf-8', Buffer.from(BOOTSTRAP), IMMUTABLE);
  const assets = new Map<string, Asset>([
    [`api-reference-${scalar.version}.${shortHash(scalar.asset)}.js`, scalar.asset],
    [`docs.${shortHash(styles)}.css`, styles],
    [`docs.${shortHash(script)}.js`, script],
  ]);
  const href = (wanted: Asset): string => {
    for (const [name, candidate] of assets) if (candidate === wanted) return `${ASSETS_PREFIX}${name}`;
    throw new Error('unregistered docs asset');
  };
  const guideText = resources(deps.document, deps.upgradeUrl).find((r) => r.uri === 'jlds://guide.md')?.text;
  if (guideText === undefined) throw new Error('the MCP resources have no guide (jlds://guide.md)');
  // Revalidated (no-cache): its URL is not versioned; the ETag makes that a 304.
  const guide = asset('text/markdown; charset=utf-8', Buffer.from(guideText), 'no-cache');
  const page = {
    title: documentTitle(deps.document),
    upgradeUrl: deps.upgradeUrl,
    scalar: href(scalar.asset),
    styles: href(styles),
    script: href(script),
  };

  return async function docs(ctx: AppContext, next: Next): Promise<void> {
    const path = ctx.path;
    const isPage = path === '/docs' || path === '/docs/';
    const found = isPage
      ? undefined
      : path === '/docs/guide.md'
        ? guide
        : path.startsWith(ASSETS_PREFIX)
          ? assets.get(path.slice(ASSETS_PREFIX.length))
          : null;
    if (found === null) {
      await next();
      return;
    }
    if (!isPage && found === undefined) throw new NotFoundError(`No resource at ${path}`);
    if (ctx.method === 'OPTIONS') {
      ctx.status = 204;
      ctx.set('Allow', ALLOWED.join(', '));
      return;
    }
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new MethodNotAllowedError(ALLOWED);
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (isPage) {
      const base = deps.linkBaseUrl ?? `${ctx.protocol}://${ctx.host}`;
      writePage(ctx, renderPage({ ...page, mcpUrl: `${base.replace(/\/$/, '')}/mcp` }));
      return;
    }
    if (found !== undefined) await writeAsset(ctx, found);
  };
}

/**
 * The bundle is the same file for every app of the process: read (4 MB, ~60 ms with its hash) and
 * compressed once, however many apps are built (the integration suite builds dozens).
 */
let bundle: { version: string; asset: Asset } | undefined;
function scalarBundle(): { version: string; asset: Asset } {
  bundle ??= readScalarBundle();
  return bundle;
}

/** The standalone bundle (one IIFE that injects its own styles), from the installed package. */
function readScalarBundle(): { version: string; asset: Asset } {
  // createRequire, not import.meta.resolve: tsx's CommonJS transform (mocha's --require) lacks it.
  const entry = pathToFileURL(createRequire(import.meta.url).resolve('@scalar/api-reference'));
  const manifest: unknown = JSON.parse(readFileSync(new URL('../package.json', entry), 'utf8'));
  const version =
    typeof manifest === 'object' && manifest !== null && 'version' in manifest ? manifest.version : undefined;
  if (typeof version !== 'string') throw new Error('@scalar/api-reference has no version in package.json');
  const body = withoutSourceMapComment(readFileSync(new URL('./browser/standalone.js', entry)));
  return { version, asset: asset('text/javascript; charset=utf-8', body, IMMUTABLE) };
}

const SOURCE_MAP_COMMENT = Buffer.from('\n//# sourceMappingURL=');

/**
 * `script` without its closing `//# sourceMappingURL=…` line (the newline before it stays). The
 * bundle's source map is not served (17 MB, for developer tools only), and an open developer tools
 * panel would ask for it and get a 404.
 *
 * On the bytes, not a string: the 4.35 MB bundle read as text is a two-byte string of 8.7 MB and its
 * edited copy another, 17 MB of large objects that only a full collection frees — and the API's
 * flags put the first one off until 256 MB of old generation (main/node-flags.ts). Measured after
 * start-up: large-object space 20.3 MB, 3.4 after a forced collection; the process idled ~17 MB
 * higher for it, and so did its peak in an export.
 */
export function withoutSourceMapComment(script: Buffer): Buffer {
  const at = script.lastIndexOf(SOURCE_MAP_COMMENT);
  if (at < 0) return script;
  const reference = script.toString('latin1', at + SOURCE_MAP_COMMENT.length);
  return /^\S+\s*$/.test(reference) ? script.subarray(0, at + 1) : script;
}

function asset(type: string, body: Buffer, cacheControl: string): Asset {
  const tag = createHash('sha256').update(body).digest('base64url');
  return { type, body, tag, cacheControl, encoded: new Map() };
}

function shortHash(value: Asset): string {
  return value.tag.slice(0, 12).replace(/[-_]/g, '0');
}

async function writeAsset(ctx: AppContext, value: Asset): Promise<void> {
  ctx.set('Cache-Control', value.cacheControl);
  ctx.vary('Accept-Encoding');
  ctx.type = value.type;
  // Small bodies are not worth compressing (a header costs more than it saves).
  // Brotli whenever accepted: browsers list gzip first at equal weight, and Koa's negotiation keeps
  // the client's order. (Browsers offer br over HTTPS only.)
  const accepted = value.body.length < 1024 ? [] : ctx.acceptsEncodings();
  const coding: Encoding | undefined = accepted.includes('br')
    ? 'br'
    : accepted.includes('gzip')
      ? 'gzip'
      : undefined;
  ctx.etag = coding === undefined ? value.tag : `${value.tag}-${coding}`;
  // Koa judges freshness of 2xx answers only, and the status is still the default 404 here.
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (coding === undefined) {
    ctx.body = value.body;
    return;
  }
  let encoded = value.encoded.get(coding);
  if (encoded === undefined) {
    encoded = compress(value.body, coding);
    value.encoded.set(coding, encoded);
    // A failure is not remembered: the next request tries again.
    encoded.catch(() => value.encoded.delete(coding));
  }
  const body = await encoded;
  ctx.set('Content-Encoding', coding);
  ctx.body = body;
}

/** Brotli quality 9: 4.3 MB → 1.05 MB in ~0.4 s (11 saves 10 % more for 7 s); gzip level 9: 1.26 MB. */
function compress(body: Buffer, coding: Encoding): Promise<Buffer> {
  return coding === 'br'
    ? brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body, { level: 9 });
}

/**
 * The page, with a style nonce per response, read from `<meta property="csp-nonce">` by the bundle
 * (its main stylesheet) and by the bootstrap (every other <style> made by script, see BOOTSTRAP).
 * Scripts need no nonce: the page has no inline script (the configuration is a JSON data block).
 */
function writePage(ctx: AppContext, render: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  ctx.set('Content-Security-Policy', contentSecurityPolicy(nonce));
  ctx.set('Referrer-Policy', 'no-referrer');
  // A fresh nonce each time: never reuse a stored copy.
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = render(nonce);
}

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    // Vue sets style attributes (positions, widths); they can load nothing that img-src and
    // font-src do not allow.
    "style-src-attr 'unsafe-inline'",
    // data: for the bundle's inline SVG icons; no host but ours.
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

interface PageParts {
  title: string;
  upgradeUrl: string;
  mcpUrl: string;
  scalar: string;
  styles: string;
  script: string;
}

/** Scalar's configuration (https://scalar.com docs: "Configuration"); see the file header for the why of each switch. */
function scalarConfiguration(title: string, mcpUrl: string): Record<string, unknown> {
  return {
    url: '/openapi.json',
    metaData: { title: `${title}: API reference` },
    // "Test Request" sends X-API-Key (the document's only scheme), entered in the request's Auth.
    authentication: { preferredSecurityScheme: 'ApiKeyAuth' },
    persistAuth: false,
    withDefaultFonts: false,
    hideClientButton: true,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    telemetry: false,
    // Every operation in the sidebar from the start (the document has 45; Scalar warns only of big ones).
    defaultOpenAllTags: true,
    documentDownloadType: 'json',
    // The sidebar's MCP box (on by default on localhost, where it would offer to register the
    // document with Scalar's dashboard) names our own endpoint: its "Connect" copies this URL.
    mcp: { name: title, url: mcpUrl },
  };
}

function renderPage(parts: PageParts): (nonce: string) => string {
  const configuration = (mcpUrl: string): string =>
    JSON.stringify(scalarConfiguration(parts.title, mcpUrl))
      // Inside <script type="application/json">: no "</script>" or "<!--" can end it early.
      .replace(/</g, '\\u003c');
  return (nonce) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta property="csp-nonce" content="${nonce}">
<title>${escapeHtml(parts.title)}: API reference</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${parts.styles}">
</head>
<body>
<header class="docs-bar">
<strong class="docs-name">${escapeHtml(parts.title)}</strong>
<nav aria-label="For developers and agents">
<a href="/openapi.json">OpenAPI document</a>
<a href="/docs/guide.md">Guide for agents</a>
<span>MCP endpoint (no key): <code>POST <a href="#tag/mcp/POST/mcp">${escapeHtml(parts.mcpUrl)}</a></code></span>
<a href="${escapeHtml(parts.upgradeUrl)}" rel="noreferrer">Get an API key</a>
</nav>
</header>
<main id="api-reference-root"></main>
<noscript><p class="docs-noscript">This reference needs JavaScript. The contract itself is at <a href="/openapi.json">/openapi.json</a>.</p></noscript>
<script type="application/json" id="docs-configuration">${configuration(parts.mcpUrl)}</script>
<script src="${parts.script}"></script>
<script src="${parts.scalar}"></script>
</body>
</html>
`;
}

/**
 * Runs before the bundle. Scalar and the libraries inside it add <style> elements from script (the
 * theme, toasts, the code editor), most without a nonce; a strict style-src would refuse them. Every
 * <style> element made by script gets the page's nonce, so the policy can still refuse what script
 * did not make: markup parsed from the document's descriptions cannot bring a style of its own.
 * Then, once the bundle has defined `Scalar`, mounts the reference with the page's configuration.
 */
const BOOTSTRAP = `'use strict';
(function () {
  var meta = document.querySelector('meta[property="csp-nonce"]');
  var nonce = meta ? meta.getAttribute('content') : '';
  var createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tagName, options) {
    var element = createElement.call(this, tagName, options);
    if (nonce && String(tagName).toLowerCase() === 'style') element.nonce = nonce;
    return element;
  };
  document.addEventListener('DOMContentLoaded', function () {
    var source = document.getElementById('docs-configuration');
    var configuration = JSON.parse(source ? source.textContent : '{}');
    window.Scalar.createApiReference('#api-reference-root', configuration);
  });
})();
`;

/**
 * The bar above the reference. Scalar offsets its sticky sidebar and header by
 * --scalar-custom-header-height; the colours follow its theme variables (light and dark).
 * System fonts: the default ones would come from Scalar's font host.
 */
const STYLES = `:root {
  --scalar-custom-header-height: 44px;
  --scalar-font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --scalar-font-code: ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace;
}
body { margin: 0; }
.docs-bar {
  position: sticky;
  top: 0;
  z-index: 100;
  box-sizing: border-box;
  height: var(--scalar-custom-header-height);
  display: flex;
  align-items: center;
  gap: 24px;
  padding: 0 16px;
  overflow-x: auto;
  white-space: nowrap;
  font-family: var(--scalar-font);
  font-size: 14px;
  background: var(--scalar-background-1, #fff);
  color: var(--scalar-color-1, #1b1b1b);
  border-bottom: 1px solid var(--scalar-border-color, #e5e5e5);
}
.docs-bar nav { display: flex; align-items: center; gap: 20px; }
.docs-bar a { color: var(--scalar-color-accent, #0a6bd6); }
.docs-bar code { font-family: var(--scalar-font-code); font-size: 13px; }
.docs-noscript { font-family: system-ui, sans-serif; padding: 16px; }
`;

function documentTitle(document: OpenApiDocument): string {
  const info: object = document.info;
  return 'title' in info && typeof info.title === 'string' ? info.title : 'API';
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
