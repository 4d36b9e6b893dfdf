/**
 * The MCP endpoint without Elasticsearch: the SDK's own Client over the Streamable HTTP client
 * transport, whose fetch calls the endpoint in process. Schemas come from the OpenAPI document;
 * services are fakes that record what they were asked.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  NotFoundError,
  ReportNotAvailableError,
  UpstreamUnavailableError,
  ValidationFailedError,
} from '../../src/domain/errors.js';
import type { Job } from '../../src/domain/job.js';
import { createLogger } from '../../src/lib/logger.js';
import { loadDocument, listOperations, type JsonSchema } from '../../src/openapi/document.js';
import { createMcpEndpoint, type McpDeps } from '../../src/mcp/server.js';
import { enumOf } from '../../src/mcp/schemas.js';
import { bodyFailure } from '../../src/mcp/rpc-errors.js';
import type { JobFilters } from '../../src/search/job-query.js';
import type { CompanyProfile, DirectoryRequest } from '../../src/services/companies.js';

const document = loadDocument();

const JOB: Job = {
  job_key: 'gh-acme-1',
  title: 'Data Engineer',
  organization: 'Acme',
  url: 'https://boards.example.com/acme/1',
  status: 'open',
  first_seen: '2025-01-02T03:04:05.000Z',
  source: 'greenhouse',
  source_slug: 'acme',
  source_endpoint: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs',
  directory_verified_at: '2025-01-01T00:00:00.000Z',
  locations_derived: [{ city: 'Berlin', country: 'Germany', country_code: 'DE', lat: 52.5, lng: 13.4 }],
  description_text: 'A long description',
};

const COMPANY: CompanyProfile = {
  company_key: 'acme',
  name: 'Acme',
  domain: 'acme.com',
  resolved: true,
  boards: [{ source: 'greenhouse', source_slug: 'acme', health: 'ok', open_jobs: 3 }],
  open_jobs: 3,
  countries: ['DE'],
  derivations: { open_jobs: { source: 'observed', confidence: 1 } },
  office_network: { offices: [], countries: [], source: 'rules', confidence: 1 },
  open_positions: {
    count: 3,
    top_titles: [{ title: 'Data Engineer', open_jobs: 2 }],
    jobs_url: '/v1/companies/acme/jobs',
    source: 'observed',
    confidence: 1,
  },
};

const STATS = {
  generated_at: '2025-01-02T00:00:00.000Z',
  totals: { jobs_open: 42, jobs_closed: 7, companies: 3, boards: 4, sources: 2 },
  per_source: [{ source: 'greenhouse', jobs_open: 42, boards: 4 }],
  per_country: [{ country_code: 'DE', jobs_open: 40 }],
};

interface Calls {
  search: { filters: JobFilters; limit: number; evaluation: boolean; include_description: boolean }[];
  count: JobFilters[];
  directory?: (DirectoryRequest & { limit: number })[];
}

function fakeDeps(calls: Calls, failure?: Error): McpDeps {
  return {
    document,
    logger: createLogger('silent'),
    upgradeUrl: 'https://billing.test/upgrade',
    jobs: {
      search: (request) => {
        calls.search.push(request);
        if (failure !== undefined) return Promise.reject(failure);
        return Promise.resolve({ jobs: [JOB] });
      },
      get: (key) =>
        key === JOB.job_key ? Promise.resolve(JOB) : Promise.reject(new NotFoundError(`No job ${key}`)),
    },
    counts: {
      count: (filters) => {
        calls.count.push(filters);
        return Promise.resolve(42);
      },
      vocabularies: () =>
        Promise.resolve({
          open_jobs: 42,
          values: {
            countries: [{ value: 'DE', count: 40 }],
            sources: [{ value: 'greenhouse', count: 42 }],
            families: [{ value: 'engineering', count: 30 }],
            employment_types: [{ value: 'FULL_TIME', count: 41 }],
          },
        }),
    },
    active: {
      count: () =>
        Promise.resolve({
          count: 7,
          window: { gte: '2025-01-01T00:00:00.000Z', lt: '2025-01-02T00:00:00.000Z' },
        }),
    },
    companies: {
      directory: (request) => {
        (calls.directory ??= []).push(request);
        const { office_network: _offices, open_positions: _positions, ...entry } = COMPANY;
        return Promise.resolve({ companies: [entry], next_cursor: 'more' });
      },
      profile: (key) =>
        key === COMPANY.company_key
          ? Promise.resolve(COMPANY)
          : Promise.reject(new NotFoundError(`No company ${key}`)),
    },
    stats: { current: () => Promise.resolve(JSON.stringify(STATS)) },
    analytics: {
      stateOfHiring: (quarter) =>
        Promise.reject(new ReportNotAvailableError(`${quarter ?? '2024-Q4'} has not started`)),
    },
  };
}

async function connect(deps: McpDeps): Promise<Client> {
  const endpoint = createMcpEndpoint(deps);
  const inProcess = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const text = await request.text();
    return endpoint.handle(request, text === '' ? undefined : (JSON.parse(text) as unknown), 'req-1');
  };
  const client = new Client({ name: 'unit', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('http://mcp.test/mcp'), { fetch: inProcess }),
  );
  return client;
}

function text(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

describe('mcp: the keyless MCP server (in process, SDK client)', () => {
  let calls: Calls;
  let client: Client;

  beforeEach(async () => {
    calls = { search: [], count: [] };
    client = await connect(fakeDeps(calls));
  });
  afterEach(async () => {
    await client.close();
  });

  it('lists its tools with JSON Schemas that compile, output schemas, and read-only annotations', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.deep.equal([
      'search_jobs',
      'count_jobs',
      'get_job',
      'find_companies',
      'get_company',
      'job_market_stats',
      'state_of_hiring',
      'list_vocabularies',
    ]);
    const ajv = new Ajv2020({ strict: false });
    addFormatsModule.default(ajv);
    for (const tool of tools) {
      expect(tool.description, tool.name).to.be.a('string').and.not.equal('');
      expect(tool.outputSchema, tool.name).to.be.an('object');
      ajv.compile(tool.inputSchema);
      ajv.compile(tool.outputSchema as JsonSchema);
      expect(tool.annotations?.readOnlyHint, tool.name).to.equal(true);
    }
  });

  it('takes enums and bounds of the arguments from the REST parameters of the OpenAPI document', async () => {
    const { tools } = await client.listTools();
    const search = tools.find((tool) => tool.name === 'search_jobs');
    const properties = search?.inputSchema.properties as Record<string, JsonSchema>;
    const rest = listOperations(document).find((operation) => operation.operationId === 'searchJobs');
    for (const name of ['source', 'family', 'employment_type', 'experience_level', 'ai_work_arrangement']) {
      const parameter = rest?.parameters.find((candidate) => candidate.name === name);
      expect(enumOf(properties[name] ?? {}), name).to.deep.equal(enumOf(parameter?.schema ?? {}));
      expect(enumOf(properties[name] ?? {}), name).to.not.be.empty;
    }
    expect(properties.limit).to.include({ minimum: 1, maximum: 10 });
    expect(properties).to.not.have.any.keys('cursor', 'include_description', 'status');
  });

  it('search_jobs: evaluation search of open jobs, no descriptions, a total, and one line on what a key adds', async () => {
    const result = (await client.callTool({
      name: 'search_jobs',
      arguments: { q: 'data', country: ['DE'], limit: 3 },
    })) as CallToolResult;
    expect(result.isError).to.not.equal(true);
    const structured = result.structuredContent as { total: number; jobs: Job[]; paid_api: string };
    expect(structured.total).to.equal(42);
    expect(structured.jobs.map((job) => job.job_key)).to.deep.equal([JOB.job_key]);
    expect(structured.jobs[0]).to.not.have.property('description_text');
    expect(structured.paid_api).to.contain('https://billing.test/upgrade');
    expect(text(result)).to.contain('42 open jobs match').and.contain('Data Engineer — Acme');
    expect(calls.search).to.deep.equal([
      {
        filters: { q: 'data', country: ['DE'], status: 'open' },
        limit: 3,
        include_description: false,
        evaluation: true,
      },
    ]);
    expect(calls.count).to.deep.equal([{ q: 'data', country: ['DE'], status: 'open' }]);
  });

  it('answers invalid arguments with a tool error naming the argument and the allowed values', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ source: ['nope'] }, /source\[0\] must be one of: greenhouse, lever/],
      [{ family: 'engineering' }, /family must be an array/],
      [{ limit: 11 }, /limit must be <= 10/],
      [{ remote: 'yes' }, /remote must be one of: only, exclude/],
      [{ colour: 'blue' }, /unknown argument colour \(arguments: q, title/],
      [{ posted_since: 'yesterday' }, /posted_since must be an RFC 3339 date-time/],
    ];
    for (const [args, message] of cases) {
      const result = (await client.callTool({ name: 'search_jobs', arguments: args })) as CallToolResult;
      expect(result.isError, JSON.stringify(args)).to.equal(true);
      expect(text(result), JSON.stringify(args)).to.match(message);
    }
  });

  it('count_jobs: search scope by default, the active feed on request, and refuses arguments of the other scope', async () => {
    const search = (await client.callTool({
      name: 'count_jobs',
      arguments: { status: 'all' },
    })) as CallToolResult;
    expect(search.structuredContent).to.include({ scope: 'search', count: 42 });
    expect(calls.count).to.deep.equal([{ status: 'all' }]);
    const feed = (await client.callTool({
      name: 'count_jobs',
      arguments: { scope: 'active_feed', time_frame: '7d' },
    })) as CallToolResult;
    expect(feed.structuredContent).to.include({ scope: 'active_feed', count: 7 });
    const mixed = (await client.callTool({
      name: 'count_jobs',
      arguments: { scope: 'active_feed', q: 'data' },
    })) as CallToolResult;
    expect(mixed.isError).to.equal(true);
    expect(text(mixed)).to.match(/q cannot be used with scope "active_feed"/);
  });

  it('get_job: public fields without the description; an unknown key is a tool error', async () => {
    const found = (await client.callTool({
      name: 'get_job',
      arguments: { job_key: JOB.job_key },
    })) as CallToolResult;
    const structured = found.structuredContent as { job: Job; paid_api: string };
    expect(structured.job.job_key).to.equal(JOB.job_key);
    expect(structured.job).to.not.have.property('description_text');
    expect(structured.paid_api).to.contain('description');
    const missing = (await client.callTool({
      name: 'get_job',
      arguments: { job_key: 'nope' },
    })) as CallToolResult;
    expect(missing.isError).to.equal(true);
    expect(text(missing)).to.contain('No job nope');
    const none = (await client.callTool({ name: 'get_job', arguments: {} })) as CallToolResult;
    expect(text(none)).to.contain('missing required argument job_key');
  });

  it('list_vocabularies: accepted values from the document and the values in use', async () => {
    const result = (await client.callTool({ name: 'list_vocabularies', arguments: {} })) as CallToolResult;
    const structured = result.structuredContent as Record<string, { accepted: string[] }>;
    expect(structured.sources?.accepted).to.have.length(59);
    expect(structured.career_families?.accepted).to.include('engineering');
    expect(structured).to.have.property('countries_in_use');
  });

  it('an unknown tool is a JSON-RPC error -32602', async () => {
    const error = await client.callTool({ name: 'nope', arguments: {} }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).to.be.instanceOf(McpError);
    expect((error as McpError).code).to.equal(-32602);
  });

  it('serves the OpenAPI document and a guide as resources; an unknown resource is -32002', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).to.deep.equal([
      'jlds://openapi.json',
      'jlds://guide.md',
    ]);
    const read = await client.readResource({ uri: 'jlds://openapi.json' });
    const [content] = read.contents;
    expect(JSON.parse((content as { text: string }).text)).to.have.property('openapi');
    const error = await client.readResource({ uri: 'jlds://nope' }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect((error as McpError).code).to.equal(-32002);
  });

  it('hides internal failures: an upstream outage says retry, a bug says only the request id', async () => {
    for (const [failure, message] of [
      [new UpstreamUnavailableError(2), /temporarily unavailable; retry in 2 seconds/],
      [new Error('secret internal detail at db.ts:42'), /Internal error while running search_jobs.*req-1/],
    ] as const) {
      const failing = await connect(fakeDeps({ search: [], count: [] }, failure));
      const result = (await failing.callTool({ name: 'search_jobs', arguments: {} })) as CallToolResult;
      expect(result.isError).to.equal(true);
      expect(text(result)).to.match(message).and.not.contain('secret');
      await failing.close();
    }
  });
  it('find_companies: the first directory page for the filters, at most 10, and whether more match', async () => {
    const result = (await client.callTool({
      name: 'find_companies',
      arguments: { country: ['DE'], min_open_jobs: 2, limit: 5 },
    })) as CallToolResult;
    expect(result.isError, text(result)).to.not.equal(true);
    expect(result.structuredContent).to.include({ returned: 1, more: true });
    expect(text(result)).to.contain('Acme (acme.com) · 3 open jobs · DE').and.contain('GET /v1/companies');
    expect(calls.directory).to.deep.equal([
      { country: ['DE'], min_open_jobs: 2, include_unresolved: false, limit: 5 },
    ]);
    const tooMany = (await client.callTool({
      name: 'find_companies',
      arguments: { limit: 11, cursor: 'x' },
    })) as CallToolResult;
    expect(tooMany.isError).to.equal(true);
    expect(text(tooMany)).to.match(/unknown argument cursor .*; limit must be <= 10/);
  });

  it('get_company: the directory entry and open positions, the analytic sections withheld and named', async () => {
    const found = (await client.callTool({
      name: 'get_company',
      arguments: { company_key: 'acme' },
    })) as CallToolResult;
    const structured = found.structuredContent as { company: Record<string, unknown>; withheld: string[] };
    const { office_network: _withheld, ...publicPart } = COMPANY;
    expect(structured.company).to.deep.equal(publicPart);
    expect(structured.withheld).to.deep.equal(['office_network']);
    expect(text(found)).to.contain('top open titles: Data Engineer (2)');
    const missing = (await client.callTool({
      name: 'get_company',
      arguments: { company_key: 'nope' },
    })) as CallToolResult;
    expect(missing.isError).to.equal(true);
    expect(text(missing)).to.match(/^No company nope\. Use a company_key from find_companies/);
  });

  it('job_market_stats: the stored snapshot whole; state_of_hiring: a report not available is a tool error', async () => {
    const stats = (await client.callTool({ name: 'job_market_stats', arguments: {} })) as CallToolResult;
    expect((stats.structuredContent as { stats: unknown }).stats).to.deep.equal(STATS);
    expect(text(stats)).to.contain('42 open jobs, 7 closed').and.contain('time-to-fill');
    const future = (await client.callTool({
      name: 'state_of_hiring',
      arguments: { quarter: '2999-Q1' },
    })) as CallToolResult;
    expect(future.isError).to.equal(true);
    expect(text(future)).to.match(
      /^2999-Q1 has not started\. Reports start with the quarter of the first observation/,
    );
    const bad = (await client.callTool({
      name: 'state_of_hiring',
      arguments: { quarter: '2025-Q5' },
    })) as CallToolResult;
    expect(text(bad)).to.match(/Invalid arguments for state_of_hiring: quarter must match/);
  });

  it('answers initialize params that do not fit with -32602, and a batch with HTTP 400 and -32600', async () => {
    const endpoint = createMcpEndpoint(fakeDeps({ search: [], count: [] }));
    const post = (body: unknown): Promise<Response> =>
      endpoint.handle(
        new Request('http://mcp.test/mcp', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        }),
        body,
        'req-1',
      );
    const initialize = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: 20250618 },
    });
    expect(initialize.status).to.equal(200);
    expect(await initialize.json()).to.nested.include({ id: 1, 'error.code': -32602 });
    const batch = await post([{ jsonrpc: '2.0', id: 1, method: 'ping' }]);
    expect(batch.status).to.equal(400);
    expect(await batch.json()).to.nested.include({ id: null, 'error.code': -32600 });
  });

  it('maps what the route refuses about a /mcp body to JSON-RPC: not JSON -32700, a batch -32600, else nothing', () => {
    const syntax = Object.assign(new SyntaxError('Unexpected token'), { status: 400 });
    expect(bodyFailure(syntax, undefined)).to.nested.include({ 'error.code': -32700 });
    const notObject = new ValidationFailedError([{ loc: ['body'], msg: 'not an object', type: 'dict_type' }]);
    expect(bodyFailure(notObject, [{ jsonrpc: '2.0' }])).to.nested.include({ 'error.code': -32600 });
    const query = new ValidationFailedError([
      { loc: ['query', 'x'], msg: 'unknown', type: 'extra_forbidden' },
    ]);
    expect(bodyFailure(query, {})).to.equal(undefined);
    expect(bodyFailure(new NotFoundError('x'), {})).to.equal(undefined);
  });
});
