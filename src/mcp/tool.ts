/** What one MCP tool is: its listing (name, schemas, annotations) and how it runs. */
import type { JsonSchema } from '../openapi/document.js';

export interface ToolOutcome {
  /** `structuredContent`: an object matching the tool's output schema. */
  structured: Record<string, unknown>;
  /** The short text rendering for models that read `content` only. */
  text: string;
}

export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** What to do when what the call names does not exist (a 404 of the service), e.g. where keys come from. */
  notFoundHint?: string;
  /** Validates and runs; throws ToolInputError, typed domain errors, or anything (a bug). */
  call(args: unknown): Promise<ToolOutcome>;
}

/** Every tool reads public data and changes nothing. */
export const READ_ONLY = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
} as const;
