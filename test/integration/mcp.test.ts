/**
 * The keyless MCP server at /mcp, driven by the SDK's own Client over HTTP
 * (StreamableHTTPClientTransport), against real Elasticsearch and Postgres: the same jobs and
 * counts as the REST API for the same filters, no allowance consumed, and a rate limit of its own.
 */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AllowanceRepository } from '../../src/db/allowance.js';
import type { Job } from '../../src/domain/job.js';
import type { IndexNames } from '../../src/search/indices.js';
import { createServices, openRuntime, type Runtime } from '../../src/runtime.js';
import { serve, testConfig, testEnv } from './env.js';
import { call, type Problem } from './http.js';
import { createTempIndex, dropIndexFamily } from './indices.js';
import { COUNTRIES, indexMcpCorpus, mcpClient, serveMcpOver } from './mcp-support.js';
import { mcpPost } from '../support/mcp-request.js';

function text(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

/** The REST query string of tool arguments (lists as csv). */
function query(args: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(args).map(([name, value]): [string, string] => [
      name,
      Array.isArray(value) ? value.join(',') : String(value),
    ]),
  ).toString();
}

const FILTER_SETS: Record<string, unknown>[] = [
  {},
  { q: 'data' },
  { title: 'engineer&!senior|analyst' },
  { country: ['DE', 'FR'], remote: 'exclude' },
  { source: ['lever'], family: ['engineering', 'go_to_market'] },
  { employment_type: ['FULL_TIME'], remote: 'only', posted_since: '2026-01-10T00:00:00Z' },
  { company: 'initech', city: 'Berlin' },
];

describe('mcp: the keyless MCP server over HTTP (SDK client)', function () {
  this.timeout(120_000);
  let names: IndexNames;
  let baseUrl = '';
  let key = '';
  let accountId = '';
  let client: Client;

  /** Every job a keyed REST search with these filters returns, walking all pages. */
  async function walk(args: Record<string, unknown>): Promise<string[]> {
    const keys: string[] = [];
    let cursor: string | undefined;
    do {
      const suffix = cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`;
      const response = await call(
        `/v1/jobs/search?${query(args)}&limit=1000${suffix}`,
        { headers: { 'X-API-Key': key } },
        baseUrl,
      );
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const page = response.body as { data: Job[]; next_cursor?: string };
      keys.push(...page.data.map((job) => job.job_key));
      cursor = page.next_cursor;
    } while (cursor !== undefined);
    return keys;
  }

  before(async () => {
    const env = testEnv();
    names = await createTempIndex('mcp');
    await indexMcpCorpus(names.alias);
    baseUrl = await serveMcpOver(names.alias);
    ({ key, accountId } = await env.services.accounts.createActiveAccount({
      email: 'mcp@example.com',
      plan: 'scale',
      isService: false,
    }));
    client = await mcpClient(baseUrl);
  });

  after(async () => {
    await client.close();
    await dropIndexFamily(testEnv().runtime.es, names);
  });

  it('initializes on the latest protocol revision, stateless, and lists every tool with an output schema', async () => {
    expect(client.getServerVersion()).to.include({ name: 'job-listings-data-service' });
    expect(client.getServerCapabilities()).to.have.keys('tools', 'resources');
    const transport = (client as unknown as { _transport: StreamableHTTPClientTransport })._transport;
    expect(transport.sessionId).to.equal(undefined);
    expect(transport.protocolVersion).to.equal(LATEST_PROTOCOL_VERSION);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).to.have.members([
      'search_jobs',
      'count_jobs',
      'get_job',
      'find_companies',
      'get_company',
      'job_market_stats',
      'state_of_hiring',
      'list_vocabularies',
    ]);
    for (const tool of tools) expect(tool.outputSchema, tool.name).to.be.an('object');
  });

  it('search_jobs returns the jobs of the keyless REST search and the count of a full keyed walk', async () => {
    const totals: number[] = [];
    for (const args of FILTER_SETS) {
      const label = JSON.stringify(args);
      const result = (await client.callTool({ name: 'search_jobs', arguments: args })) as CallToolResult;
      expect(result.isError, `${label}: ${text(result)}`).to.not.equal(true);
      const structured = result.structuredContent as { total: number; returned: number; jobs: Job[] };
      const rest = await call(`/v1/jobs/search?${query(args)}&limit=10`, {}, baseUrl);
      expect(rest.status, label).to.equal(200);
      // Same jobs, same order, same members (the keyless search never carries descriptions).
      expect(structured.jobs, label).to.deep.equal((rest.body as { data: Job[] }).data);
      expect(structured.total, label).to.equal((await walk({ ...args, status: 'open' })).length);
      expect(structured.returned, label).to.equal(Math.min(10, structured.total));
      expect(text(result), label).to.contain(`${String(structured.total)} open jobs match`);
      totals.push(structured.total);
    }
    // The filter sets cut the corpus in different ways: samples of 10 of more, fewer, and none.
    expect(totals.some((total) => total > 10)).to.equal(true);
    expect(totals.some((total) => total > 0 && total < 10)).to.equal(true);
  });

  it('search_jobs matches GET /v1/jobs/preview for the preview filters and a smaller limit', async () => {
    const args = { country: ['US'], employment_type: ['PART_TIME', 'CONTRACTOR'], limit: 4 };
    const result = (await client.callTool({ name: 'search_jobs', arguments: args })) as CallToolResult;
    const preview = await call(`/v1/jobs/preview?${query(args)}`, {}, baseUrl);
    expect((result.structuredContent as { jobs: Job[] }).jobs).to.deep.equal(
      (preview.body as { data: Job[] }).data,
    );
  });

  it('count_jobs counts what a search walks (any status) and what GET /v1/feed/active/count counts', async () => {
    for (const args of [
      { status: 'all' },
      { status: 'closed', country: ['DE'] },
      { q: 'data', remote: 'only' },
    ]) {
      const result = (await client.callTool({ name: 'count_jobs', arguments: args })) as CallToolResult;
      expect(result.structuredContent, JSON.stringify(args)).to.include({
        scope: 'search',
        count: (await walk(args)).length,
      });
    }
    for (const args of [
      { time_frame: '31d' },
      { first_seen_gte: '2026-01-01T00:00:00Z', source: ['ashby'] },
    ]) {
      const result = (await client.callTool({
        name: 'count_jobs',
        arguments: { scope: 'active_feed', ...args },
      })) as CallToolResult;
      const rest = await call(
        `/v1/feed/active/count?${query(args)}`,
        { headers: { 'X-API-Key': key } },
        baseUrl,
      );
      expect(rest.status).to.equal(200);
      const counted = rest.body as { count: number; first_seen_gte: string };
      // Without a fixed first_seen_gte the window ends now: its bounds move between two requests.
      const compared = 'first_seen_gte' in args ? counted : { count: counted.count };
      expect(result.structuredContent).to.deep.include({ scope: 'active_feed', ...compared });
    }
  });

  it('get_job: the public fields of GET /v1/jobs/{job_key}, never its description', async () => {
    const result = (await client.callTool({
      name: 'get_job',
      arguments: { job_key: 'mcp_0007' },
    })) as CallToolResult;
    const rest = await call('/v1/jobs/mcp_0007', { headers: { 'X-API-Key': key } }, baseUrl);
    const { description_text: description, ...publicFields } = rest.body as Job;
    expect(description).to.be.a('string');
    expect((result.structuredContent as { job: Job }).job).to.deep.equal(publicFields);
    const missing = (await client.callTool({
      name: 'get_job',
      arguments: { job_key: 'mcp_nope' },
    })) as CallToolResult;
    expect(missing.isError).to.equal(true);
    expect(text(missing)).to.contain('No job mcp_nope');
  });

  it('list_vocabularies: the values in use, counted as search_jobs counts them', async () => {
    const result = (await client.callTool({ name: 'list_vocabularies', arguments: {} })) as CallToolResult;
    const structured = result.structuredContent as {
      open_jobs: number;
      countries_in_use: { value: string; count: number }[];
      sources: { accepted: string[]; in_use: { value: string; count: number }[] };
    };
    const all = (await client.callTool({ name: 'search_jobs', arguments: {} })) as CallToolResult;
    expect(structured.open_jobs).to.equal((all.structuredContent as { total: number }).total);
    expect(structured.countries_in_use.map((entry) => entry.value)).to.have.members(COUNTRIES);
    for (const { value, count } of structured.sources.in_use) {
      const one = (await client.callTool({
        name: 'search_jobs',
        arguments: { source: [value] },
      })) as CallToolResult;
      expect((one.structuredContent as { total: number }).total, value).to.equal(count);
    }
  });

  it('invalid arguments are tool errors naming the argument; an unknown tool and malformed params are -32602', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['search_jobs', { title: 'engineer&&data' }, /Invalid arguments for search_jobs: title: .*position/],
      ['search_jobs', { country: ['de'] }, /country\[0\] must match/],
      ['search_jobs', { family: ['cooking'] }, /family\[0\] must be one of: engineering, data_ai_analytics/],
      [
        'count_jobs',
        { scope: 'active_feed', time_frame: '2d' },
        /time_frame must be one of: 1h, 6h, 24h, 7d, 31d/,
      ],
      ['get_job', { job_key: 42 }, /job_key must be a string/],
    ];
    for (const [name, args, message] of cases) {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name} ${JSON.stringify(args)}`).to.equal(true);
      expect(text(result)).to.match(message);
    }
    const unknown = await client
      .callTool({ name: 'delete_jobs', arguments: {} })
      .catch((error: unknown) => error);
    expect((unknown as McpError).code).to.equal(-32602);
    const raw = await call(
      '/mcp',
      mcpPost({
        jsonrpc: '2.0',
        id: 9,
        method: 'tools/call',
        params: { name: 'search_jobs', arguments: 'q=data' },
      }),
      baseUrl,
    );
    expect(raw.status).to.equal(200);
    expect((raw.body as { error: { code: number } }).error.code).to.equal(-32602);
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list']) {
      const listed = await call(
        '/mcp',
        mcpPost({ jsonrpc: '2.0', id: 10, method, params: { cursor: 5 } }),
        baseUrl,
      );
      expect(listed.status, method).to.equal(200);
      expect((listed.body as { error: { code: number } }).error.code, method).to.equal(-32602);
    }
  });

  it('refuses a foreign browser Origin (DNS rebinding) with 403 origin_forbidden, and admits a loopback one', async () => {
    const initialize = (origin: string): RequestInit =>
      mcpPost(
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: LATEST_PROTOCOL_VERSION,
            capabilities: {},
            clientInfo: { name: 'origin-check', version: '1' },
          },
        },
        { origin },
      );
    const refused = await call('/mcp', initialize('http://evil.example.com'), baseUrl);
    expect(refused.status).to.equal(403);
    expect(refused.body).to.include({ code: 'origin_forbidden' });
    expect((await call('/mcp', initialize('null'), baseUrl)).status).to.equal(403);
    const local = await call('/mcp', initialize('http://127.0.0.1:5173'), baseUrl);
    expect(local.status, JSON.stringify(local.body)).to.equal(200);
  });

  it('consumes no allowance: a key sent along is ignored', async () => {
    const allowance = new AllowanceRepository(testEnv().runtime.database.db);
    const before = (await allowance.currentPeriod(accountId)).used;
    const keyed = await mcpClient(baseUrl, { 'X-API-Key': key });
    await keyed.callTool({ name: 'search_jobs', arguments: {} });
    await keyed.callTool({ name: 'get_job', arguments: { job_key: 'mcp_0001' } });
    await keyed.close();
    expect((await allowance.currentPeriod(accountId)).used).to.equal(before);
  });
});

describe('mcp: its own rate limit per client address, apart from the REST buckets', function () {
  this.timeout(120_000);
  let runtime: Runtime;
  let baseUrl = '';

  before(async () => {
    // One app with the published limits (multiplier 1) behind one trusted proxy.
    const shared = testEnv().config;
    const config = testConfig({
      ES_INDEX_PREFIX: shared.elasticsearch.indexPrefix,
      PG_SCHEMA: shared.postgres.schema,
      RATE_LIMIT_MULTIPLIER: '1',
    });
    runtime = openRuntime({ ...config, secrets: shared.secrets });
    baseUrl = await serve(createServices(runtime), testEnv().document, { trustedProxyHops: 1 });
  });

  after(async () => {
    await runtime.close();
  });

  const ping = (address: string) =>
    call(
      '/mcp',
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-forwarded-for': address,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      },
      baseUrl,
    );

  it('admits 120 requests a minute per address, then answers 429 with Retry-After; REST counters stay untouched', async () => {
    for (let attempt = 0; ; attempt += 1) {
      const address = `198.51.100.${String(1 + Math.floor(Math.random() * 250))}`;
      const minute = Math.floor(Date.now() / 60_000);
      const responses = [];
      for (let batch = 0; batch < 6; batch += 1) {
        responses.push(...(await Promise.all(Array.from({ length: 21 }, () => ping(address)))));
      }
      if (Math.floor(Date.now() / 60_000) !== minute && attempt < 3) continue;
      const ok = responses.filter((response) => response.status === 200);
      const limited = responses.filter((response) => response.status === 429);
      expect(ok).to.have.length(120);
      expect(limited).to.have.length(6);
      expect(ok[0]?.headers.get('x-ratelimit-limit')).to.equal('120');
      expect((limited[0]?.body as Problem).code).to.equal('rate_limited');
      expect(Number(limited[0]?.headers.get('retry-after'))).to.be.within(1, 60);
      // The SDK client sees a clear HTTP 429.
      const refused = await mcpClient(baseUrl, { 'x-forwarded-for': address }).catch(
        (error: unknown) => error,
      );
      expect(String(refused)).to.match(/429/);
      // The REST buckets of the same address are untouched.
      const preview = await call('/v1/jobs/preview', { headers: { 'x-forwarded-for': address } }, baseUrl);
      expect(preview.status).to.equal(200);
      expect(preview.headers.get('x-ratelimit-remaining')).to.equal('29');
      // Another address has its own counter.
      const other = await ping(`203.0.113.${String(1 + Math.floor(Math.random() * 250))}`);
      expect(other.status).to.equal(200);
      return;
    }
  });
});
