/**
 * A local stand-in for ATS career sites: serves recorded native payloads on 127.0.0.1 so demos and
 * tests crawl through the real connectors without the internet. Routes are set by path (query
 * strings ignored unless a route names one) and can be changed between crawls to simulate a board
 * that gains, changes or loses postings, or disappears (no route → 404).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FixtureResponse {
  status?: number;
  body: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface FixtureServer {
  url: string;
  /** Serves `response` for METHOD+path (method defaults to any). */
  set(path: string, response: FixtureResponse, method?: string): void;
  remove(path: string, method?: string): void;
  /** Requests received, in order ("METHOD /path?query"), for assertions on paging. */
  requests: string[];
  close(): Promise<void>;
}

export async function startFixtureServer(): Promise<FixtureServer> {
  const routes = new Map<string, FixtureResponse>();
  const requests: string[] = [];
  const keyOf = (method: string, path: string): string => `${method.toUpperCase()} ${path}`;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture.local');
    requests.push(`${req.method ?? 'GET'} ${url.pathname}${url.search}`);
    // Drain the body (Workday lists are POSTs) before answering.
    req.resume();
    req.on('end', () => {
      const method = req.method ?? 'GET';
      const response =
        routes.get(keyOf(method, `${url.pathname}${url.search}`)) ??
        routes.get(keyOf(method, url.pathname)) ??
        routes.get(keyOf('*', `${url.pathname}${url.search}`)) ??
        routes.get(keyOf('*', url.pathname));
      if (response === undefined) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      res
        .writeHead(response.status ?? 200, {
          'content-type': response.contentType ?? 'application/json',
          ...response.headers,
        })
        .end(response.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set: (path, response, method = '*') => {
      routes.set(keyOf(method, path), response);
    },
    remove: (path, method = '*') => {
      routes.delete(keyOf(method, path));
    },
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
