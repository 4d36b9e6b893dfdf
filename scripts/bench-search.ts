/**
 * `npm run bench:search [-- --jobs 1000000 --rounds 200]`: search latency through the API and
 * directly against Elasticsearch on the synthetic corpus (built once by the same path as
 * bench:ingest and cached under its prefix), for a fixed mix of queries. Prints p50/p99 for both,
 * their ratio, and the API process's CPU time per request. A third path per query, a bare Node
 * proxy (lib/proxy-floor.ts), measures in the same rounds the least any API process adds.
 *
 * Modes: no flag runs the latency mode above (its output unchanged); `--saturation` runs only the
 * throughput mode; `--all` runs both, latency first.
 *
 * Throughput (saturation) mode, `--saturation [--duration 20] [--concurrency 1,8,32]`: for each
 * concurrency level, closed-loop workers (lib/saturation.ts) send the same query mix (every MIX
 * class, limit 100, each worker starting at a different query) for the duration, first through the
 * API (`GET /v1/jobs/search`) and then straight to Elasticsearch with the request body the API
 * builds (buildJobSearch), or the other way round on every other level so neither phase always
 * finds the caches warmer. Prints requests/s, p50/p99 and errors of both phases (every non-2xx is
 * counted and shown), their ratio (target at 32: API ≥ 0.7× Elasticsearch), and the CPU per request
 * of the API process, Elasticsearch, the bench process itself (the load client shares the machine)
 * and the rest of the machine during each phase. Neither client parses the answers or asks for
 * compression; the API's relevance searches read a point in time (its own design), the direct ones
 * the index. A third phase per level sends the mix to the byte floor (lib/byte-floor.ts, its own
 * process: one Postgres round trip and the same Elasticsearch request, bytes back unparsed), whose
 * CPU per request is the least any API process spends per search here; the API's CPU over it is
 * printed beside it.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
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
import { benchEnv, startApi, startByteFloor } from './lib/api-process.js';
import { startProxyFloor } from './lib/proxy-floor.js';
import { percentile } from './lib/samples.js';
import {
  closedLoop,
  cpuMeter,
  failureCount,
  loadAgent,
  type CpuReading,
  type LoadResult,
  type LoadTarget,
} from './lib/saturation.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '200' },
    prefix: { type: 'string', default: 'bench-ingest' },
    // Flags for the API process, space-separated (e.g. --node-flags="--cpu-prof").
    'node-flags': { type: 'string', default: '' },
    // Throughput mode (see the top of the file).
    saturation: { type: 'boolean', default: false },
    all: { type: 'boolean', default: false },
    duration: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '1,8,32' },
  },
});
const runLatency = values.all || !values.saturation;
const runSaturation = values.all || values.saturation;
/** Seconds per phase and concurrency levels of the throughput mode. */
const durationSeconds = Number(values.duration);
const levels = values.concurrency.split(',').map(Number);
if (!(durationSeconds > 0) || levels.some((level) => !Number.isInteger(level) || level < 1))
  throw new Error('--duration takes seconds > 0, --concurrency positive integers (e.g. 1,8,32)');
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

/** A 503 from the API (upstream_unavailable: Elasticsearch did not answer within the deadline). */
class ApiUnavailable extends Error {}

async function viaApi(query: string): Promise<{ ms: number; cursor?: string }> {
  const started = performance.now();
  // Identity, as the Elasticsearch-direct and floor paths read: fetch would ask for compression,
  // whose cost bench:compression measures on its own.
  const response = await fetch(`${apiUrl}/v1/jobs/search?${query}`, {
    headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity' },
  });
  const body = (await response.json()) as { next_cursor?: string };
  if (response.status === 503) throw new ApiUnavailable(`503 for ${query}: ${JSON.stringify(body)}`);
  if (!response.ok) throw new Error(`${response.status} for ${query}`);
  return {
    ms: performance.now() - started,
    ...(body.next_cursor === undefined ? {} : { cursor: body.next_cursor }),
  };
}

/**
 * Warm-up before anything is measured, long enough for the JIT to settle: with 3 s at concurrency 8
 * (~180 searches) the API was still compiling through the measured phase (`--trace-opt`: ~600 of
 * ~1,500 Maglev/TurboFan compilations came after its 100th search, ~1 a search), and its V8 worker
 * threads spent 0.43 ms a search at concurrency 1 against 0.13 at 32; after 15 s, 0.29–0.31 ms and
 * 3.00–3.03 ms of CPU a search at concurrency 1 instead of 3.26–3.69 (20 s phases, same day). A
 * long-running API process is past its warm-up; its start-up is not what a search costs.
 */
const WARM_UP_MS = 15_000;
/** The latency mode's warm-up: the mix's searches in turn, through the API and the bare proxy. */
const WARM_UP_REQUESTS = 600;

/** A warm-up request: a 503 (Elasticsearch still cold, or busy with other work) is retried. */
async function warmApi(query: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await viaApi(query);
      return;
    } catch (error) {
      if (!(error instanceof ApiUnavailable) || attempt >= 10) throw error;
      process.stderr.write(`warm-up: ${error.message}; retrying\n`);
      await sleep(250 * attempt);
    }
  }
}

/** API requests of the latency mode's measured part (its CPU per request), 503s included. */
let apiRequests = 0;
/** 503s among them: counted and printed, never a sample, never fatal. */
let unavailable = 0;

/** A measured API request: undefined if it was a 503. */
async function measuredApi(query: string): Promise<{ ms: number; cursor?: string } | undefined> {
  apiRequests += 1;
  try {
    return await viaApi(query);
  } catch (error) {
    if (!(error instanceof ApiUnavailable)) throw error;
    unavailable += 1;
    process.stderr.write(`measured: ${error.message}\n`);
    return undefined;
  }
}

/** A page the deep walk needs (its cursor leads on): a 503 is counted and the page asked again. */
async function walkApi(query: string): Promise<{ ms: number; cursor?: string }> {
  for (let attempt = 1; attempt <= 10; attempt += 1) {
    const page = await measuredApi(query);
    if (page !== undefined) return page;
    await sleep(250 * attempt);
  }
  throw new Error(`10 times 503 for ${query}`);
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

async function latencyBench(): Promise<void> {
  const rows: string[] = [];
  const results = new Map<string, { api: number[]; es: number[]; floor: number[] }>();
  const mix = Object.values(MIX).flat();
  for (let warm = 0; warm < WARM_UP_REQUESTS; warm += 1) {
    const filters = mix[warm % mix.length] ?? {};
    await warmApi(toQuery(filters, { limit: '100' }));
    await viaFloor(filters);
  }
  const cpuBefore = api.cpuSeconds();
  apiRequests = 0;
  unavailable = 0;
  for (const [name, queries] of Object.entries(MIX)) {
    const samples = { api: [] as number[], es: [] as number[], floor: [] as number[] };
    for (let round = 0; round < rounds; round += 1) {
      const filters = queries[round % queries.length] ?? {};
      const api = async (): Promise<void> => {
        const answer = await measuredApi(toQuery(filters, { limit: '100' }));
        if (answer !== undefined) samples.api.push(answer.ms);
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
      cursor = (
        await walkApi(toQuery(filters, { limit: '100', ...(cursor === undefined ? {} : { cursor }) }))
      ).cursor;
    }
    if (cursor === undefined) throw new Error(`fewer than 100 pages for ${JSON.stringify(filters)}`);
    const deepCursor = cursor;
    // The bench reads the cursor's position itself to send the same page straight to ES (in the
    // walk's point in time, as the API reads it, for relevance order).
    const { after, pit } = positionOfCursor(deepCursor);
    const timed = async (samples: number[], query: string): Promise<void> => {
      const answer = await measuredApi(query);
      if (answer !== undefined) samples.push(answer.ms);
    };
    const steps = [
      () => timed(deep.first, toQuery(filters, { limit: '100' })),
      () => timed(deep.hundredth, toQuery(filters, { limit: '100', cursor: deepCursor })),
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
  // Only when it happened, so that a clean run prints the same lines as before.
  if (unavailable > 0)
    rows.push(`503 upstream_unavailable in measured API requests: ${unavailable} (not samples; see stderr)`);
  process.stdout.write(`${rows.join('\n')}\n`);
}

/** Elasticsearch's CPU ms so far: from /proc when it runs on this host, else from its node stats. */
async function esCpuReader(): Promise<() => number | Promise<number>> {
  const info = await es.nodes.info({ node_id: '_local', metric: 'process' });
  const pid = Object.values(info.nodes)[0]?.process?.id;
  const stat = `/proc/${String(pid)}/stat`;
  try {
    if (pid !== undefined && readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').includes('elasticsearch')) {
      const ticks = (): number => {
        const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
        return (Number(fields[11]) + Number(fields[12])) * 10;
      };
      ticks();
      return ticks;
    }
  } catch {
    // Not this host's process: the node stats' figure below.
  }
  return async () => {
    const stats = await es.nodes.stats({ node_id: '_local', metric: 'process' });
    return Object.values(stats.nodes)[0]?.process?.cpu?.total_in_millis ?? 0;
  };
}

interface Phase {
  result: LoadResult;
  cpu: CpuReading;
}

async function saturationBench(): Promise<void> {
  const queries = Object.values(MIX).flat();
  const apiTargets: LoadTarget[] = queries.map((filters) => ({
    method: 'GET',
    url: `${apiUrl}/v1/jobs/search?${toQuery(filters, { limit: '100' })}`,
    headers: { 'x-api-key': key },
  }));
  // Elasticsearch as the API asks it (index, body, no partial results), bar the API's own deadline.
  // The first node: the bench's stack is one node.
  const esUrl = new URL(config.elasticsearch.nodes[0] ?? '');
  const esSearch =
    `${esUrl.origin}${esUrl.pathname.replace(/\/$/, '')}/${encodeURIComponent(runtime.indices.alias)}` +
    '/_search?timeout=5s&allow_partial_search_results=false';
  const esHeaders: Record<string, string> = { 'content-type': 'application/json' };
  if (esUrl.username !== '')
    esHeaders.authorization = `Basic ${Buffer.from(`${decodeURIComponent(esUrl.username)}:${decodeURIComponent(esUrl.password)}`).toString('base64')}`;
  const esTargets: LoadTarget[] = queries.map((filters) => ({
    method: 'POST',
    url: esSearch,
    headers: esHeaders,
    body: JSON.stringify(buildJobSearch(filters, { limit: 100, includeDescription: false })),
  }));
  // More connections per origin than workers: no request ever waits for a socket in the client.
  const agent = loadAgent(Math.max(...levels) + 8);
  const cores = availableParallelism();
  const esCpu = await esCpuReader();
  const floor = await startByteFloor(env);
  const floorTargets: LoadTarget[] = queries.map((filters) => ({
    method: 'GET',
    url: `${floor.url}?filters=${encodeURIComponent(JSON.stringify(filters))}`,
    headers: {},
  }));
  const sources = {
    api: () => api.cpuSeconds() * 1000,
    apiV8Workers: () => api.v8WorkerSeconds() * 1000,
    es: esCpu,
    floor: () => floor.cpuSeconds() * 1000,
  };
  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
  const phase = async (targets: LoadTarget[], concurrency: number, ms: number): Promise<Phase> => {
    const done = await cpuMeter(sources, cores);
    const result = await closedLoop(agent, targets, concurrency, ms);
    return { result, cpu: await done() };
  };
  try {
    // Warm-up, not measured: JIT of the API and the bench, caches of the mix, connections.
    for (const [name, targets] of [
      ['API', apiTargets],
      ['ES', esTargets],
      ['floor', floorTargets],
    ] as const) {
      const warm = await phase(targets, Math.min(8, Math.max(...levels)), WARM_UP_MS);
      if (failureCount(warm.result) > 0)
        process.stderr.write(
          `warm-up ${name}: ${failureCount(warm.result)} failures (${warm.result.firstFailure ?? ''})\n`,
        );
    }
    const measured: { concurrency: number; api: Phase; es: Phase; floor: Phase }[] = [];
    for (const [index, concurrency] of levels.entries()) {
      // Take turns going first: a later phase may find caches an earlier one warmed.
      const order = (['api', 'es', 'floor'] as const).map(
        (_, i, all) => all[(i + index) % all.length] ?? 'api',
      );
      const targets = { api: apiTargets, es: esTargets, floor: floorTargets };
      const phases: Partial<Record<(typeof order)[number], Phase>> = {};
      for (const name of order)
        phases[name] = await phase(targets[name], concurrency, durationSeconds * 1000);
      const { api: a, es: e, floor: f } = phases;
      if (a === undefined || e === undefined || f === undefined) throw new Error('a phase did not run');
      measured.push({ concurrency, api: a, es: e, floor: f });
    }

    const rate = (p: Phase): number => p.result.latencies.length / p.result.seconds;
    const ms = (n: number): string => n.toFixed(1);
    const p5099 = (p: Phase): string =>
      `${ms(percentile(p.result.latencies, 50))} / ${ms(percentile(p.result.latencies, 99))}`;
    const perRequest = (p: Phase, cpuMs: number): string =>
      (cpuMs / Math.max(1, p.result.latencies.length + failureCount(p.result))).toFixed(2);
    const rows: string[] = [
      `bench:search --saturation — corpus ${corpus.toLocaleString('en-US')} jobs (${values.prefix}), ` +
        `${queries.length} queries from ${Object.keys(MIX).length} classes, limit 100, ${durationSeconds} s per phase, ` +
        `closed loop; ${cores} cores, load average at start ${load}`,
      `req/s and p50/p99 count 2xx answers only; errors: every other answer. The API gives up on ` +
        `Elasticsearch after ${config.elasticsearch.searchTimeoutMs} ms (a 503, ES_SEARCH_TIMEOUT_MS); ES-direct waits`,
      'conc   API req/s   ES req/s   ratio   API p50/p99 ms   ES p50/p99 ms   API CPU/req   errors API/ES',
    ];
    for (const { concurrency, api: a, es: e } of measured) {
      rows.push(
        `${String(concurrency).padStart(4)} ${rate(a).toFixed(1).padStart(11)} ${rate(e).toFixed(1).padStart(10)} ` +
          `${(rate(a) / rate(e)).toFixed(2).padStart(6)}x ${p5099(a).padStart(16)} ${p5099(e).padStart(15)} ` +
          `${`${perRequest(a, a.cpu.processMs.api ?? 0)} ms`.padStart(13)} ` +
          `${failureCount(a.result)} / ${failureCount(e.result)}`.padStart(15),
      );
    }
    rows.push(
      'The byte floor (scripts/lib/byte-floor.ts): one Postgres round trip and the same Elasticsearch request, its bytes written back unparsed — what any API process spends per search at least',
      'conc   floor req/s   floor p50/p99 ms   floor CPU/req   API CPU/req   API over floor   of which V8 workers',
    );
    for (const { concurrency, api: a, floor: f } of measured) {
      const apiCpu = Number(perRequest(a, a.cpu.processMs.api ?? 0));
      const floorCpu = Number(perRequest(f, f.cpu.processMs.floor ?? 0));
      const workers = Number(perRequest(a, a.cpu.processMs.apiV8Workers ?? 0));
      rows.push(
        `${String(concurrency).padStart(4)} ${rate(f).toFixed(1).padStart(13)} ${p5099(f).padStart(18)} ` +
          `${`${floorCpu.toFixed(2)} ms`.padStart(15)} ${`${apiCpu.toFixed(2)} ms`.padStart(13)} ` +
          `${(apiCpu - floorCpu).toFixed(2)} ms`.padStart(16) +
          `${workers.toFixed(2)} ms`.padStart(22),
      );
    }
    rows.push(
      '(V8 workers: the API process’s GC marking and compiler threads, part of its CPU per search; above ~1 ms a search a collector is working harder than it should, see src/main/node-flags.ts)',
    );
    rows.push(
      'CPU ms per request of each process during each phase; rest = the machine’s other busy time (Postgres, other work)',
      'conc  phase     req/s     API      ES   floor   bench    rest   machine busy   KB/answer',
    );
    for (const { concurrency, api: a, es: e, floor: f } of measured) {
      for (const [name, p] of [
        ['API', a],
        ['ES', e],
        ['floor', f],
      ] as const) {
        const busyMs = p.cpu.machineCores * p.result.seconds * 1000;
        // The V8 workers' share is part of the API's figure, not another process.
        const known = Object.entries(p.cpu.processMs)
          .filter(([name]) => name !== 'apiV8Workers')
          .reduce((sum, [, n]) => sum + n, 0);
        const answers = Math.max(1, p.result.latencies.length);
        rows.push(
          `${String(concurrency).padStart(4)}  ${name.padEnd(5)} ${rate(p).toFixed(1).padStart(9)} ` +
            `${perRequest(p, p.cpu.processMs.api ?? 0).padStart(7)} ${perRequest(p, p.cpu.processMs.es ?? 0).padStart(7)} ` +
            `${perRequest(p, p.cpu.processMs.floor ?? 0).padStart(7)} ` +
            `${perRequest(p, p.cpu.processMs.bench ?? 0).padStart(7)} ${perRequest(p, Math.max(0, busyMs - known)).padStart(7)} ` +
            `${`${p.cpu.machineCores.toFixed(2)} of ${cores}`.padStart(14)} ${(p.result.bytes / answers / 1024).toFixed(1).padStart(11)}`,
        );
      }
    }
    for (const { concurrency, api: a, es: e, floor: f } of measured) {
      for (const [name, p] of [
        ['API', a],
        ['ES', e],
        ['floor', f],
      ] as const) {
        if (failureCount(p.result) === 0) continue;
        const counts = [...p.result.failures].map(([status, n]) => `${status} ×${n}`).join(', ');
        rows.push(`errors at ${concurrency}, ${name}: ${counts}; first: ${p.result.firstFailure ?? ''}`);
      }
    }
    const ratio32 = measured.find((m) => m.concurrency === 32);
    if (ratio32 !== undefined)
      rows.push(
        `target at concurrency 32: API req/s ≥ 0.7× ES req/s — ${(rate(ratio32.api) / rate(ratio32.es)).toFixed(2)}x`,
      );
    rows.push(
      `load average at end ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
    process.stdout.write(`${rows.join('\n')}\n`);
  } finally {
    floor.stop();
    await agent.close();
  }
}

try {
  if (runLatency) await latencyBench();
  if (runSaturation) await saturationBench();
} finally {
  await floor.close();
  api.stop();
  await runtime.close();
}
