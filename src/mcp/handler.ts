/**
 * `POST /mcp` (operation `mcpRequest`) as a route of the generated router: it has gone through the
 * usual chain — its own rate-limit bucket per client address, JSON body parsing, the McpMessage
 * schema — and answers with what the MCP transport answered, through Koa (so the request id,
 * schema-version header and access log apply as everywhere else). Public: any `X-API-Key` is
 * ignored and nothing is charged. What those shared steps refuse about the body (malformed JSON, a
 * batch) never reaches this handler: `mcpBodyErrors` (rpc-errors.ts) answers it as JSON-RPC.
 */
import { ForbiddenError } from '../domain/errors.js';
import type { AppContext } from '../http/state.js';
import type { HandlerMap } from '../routes/index.js';
import type { McpEndpoint } from './server.js';

/** The request headers the transport reads; nothing else of the request reaches the SDK. */
const FORWARDED_HEADERS = [
  'accept',
  'content-type',
  'mcp-protocol-version',
  'mcp-session-id',
  'last-event-id',
];

/** Browser origins allowed without PUBLIC_BASE_URL: the machine's own (a local agent's UI). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * DNS rebinding (MCP Streamable HTTP, security): a page of another site must not reach /mcp through
 * a visitor's browser. Non-browser clients send no `Origin` and pass; a browser's `Origin` must be
 * the deployment's own (`publicBaseUrl`, PUBLIC_BASE_URL), or a loopback origin when none is set.
 */
function checkOrigin(origin: string, publicBaseUrl: string | undefined): void {
  if (origin === '') return;
  const allowed = URL.canParse(origin) && isAllowedOrigin(new URL(origin), publicBaseUrl);
  if (!allowed) {
    throw new ForbiddenError(
      'origin_forbidden',
      `Requests from the browser origin ${origin} are refused (DNS-rebinding protection); MCP clients send no Origin`,
    );
  }
}

function isAllowedOrigin(origin: URL, publicBaseUrl: string | undefined): boolean {
  if (publicBaseUrl !== undefined) return origin.origin === new URL(publicBaseUrl).origin;
  return LOOPBACK.has(origin.hostname);
}

export function mcpHandlers(endpoint: McpEndpoint, publicBaseUrl: string | undefined): HandlerMap {
  return {
    mcpRequest: async (ctx, { body }) => {
      checkOrigin(ctx.get('Origin'), publicBaseUrl);
      const response = await endpoint.handle(webRequest(ctx), body, ctx.state.requestId);
      ctx.status = response.status;
      response.headers.forEach((value, name) => {
        ctx.set(name, value);
      });
      const text = await response.text();
      ctx.body = text;
      // 202 (a notification or response accepted) has no body: not even Koa's status message.
      if (text === '') ctx.remove('Content-Type');
    },
  };
}

/** The request as the web-standard transport takes it: method, the headers it reads, a fixed origin. */
function webRequest(ctx: AppContext): Request {
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = ctx.get(name);
    try {
      if (value !== '') headers.set(name, value);
    } catch {
      // A value fetch's Headers refuses (bytes it does not take) is left out: the transport then
      // answers as for a missing header (406 or 415), never a 500.
    }
  }
  // The body is passed parsed; the URL only labels the request inside the SDK.
  return new Request(`http://mcp.invalid${ctx.path}`, { method: ctx.method, headers });
}
