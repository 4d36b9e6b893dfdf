/**
 * Tool failures as MCP tool errors (`isError: true`) with a message a model can act on. Typed
 * errors are classified by the same mapper as the REST API (http/problem.ts `toApiError`); a 5xx
 * never carries an internal message or stack, only what to do and the request id.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ValidationFailedError } from '../domain/errors.js';
import type { Logger } from '../lib/logger.js';
import { toApiError } from '../http/problem.js';
import { ToolInputError } from './arguments.js';
import type { McpTool } from './tool.js';

type FailedTool = Pick<McpTool, 'name' | 'notFoundHint'>;

export function toolError(
  tool: FailedTool,
  thrown: unknown,
  requestId: string,
  logger: Logger,
): CallToolResult {
  return {
    content: [{ type: 'text', text: toolErrorText(tool, thrown, requestId, logger) }],
    isError: true,
  };
}

function toolErrorText(tool: FailedTool, thrown: unknown, requestId: string, logger: Logger): string {
  const toolName = tool.name;
  if (thrown instanceof ToolInputError) return thrown.message;
  const error = toApiError(thrown);
  if (error instanceof ValidationFailedError) {
    // Issues of the shared builders name REST locations (["query", "title"]): the argument is the last.
    const issues = error.issues.map((issue) => `${String(issue.loc[issue.loc.length - 1])}: ${issue.msg}`);
    return `Invalid arguments for ${toolName}: ${issues.join('; ')}.`;
  }
  // 404s (an unknown key, a report not available) say where valid values come from.
  if (error?.status === 404 && tool.notFoundHint !== undefined)
    return `${error.message}. ${tool.notFoundHint}`;
  if (error !== undefined && error.status < 500) return error.message;
  if (error !== undefined) {
    logger.warn({ err: thrown, request_id: requestId, tool: toolName }, 'mcp tool: upstream failure');
    const retry = error.headers['Retry-After'] ?? '5';
    return `The job index is temporarily unavailable; retry in ${retry} seconds (request id ${requestId}).`;
  }
  logger.error({ err: thrown, request_id: requestId, tool: toolName }, 'mcp tool: unhandled error');
  return `Internal error while running ${toolName}; retry later, or report request id ${requestId}.`;
}
