/** The server's resources: the OpenAPI document and a short usage guide for agents. */
import type { OpenApiDocument } from '../openapi/document.js';

export interface McpResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text: string;
}

export function resources(document: OpenApiDocument, upgradeUrl: string): McpResource[] {
  return [
    {
      uri: 'jlds://openapi.json',
      name: 'openapi',
      title: 'OpenAPI document of the REST API',
      description: 'The contract of the paid REST API (also served at GET /openapi.json).',
      mimeType: 'application/json',
      text: JSON.stringify(document),
    },
    {
      uri: 'jlds://guide.md',
      name: 'guide',
      title: 'Usage guide for agents',
      description: 'What the tools do, their limits, and what an API key adds.',
      mimeType: 'text/markdown',
      text: guide(upgradeUrl),
    },
  ];
}

/** Also the server's `instructions` at initialization (first paragraph). */
export const INSTRUCTIONS =
  'Job postings fetched from company career sites (ATS boards), no key needed. Call list_vocabularies to learn the accepted filter values, search_jobs for up to 10 open jobs and the total that match, count_jobs to size a pull, get_job for one job by job_key. Read jlds://guide.md for limits and what an API key adds.';

function guide(upgradeUrl: string): string {
  return `# Job postings over MCP

${INSTRUCTIONS}

## Tools

- \`list_vocabularies\`: accepted values of the enum filters, and the countries, sources, career
  families and employment types that open jobs use now (with counts).
- \`search_jobs\`: filters as \`GET /v1/jobs/search\` (lists instead of comma-separated strings);
  up to 10 open jobs (newest first; most relevant first with \`q\` or \`company\`), without
  descriptions, plus \`total\`, the number of open jobs that match.
- \`count_jobs\`: free counts. Scope \`search\` (default): what a search with the filters returns
  (\`status\` open, closed or all). Scope \`active_feed\`: jobs first seen in a window
  (\`time_frame\` or \`first_seen_gte\`), as \`GET /v1/feed/active\` delivers them.
- \`get_job\`: one job by \`job_key\`, public fields (no description).

Every result is in \`structuredContent\` (see each tool's output schema) and as short text.
A failed call is a tool result with \`isError: true\` whose text names the argument and the
allowed values; an unknown tool or malformed request is a JSON-RPC error (-32602).

## Limits

No key, no account allowance. Requests to /mcp are rate limited per client address (its own
bucket, separate from the REST API's; see the \`mcpRequest\` operation of the OpenAPI document);
over the limit the HTTP answer is 429 with \`Retry-After\`.

## What an API key adds

The REST API (\`jlds://openapi.json\`): every match with cursor paging (up to 1000 per page),
full descriptions, closed jobs, the active, expired, modified and change feeds, bulk export and
dataset snapshots. Get a key: ${upgradeUrl}
`;
}
