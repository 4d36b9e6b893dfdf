/**
 * /mcp bodies that are not one JSON-RPC message, over HTTP through the whole app: malformed JSON is
 * HTTP 400 with JSON-RPC -32700, a batch HTTP 400 with -32600 (batching was removed in protocol
 * revision 2025-06-18), initialize params that do not fit -32602; failures that are not about the
 * body stay problem+json, and other operations keep their 422.
 */
import { expect } from 'chai';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { testEnv } from './env.js';
import { call, type Problem } from './http.js';
import { mcpPost } from '../support/mcp-request.js';

interface RpcAnswer {
  jsonrpc: string;
  id: number | string | null;
  result?: unknown;
  error?: { code: number; message: string };
}

describe('mcp: JSON-RPC errors for bodies that are not one message', function () {
  this.timeout(120_000);
  const post = (body: string, headers: Record<string, string> = {}) =>
    call('/mcp', mcpPost(body, headers), testEnv().baseUrl);

  it('answers malformed JSON, no body, a scalar and a __proto__ key with HTTP 400 and -32700 (id null)', async () => {
    for (const body of [
      '{"jsonrpc": "2.0", "id": 1, "method": "ping"',
      'ping',
      '',
      '42',
      '{"jsonrpc":"2.0","id":1,"method":"ping","params":{"__proto__":{"polluted":true}}}',
    ]) {
      const response = await post(body);
      expect(response.status, body).to.equal(400);
      expect(response.headers.get('content-type'), body).to.match(/^application\/json/);
      const answer = response.body as RpcAnswer;
      expect(answer, body).to.include({ jsonrpc: '2.0', id: null });
      expect(answer.error?.code, body).to.equal(-32700);
    }
  });

  it('refuses a JSON-RPC batch with HTTP 400 and one -32600 error, whatever it holds', async () => {
    for (const batch of [
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', id: 2, method: 'tools/list' },
      ],
      [{ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_jobs', arguments: {} } }],
      [],
    ]) {
      const response = await post(JSON.stringify(batch));
      expect(response.status).to.equal(400);
      const answer = response.body as RpcAnswer;
      expect(Array.isArray(answer)).to.equal(false);
      expect(answer).to.include({ jsonrpc: '2.0', id: null });
      expect(answer.error?.code).to.equal(-32600);
      expect(answer.error?.message).to.match(/batches are not supported/);
    }
  });

  it('answers initialize params that do not fit with -32602, and well-formed ones with a result', async () => {
    const initialize = (params: unknown) =>
      post(JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params }));
    for (const params of [
      { protocolVersion: 20251125, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      { protocolVersion: LATEST_PROTOCOL_VERSION },
      { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: [], clientInfo: 'x' },
    ]) {
      const response = await initialize(params);
      expect(response.status, JSON.stringify(params)).to.equal(200);
      const answer = response.body as RpcAnswer;
      expect(answer.id).to.equal('init');
      expect(answer.error?.code, JSON.stringify(params)).to.equal(-32602);
    }
    const ok = await initialize({
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'protocol-test', version: '1' },
    });
    expect(ok.status).to.equal(200);
    expect((ok.body as RpcAnswer).result).to.deep.include({ protocolVersion: '2025-06-18' });
  });

  it('keeps problem+json for what is not about the body, and for other operations', async () => {
    const query = await call(
      '/mcp?debug=1',
      mcpPost({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      testEnv().baseUrl,
    );
    expect(query.status).to.equal(422);
    expect((query.body as Problem).code).to.equal('validation_error');
    const text = await call(
      '/mcp',
      { ...mcpPost('{}'), headers: { 'content-type': 'text/plain', accept: 'application/json' } },
      testEnv().baseUrl,
    );
    expect(text.status).to.equal(415);
    const checkout = await call(
      '/v1/billing/checkout',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"plan": ' },
      testEnv().baseUrl,
    );
    expect(checkout.status).to.equal(422);
    expect(checkout.headers.get('content-type')).to.match(/^application\/problem\+json/);
  });
});
