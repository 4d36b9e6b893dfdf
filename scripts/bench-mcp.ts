/**
 * `npm run bench:mcp [-- --jobs 100000 --rounds 200 --prefix bench-ingest]`: `search_jobs` through
 * the MCP endpoint (POST /mcp, tools/call) against the same search through REST (keyless
 * GET /v1/jobs/search, the evaluation mode search_jobs runs), in one run over the synthetic
 * corpus of bench:search (built once and cached under its prefix; a smaller --jobs is fine).
 * search_jobs also counts all matches (a second Elasticsearch request, run in parallel), which
 * REST does not. Prints p50/p99 of both, the difference and the same-run ratio; target:
 * MCP p50 ≤ REST p50 + 5 ms.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { loadBoards } from '../src/ingest/crawl/boards.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { systemClock } from '../src/lib/clock.js';
import { openRuntime } from '../src/runtime.js';
import { ensureJobsIndex } from '../src/search/indices.js';
import type { JobFilters } from '../src/search/job-query.js';
import { syntheticBoardLines } from '../test/support/synthetic.js';
import { benchEnv, startApi } from './lib/api-process.js';
import { mcpPost } from '../test/support/mcp-request.js';
import { percentile } from './lib/samples.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    rounds: { type: 'string', default: '200' },
    prefix: { type: 'string', default: 'bench-ingest' },
  },
});
const jobs = Number(values.jobs);
const rounds = Number(values.rounds);
const env = await benchEnv(values.prefix);
const config = loadConfig(env);
const runtime = openRuntime(config);

async function ensureCorpus(): Promise<number> {
  await migrate(runtime.database.db, config.postgres.schema);
  await ensureJobsIndex(runtime.es, runtime.indices);
  await runtime.es.indices.refresh({ index: runtime.indices.alias });
  const count = (await runtime.es.count({ index: runtime.indices.alias })).count;
  if (count >= jobs) return count;
  process.stderr.write(
    `corpus has ${count} jobs; loading ${jobs} synthetic jobs once (cached under ${values.prefix})\n`,
  );
  const deps = createIngestDeps(runtime.database.db, config, systemClock);
  try {
    await loadBoards(deps, syntheticBoardLines({ seed: 42, jobs }), 4);
  } finally {
    await deps.close();
  }
  await catchUp(runtime.database.db, runtime.es, runtime.indices.alias, systemClock, 3_600_000);
  await runtime.es.indices.refresh({ index: runtime.indices.alias });
  return (await runtime.es.count({ index: runtime.indices.alias })).count;
}

/** The mix of bench:search, as search_jobs arguments. */
const MIX: JobFilters[] = [
  { q: 'software engineer' },
  { q: 'data' },
  { country: ['DE'] },
  { family: ['engineering'], remote: 'only' },
  { employment_type: ['FULL_TIME'], has_salary: true },
  { source: ['greenhouse', 'lever'], experience_level: ['senior'] },
  { title: 'engineer&!intern' },
  { title: 'designer|product manager' },
];

function toQuery(filters: JobFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  params.set('limit', '10');
  return params.toString();
}

const corpus = await ensureCorpus();
const api = await startApi(env);

async function viaRest(filters: JobFilters): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${api.url}/v1/jobs/search?${toQuery(filters)}`);
  await response.json();
  if (!response.ok) throw new Error(`REST ${response.status} for ${JSON.stringify(filters)}`);
  return performance.now() - started;
}

let id = 0;
async function viaMcp(filters: JobFilters): Promise<number> {
  id += 1;
  const started = performance.now();
  const response = await fetch(
    `${api.url}/mcp`,
    mcpPost({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'search_jobs', arguments: { ...filters, limit: 10 } },
    }),
  );
  const body = (await response.json()) as { result?: { isError?: boolean } };
  if (!response.ok || body.result === undefined || body.result.isError === true) {
    throw new Error(
      `MCP ${response.status} for ${JSON.stringify(filters)}: ${JSON.stringify(body).slice(0, 300)}`,
    );
  }
  return performance.now() - started;
}

try {
  for (let warm = 0; warm < 20; warm += 1) {
    const filters = MIX[warm % MIX.length] ?? {};
    await viaRest(filters);
    await viaMcp(filters);
  }
  const rest: number[] = [];
  const mcp: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const filters = MIX[round % MIX.length] ?? {};
    // Take turns going first: whichever runs first finds the query's data colder.
    if (round % 2 === 0) {
      rest.push(await viaRest(filters));
      mcp.push(await viaMcp(filters));
    } else {
      mcp.push(await viaMcp(filters));
      rest.push(await viaRest(filters));
    }
  }
  const restP50 = percentile(rest, 50);
  const mcpP50 = percentile(mcp, 50);
  const line = (name: string, samples: number[]): string =>
    `${name.padEnd(34)} p50 ${percentile(samples, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(samples, 99).toFixed(2).padStart(7)} ms`;
  console.log(`corpus: ${corpus} jobs; ${rounds} rounds of ${MIX.length} searches (limit 10), sequential`);
  console.log(line('REST GET /v1/jobs/search (keyless)', rest));
  console.log(line('MCP tools/call search_jobs', mcp));
  console.log(
    `MCP − REST p50: ${(mcpP50 - restP50).toFixed(2)} ms (target ≤ 5 ms: ${mcpP50 <= restP50 + 5 ? 'met' : 'NOT met'}); ` +
      `same-run ratio MCP/REST p50 ${(mcpP50 / restP50).toFixed(2)}, p99 ${(percentile(mcp, 99) / percentile(rest, 99)).toFixed(2)}`,
  );
} finally {
  api.stop();
  await runtime.close();
}
