/**
 * The statuses Node's HTTP server would answer on its own (400, 431), the request-target limit
 * (414), 404, 405 and OPTIONS, sent as raw bytes over a socket so nothing between the test and
 * the server fixes the request up: every error is problem+json with a request id.
 */
import { connect } from 'node:net';
import { expect } from 'chai';
import { MAX_REQUEST_TARGET_BYTES } from '../../src/http/client-errors.js';
import { listOperations } from '../../src/openapi/document.js';
import { testEnv } from './env.js';

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/** Sends `request` as is and reads one response (the server closes the connection or says how long it is). */
async function raw(request: string | Buffer): Promise<RawResponse> {
  const { hostname, port } = new URL(testEnv().baseUrl);
  const received = await new Promise<Buffer>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete response within 10 s: ${Buffer.concat(chunks).toString('latin1')}`));
    }, 10_000);
    const finish = (): void => {
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      if (complete(Buffer.concat(chunks))) {
        socket.destroy();
        finish();
      }
    });
    socket.on('close', finish);
    // A reset after the response was read is the server closing a connection it stopped reading.
    socket.on('error', () => undefined);
    socket.write(request);
  });
  return parse(received);
}

function splitHead(bytes: Buffer): { head: string; body: Buffer } | undefined {
  const end = bytes.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  return { head: bytes.subarray(0, end).toString('latin1'), body: bytes.subarray(end + 4) };
}

function complete(bytes: Buffer): boolean {
  const parts = splitHead(bytes);
  if (parts === undefined) return false;
  const length = /\r\ncontent-length: *(\d+)/i.exec(parts.head)?.[1];
  if (length !== undefined) return parts.body.length >= Number(length);
  return /^HTTP\/1\.1 (204|304)/.test(parts.head);
}

function parse(bytes: Buffer): RawResponse {
  const parts = splitHead(bytes);
  if (parts === undefined)
    throw new Error(`not an HTTP response: ${JSON.stringify(bytes.toString('latin1'))}`);
  const [statusLine = '', ...lines] = parts.head.split('\r\n');
  const headers = new Map<string, string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: parts.body.toString('utf8') };
}

function get(target: string, headers: Record<string, string> = {}, method = 'GET'): string {
  const lines = Object.entries({ Host: 'localhost', ...headers }).map(([name, value]) => `${name}: ${value}`);
  return `${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`;
}

/** A problem+json response with a request id in the header and the body; its body. */
function expectProblem(response: RawResponse, status: number, code: string): Record<string, unknown> {
  expect(response.status, response.body).to.equal(status);
  expect(response.headers.get('content-type')).to.match(/^application\/problem\+json/);
  const body = JSON.parse(response.body) as Record<string, unknown>;
  expect(body).to.include({ status, code, type: `/problems/${code.replaceAll('_', '-')}` });
  expect(body.title).to.be.a('string');
  expect(body.detail).to.be.a('string');
  const requestId = response.headers.get('x-request-id');
  expect(requestId).to.match(/^[0-9a-f-]{36}$/);
  expect(body.request_id).to.equal(requestId);
  return body;
}

describe('HTTP edges: what Node would answer on its own, as problem+json', () => {
  it('answers request headers over 16 KiB with 431 and closes the connection', async () => {
    const response = await raw(get('/healthz', { 'X-Padding': 'a'.repeat(20 * 1024) }));
    const problem = expectProblem(response, 431, 'header_fields_too_large');
    expect(response.headers.get('connection')).to.equal('close');
    expect(problem).not.to.have.property('instance');
  });

  it('answers a malformed request line with 400 malformed_request', async () => {
    const response = await raw('GARBAGE\r\n\r\n');
    expectProblem(response, 400, 'malformed_request');
    expect(response.headers.get('connection')).to.equal('close');
    expectProblem(
      await raw('GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      400,
      'malformed_request',
    );
  });

  it(`reads a request target of ${MAX_REQUEST_TARGET_BYTES} bytes and answers one byte more with 414`, async () => {
    const prefix = '/v1/jobs/search?q=';
    const longest = `${prefix}${'a'.repeat(MAX_REQUEST_TARGET_BYTES - prefix.length)}`;
    // Read, then refused by the validator (q is at most 500 characters) or by authentication.
    expect((await raw(get(longest))).status).to.be.oneOf([401, 422]);
    const problem = expectProblem(await raw(get(`${longest}a`)), 414, 'uri_too_long');
    expect(problem.instance).to.equal('/v1/jobs/search');
    // A 10 KiB path: 414 as well, whatever the path.
    expectProblem(await raw(get(`/${'b'.repeat(MAX_REQUEST_TARGET_BYTES)}`)), 414, 'uri_too_long');
  });

  it('answers a body over 1 MiB with 413 payload_too_large', async () => {
    const body = JSON.stringify({ q: 'x'.repeat(1024 * 1024) });
    const head = get(
      '/v1/jobs/search',
      {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
      },
      'POST',
    );
    expectProblem(await raw(`${head}${body}`), 413, 'payload_too_large');
  });

  it('answers an unknown path with 404 and a wrong method with 405 and Allow', async () => {
    expect(expectProblem(await raw(get('/v2/jobs')), 404, 'not_found').instance).to.equal('/v2/jobs');
    const wrong = await raw(get('/healthz', {}, 'PUT'));
    expectProblem(wrong, 405, 'method_not_allowed');
    expect(wrong.headers.get('allow')).to.equal('GET, HEAD, OPTIONS');
    // `rotate` is its own path: DELETE is not `/v1/account/keys/{key_id}` with key_id "rotate".
    const rotate = await raw(get('/v1/account/keys/rotate', {}, 'DELETE'));
    expectProblem(rotate, 405, 'method_not_allowed');
    expect(rotate.headers.get('allow')).to.equal('POST, OPTIONS');
  });

  it("answers OPTIONS on every path of the document with 204 and exactly the path's methods in Allow", async () => {
    const methods = new Map<string, Set<string>>();
    for (const operation of listOperations(testEnv().document)) {
      const set = methods.get(operation.path) ?? new Set<string>(['OPTIONS']);
      set.add(operation.method.toUpperCase());
      // The router answers HEAD with the GET operation (without a body).
      if (operation.method === 'get') set.add('HEAD');
      methods.set(operation.path, set);
    }
    expect(methods.has('/v1/account/keys/rotate')).to.equal(true);
    for (const [path, expected] of methods) {
      const concrete = path.replace(/\{[^}]+\}/g, 'x1');
      const response = await raw(get(concrete, {}, 'OPTIONS'));
      expect(response.status, path).to.equal(204);
      expect(response.headers.get('x-request-id'), path).to.be.a('string');
      const allow = (response.headers.get('allow') ?? '').split(', ');
      expect(allow, path).to.have.members([...expected]);
    }
    expect((await raw(get('/v1/account/keys/rotate', {}, 'OPTIONS'))).headers.get('allow')).to.equal(
      'POST, OPTIONS',
    );
    expectProblem(await raw(get('/v1/nothing-here', {}, 'OPTIONS')), 404, 'not_found');
  });
});
