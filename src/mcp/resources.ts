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
  'Job postings fetched from company career sites (ATS boards), no key needed. Call list_vocabularies to learn the accepted filter values, search_jobs for up to 10 open jobs and the total that match, count_jobs to size a pull, get_job for one job by job_key, find_companies and get_company for the company directory, job_market_stats and state_of_hiring for market figures. Read jlds://guide.md for limits and what an API key adds.';

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
- \`find_companies\`: the company directory (\`GET /v1/companies\`, which needs a key) without
  one: the first page for the filters (\`source\`, \`country\`, \`min_open_jobs\`), at most 10
  directory entries in \`company_key\` order, and \`more\` when more match; no cursor, no
  catalog export. There is no name filter: to find a company by name, call \`search_jobs\` with
  \`company\` and read \`company_key\` from a job.
- \`get_company\`: one company by \`company_key\`: the directory entry (name, domain, boards,
  open jobs, countries, provenance) and the open-positions summary (count, top titles) of
  \`GET /v1/companies/{company_key}\`. The analytic sections (hiring velocity, office network,
  department and career-family rollups, work-mode distribution) need a key; \`withheld\` names
  those the company has.
- \`job_market_stats\`: \`GET /v1/stats\` whole (a snapshot refreshed every few minutes).
- \`state_of_hiring\`: \`GET /v1/analytics/state-of-hiring\` whole; \`quarter\` as \`YYYY-Qn\`,
  default the latest completed quarter, the running quarter partial.

Companies whose name is not resolved yet (named by their board, e.g. \`greenhouse/acme\`) are
hidden unless \`include_unresolved\` is true, as in the REST API.

Every result is in \`structuredContent\` (see each tool's output schema) and as short text.
A failed call is a tool result with \`isError: true\` whose text names the argument and the
allowed values; an unknown tool or params that do not fit the method are a JSON-RPC error
(-32602). One JSON-RPC message per POST: a batch (JSON array) is refused with HTTP 400 and
-32600, a body that is not JSON with HTTP 400 and -32700.

## Limits

No key, no account allowance. Requests to /mcp are rate limited per client address (its own
bucket, separate from the REST API's; see the \`mcpRequest\` operation of the OpenAPI document);
over the limit the HTTP answer is 429 with \`Retry-After\`.

## What an API key adds

The REST API (\`jlds://openapi.json\`): every match with cursor paging (up to 1000 per page),
full descriptions, closed jobs, the active, expired, modified and change feeds, bulk export and
dataset snapshots; the whole company directory (paged, or as an NDJSON catalog), full company
profiles and company jobs; time-to-fill and posting velocity. Get a key: ${upgradeUrl}
`;
}
