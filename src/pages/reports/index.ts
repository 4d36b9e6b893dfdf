/**
 * The public report pages under /reports: server-rendered HTML with inline SVG charts, no script,
 * one self-served stylesheet, a Content-Security-Policy that allows this origin only. They are
 * not API operations (not in the OpenAPI document): a page calls the same service as its JSON
 * endpoint and draws the body that endpoint would send, so the numbers are the endpoint's.
 *
 * A page's query is checked by its JSON operation's validator (compiled from the document), so a
 * request the endpoint would refuse is refused here with the same status (422, the endpoint's
 * problems listed), and a service's error (404 report_not_available, 503) keeps its status too:
 * only the body is HTML for a person.
 *
 * Rendering a page's charts costs 100–300 ms of CPU; the HTML is kept per page and quarter while
 * the body it was drawn from is unchanged (the services keep stored bodies), so a repeated request
 * costs the service call and a string comparison.
 */
import type { Middleware, Next } from 'koa';
import { toApiError } from '../../http/problem.js';
import type { AppContext, AppState } from '../../http/state.js';
import { compileValidators, type OperationValidator } from '../../http/validation.js';
import { listOperations, type OpenApiDocument } from '../../openapi/document.js';
import type { AnalyticsService } from '../../services/analytics.js';
import type { QualityReportService } from '../../services/quality/reports.js';
import type { StatsService } from '../../services/stats.js';
import { FAVICON, STYLESHEET } from './assets.js';
import { CORPUS_PATH, renderCorpus, type Stats } from './corpus.js';
import { DATA_QUALITY_PATH, renderDataQuality } from './data-quality.js';
import { INDEX_PATH, renderIndex } from './home.js';
import { FAVICON_PATH, STYLESHEET_PATH } from './html.js';
import { represent, sendAsset, sendError, sendPage, type Representation } from './respond.js';
import { renderStateOfHiring, STATE_OF_HIRING_PATH, type StateOfHiring } from './state-of-hiring.js';

export interface ReportPagesDeps {
  document: OpenApiDocument;
  stats: Pick<StatsService, 'current'>;
  analytics: Pick<AnalyticsService, 'stateOfHiring'>;
  quality: Pick<QualityReportService, 'current'>;
  /**
   * Whether the corpus includes synthetic demo data (the API's corpus notice), for the pages whose
   * JSON carries no `synthetic` member (data quality, the index). Absent: never labelled so.
   */
  notice?: { synthetic(): Promise<boolean> };
}

/** Every response under /reports: this origin only; no script, frame, plugin or foreign form target. */
export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Rendered pages kept (one per page and quarter); quarters with data are few. */
const RENDERED_PAGES = 16;

/** A page drawn from a body: the service call giving the body (its text) and the renderer. */
interface Source {
  key: string;
  text: string;
  render: () => Promise<string>;
}

type Page = (query: Record<string, unknown>) => Promise<Source>;

/** Rendered pages, each kept while the body it was drawn from is unchanged. */
class RenderedPages {
  /** The rendering of each page's latest body, while it runs too: concurrent requests share one. */
  private readonly kept = new Map<string, { text: string; page: Promise<Representation> }>();

  /** The page of `source`, rendered now or kept; Server-Timing says which, and how long it took. */
  async page(source: Source, ctx: AppContext): Promise<Representation> {
    const kept = this.kept.get(source.key);
    if (kept?.text === source.text) {
      ctx.set('Server-Timing', 'render;dur=0;desc="kept"');
      return kept.page;
    }
    const started = performance.now();
    const page = source.render().then(represent);
    this.kept.delete(source.key);
    this.kept.set(source.key, { text: source.text, page });
    // Map order is insertion order: the first key is the least recently rendered.
    if (this.kept.size > RENDERED_PAGES) this.kept.delete(this.kept.keys().next().value ?? '');
    try {
      const rendered = await page;
      ctx.set('Server-Timing', `render;dur=${(performance.now() - started).toFixed(1)}`);
      return rendered;
    } catch (error) {
      // A failed rendering is not kept: the next request tries again.
      if (this.kept.get(source.key)?.page === page) this.kept.delete(source.key);
      throw error;
    }
  }
}

/** Answers what needs no data: a method other than GET or HEAD, and the assets. True when answered. */
function answerWithoutData(ctx: AppContext, path: string): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
    ctx.set('Allow', 'GET, HEAD, OPTIONS');
    if (ctx.method === 'OPTIONS') ctx.status = 204;
    else sendError(ctx, path, 405, 'The report pages are read with GET.');
    return true;
  }
  if (path === STYLESHEET_PATH) sendAsset(ctx, 'text/css; charset=utf-8', STYLESHEET);
  else if (path === FAVICON_PATH) sendAsset(ctx, 'image/svg+xml', FAVICON);
  else return false;
  return true;
}

export function reportPages(deps: ReportPagesDeps): Middleware<AppState> {
  // Compiled at the first page request, not with the app: most apps a process builds (the tests'
  // servers) never serve a page, and compiling costs ~100 ms.
  let validators: Map<string, OperationValidator> | undefined;
  const pages = new Map<string, { operation: string; page: Page }>([
    [STATE_OF_HIRING_PATH, { operation: 'getStateOfHiring', page: stateOfHiringPage(deps) }],
    [CORPUS_PATH, { operation: 'getStats', page: corpusPage(deps) }],
    [DATA_QUALITY_PATH, { operation: 'getDataQuality', page: dataQualityPage(deps) }],
  ]);
  const rendered = new RenderedPages();
  const indexes = new Map([false, true].map((synthetic) => [synthetic, represent(renderIndex(synthetic))]));

  return async function reports(ctx: AppContext, next: Next): Promise<void> {
    const path = ctx.path.length > 1 ? ctx.path.replace(/\/+$/, '') : ctx.path;
    if (path !== INDEX_PATH && !path.startsWith(`${INDEX_PATH}/`)) {
      await next();
      return;
    }
    ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'same-origin');
    if (answerWithoutData(ctx, path)) return;
    if (path === INDEX_PATH) {
      const synthetic = (await deps.notice?.synthetic()) ?? false;
      sendPage(ctx, indexes.get(synthetic) ?? represent(renderIndex(synthetic)));
      return;
    }
    const entry = pages.get(path);
    if (entry === undefined) {
      sendError(ctx, path, 404, `There is no report page at ${ctx.path}.`);
      return;
    }
    try {
      validators ??= pageValidators(deps.document);
      const input = validators.get(entry.operation)?.({ query: ctx.query, path: {}, body: undefined });
      sendPage(ctx, await rendered.page(await entry.page(input?.query ?? {}), ctx));
    } catch (thrown) {
      const error = toApiError(thrown);
      // A bug stays the problem mapper's: logged there, answered 500 with the request id.
      if (error === undefined) throw thrown;
      for (const [name, value] of Object.entries(error.headers)) ctx.set(name, value);
      sendError(ctx, path, error.status, error.message, error);
    }
  };
}

/** The validators of the pages' JSON operations only, compiled once. */
function pageValidators(document: OpenApiDocument): Map<string, OperationValidator> {
  const wanted = new Set(['getStateOfHiring', 'getStats', 'getDataQuality']);
  return compileValidators(
    document,
    listOperations(document).filter((operation) => wanted.has(operation.operationId)),
  );
}

function stateOfHiringPage(deps: ReportPagesDeps): Page {
  return async (query) => {
    const quarter = typeof query.quarter === 'string' ? query.quarter : undefined;
    const text = await deps.analytics.stateOfHiring(quarter);
    const report = JSON.parse(text) as StateOfHiring;
    return { key: `state-of-hiring:${report.quarter}`, text, render: () => renderStateOfHiring(report) };
  };
}

function corpusPage(deps: ReportPagesDeps): Page {
  return async () => {
    const text = await deps.stats.current();
    const stats = JSON.parse(text) as Stats;
    return { key: 'corpus', text, render: () => renderCorpus(stats) };
  };
}

function dataQualityPage(deps: ReportPagesDeps): Page {
  return async () => {
    const measured = await deps.quality.current();
    // The report has no `synthetic` member of its own: labelled as the rest of the API labels it.
    const report = (await deps.notice?.synthetic()) === true ? { synthetic: true, ...measured } : measured;
    return { key: 'data-quality', text: JSON.stringify(report), render: () => renderDataQuality(report) };
  };
}
