/**
 * Bodies of POST /mcp that are not one JSON-RPC message, answered as the Streamable HTTP transport
 * answers them: HTTP 400 with one JSON-RPC error whose `id` is null (the request's id cannot be
 * known). Malformed JSON is -32700 (parse error), as the SDK's transport answers it when it parses
 * the body itself; JSON that is not one message object is -32600 (invalid request).
 *
 * Batches (a JSON array of messages) are refused, whatever the protocol revision. JSON-RPC
 * batching was removed by revision 2025-06-18 ("Remove support for JSON-RPC batching") and stays
 * removed in 2025-11-25, the SDK's LATEST_PROTOCOL_VERSION, which this server negotiates by
 * default: "The body of the POST request MUST be a single JSON-RPC request, notification, or
 * response." The SDK's transport still accepts arrays for 2025-03-26 clients, but this server is
 * stateless and cannot tell a request's revision from its body, the contract (McpMessage) says
 * one message per POST, and the SDK's own Client never sends a batch.
 */
import type { Next } from 'koa';
import { ValidationFailedError } from '../domain/errors.js';
import { toApiError } from '../http/problem.js';
import type { AppContext } from '../http/state.js';

/** JSON-RPC 2.0 error codes (specification, section 5.1). */
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  id: null;
  error: { code: number; message: string };
}

function rpcError(code: number, message: string): JsonRpcErrorBody {
  return { jsonrpc: '2.0', id: null, error: { code, message } };
}

const BATCH_REFUSED = rpcError(
  INVALID_REQUEST,
  'Invalid Request: JSON-RPC batches are not supported (removed in protocol revision 2025-06-18); send one JSON-RPC message per POST',
);

/** The JSON-RPC error for a parsed body that is not one message object; undefined when it is one. */
export function refusedBody(body: unknown): JsonRpcErrorBody | undefined {
  if (Array.isArray(body)) return BATCH_REFUSED;
  if (typeof body !== 'object' || body === null) {
    return rpcError(
      INVALID_REQUEST,
      'Invalid Request: the body must be one JSON-RPC 2.0 message (a JSON object)',
    );
  }
  return undefined;
}

/**
 * The JSON-RPC answer for what the route's shared steps throw about the body (the JSON parser,
 * the McpMessage schema) before the MCP handler runs; undefined for anything else.
 */
export function bodyFailure(thrown: unknown, body: unknown): JsonRpcErrorBody | undefined {
  const error = toApiError(thrown);
  if (!(error instanceof ValidationFailedError)) return undefined;
  if (!error.issues.every((issue) => issue.loc[0] === 'body')) return undefined;
  // Not JSON at all, no body, or JSON the strict parser refuses (a scalar, a `__proto__` key).
  if (error.issues.some((issue) => issue.type === 'json_invalid' || issue.type === 'missing')) {
    return rpcError(PARSE_ERROR, 'Parse error: the body is not valid JSON (one JSON-RPC message object)');
  }
  return refusedBody(body) ?? rpcError(INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message');
}

/**
 * Koa middleware for src/app.ts, mounted before the router: a body failure of `mcpRequest` becomes
 * the transport's HTTP 400 with a JSON-RPC error instead of the problem+json 422 every other
 * operation answers, which an MCP client cannot read. Everything else — 413, 415, 429, the 403 of
 * the origin check, a 422 about query parameters — stays problem+json.
 */
export async function mcpBodyErrors(ctx: AppContext, next: Next): Promise<void> {
  try {
    await next();
  } catch (thrown) {
    const answer =
      ctx.state.operation?.operationId === 'mcpRequest' ? bodyFailure(thrown, ctx.request.body) : undefined;
    if (answer === undefined) throw thrown;
    ctx.status = 400;
    ctx.body = answer;
  }
}
