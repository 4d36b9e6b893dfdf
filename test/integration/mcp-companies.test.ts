/**
 * find_companies, get_company, job_market_stats and state_of_hiring over HTTP with the SDK's own
 * Client, against companies loaded through the ingest path (synthetic boards, one company each)
 * in a schema and index of their own: each result is what the REST API answers for the same
 * inputs (companies read with a production key), reduced to the keyless tier where that is
 * smaller; unresolved companies are hidden as in REST, and nothing is charged.
 */
import { expect } from 'chai';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AllowanceRepository } from '../../src/db/allowance.js';
import { quarterOf } from '../../src/domain/quarters.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { loadBoards } from '../../src/ingest/crawl/boards.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { systemClock } from '../../src/lib/clock.js';
import { syntheticBoardLines } from '../support/synthetic.js';
import { closeEnv, openEnv, testConfig, type TestEnv } from './env.js';
import { call, withKey, type Problem } from './http.js';
import { mcpClient } from './mcp-support.js';

interface Company {
  company_key: string;
  resolved: boolean;
  countries: string[];
  open_jobs: number;
}

const WITHHELD = [
  'hiring_velocity',
  'office_network',
  'department_rollups',
  'family_rollups',
  'work_mode_distribution',
];

function text(result: CallToolResult): string {
  const [first] = result.content;
  return first?.type === 'text' ? first.text : '';
}

function query(args: Record<string, unknown>): string {
  return new URLSearchParams(
    Object.entries(args).map(([name, value]): [string, string] => [
      name,
      Array.isArray(value) ? value.join(',') : String(value),
    ]),
  ).toString();
}

describe('mcp: company and report tools match the REST API', function () {
  this.timeout(180_000);
  let env: TestEnv;
  let client: Client;
  let key = '';
  let accountId = '';
  let unresolved = '';
  const rest = (path: string) => call(path, withKey(key), env.baseUrl);
  const tool = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  before(async () => {
    const base = testConfig();
    env = await openEnv(
      testConfig({
        PG_SCHEMA: `${base.postgres.schema}_mcpco`,
        ES_INDEX_PREFIX: `${base.postgres.schema}-mcpco`,
      }),
    );
    const deps = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 0);
    try {
      await loadBoards(deps, syntheticBoardLines({ seed: 33, jobs: 120, meanBoardSize: 5 }), 2);
    } finally {
      await deps.close();
    }
    const { runtime } = env;
    await catchUp(runtime.database.db, runtime.es, runtime.indices.alias, systemClock);
    await runtime.es.indices.refresh({ index: runtime.indices.alias });
    // One company whose display identity is not resolved: REST hides it unless asked.
    unresolved = (
      await env.runtime.database.db.one<{ company_key: string }>(
        'UPDATE companies SET resolved = false WHERE company_key = (SELECT min(company_key) FROM companies) RETURNING company_key',
      )
    ).company_key;
    ({ key, accountId } = await env.services.accounts.createActiveAccount({
      email: 'mcp-companies@example.com',
      plan: 'starter',
      isService: false,
    }));
    client = await mcpClient(env.baseUrl);
  });

  after(async () => {
    await client.close();
    await closeEnv(env);
  });

  it('lists the four tools, read-only, with output schemas', async () => {
    const { tools } = await client.listTools();
    const names = ['find_companies', 'get_company', 'job_market_stats', 'state_of_hiring'];
    for (const name of names) {
      const listed = tools.find((candidate) => candidate.name === name);
      expect(listed, name).to.not.equal(undefined);
      expect(listed?.outputSchema, name).to.be.an('object');
      expect(listed?.annotations?.readOnlyHint, name).to.equal(true);
    }
  });

  it('find_companies: the first page of GET /v1/companies for the same filters, unresolved hidden unless asked', async () => {
    const all = (await rest('/v1/companies?include_unresolved=true&limit=1000')).body as { data: Company[] };
    expect(all.data.length).to.be.greaterThan(10);
    const country = all.data.find((company) => company.countries.length > 0)?.countries[0] ?? 'US';
    const filterSets: Record<string, unknown>[] = [
      {},
      { country: [country] },
      { source: ['greenhouse', 'lever'] },
      { min_open_jobs: 6, limit: 4 },
      { include_unresolved: true, limit: 3 },
    ];
    for (const args of filterSets) {
      const label = JSON.stringify(args);
      const result = await tool('find_companies', args);
      expect(result.isError, `${label}: ${text(result)}`).to.not.equal(true);
      const limit = typeof args.limit === 'number' ? args.limit : 10;
      const page = await rest(`/v1/companies?${query({ ...args, limit })}`);
      expect(page.status, label).to.equal(200);
      const body = page.body as { data: Company[]; next_cursor?: string };
      expect(result.structuredContent, label).to.deep.equal({
        companies: body.data,
        returned: body.data.length,
        more: body.next_cursor !== undefined,
        paid_api: (result.structuredContent as { paid_api: string }).paid_api,
      });
      const keys = body.data.map((company) => company.company_key);
      expect(keys.includes(unresolved), label).to.equal(args.include_unresolved === true);
      expect(text(result), label).to.contain(`${String(keys.length)} companies`);
    }
  });

  it('get_company: GET /v1/companies/{company_key} without the analytic sections, which it names', async () => {
    const page = (await rest('/v1/companies?limit=3')).body as { data: Company[] };
    for (const { company_key: companyKey } of page.data) {
      const result = await tool('get_company', { company_key: companyKey });
      const profile = (await rest(`/v1/companies/${companyKey}`)).body as Record<string, unknown>;
      const structured = result.structuredContent as {
        company: Record<string, unknown>;
        withheld: string[];
        paid_api: string;
      };
      const withheld = WITHHELD.filter((section) => section in profile);
      expect(withheld, companyKey).to.include('hiring_velocity');
      expect(structured.withheld).to.deep.equal(withheld);
      expect(structured.company).to.deep.equal(
        Object.fromEntries(Object.entries(profile).filter(([name]) => !WITHHELD.includes(name))),
      );
      expect(structured.paid_api).to.contain(`GET /v1/companies/${companyKey}`);
    }
    const hidden = await tool('get_company', { company_key: unresolved });
    expect(hidden.isError).to.equal(true);
    expect(text(hidden)).to.match(/^No company .*include_unresolved: true/);
    expect((await rest(`/v1/companies/${unresolved}`)).status).to.equal(404);
    const shown = await tool('get_company', { company_key: unresolved, include_unresolved: true });
    expect((shown.structuredContent as { company: Company }).company).to.include({
      company_key: unresolved,
      resolved: false,
    });
    expect(text(await tool('get_company', { company_key: 'no-such-company' }))).to.match(/^No company/);
  });

  it('finds a company by name as the tools describe it: search_jobs with company, then its company_key', async () => {
    const listed = await tool('find_companies', { min_open_jobs: 1, limit: 1 });
    const [company] = (listed.structuredContent as { companies: (Company & { name: string })[] }).companies;
    expect(company).to.not.equal(undefined);
    const found = await tool('search_jobs', { company: company?.name ?? '' });
    const jobs = (found.structuredContent as { jobs: { company_key?: string }[] }).jobs;
    expect(jobs.map((job) => job.company_key)).to.include(company?.company_key);
    const profile = await tool('get_company', { company_key: company?.company_key ?? '' });
    expect(profile.isError, text(profile)).to.not.equal(true);
  });

  it('job_market_stats: the body of GET /v1/stats', async () => {
    const stats = await call('/v1/stats', {}, env.baseUrl);
    expect(stats.status).to.equal(200);
    const result = await tool('job_market_stats', {});
    expect((result.structuredContent as { stats: unknown }).stats).to.deep.equal(stats.body);
    expect(text(result)).to.contain(
      `${String((stats.body as { totals: { jobs_open: number } }).totals.jobs_open)} open jobs`,
    );
  });

  it('state_of_hiring: the body of GET /v1/analytics/state-of-hiring, or its refusal as a tool error', async () => {
    const current = quarterOf(new Date()).id;
    const report = await call(`/v1/analytics/state-of-hiring?quarter=${current}`, {}, env.baseUrl);
    expect(report.status).to.equal(200);
    const result = await tool('state_of_hiring', { quarter: current });
    expect((result.structuredContent as { report: unknown }).report).to.deep.equal(report.body);
    expect(text(result)).to.contain(`State of hiring ${current} (partial`);
    // The latest completed quarter ended before this corpus was first observed.
    const latest = await call('/v1/analytics/state-of-hiring', {}, env.baseUrl);
    expect(latest.status).to.equal(404);
    const refused = await tool('state_of_hiring', {});
    expect(refused.isError).to.equal(true);
    expect(text(refused)).to.contain(String((latest.body as Problem).detail));
  });

  it('invalid arguments are tool errors naming the argument', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['find_companies', { limit: 0 }, /limit must be >= 1/],
      ['find_companies', { source: ['nope'] }, /source\[0\] must be one of: greenhouse/],
      ['find_companies', { country: 'DE' }, /country must be an array/],
      ['find_companies', { cursor: 'abc' }, /unknown argument cursor/],
      ['get_company', {}, /missing required argument company_key/],
      ['get_company', { company_key: '' }, /company_key must NOT have fewer than 1 characters/],
      ['job_market_stats', { country: ['DE'] }, /unknown argument country/],
      ['state_of_hiring', { quarter: 2026 }, /quarter must be a string/],
      ['state_of_hiring', { quarter: '2026-Q5' }, /quarter must match/],
    ];
    for (const [name, args, message] of cases) {
      const result = await tool(name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)}`).to.equal(true);
      expect(text(result), `${name} ${JSON.stringify(args)}`).to.match(message);
    }
  });

  it('consumes no allowance, with or without a key sent along', async () => {
    const allowance = new AllowanceRepository(env.runtime.database.db);
    const before = (await allowance.currentPeriod(accountId)).used;
    const keyed = await mcpClient(env.baseUrl, { 'X-API-Key': key });
    for (const [name, args] of [
      ['find_companies', {}],
      ['get_company', { company_key: unresolved, include_unresolved: true }],
      ['job_market_stats', {}],
      ['state_of_hiring', { quarter: quarterOf(new Date()).id }],
    ] as const) {
      const result = (await keyed.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, name).to.not.equal(true);
    }
    await keyed.close();
    expect((await allowance.currentPeriod(accountId)).used).to.equal(before);
  });
});
