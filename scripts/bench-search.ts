/**
 * `npm run bench:search [-- --jobs 1000000 --rounds 200]`: search latency through the API and
 * directly against Elasticsearch on the synthetic corpus (built once by the same path as
 * bench:ingest and cached under its prefix), for a fixed mix of queries. Prints p50/p99 for both,
 * their ratio, and the API process's CPU time per request. A third path per query, a bare Node
 * proxy (lib/proxy-floor.ts), measures in the same rounds the least any API process adds.
 */
import { parseArgs } from 'node:util';
import type { estypes } from '@elastic/elasticsearch';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { loadBoards } from '../src/ingest/crawl/boards.js';
import { syntheticBoardLines } from '../test/support/synthetic.js';
import { systemClock } from '../src/lib/clock.js';
import { createServices, openRuntime } from '../src/runtime.js';
import type { SortValues } from '../src/search/cursor.js';
import { buildJobSearch, type JobFilters } from '../src/search/job-query.js';
import { ensureJobsIndex } from '../src/search/indices.js';
import { benchEnv, startApi } from './lib/api-process.js';
import { startProxyFloor } from './lib/proxy-floor.js';
import { percentile } from './lib/samples.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '200' },
    prefix: { type: 'string', default: 'bench-ingest' },
    // Flags for the API process, space-separated (e.g. --node-flags="--cpu-prof").
    'node-flags': { type: 'string', default: '' },
  },
});
const jobs = Number(values.jobs);
/** Timed requests per page (1 and 100) and filter set in the deep-page measurement. */
const DEEP_ROUNDS = 10;
const rounds = Number(values.rounds);
const env = await benchEnv(values.prefix);
const config = loadConfig(env);
const runtime = openRuntime(config);
const { es } = runtime;

async function ensureCorpus(): Promise<number> {
  await migrate(runtime.database.db, config.postgres.schema);
  await ensureJobsIndex(es, runtime.indices);
  await es.indices.refresh({ index: runtime.indices.alias });
  let count = (await es.count({ index: runtime.indices.alias })).count;
  if (count >= jobs) return count;
  process.stderr.write(
    `corpus has ${count} jobs; loading ${jobs} synthetic jobs once (cached under ${values.prefix})\n`,
  );
  const deps = createIngestDeps(runtime.database.db, config, systemClock);
  try {
    const boards = syntheticBoardLines({ seed: 42, jobs });
    await loadBoards(deps, boards, 4);
  } finally {
    await deps.close();
  }
  await catchUp(runtime.database.db, es, runtime.indices.alias, systemClock, 3_600_000);
  await es.indices.refresh({ index: runtime.indices.alias });
  count = (await es.count({ index: runtime.indices.alias })).count;
  return count;
}

const MIX: Record<string, JobFilters[]> = {
  'q only': [
    { q: 'software engineer' },
    { q: 'account executive' },
    { q: 'registered nurse' },
    { q: 'data' },
    { q: 'product designer remote' },
  ],
  'filters only': [
    { country: ['DE'] },
    { family: ['engineering'], remote: 'only' },
    { employment_type: ['FULL_TIME'], has_salary: true },
    { source: ['greenhouse', 'lever'], experience_level: ['senior'] },
    { country: ['US'], posted_since: '2025-12-15T00:00:00Z' },
  ],
  'plain term filter': [{ source: ['greenhouse'] }, { source: ['ashby'] }, { source: ['workday'] }],
  'title grammar': [
    { title: 'engineer & !intern' },
    { title: 'designer | product manager' },
    { title: 'data & scien | ml' },
  ],
};

/** Where a cursor resumes: its sort values and, for a relevance walk, its point in time. */
function positionOfCursor(cursor: string): { after: SortValues; pit?: string } {
  const body = JSON.parse(Buffer.from(cursor.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
    a: SortValues;
    p?: string;
  };
  return { after: body.a, ...(body.p === undefined ? {} : { pit: body.p }) };
}

function toQuery(filters: JobFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters))
    params.set(name, Array.isArray(value) ? value.join(',') : String(value));
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  return params.toString();
}

const corpus = await ensureCorpus();
const key = (
  await createServices(runtime).accounts.createActiveAccount({
    email: 'bench@example.com',
    plan: 'scale',
    isService: false,
  })
).key;
const api = await startApi(env, values['node-flags']);
const apiUrl = api.url;
const floor = await startProxyFloor(es, runtime.indices.alias, 100);

/** The same page through the bare proxy (see proxy-floor.ts): what one more Node hop costs at least. */
async function viaFloor(filters: JobFilters): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${floor.url}?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  await response.json();
  if (!response.ok) throw new Error(`proxy floor: ${response.status}`);
  return performance.now() - started;
}

async function viaApi(query: string): Promise<{ ms: number; cursor?: string }> {
  const started = performance.now();
  const response = await fetch(`${apiUrl}/v1/jobs/search?${query}`, { headers: { 'X-API-Key': key } });
  const body = (await response.json()) as { next_cursor?: string };
  if (!response.ok) throw new Error(`${response.status} for ${query}`);
  return {
    ms: performance.now() - started,
    ...(body.next_cursor === undefined ? {} : { cursor: body.next_cursor }),
  };
}

async function viaEs(body: estypes.SearchRequest): Promise<number> {
  const started = performance.now();
  await es.search({
    // A point-in-time search names its index through the PIT.
    ...(body.pit === undefined ? { index: runtime.indices.alias } : {}),
    ...body,
    timeout: '5s',
    allow_partial_search_results: false,
  });
  return performance.now() - started;
}

try {
  const rows: string[] = [];
  const results = new Map<string, { api: number[]; es: number[]; floor: number[] }>();
  for (let warm = 0; warm < 20; warm += 1) await viaApi('q=engineer');
  const cpuBefore = api.cpuSeconds();
  let apiRequests = 0;
  for (const [name, queries] of Object.entries(MIX)) {
    const samples = { api: [] as number[], es: [] as number[], floor: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      const filters = queries[round % queries.length] ?? {};
      const api = async (): Promise<void> => {
        samples.api.push((await viaApi(toQuery(filters, { limit: '100' }))).ms);
        apiRequests += 1;
      };
      const direct = async (): Promise<void> => {
        samples.es.push(await viaEs(buildJobSearch(filters, { limit: 100, includeDescription: false })));
      };
      const proxied = async (): Promise<void> => {
        samples.floor.push(await viaFloor(filters));
      };
      // Whichever runs first finds the query's data colder: take turns going first.
      const steps = [api, direct, proxied];
      for (let step = 0; step < steps.length; step += 1) await steps[(round + step) % steps.length]?.();
    }
    results.set(name, samples);
  }
  // Deep pages: walk to page 100 (limit 100) once per filter set, then time page 1 against page 100
  // (the cursor is stateless, so page 100 can be asked for again) via API and ES, several times each
  // in alternating order: a single walk gives one noisy sample per page.
  const deep = {
    first: [] as number[],
    hundredth: [] as number[],
    esFirst: [] as number[],
    esHundredth: [] as number[],
  };
  for (const filters of [{ status: 'open' as const }, { q: 'engineer' }, { country: ['US'] }]) {
    let cursor: string | undefined;
    for (let page = 1; page < 100 && (page === 1 || cursor !== undefined); page += 1) {
      cursor = (await viaApi(toQuery(filters, { limit: '100', ...(cursor === undefined ? {} : { cursor }) })))
        .cursor;
      apiRequests += 1;
    }
    if (cursor === undefined) throw new Error(`fewer than 100 pages for ${JSON.stringify(filters)}`);
    const deepCursor = cursor;
    // The bench reads the cursor's position itself to send the same page straight to ES (in the
    // walk's point in time, as the API reads it, for relevance order).
    const { after, pit } = positionOfCursor(deepCursor);
    const steps = [
      async () => deep.first.push((await viaApi(toQuery(filters, { limit: '100' }))).ms),
      async () =>
        deep.hundredth.push((await viaApi(toQuery(filters, { limit: '100', cursor: deepCursor }))).ms),
      async () =>
        deep.esFirst.push(await viaEs(buildJobSearch(filters, { limit: 100, includeDescription: false }))),
      async () =>
        deep.esHundredth.push(
          await viaEs({
            ...buildJobSearch(filters, { limit: 100, includeDescription: false, after }),
            ...(pit === undefined ? {} : { pit: { id: pit, keep_alive: '1m' } }),
          }),
        ),
    ];
    for (let round = 0; round < DEEP_ROUNDS; round += 1) {
      for (const step of round % 2 === 0 ? steps : [...steps].reverse()) await step();
      apiRequests += 2;
    }
  }
  const cpuMs = ((api.cpuSeconds() - cpuBefore) * 1000) / apiRequests;
  rows.push(
    `bench:search — corpus ${corpus.toLocaleString('en-US')} jobs (${values.prefix}), ${rounds} rounds per class, limit 100`,
  );
  rows.push(
    'class                 API p50   API p99    ES p50    ES p99   p50 ratio  p50 gap   floor gap  API over floor',
  );
  const fmt = (n: number): string => `${n.toFixed(1).padStart(7)}ms`;
  for (const [name, samples] of results) {
    const [a50, a99, e50, e99, f50] = [
      percentile(samples.api, 50),
      percentile(samples.api, 99),
      percentile(samples.es, 50),
      percentile(samples.es, 99),
      percentile(samples.floor, 50),
    ];
    rows.push(
      `${name.padEnd(20)} ${fmt(a50)} ${fmt(a99)} ${fmt(e50)} ${fmt(e99)}   ${(a50 / e50).toFixed(2).padStart(6)}x ${fmt(a50 - e50)}  ${fmt(f50 - e50)}  ${fmt(a50 - f50)}`,
    );
  }
  const grammar = results.get('title grammar')?.es ?? [];
  const plain = results.get('plain term filter')?.es ?? [];
  rows.push(
    `title grammar vs plain term filter (ES p50): ${(percentile(grammar, 50) / percentile(plain, 50)).toFixed(2)}x`,
  );
  rows.push(
    `deep pages: API page 100 / page 1 p50 = ${(percentile(deep.hundredth, 50) / percentile(deep.first, 50)).toFixed(2)}x ` +
      `(${percentile(deep.first, 50).toFixed(1)} → ${percentile(deep.hundredth, 50).toFixed(1)} ms); ` +
      `ES ${(percentile(deep.esHundredth, 50) / percentile(deep.esFirst, 50)).toFixed(2)}x`,
  );
  rows.push(
    `API CPU per request: ${cpuMs.toFixed(2)} ms (user+system of the API process over ${apiRequests} requests)`,
  );
  rows.push(
    'floor gap: p50 of a bare Node proxy (one HTTP hop, the same Elasticsearch request, parse and JSON.stringify, ' +
      'nothing else) minus ES p50 — what any API process adds at least on this machine',
  );
  process.stdout.write(`${rows.join('\n')}\n`);
} finally {
  await floor.close();
  api.stop();
  await runtime.close();
}
