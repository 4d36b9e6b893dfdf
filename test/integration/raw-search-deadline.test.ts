/**
 * The raw search read (search/client.ts completeRawSearch) holds the request path's deadline to the
 * last byte: a server that never answers, and one that sends the headers and part of the body and
 * then stalls, both end in the client's TimeoutError (a 503 upstream_unavailable) at about the
 * deadline. A local TCP server plays Elasticsearch; nothing else is needed.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { errors } from '@elastic/elasticsearch';
import { expect } from 'chai';
import { completeRawSearch, createEsClient, requestPathClient } from '../../src/search/client.js';

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

async function timedFailure(url: string): Promise<{ ms: number; error: unknown }> {
  const es = requestPathClient(
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
});
