/**
 * The CPU floor under the API's cost per search (bench:search --saturation): a bare node:http
 * server, run as its own process with the API's flags, that does only the I/O every search needs —
 * one Postgres round trip (the API's admission and allowance statement is one), the API's
 * Elasticsearch request read as bytes with the same client, and those bytes written back unparsed.
 * No authentication, validation, routing, scan, presenter, cursor or log. Its CPU per request is
 * what any API process with these two backends spends at least on this machine; the API's CPU over
 * it is what our code costs.
 *
 * `GET /?filters=<JSON of JobFilters>`; prints `floor listening on <url>` when ready. The bench's
 * environment (benchEnv) is its own.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { ping } from '../../src/db/database.js';
import { openRuntime } from '../../src/runtime.js';
import { rawSearchBytes } from '../../src/search/client.js';
import { buildJobSearch, type JobFilters } from '../../src/search/job-query.js';

const runtime = openRuntime(loadConfig(process.env));
const { db } = runtime.database;

const server = createServer((request, response) => {
  const filters = JSON.parse(
    new URL(request.url ?? '/', 'http://floor').searchParams.get('filters') ?? '{}',
  ) as JobFilters;
  const answer = async (): Promise<Buffer> => {
    await ping(db);
    return rawSearchBytes(
      runtime.es,
      runtime.indices.alias,
      buildJobSearch(filters, { limit: 100, includeDescription: false }),
    );
  };
  answer().then(
    (bytes) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(bytes);
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
});
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`floor listening on http://127.0.0.1:${String(port)}/\n`);
});
process.once('SIGTERM', () => {
  server.close();
  void runtime.close().finally(() => process.exit(0));
});
