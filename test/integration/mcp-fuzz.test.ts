/**
 * Seeded fuzz of MCP tool calls (test/support/random.ts): random tools, random argument names and
 * values, malformed `arguments`. Never a crash or 5xx; every call answers 200 with a tool result
 * (structured on success, `isError` with text on failure) or a JSON-RPC -32602 error; a body the
 * JSON parser refuses (a `__proto__` key) answers HTTP 400 with -32700.
 */
import { expect } from 'chai';
import type { IndexNames } from '../../src/search/indices.js';
import { seededRandom } from '../support/random.js';
import { testEnv } from './env.js';
import { call } from './http.js';
import { createTempIndex, dropIndexFamily } from './indices.js';
import { indexMcpCorpus, serveMcpOver } from './mcp-support.js';
import { mcpPost } from '../support/mcp-request.js';

const SEED = 20260101;
const CALLS = 400;
const TOOLS = [
  'search_jobs',
  'count_jobs',
  'get_job',
  'find_companies',
  'get_company',
  'job_market_stats',
  'state_of_hiring',
  'list_vocabularies',
  'nope',
  '',
];
const NAMES = [
  'q',
  'title',
  'family',
  'country',
  'city',
  'source',
  'company',
  'company_domain',
  'remote',
  'ai_work_arrangement',
  'employment_type',
  'experience_level',
  'skill_cluster',
  'language',
  'has_salary',
  'salary_min_gte',
  'salary_max_lte',
  'salary_currency',
  'salary_period',
  'security_clearance',
  'visa_sponsorship',
  'posted_since',
  'posted_before',
  'exclude_duplicates',
  'limit',
  'status',
  'scope',
  'time_frame',
  'first_seen_gte',
  'exclude_source',
  'domain',
  'organization',
  'job_key',
  'include_unresolved',
  'min_open_jobs',
  'company_key',
  'quarter',
  'cursor',
  '__proto__',
  'constructor',
  '',
];
const STRINGS = [
  'data',
  'engineer&!manager|data scientist',
  '&&',
  '!',
  '|a',
  'a'.repeat(600),
  'DE',
  'de',
  'greenhouse',
  'engineering',
  'only',
  'remote',
  'FULL_TIME',
  'open',
  'all',
  'active_feed',
  'search',
  '24h',
  '7d',
  '2026-01-10T00:00:00Z',
  '2026-13-45T99:00:00Z',
  'stripe.com',
  'Berlin',
  'mcp_0001',
  '💥\u0000\u202e',
  '',
  ' ',
  '{"$where":1}',
  '<script>',
  '../../etc/passwd',
  'EUR',
  'year',
  '2026-Q1',
  '1999-Q4',
  '2999-Q2',
  '2026-Q5',
];

function generator(random: () => number) {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const value = (depth: number): unknown => {
    const kind = Math.floor(random() * (depth > 1 ? 6 : 8));
    switch (kind) {
      case 0:
      case 1:
        return pick(STRINGS);
      case 2:
        return pick([0, 1, 10, 11, -1, 2.5, 1e308, -1e308, 2 ** 53 + 2]);
      case 3:
        return random() < 0.5;
      case 4:
        return null;
      case 5:
        return Array.from({ length: Math.floor(random() * 4) }, () => pick(STRINGS));
      case 6:
        return Array.from({ length: Math.floor(random() * 3) }, () => value(depth + 1));
      default:
        return { [pick(NAMES)]: value(depth + 1) };
    }
  };
  const args = (): unknown => {
    const roll = random();
    if (roll < 0.05) return pick(['q=data', 42, null, [], [{ q: 'x' }], true]);
    const object: Record<string, unknown> = {};
    const count = Math.floor(random() * 5);
    for (let i = 0; i < count; i += 1) object[pick(NAMES)] = value(0);
    return object;
  };
  return { tool: () => pick(TOOLS), args };
}

interface RpcAnswer {
  jsonrpc: string;
  id: number;
  result?: { isError?: boolean; content?: { type: string; text: string }[]; structuredContent?: unknown };
  error?: { code: number; message: string };
}

describe('mcp fuzz: any tool arguments, never a crash (seeded)', function () {
  this.timeout(300_000);
  let names: IndexNames;
  let baseUrl = '';

  before(async () => {
    names = await createTempIndex('mcpfz');
    await indexMcpCorpus(names.alias);
    baseUrl = await serveMcpOver(names.alias);
  });

  after(async () => {
    await dropIndexFamily(testEnv().runtime.es, names);
  });

  it(`${String(CALLS)} random tools/call requests: each a tool result or -32602, none a 5xx (seed ${String(SEED)})`, async () => {
    const random = seededRandom(SEED);
    const fuzz = generator(random);
    const outcomes = { structured: 0, toolError: 0, invalidParams: 0 };
    /** Tool results (structured or isError) per tool name: every tool is reached. */
    const answered = new Map<string, number>();
    for (let n = 0; n < CALLS; n += 1) {
      const name = fuzz.tool();
      const params: Record<string, unknown> = { name };
      if (random() > 0.05) params.arguments = fuzz.args();
      const body = JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params });
      const response = await call('/mcp', mcpPost(body), baseUrl);
      const label = `#${String(n)} ${body.slice(0, 300)}`;
      if (body.includes('"__proto__"')) {
        // Refused by the JSON body parser before MCP sees it (prototype poisoning): a parse error.
        expect(response.status, label).to.be.oneOf([200, 400]);
        if (response.status === 400) {
          expect((response.body as RpcAnswer).error?.code, label).to.equal(-32700);
          continue;
        }
      }
      expect(response.status, label).to.equal(200);
      const answer = response.body as RpcAnswer;
      expect(answer.id, label).to.equal(n);
      if (answer.error !== undefined) {
        expect(answer.error.code, `${label}: ${answer.error.message}`).to.equal(-32602);
        outcomes.invalidParams += 1;
        continue;
      }
      const result = answer.result;
      expect(result, label).to.be.an('object');
      answered.set(name, (answered.get(name) ?? 0) + 1);
      if (result?.isError === true) {
        const text = result.content?.[0]?.text ?? '';
        expect(text, label).to.match(
          /^(Invalid arguments for |No job |No company |No posting observed yet|\d{4}-Q[1-4] (has not started|ended before)|.* cannot be used)/,
        );
        expect(text, label).to.not.match(/Internal error|temporarily unavailable|at .*\.ts:\d+/);
        outcomes.toolError += 1;
      } else {
        expect(result?.structuredContent, label).to.be.an('object');
        outcomes.structured += 1;
      }
    }
    // The generator reaches every tool, and all three outcomes.
    expect([...answered.keys()]).to.have.members(TOOLS.filter((tool) => !['nope', ''].includes(tool)));
    expect(outcomes.structured).to.be.greaterThan(10);
    expect(outcomes.toolError).to.be.greaterThan(100);
    expect(outcomes.invalidParams).to.be.greaterThan(10);
  });
});
