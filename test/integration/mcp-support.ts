/** Shared by the MCP integration tests: a seeded corpus, an app over it, and an SDK client. */
import { expect } from 'chai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { JobCounts } from '../../src/services/job-counts.js';
import { JobSearchService } from '../../src/services/jobs.js';
import { toIndexDocument } from '../../src/search/document.js';
import { seededRandom } from '../support/random.js';
import { storedJob } from '../support/jobs.js';
import { serve, testEnv } from './env.js';

export const MCP_JOBS = 120;
export const COUNTRIES = ['DE', 'US', 'FR', 'GB'];
const SOURCES = ['greenhouse', 'lever', 'ashby'] as const;
const FAMILIES = ['engineering', 'data_ai_analytics', 'go_to_market'] as const;
const WORDS = ['Engineer', 'Data', 'Senior', 'Manager', 'Analyst', 'Backend', 'Sales'];

/** A seeded corpus of varied jobs in the alias `alias` (open and closed, remote or not, descriptions). */
export async function indexMcpCorpus(alias: string, seed = 11): Promise<void> {
  const random = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const operations = Array.from({ length: MCP_JOBS }, (_, n) => {
    const country = pick(COUNTRIES);
    const stored = storedJob(`mcp_${n.toString().padStart(4, '0')}`, {
      native_id: String(n),
      title: `${pick(WORDS)} ${pick(WORDS)}`,
      organization: pick(['Acme', 'Globex', 'Initech Data']),
      status: random() < 0.8 ? 'open' : 'closed',
      source: pick(SOURCES),
      career_family: pick(FAMILIES),
      employment_type: [pick(['FULL_TIME', 'PART_TIME', 'CONTRACTOR'] as const)],
      remote_derived: random() < 0.4,
      first_seen: new Date(Date.UTC(2026, 0, 1 + (n % 40), n % 24)).toISOString(),
      locations_derived: [
        {
          city: country === 'DE' ? 'Berlin' : 'Elsewhere',
          country: null,
          country_code: country,
          lat: null,
          lng: null,
        },
      ],
      description_text: `Description of job ${String(n)}: data pipelines and people.`,
    });
    return [
      { index: { _index: alias, _id: stored.job_key } },
      toIndexDocument(stored, '2026-01-01T00:00:00.000Z'),
    ];
  }).flat();
  const bulk = await testEnv().runtime.es.bulk({ operations, refresh: true });
  expect(bulk.errors).to.equal(false);
}

/** An app whose searches and counts read `alias`. */
export async function serveMcpOver(
  alias: string,
  options: { trustedProxyHops?: number } = {},
): Promise<string> {
  const env = testEnv();
  const jobs = new JobSearchService(env.runtime.es, alias, env.config.secrets.cursorSecret);
  return serve(
    { ...env.services, jobs, counts: new JobCounts(env.runtime.es, alias) },
    env.document,
    options,
  );
}

export async function mcpClient(baseUrl: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'integration', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers } }),
  );
  return client;
}
