/**
 * The keyless MCP server on the official SDK: its low-level `Server` (tools, resources) over the
 * web-standard Streamable HTTP transport, stateless and answering JSON (no session id, no SSE
 * stream), so any API process can answer any request and nothing outlives a request. The tools,
 * their schemas and the resources are built once; each HTTP request gets its own Server and
 * transport (a stateless transport serves one request).
 *
 * Protocol errors (JSON-RPC): an unknown tool, resource or method, and params that do not fit the
 * request's schema (initialize's included) → -32602 / -32601; a body that is not one message
 * object (a batch) → HTTP 400 with -32600 (rpc-errors.ts). Everything a tool meets while running —
 * its arguments included (the 2025-11-25 revision makes input validation a tool execution error) —
 * is a tool result with `isError: true` (errors.ts).
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  LATEST_PROTOCOL_VERSION,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  SUPPORTED_PROTOCOL_VERSIONS,
  type CallToolResult,
  type InitializeResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/v4';
import type { Logger } from '../lib/logger.js';
import type { OpenApiDocument } from '../openapi/document.js';
import { companyTools, type CompanyToolDeps } from './company-tools.js';
import { toolError } from './errors.js';
import { jobTools, type JobToolDeps } from './job-tools.js';
import { reportTools, type ReportToolDeps } from './report-tools.js';
import { INSTRUCTIONS, resources, type McpResource } from './resources.js';
import { refusedBody } from './rpc-errors.js';
import { READ_ONLY, type McpTool } from './tool.js';
import { vocabularyTool, type VocabularyToolDeps } from './vocabulary-tool.js';

/** Tools and resources, fixed for the life of the process; no logging, prompts or completions. */
const CAPABILITIES = { tools: { listChanged: false }, resources: { listChanged: false } };

/** MCP's code for an unknown resource URI (specification, "Resources" › error handling). */
const RESOURCE_NOT_FOUND = -32002;

/*
 * The SDK parses a request with the schema its handler was registered with, and a request that
 * does not fit becomes -32603 (internal error). Registered with any `params`, the handlers check
 * the params themselves: what does not fit is -32602 (invalid params), as JSON-RPC says.
 */
const AnyParamsInitialize = InitializeRequestSchema.extend({ params: z.unknown() });
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
  /*
   * Optional while src/app.ts does not pass them yet: without them find_companies, get_company,
   * job_market_stats and state_of_hiring are not listed. Make them required once it does.
   */
  companies: CompanyToolDeps['companies'];
  stats: ReportToolDeps['stats'];
  analytics: ReportToolDeps['analytics'];
}

export interface McpEndpoint {
  /** One HTTP request of the Streamable HTTP transport, its JSON body already parsed. */
  handle(request: Request, body: unknown, requestId: string): Promise<Response>;
  tools: readonly McpTool[];
}

export function createMcpEndpoint(deps: McpDeps): McpEndpoint {
  const tools = [...jobTools(deps), ...companyTools(deps), ...reportTools(deps), vocabularyTool(deps)];
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
      const refused = refusedBody(body);
      if (refused !== undefined) return Response.json(refused, { status: 400 });
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
      capabilities: CAPABILITIES,
      instructions: INSTRUCTIONS,
    });
    server.setRequestHandler(AnyParamsInitialize, (request) => initializeResult(info, request));
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

/**
 * `initialize` as the SDK's own handler answers it — the revision the client asks for when the SDK
 * supports it, else the latest — except that params which do not fit InitializeRequest are -32602
 * (invalid params): the SDK's handler parses them with its schema, and a mismatch would be -32603.
 */
function initializeResult(info: InitializeResult['serverInfo'], request: unknown): InitializeResult {
  const { params } = paramsOf(InitializeRequestSchema, request);
  const asked = params.protocolVersion;
  return {
    protocolVersion: SUPPORTED_PROTOCOL_VERSIONS.includes(asked) ? asked : LATEST_PROTOCOL_VERSION,
    capabilities: CAPABILITIES,
    serverInfo: info,
    instructions: INSTRUCTIONS,
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
    return toolError(tool, thrown, requestId, logger);
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
