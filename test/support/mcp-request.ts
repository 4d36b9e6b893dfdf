import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';

/** A raw JSON-RPC POST to /mcp with the headers the Streamable HTTP transport requires. */
export function mcpPost(message: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
      ...headers,
    },
    body: typeof message === 'string' ? message : JSON.stringify(message),
  };
}
