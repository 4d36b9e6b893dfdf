/**
 * The keyless MCP server on the official SDK: its low-level `Server` (tools, resources) over the
 * web-standard Streamable HTTP transport, stateless and answering JSON (no session id, no SSE
 * stream), so any API process can answer any request and nothing outlives a request. The tools,
 * their schemas and the resources are built once; each HTTP request gets its own Server and
 * transport (a stateless transport serves one request).
 *
 * Protocol errors (JSON-RPC): an unknown tool, resource or method, and params that do not fit the
 * request's schema → -32602 / -32601. Everything a tool meets while running — its arguments
 * included (the 2025-11-25 revision makes input validation a tool execution error) — is a tool
 * result with `isError: true` (errors.ts).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import type { Logger } from '../lib/logger.js';
import type { OpenApiDocument } from '../openapi/document.js';
import { toolError } from './errors.js';
import { jobTools, type JobToolDeps } from './job-tools.js';
import { INSTRUCTIONS, resources, type McpResource } from './resources.js';
import { READ_ONLY, type McpTool } from './tool.js';
import { vocabularyTool, type VocabularyToolDeps } from './vocabulary-tool.js';

/** MCP's code for an unknown resource URI (specification, "Resources" › error handling). */
const RESOURCE_NOT_FOUND = -32002;

/*
 * The SDK parses a request with the schema its handler was registered with, and a request that
 * does not fit becomes -32603 (internal error). Registered with any `params`, the handlers check
 * the params themselves: what does not fit is -32602 (invalid params), as JSON-RPC says.
 */
const AnyParamsCallTool = CallToolRequestSchema.extend({ params: z.unknown() });
const AnyParamsReadResource = ReadResourceRequestSchema.extend({ params: z.unknown() });
const AnyParamsListTools = ListToolsRequestSchema.extend({ params: z.unknown().optional() });
const AnyParamsListResources = ListResourcesRequestSchema.extend({ params: z.unknown().optional() });
const AnyParamsListResourceTemplates = ListResourceTemplatesRequestSchema.extend({
  params: z.unknown().optional(),
});

function paramsOf<T extends z.ZodType>(schema: T, request: unknown): z.output<T> {
  const parsed = schema.safeParse(request);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new McpError(ErrorCode.InvalidParams, `Invalid params: ${issues.join('; ').slice(0, 500)}`);
  }
  return parsed.data;
}

export interface McpDeps extends Omit<JobToolDeps, 'counts'>, Omit<VocabularyToolDeps, 'counts'> {
  document: OpenApiDocument;
  counts: JobToolDeps['counts'] & VocabularyToolDeps['counts'];
  logger: Logger;
}

export interface McpEndpoint {
  /** One HTTP request of the Streamable HTTP transport, its JSON body already parsed. */
  handle(request: Request, body: unknown, requestId: string): Promise<Response>;
  tools: readonly McpTool[];
}

export function createMcpEndpoint(deps: McpDeps): McpEndpoint {
  const tools = [...jobTools(deps), vocabularyTool(deps)];
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const listing: Tool[] = tools.map((tool) => ({
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    outputSchema: tool.outputSchema as Tool['outputSchema'],
    annotations: { title: tool.title, ...READ_ONLY },
  }));
  const served = resources(deps.document, deps.upgradeUrl);
  const newServer = serverFactory(deps, byName, listing, served);

  return {
    tools,
    async handle(request, body, requestId) {
      const server = newServer(requestId);
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
      try {
        await server.connect(transport);
        return await transport.handleRequest(request, { parsedBody: body });
      } finally {
        await server.close();
      }
    },
  };
}

/** A Server with the tool and resource handlers, for one request (its id labels tool errors). */
function serverFactory(
  deps: McpDeps,
  byName: Map<string, McpTool>,
  listing: Tool[],
  served: McpResource[],
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- the low-level Server, see below
): (requestId: string) => Server {
  const info = {
    name: 'job-listings-data-service',
    title: 'Job postings (keyless)',
    version: deps.document.info.version,
  };
  // The SDK's low-level Server (it marks it "for advanced use"): the tool schemas are JSON Schema
  // taken from the OpenAPI document (McpServer wants zod), and McpServer answers an unknown tool
  // with a tool result where the specification's example is a -32602 protocol error.
  // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
  return (requestId: string): Server => {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- see above
    const server = new Server(info, {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions: INSTRUCTIONS,
    });
    server.setRequestHandler(AnyParamsListTools, (request) => {
      paramsOf(ListToolsRequestSchema, request);
      return { tools: listing };
    });
    server.setRequestHandler(AnyParamsCallTool, async (request) => {
      const { params } = paramsOf(CallToolRequestSchema, request);
      const tool = byName.get(params.name);
      if (tool === undefined) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `Unknown tool: ${params.name.slice(0, 100)}; tools: ${[...byName.keys()].join(', ')}`,
        );
      }
      return callTool(tool, params.arguments, requestId, deps.logger);
    });
    server.setRequestHandler(AnyParamsListResources, (request) => {
      paramsOf(ListResourcesRequestSchema, request);
      return { resources: served.map(({ text: _text, ...resource }) => resource) };
    });
    server.setRequestHandler(AnyParamsListResourceTemplates, (request) => {
      paramsOf(ListResourceTemplatesRequestSchema, request);
      return { resourceTemplates: [] };
    });
    server.setRequestHandler(AnyParamsReadResource, (request) => ({
      contents: [readResource(served, paramsOf(ReadResourceRequestSchema, request).params.uri)],
    }));
    return server;
  };
}

async function callTool(
  tool: McpTool,
  args: unknown,
  requestId: string,
  logger: Logger,
): Promise<CallToolResult> {
  try {
    const { structured, text } = await tool.call(args);
    return { content: [{ type: 'text', text }], structuredContent: structured };
  } catch (thrown) {
    return toolError(tool.name, thrown, requestId, logger);
  }
}

function readResource(served: McpResource[], uri: string): { uri: string; mimeType: string; text: string } {
  const resource = served.find((candidate) => candidate.uri === uri);
  if (resource === undefined) {
    throw new McpError(RESOURCE_NOT_FOUND, `Unknown resource: ${uri.slice(0, 200)}`, {
      uri: uri.slice(0, 200),
    });
  }
  return { uri: resource.uri, mimeType: resource.mimeType, text: resource.text };
}
