/**
 * The raw search read (search/client.ts completeRawSearch) holds the request path's deadline to the
 * last byte: a server that never answers, and one that sends the headers and part of the body and
 * then stalls, both end in the client's TimeoutError (a 503 upstream_unavailable) at about the
 * deadline. A local TCP server plays Elasticsearch; nothing else is needed.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { errors, type estypes } from '@elastic/elasticsearch';
import { expect } from 'chai';
import { UpstreamUnavailableError } from '../../src/domain/errors.js';
import type { RawSearchResponse } from '../../src/search/raw-response.js';
import {
  completeRawSearch,
  createEsClient,
  isPitMissing,
  requestPathClient,
} from '../../src/search/client.js';

const DEADLINE_MS = 400;

async function listen(onData: (socket: Socket) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((socket) => {
    socket.once('data', () => {
      onData(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${String(address.port)}`, server };
}

function rawClient(url: string): ReturnType<typeof requestPathClient> {
  return requestPathClient(
    createEsClient({
      nodes: [url],
      indexPrefix: 'unused',
      layout: { shards: 1, replicas: 0 },
      requestTimeoutMs: 5000,
      searchTimeoutMs: DEADLINE_MS,
      pitShareMs: 0,
    }),
    DEADLINE_MS,
  );
}

/** An HTTP answer that closes its connection (so a retry opens a new one and is seen). */
function answer(socket: Socket, status: string, body: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: application/json\r\nx-elastic-product: Elasticsearch\r\n` +
      `content-length: ${String(Buffer.byteLength(body))}\r\nconnection: close\r\n\r\n${body}`,
  );
}

const EMPTY_PAGE =
  '{"took":1,"timed_out":false,"_shards":{"total":1,"successful":1,"skipped":0,"failed":0},"hits":{"hits":[]}}';
/** What a node answers while it (or the node holding a shard copy) shuts down. */
const NODE_CLOSED =
  '{"error":{"root_cause":[{"type":"node_closed_exception","reason":"node closed"}],"type":"search_phase_execution_exception","reason":"","phase":"fetch","grouped":true,"failed_shards":[]},"status":500}';

/** What the cluster suite saw while a node shut down: the fetch phase's search context gone. */
const CONTEXT_GONE =
  '{"error":{"root_cause":[{"type":"search_context_missing_exception","reason":"No search context found for id [39]"}],"type":"search_phase_execution_exception","reason":"all shards failed","phase":"fetch","grouped":true,"failed_shards":[{"shard":0,"index":"jobs-v1","node":"n1","reason":{"type":"search_context_missing_exception","reason":"No search context found for id [39]"}}]},"status":404}';

async function timedFailure(url: string): Promise<{ ms: number; error: unknown }> {
  const es = rawClient(url);
  const started = performance.now();
  try {
    await completeRawSearch(es, 'jobs', { size: 1 });
  } catch (error) {
    return { ms: performance.now() - started, error };
  } finally {
    await es.close();
  }
  throw new Error('the search answered');
}

describe('raw search deadline', () => {
  const servers: Server[] = [];
  after(() => {
    for (const server of servers) server.close();
  });

  it('gives up on a server that never answers at the deadline', async () => {
    const { url, server } = await listen(() => undefined);
    servers.push(server);
    const { ms, error } = await timedFailure(url);
    expect(error).to.be.instanceOf(errors.TimeoutError);
    expect(ms).to.be.within(DEADLINE_MS - 50, DEADLINE_MS + 1000);
  });

  it('gives up on a body that stalls after the headers at the deadline', async () => {
    const { url, server } = await listen((socket) => {
      socket.write(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-elastic-product: Elasticsearch\r\n' +
          'transfer-encoding: chunked\r\n\r\n5\r\n{"a":\r\n',
      );
    });
    servers.push(server);
    const { ms, error } = await timedFailure(url);
    expect(error).to.be.instanceOf(errors.TimeoutError);
    expect(ms).to.be.within(DEADLINE_MS - 50, DEADLINE_MS + 1000);
  });

  it('reports a body cut off by a closing connection as a connection failure (a 503), after one retry', async () => {
    // A node leaving mid-answer (the cluster suite saw it as a 500 once): headers and part of the
    // body, then the connection closes. Both attempts meet the same fate here.
    let requests = 0;
    const { url, server } = await listen((socket) => {
      requests += 1;
      socket.end(
        'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-elastic-product: Elasticsearch\r\n' +
          'content-length: 500\r\n\r\n{"took":1,"timed_out":false,"hits":{"hits":[',
      );
    });
    servers.push(server);
    const { ms, error } = await timedFailure(url);
    expect(error).to.be.instanceOf(errors.ConnectionError);
    expect(requests).to.equal(2);
    expect(ms).to.be.below(DEADLINE_MS);
  });

  /** A server answering its n-th request with `answers[n]` (the last one again after that). */
  async function scripted(
    ...answers: [status: string, body: string][]
  ): Promise<{ url: string; requests: () => number }> {
    let requests = 0;
    const { url, server } = await listen((socket) => {
      const [status, body] = answers[Math.min(requests, answers.length - 1)] ?? [
        '500 Internal Server Error',
        '',
      ];
      requests += 1;
      answer(socket, status, body);
    });
    servers.push(server);
    return { url, requests: () => requests };
  }

  /** One raw search against `url`: its page, or the error it ended in. */
  async function search(
    url: string,
    body: estypes.SearchRequest = { size: 1 },
  ): Promise<{ page?: RawSearchResponse; error?: unknown }> {
    const es = rawClient(url);
    try {
      return { page: await completeRawSearch(es, 'jobs', body) };
    } catch (error) {
      return { error };
    } finally {
      await es.close();
    }
  }

  it('retries a 500 of a node leaving (node_closed_exception) once, and answers with the retry', async () => {
    const server = await scripted(['500 Internal Server Error', NODE_CLOSED], ['200 OK', EMPTY_PAGE]);
    expect((await search(server.url)).page?.hits).to.deep.equal([]);
    expect(server.requests()).to.equal(2);
  });

  it('answers 503, not 500, when a node leaving fails the retry too', async () => {
    const server = await scripted(['500 Internal Server Error', NODE_CLOSED]);
    expect((await search(server.url)).error).to.be.instanceOf(UpstreamUnavailableError);
    expect(server.requests()).to.equal(2);
  });

  it('neither retries nor hides any other 500: it stays the error it is', async () => {
    const server = await scripted([
      '500 Internal Server Error',
      '{"error":{"root_cause":[{"type":"illegal_state_exception","reason":"x"}],"type":"illegal_state_exception","reason":"x"},"status":500}',
    ]);
    expect((await search(server.url)).error).to.be.instanceOf(errors.ResponseError);
    expect(server.requests()).to.equal(1);
  });

  it('retries a search (no point in time) whose fetch-phase context a leaving node dropped, and answers with the retry', async () => {
    const server = await scripted(['404 Not Found', CONTEXT_GONE], ['200 OK', EMPTY_PAGE]);
    expect((await search(server.url)).page?.hits).to.deep.equal([]);
    expect(server.requests()).to.equal(2);
  });

  it('leaves a point in time whose context is gone to its caller: the 404, not retried (isPitMissing)', async () => {
    const server = await scripted(['404 Not Found', CONTEXT_GONE]);
    const { error } = await search(server.url, { size: 1, pit: { id: 'p', keep_alive: '1m' } });
    expect(isPitMissing(error)).to.equal(true);
    expect(server.requests()).to.equal(1);
  });
});
