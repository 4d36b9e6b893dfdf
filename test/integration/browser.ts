/**
 * The browser tests' harness: Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium; `npm test`
 * installs it when missing) driven headless by playwright-core, and a page that records everything
 * it does:
 * - every request: one to a host other than the test server's is aborted and fails the test
 *   (`assertClean`); data: and blob: URLs never leave the page and are allowed;
 * - console errors (a CSP refusal is one) and uncaught page errors: any fails the test;
 * - bytes transferred: the sum of the encoded response bodies (plus headers, reported apart), for
 *   the page weights of the closing note;
 * - screenshots, saved as test artifacts in test-artifacts/screenshots/<name>.png.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';

export const SCREENSHOTS_DIR = fileURLToPath(new URL('../../test-artifacts/screenshots/', import.meta.url));

export function chromiumPath(): string {
  const configured = process.env.CHROMIUM_PATH;
  return configured === undefined || configured === '' ? '/usr/bin/chromium' : configured;
}

/** A headless Chromium; close it in an after hook. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    // As root (the test machines), Chromium refuses to start with its sandbox; /dev/shm may be small.
    args: ['--no-sandbox', '--disable-dev-shm-usage'],
    timeout: 60_000,
  });
}

export interface RecordedRequest {
  method: string;
  url: string;
  resourceType: string;
  /** Set when the response finished: its status and sizes as received. */
  status?: number;
  bodyBytes?: number;
  headerBytes?: number;
  /** Set when it failed (aborted as foreign, refused, reset). */
  failure?: string;
}

export interface PageProblems {
  foreignRequests: string[];
  consoleErrors: string[];
  pageErrors: string[];
}

/** A page of one browser context, recording as the file header says. */
export class RecordedPage {
  readonly requests: RecordedRequest[] = [];
  readonly foreignRequests: string[] = [];
  readonly consoleErrors: string[] = [];
  readonly pageErrors: string[] = [];
  private readonly pending = new Set<Promise<void>>();

  private constructor(
    readonly page: Page,
    readonly origin: string,
  ) {}

  /** A new context (fresh storage, no cache) and page; `baseUrl` is the only host allowed. */
  static async open(
    browser: Browser,
    baseUrl: string,
    options: { width?: number; height?: number } = {},
  ): Promise<RecordedPage> {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    const recorded = new RecordedPage(page, new URL(baseUrl).origin);
    await recorded.attach();
    return recorded;
  }

  private async attach(): Promise<void> {
    const entries = new Map<Request, RecordedRequest>();
    // Every request goes through the router: a foreign one is recorded and aborted, so nothing
    // leaves this machine even before the assertion fails the test.
    await this.page.context().route('**/*', async (route) => {
      const url = route.request().url();
      if (this.isOurs(url)) await route.continue();
      else {
        this.foreignRequests.push(`${route.request().method()} ${url}`);
        await route.abort('blockedbyclient');
      }
    });
    this.page.on('request', (request) => {
      const entry: RecordedRequest = {
        method: request.method(),
        url: request.url(),
        resourceType: request.resourceType(),
      };
      entries.set(request, entry);
      this.requests.push(entry);
      // Requests the router does not see (a web socket, a prefetch) are caught here too.
      if (!this.isOurs(entry.url) && !this.foreignRequests.some((line) => line.endsWith(` ${entry.url}`)))
        this.foreignRequests.push(`${entry.method} ${entry.url}`);
    });
    this.page.on('requestfinished', (request) => {
      const entry = entries.get(request);
      if (entry === undefined) return;
      const measured = (async () => {
        const [response, sizes] = await Promise.all([request.response(), request.sizes()]);
        if (response !== null) entry.status = response.status();
        entry.bodyBytes = sizes.responseBodySize;
        entry.headerBytes = sizes.responseHeadersSize;
      })().catch((error: unknown) => {
        entry.failure = `sizes unavailable: ${String(error)}`;
      });
      this.track(measured);
    });
    this.page.on('requestfailed', (request) => {
      const entry = entries.get(request);
      if (entry !== undefined) entry.failure = request.failure()?.errorText ?? 'failed';
    });
    this.page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const location = message.location();
      this.consoleErrors.push(
        `${message.text()} (${location.url}:${location.lineNumber}:${location.columnNumber})`,
      );
    });
    this.page.on('pageerror', (error) => this.pageErrors.push(error.stack ?? error.message));
    this.page.on('websocket', (socket) => {
      if (!this.isOurs(socket.url())) this.foreignRequests.push(`WEBSOCKET ${socket.url()}`);
    });
  }

  private track(work: Promise<void>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private isOurs(url: string): boolean {
    if (url.startsWith('data:') || url.startsWith('blob:') || url === 'about:blank') return true;
    try {
      return new URL(url).origin === this.origin;
    } catch {
      return false;
    }
  }

  /** Opens `path` of the test server and waits until the network has been idle for 500 ms. */
  async goto(path: string): Promise<number | undefined> {
    const response = await this.page.goto(path, { waitUntil: 'networkidle', timeout: 90_000 });
    return response?.status();
  }

  /** Waits for the sizes of finished requests still being read. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  /** Response bytes received so far: bodies as transferred (compressed), and headers. */
  async transferred(): Promise<{
    requests: number;
    bodyBytes: number;
    headerBytes: number;
    entries: RecordedRequest[];
  }> {
    await this.settled();
    let bodyBytes = 0;
    let headerBytes = 0;
    for (const entry of this.requests) {
      bodyBytes += entry.bodyBytes ?? 0;
      headerBytes += entry.headerBytes ?? 0;
    }
    return { requests: this.requests.length, bodyBytes, headerBytes, entries: [...this.requests] };
  }

  /** Saves a full-page screenshot as test-artifacts/screenshots/<name>.png; returns its path. */
  async screenshot(name: string, options: { fullPage?: boolean } = {}): Promise<string> {
    await mkdir(SCREENSHOTS_DIR, { recursive: true });
    const path = join(SCREENSHOTS_DIR, `${name}.png`);
    await this.page.screenshot({ path, fullPage: options.fullPage ?? false });
    return path;
  }

  problems(): PageProblems {
    return {
      foreignRequests: [...this.foreignRequests],
      consoleErrors: [...this.consoleErrors],
      pageErrors: [...this.pageErrors],
    };
  }

  /** Throws when the page asked another host for anything, or logged or threw an error. */
  assertClean(): void {
    const lines = [
      ...this.foreignRequests.map((line) => `request to another host: ${line}`),
      ...this.consoleErrors.map((line) => `console error: ${line}`),
      ...this.pageErrors.map((line) => `page error: ${line}`),
    ];
    if (lines.length > 0) throw new Error(`the page was not clean:\n  ${lines.join('\n  ')}`);
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}

/** "1.23 MB" style, for the closing note's page weights. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
