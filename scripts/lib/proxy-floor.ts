/**
 * The floor under the search benchmark's "API p50 − ES p50" gap: the least any Node process placed
 * between a client and Elasticsearch can add on this machine. A bare node:http server that sends
 * the API's Elasticsearch request for the filters it is given, parses the answer with the same
 * client, and writes the hits' sources back as JSON — no authentication, rate limit, validation,
 * allowance, presenter, cursor or logging. Whatever it adds over a direct Elasticsearch call is the
 * cost of one more HTTP hop plus one parse and one serialization of the page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from '../../src/domain/job.js';
import { completeSearch, type EsClient } from '../../src/search/client.js';
import { hitSource } from '../../src/search/document.js';
import { buildJobSearch, type JobFilters } from '../../src/search/job-query.js';

export interface ProxyFloor {
  /** GET this with `?filters=<JSON of JobFilters>`. */
  url: string;
  close(): Promise<void>;
}

export async function startProxyFloor(es: EsClient, index: string, limit: number): Promise<ProxyFloor> {
  const server: Server = createServer((request, response) => {
    const filters = JSON.parse(
      new URL(request.url ?? '/', 'http://floor').searchParams.get('filters') ?? '{}',
    ) as JobFilters;
    // The API's request exactly: buildJobSearch asks for one hit more than the page (a next page?).
    completeSearch<Job>(es, index, buildJobSearch(filters, { limit, includeDescription: false })).then(
      (hits) => {
        const body = JSON.stringify({ data: hits.slice(0, limit).map(hitSource) });
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
      },
      (error: unknown) => {
        response.writeHead(500).end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
