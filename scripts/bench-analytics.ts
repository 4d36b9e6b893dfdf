/**
 * `npm run bench:analytics [-- --prefix bench-companies --jobs 1000000 --rounds 200 --age]`: the
 * corpus statistics, analytics and sitemaps on a synthetic corpus, by default the one
 * bench:companies loads and caches (1M jobs, one company per board of 18 postings on average: about
 * 55k companies); a schema with fewer jobs than --jobs is loaded here as bench:companies loads it.
 * Before measuring, applies the pending migrations (0012 adds the generated fact columns to
 * job_state: on a cached 1M corpus that rewrites the table) and runs VACUUM ANALYZE job_state (the
 * index-only scans need the visibility map), printing how long each took, and prints the corpus'
 * size. Then prints p50/p99 through the API and in-process (the services of createServices over the
 * same Postgres, no HTTP) with their same-run ratio and the API's CPU per request, for: GET
 * /v1/stats (its first call, which may compute the snapshot, reported apart as "stats snapshot
 * compute"); the state-of-hiring report of the running quarter (partial) and the default one (the
 * latest completed quarter, 404 on a corpus first observed after it ended: 404s are counted, not
 * failed), each first call's computation reported apart; posting velocity of companies drawn at
 * random (seeded) from the resolved ones, window 7/30/90/365 days; time-to-fill with a seeded mix
 * of filters (none, source, country, family, company) and windows 30/90/365; the sitemap index (a
 * snapshot as the stats are: its first call's computation reported apart) and random segments
 * `00`…`ff`. API and in-process answers are compared round by round.
 * Targets: stats and state-of-hiring p50 ≤ 20 ms, velocity and time-to-fill p50 ≤ 150 ms, sitemap
 * segment p50 ≤ 50 ms.
 *
 * The synthetic corpus is loaded by one crawl per board, so every job is first observed within the
 * hours of the load and almost none is closed: time-to-fill then mostly measures its
 * insufficient_data path, velocity finds every opening in the current window, and no quarter before
 * the load has data. `--age` (once per corpus, recorded in the table bench_aged of its schema)
 * spreads first_seen over the past 400 days and closes about 40% of the jobs (removed_from_board or
 * expired_by_source, a few board_dead) some time after their first observation, with one UPDATE of
 * job_state (its document's first_seen, status, closed_at and close_reason with it). That bypasses
 * the ledger: the search index, the change feed and the company and board rollups (open jobs, first
 * seen: velocity's evidence boundary) are not updated, so an aged corpus is for timing only.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { createDatabase, isoSql } from '../src/db/database.js';
import { migrate } from '../src/db/migrate.js';
import { CAREER_FAMILIES } from '../src/domain/job.js';
import { ApiError } from '../src/domain/errors.js';
import { previousQuarter, quarterOf } from '../src/domain/quarters.js';
import { isSourceCode } from '../src/domain/sources.js';
import { createServices, openRuntime } from '../src/runtime.js';
import { percentile } from './lib/samples.js';
import { seededRandom as random } from '../test/support/random.js';
import type {
  PostingVelocity,
  StateOfHiring,
  TimeToFill,
  TimeToFillRequest,
} from '../src/services/analytics.js';
import { SEGMENT_IDS, type SitemapIndex, type SitemapSegment } from '../src/services/sitemaps.js';
import type { Stats } from '../src/services/stats.js';
import { ensureCompanyCorpus, type CompanyCorpus } from './lib/company-corpus.js';
import { benchEnv, startApi } from './lib/api-process.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '200' },
    prefix: { type: 'string', default: 'bench-companies' },
    // Age the corpus once (see the header): first observations over 400 days, ~40% closed.
    age: { type: 'boolean', default: false },
    // Flags for the API process, space-separated (e.g. --node-flags="--cpu-prof").
    'node-flags': { type: 'string', default: '' },
  },
});
const jobs = Number(values.jobs);
const rounds = Number(values.rounds);
if (!Number.isInteger(jobs) || jobs < 1 || !Number.isInteger(rounds) || rounds < 1) {
  process.stderr.write(
    'usage: npm run bench:analytics -- [--prefix NAME] [--jobs N] [--rounds N] [--age] [--node-flags FLAGS]\n',
  );
  process.exit(64);
}
const SEED = 42;
/** Unrecorded rounds of each read before its measured ones. */
const WARM_ROUNDS = 5;
const TARGET_MS = { stats: 20, stateOfHiring: 20, velocity: 150, timeToFill: 150, segment: 50 };
const VELOCITY_WINDOWS = [7, 30, 90, 365];
const TIME_TO_FILL_WINDOWS = [30, 90, 365];
/** Aging: first observations spread over this many days before now, and the share of jobs closed. */
const AGE_DAYS = 400;
const AGE_CLOSED_SHARE = 0.4;
/** Maintenance statements (migration 0012, aging, VACUUM) on 1M rows run for minutes. */
const MAINTENANCE_TIMEOUT_MS = 3_600_000;

const env = await benchEnv(values.prefix);
// As bench:companies: its cached corpus is crawled once; with the deployment's 30 days the
// companies counted by /v1/stats would drop to none a month after the load.
if (env.DIRECTORY_VERIFIED_DAYS === undefined || env.DIRECTORY_VERIFIED_DAYS === '')
  env.DIRECTORY_VERIFIED_DAYS = '3650';
const config = loadConfig(env);
const runtime = openRuntime(config);
const { db } = runtime.database;
/**
 * The same schema with a deadline long enough for the migration, the aging, VACUUM and the scans of
 * the whole corpus before the rounds (its size, the values filters draw from).
 */
const maintenance = createDatabase({
  ...config.postgres,
  statementTimeoutMs: MAINTENANCE_TIMEOUT_MS,
  poolSize: 2,
});

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const count = (n: number): string => n.toLocaleString('en-US');

/** The corpus bench:companies loads (the migrations have run before); re-runs find it in Postgres. */
async function ensureCorpus(): Promise<CompanyCorpus> {
  return ensureCompanyCorpus(runtime, config, jobs, values.prefix);
}

/** When the corpus was aged (bench_aged), or undefined. */
async function agedAt(): Promise<string | undefined> {
  const exists = await db.one<{ exists: boolean }>(`SELECT to_regclass('bench_aged') IS NOT NULL AS exists`);
  if (!exists.exists) return undefined;
  const row = await db.one<{ at: string | null }>(`SELECT ${isoSql('max(at)')} AS at FROM bench_aged`);
  return row.at ?? undefined;
}

/**
 * Ages the corpus once (see the header), in one transaction: one UPDATE of job_state drawn from
 * md5(job_key), so the same corpus ages the same way. The stored snapshots (stats, sitemap index)
 * and state-of-hiring reports describe the corpus before and are dropped. Returns what was done, or undefined when the
 * corpus had already been aged.
 */
async function ageCorpus(): Promise<{ rows: number; ms: number } | undefined> {
  const started = performance.now();
  return maintenance.db.tx('bench-age', async (tx) => {
    await tx.none('CREATE TABLE IF NOT EXISTS bench_aged (at timestamptz NOT NULL)');
    await tx.none('LOCK TABLE bench_aged IN EXCLUSIVE MODE');
    if ((await tx.oneOrNone('SELECT 1 FROM bench_aged LIMIT 1')) !== null) return undefined;
    // Four uniform draws in [0, 1) per job from its key's md5.
    const draw = (at: number): string =>
      `(('x' || substr(h, ${at * 8 + 1}, 8))::bit(32)::bigint / 4294967296.0)`;
    const result = await tx.result(
      `UPDATE job_state AS j
          SET first_seen = a.first_seen,
              last_seen = CASE WHEN a.closes THEN a.closed_at ELSE greatest(j.last_seen, a.first_seen) END,
              status = CASE WHEN a.closes THEN 'closed' ELSE j.status END,
              closed_at = CASE WHEN a.closes THEN a.closed_at END,
              close_reason = CASE WHEN a.closes THEN a.close_reason END,
              document = j.document || jsonb_build_object('first_seen', ${isoSql('a.first_seen')})
                || CASE WHEN a.closes
                        THEN jsonb_build_object('status', 'closed', 'closed_at', ${isoSql('a.closed_at')},
                                                'close_reason', a.close_reason)
                        ELSE '{}'::jsonb END
         FROM (SELECT job_key, first_seen, closes,
                      -- At least an hour after the first observation, about 24 days at the median.
                      -- Both stamps to the millisecond, as the document's ISO strings carry them.
                      date_trunc('milliseconds',
                        least(first_seen + make_interval(secs => 3600 + -ln(1 - u_duration) * 35 * 86400),
                              now() - interval '1 minute')) AS closed_at,
                      coalesce(close_reason, CASE WHEN u_reason < 0.05 THEN 'board_dead'
                                                  WHEN u_reason < 0.55 THEN 'removed_from_board'
                                                  ELSE 'expired_by_source' END) AS close_reason
                 FROM (SELECT job_key, close_reason,
                              date_trunc('milliseconds', now() - make_interval(secs => (1 + u_seen * ($1 - 1)) * 86400))
                                AS first_seen,
                              status = 'closed' OR u_close < $2 AS closes, u_duration, u_reason
                         FROM (SELECT job_key, status, close_reason, ${draw(0)} AS u_seen, ${draw(1)} AS u_close,
                                      ${draw(2)} AS u_duration, ${draw(3)} AS u_reason
                                 FROM (SELECT job_key, status, close_reason, md5(job_key) AS h
                                         FROM job_state WHERE status <> 'deleted') AS hashed) AS drawn) AS dated
              ) AS a
        WHERE j.job_key = a.job_key`,
      [AGE_DAYS, AGE_CLOSED_SHARE],
    );
    await tx.none('DELETE FROM corpus_snapshots');
    await tx.none('DELETE FROM hiring_reports');
    await tx.none('INSERT INTO bench_aged (at) VALUES (now())');
    return { rows: result.rowCount, ms: performance.now() - started };
  });
}

interface CorpusSize {
  jobs: number;
  open: number;
  closed: number;
  companies: number;
  resolved: number;
  first_seen_min: string | null;
  first_seen_max: string | null;
  reasons: Record<string, number> | null;
}

async function corpusSize(): Promise<CorpusSize> {
  return maintenance.db.one<CorpusSize>(
    `SELECT count(*)::int AS jobs, (count(*) FILTER (WHERE status = 'open'))::int AS open,
            (count(*) FILTER (WHERE status = 'closed'))::int AS closed,
            (SELECT count(*)::int FROM companies) AS companies,
            (SELECT count(*)::int FROM companies WHERE resolved) AS resolved,
            ${isoSql('min(first_seen)')} AS first_seen_min, ${isoSql('max(first_seen)')} AS first_seen_max,
            (SELECT jsonb_object_agg(close_reason, n) FROM (
               SELECT close_reason, count(*)::int AS n FROM job_state
                WHERE close_reason IS NOT NULL GROUP BY 1) AS r) AS reasons
       FROM job_state`,
  );
}

function pickFrom<T>(pick: () => number, items: readonly T[]): T {
  const item = items[Math.floor(pick() * items.length)];
  if (item === undefined) throw new Error('nothing to draw from');
  return item;
}

// --- Maintenance and corpus -------------------------------------------------------------------

let started = performance.now();
const applied = await migrate(maintenance.db, config.postgres.schema);
const migrateLine =
  `migrate: ${applied.length === 0 ? 'nothing pending' : `applied ${applied.join(', ')}`} in ` +
  seconds(started);
process.stderr.write(`${migrateLine}\n`);
const corpus = await ensureCorpus();
let ageLine: string | undefined;
if (values.age) {
  process.stderr.write('aging the corpus (one UPDATE of job_state)\n');
  const aged = await ageCorpus();
  ageLine =
    aged === undefined
      ? 'age: already aged, left as it was'
      : `age: ${count(aged.rows)} jobs aged in ${(aged.ms / 1000).toFixed(1)} s`;
  process.stderr.write(`${ageLine}\n`);
}
const aged = await agedAt();
started = performance.now();
await maintenance.db.none('VACUUM ANALYZE job_state');
const vacuumLine = `VACUUM ANALYZE job_state: ${seconds(started)}`;
process.stderr.write(`${vacuumLine}\n`);
const size = await corpusSize();

// --- What the rounds draw -----------------------------------------------------------------------

const services = createServices(runtime);
const { key } = await services.accounts.createActiveAccount({
  email: 'bench-analytics@example.com',
  plan: 'scale',
  isService: false,
});

const companyKeys = (
  await maintenance.db.any<{ company_key: string }>(
    'SELECT company_key FROM companies WHERE resolved ORDER BY company_key',
  )
).map((row) => row.company_key);
const sources = (
  await maintenance.db.any<{ source: string }>(
    'SELECT DISTINCT source FROM job_state WHERE source IS NOT NULL ORDER BY 1',
  )
)
  .map((row) => row.source)
  .filter(isSourceCode);
const countries = (
  await maintenance.db.any<{ code: string }>(
    'SELECT DISTINCT code FROM job_state, unnest(country_codes) AS code ORDER BY 1',
  )
)
  .map((row) => row.code)
  .filter((code) => /^[A-Z]{2}$/.test(code));
const families = (
  await maintenance.db.any<{ family: string }>(
    'SELECT DISTINCT career_family AS family FROM job_state WHERE career_family IS NOT NULL ORDER BY 1',
  )
)
  .map((row) => row.family)
  .filter((family): family is (typeof CAREER_FAMILIES)[number] =>
    (CAREER_FAMILIES as readonly string[]).includes(family),
  );
await maintenance.close();
if (companyKeys.length === 0 || sources.length === 0 || countries.length === 0 || families.length === 0)
  throw new Error(
    `${values.prefix}: ${companyKeys.length} resolved companies, ${sources.length} sources, ` +
      `${countries.length} countries, ${families.length} families: nothing to measure`,
  );

const velocityPick = random(SEED);
const velocityPlan = Array.from({ length: rounds }, () => ({
  company: pickFrom(velocityPick, companyKeys),
  window: pickFrom(velocityPick, VELOCITY_WINDOWS),
}));

type FilterKind = 'none' | 'source' | 'country' | 'family' | 'company';
const FILTER_KINDS: FilterKind[] = ['none', 'source', 'country', 'family', 'company'];
const fillPick = random(SEED + 1);
const fillPlan = Array.from({ length: rounds }, () => {
  const kind = pickFrom(fillPick, FILTER_KINDS);
  const request: TimeToFillRequest = { window_days: pickFrom(fillPick, TIME_TO_FILL_WINDOWS) };
  if (kind === 'source') request.source = pickFrom(fillPick, sources);
  if (kind === 'country') request.country = pickFrom(fillPick, countries);
  if (kind === 'family') request.family = pickFrom(fillPick, families);
  if (kind === 'company') request.company_key = pickFrom(fillPick, companyKeys);
  return { kind, request };
});

const segmentPick = random(SEED + 2);
const segmentPlan = Array.from({ length: rounds }, () => pickFrom(segmentPick, SEGMENT_IDS));

const now = new Date();
const currentQuarter = quarterOf(now).id;
const defaultQuarter = previousQuarter(quarterOf(now)).id;

// --- Measuring ----------------------------------------------------------------------------------

const api = await startApi(env, values['node-flags']);

/** One timed read: its status (HTTP, or the status of the error thrown in-process) and a digest to compare. */
interface Sample {
  ms: number;
  outcome: string;
  digest: string;
}

/** The first few unexpected failures, printed at the end. */
const failures: string[] = [];

function noteFailure(what: string, detail: string): void {
  if (failures.length < 10) failures.push(`${what}: ${detail.slice(0, 300)}`);
}

/** `digest` reads the body as the operation's documented type (never: any one digest fits). */
async function viaApi(path: string, digest: (body: never) => string, auth = false): Promise<Sample> {
  const started = performance.now();
  const response = await fetch(`${api.url}${path}`, auth ? { headers: { 'X-API-Key': key } } : {});
  const body: unknown = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) {
    if (response.status !== 404) noteFailure(`API ${path}`, `${response.status} ${JSON.stringify(body)}`);
    return { ms, outcome: String(response.status), digest: String(response.status) };
  }
  return { ms, outcome: String(response.status), digest: digest(body as never) };
}

async function inProcess<T>(
  what: string,
  read: () => Promise<T>,
  digest: (value: T) => string,
): Promise<Sample> {
  const started = performance.now();
  try {
    const value = await read();
    const ms = performance.now() - started;
    return { ms, outcome: '200', digest: digest(value) };
  } catch (error) {
    const ms = performance.now() - started;
    const outcome = error instanceof ApiError ? String(error.status) : 'error';
    if (outcome !== '404')
      noteFailure(`in-process ${what}`, error instanceof Error ? error.message : String(error));
    return { ms, outcome, digest: outcome };
  }
}

interface Measured {
  api: Sample[];
  direct: Sample[];
  /** CPU milliseconds (user + system) of the API process per API request. */
  cpuMs: number;
  target?: number;
  /** 404 is an answer here (state-of-hiring of a quarter without data), not a failure. */
  notFoundExpected?: boolean;
}

/**
 * `rounds` rounds of one read through the API and in-process, after WARM_ROUNDS unrecorded ones;
 * whichever runs first takes turns.
 */
async function measure(
  apiRead: (round: number) => Promise<Sample>,
  directRead: (round: number) => Promise<Sample>,
): Promise<Measured> {
  for (let warm = 0; warm < WARM_ROUNDS; warm += 1) {
    const round = (rounds - 1 - warm + rounds) % rounds;
    await apiRead(round);
    await directRead(round);
  }
  const samples: Measured = { api: [], direct: [], cpuMs: 0 };
  const cpuBefore = api.cpuSeconds();
  for (let round = 0; round < rounds; round += 1) {
    const steps = [
      async () => samples.api.push(await apiRead(round)),
      async () => samples.direct.push(await directRead(round)),
    ];
    for (const step of round % 2 === 0 ? steps : [...steps].reverse()) await step();
  }
  samples.cpuMs = ((api.cpuSeconds() - cpuBefore) * 1000) / rounds;
  return samples;
}

/** The stored body's generation and size: what the API served and the service returned must agree. */
function storedDigest(body: { generated_at: string }): string {
  return body.generated_at;
}

const statsDigest = (body: Stats): string => `${storedDigest(body)} ${body.totals.jobs_open}`;
const reportDigest = (body: StateOfHiring): string =>
  `${storedDigest(body)} ${body.totals.first_observed_postings}/${body.totals.closed_postings}`;
const velocityDigest = (body: PostingVelocity): string =>
  `${body.current_window.openings}/${body.prior_window.openings}/${body.weekly.length}`;
const fillDigest = (body: TimeToFill): string =>
  `${body.status} ${body.sample_size}/${body.censored_count}` +
  (body.status === 'ok' ? ` ${body.median_days}` : '');
const indexDigest = (body: SitemapIndex): string =>
  `${body.data.reduce((sum, entry) => sum + entry.job_count, 0)} ${body.last_modified ?? '-'}`;
const segmentDigest = (body: SitemapSegment): string => `${body.job_count} ${body.last_modified ?? '-'}`;

interface FirstCall {
  line: string;
  /** Milliseconds of the computation, wherever it was measured. */
  ms?: number;
}

/**
 * The first call of a precomputed body through the API, and whether it computed it (the stored
 * stamp changed). When it served a stored one, `recompute` (if given) times a computation
 * in-process; when the API failed, `compute` does.
 */
async function firstCall(
  label: string,
  path: string,
  storedAt: () => Promise<string | null>,
  compute: () => Promise<unknown>,
  recompute?: () => Promise<unknown>,
): Promise<FirstCall> {
  const before = await storedAt();
  const started = performance.now();
  const response = await fetch(`${api.url}${path}`);
  const body = (await response.json()) as { detail?: string; code?: string };
  const ms = performance.now() - started;
  const after = await storedAt();
  const timeIt = async (read: () => Promise<unknown>): Promise<number> => {
    const at = performance.now();
    await read();
    return performance.now() - at;
  };
  if (response.ok && after !== before)
    return { line: `${label}: ${ms.toFixed(0)} ms, first call through the API (computed)`, ms };
  if (response.ok) {
    const served = `${label}: the first call (${ms.toFixed(1)} ms) served the body stored at ${before ?? '?'}`;
    if (recompute === undefined) return { line: `${served}; a completed quarter's is never recomputed` };
    const inProcessMs = await timeIt(recompute);
    return { line: `${served}; recomputed in-process: ${inProcessMs.toFixed(0)} ms`, ms: inProcessMs };
  }
  const why = `${response.status} ${body.code ?? ''} ${body.detail ?? ''}`.trim();
  if (response.status === 404) return { line: `${label}: ${why} (${ms.toFixed(1)} ms)` };
  noteFailure(`API ${path}`, why);
  const inProcessMs = await timeIt(compute);
  return {
    line: `${label}: the API answered ${why} after ${ms.toFixed(0)} ms; computed in-process: ${inProcessMs.toFixed(0)} ms`,
    ms: inProcessMs,
  };
}

const snapshotAt = (kind: 'stats' | 'sitemap_index') => async (): Promise<string | null> =>
  (
    await db.oneOrNone<{ at: string }>(
      `SELECT ${isoSql('generated_at')} AS at FROM corpus_snapshots WHERE kind = $1`,
      [kind],
    )
  )?.at ?? null;
const reportAt = (quarter: string) => async (): Promise<string | null> =>
  (
    await db.oneOrNone<{ at: string }>(
      `SELECT ${isoSql('generated_at')} AS at FROM hiring_reports WHERE quarter = $1`,
      [quarter],
    )
  )?.at ?? null;

const fmt = (ms: number): string => `${ms.toFixed(2).padStart(8)} ms`;

try {
  // The API process's first requests open its connections and compile its code paths: not part of
  // the first computations below.
  for (let warm = 0; warm < WARM_ROUNDS; warm += 1) await viaApi('/v1/sitemaps/00', segmentDigest);
  const statsFirst = await firstCall(
    'stats snapshot compute',
    '/v1/stats',
    snapshotAt('stats'),
    () => services.stats.current(),
    () => services.stats.refresh(0),
  );
  const results = new Map<string, Measured>();
  results.set('stats', {
    target: TARGET_MS.stats,
    ...(await measure(
      () => viaApi('/v1/stats', statsDigest),
      () =>
        inProcess(
          'stats',
          () => services.stats.current(),
          (body) => statsDigest(JSON.parse(body) as Stats),
        ),
    )),
  });

  const currentFirst = await firstCall(
    `state-of-hiring ${currentQuarter} compute`,
    `/v1/analytics/state-of-hiring?quarter=${currentQuarter}`,
    reportAt(currentQuarter),
    () => services.analytics.stateOfHiring(currentQuarter),
    () => services.analytics.stateOfHiring(currentQuarter, 0),
  );
  results.set(`state-of-hiring ${currentQuarter} (partial)`, {
    target: TARGET_MS.stateOfHiring,
    ...(await measure(
      () => viaApi(`/v1/analytics/state-of-hiring?quarter=${currentQuarter}`, reportDigest),
      () =>
        inProcess(
          'state-of-hiring',
          () => services.analytics.stateOfHiring(currentQuarter),
          (body) => reportDigest(JSON.parse(body) as StateOfHiring),
        ),
    )),
  });
  const defaultFirst = await firstCall(
    `state-of-hiring default (${defaultQuarter}) compute`,
    '/v1/analytics/state-of-hiring',
    reportAt(defaultQuarter),
    () => services.analytics.stateOfHiring(undefined),
  );
  results.set(`state-of-hiring default (${defaultQuarter})`, {
    target: TARGET_MS.stateOfHiring,
    notFoundExpected: true,
    ...(await measure(
      () => viaApi('/v1/analytics/state-of-hiring', reportDigest),
      () =>
        inProcess(
          'state-of-hiring',
          () => services.analytics.stateOfHiring(undefined),
          (body) => reportDigest(JSON.parse(body) as StateOfHiring),
        ),
    )),
  });

  const velocityPath = (round: number): string => {
    const plan = velocityPlan[round] ?? velocityPlan[0];
    return (
      `/v1/analytics/companies/${encodeURIComponent(plan?.company ?? '')}/posting-velocity` +
      `?window_days=${plan?.window ?? 30}`
    );
  };
  results.set('posting velocity', {
    target: TARGET_MS.velocity,
    ...(await measure(
      (round) => viaApi(velocityPath(round), velocityDigest, true),
      (round) =>
        inProcess(
          'posting velocity',
          () =>
            services.analytics.postingVelocity(
              velocityPlan[round]?.company ?? '',
              velocityPlan[round]?.window ?? 30,
            ),
          velocityDigest,
        ),
    )),
  });

  const fillPath = (round: number): string => {
    const request = fillPlan[round]?.request ?? { window_days: 90 };
    const params = new URLSearchParams(
      Object.entries(request).map(([name, value]) => [name, String(value)] as [string, string]),
    );
    return `/v1/analytics/time-to-fill?${params.toString()}`;
  };
  results.set('time-to-fill (mixed filters)', {
    target: TARGET_MS.timeToFill,
    ...(await measure(
      (round) => viaApi(fillPath(round), fillDigest, true),
      (round) =>
        inProcess(
          'time-to-fill',
          () => services.analytics.timeToFill(fillPlan[round]?.request ?? { window_days: 90 }),
          fillDigest,
        ),
    )),
  });

  const indexFirst = await firstCall(
    'sitemap index snapshot compute',
    '/v1/sitemaps',
    snapshotAt('sitemap_index'),
    () => services.sitemaps.index(),
    () => services.sitemaps.refreshIndex(0),
  );
  results.set('sitemap index', {
    ...(await measure(
      () => viaApi('/v1/sitemaps', indexDigest),
      () =>
        inProcess(
          'sitemap index',
          () => services.sitemaps.index(),
          (body) => indexDigest(JSON.parse(body) as SitemapIndex),
        ),
    )),
  });
  results.set('sitemap segment', {
    target: TARGET_MS.segment,
    ...(await measure(
      (round) => viaApi(`/v1/sitemaps/${segmentPlan[round] ?? '00'}`, segmentDigest),
      (round) =>
        inProcess(
          'sitemap segment',
          () => services.sitemaps.segment(segmentPlan[round] ?? '00'),
          segmentDigest,
        ),
    )),
  });
  const listed = await db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM job_state WHERE publicly_listed',
  );
  const indexTotal = (JSON.parse(await services.sitemaps.index()) as SitemapIndex).data.reduce(
    (sum, entry) => sum + entry.job_count,
    0,
  );

  // --- Report -------------------------------------------------------------------------------------

  const rows: string[] = [];
  rows.push(
    `bench:analytics — ${values.prefix}: ${count(size.jobs)} jobs (${count(size.open)} open, ` +
      `${count(size.closed)} closed), ${count(size.companies)} companies (${count(size.resolved)} resolved; ` +
      `${count(corpus.indexed)} jobs indexed); ${rounds} rounds per read, sequential` +
      (corpus.loadSeconds === undefined ? '' : `; loaded in ${corpus.loadSeconds.toFixed(0)} s this run`),
  );
  rows.push(
    `first_seen ${size.first_seen_min ?? '-'} … ${size.first_seen_max ?? '-'}; closures by reason ` +
      (size.reasons === null
        ? 'none'
        : Object.entries(size.reasons)
            .map(([reason, n]) => `${reason} ${count(n)}`)
            .join(', ')),
  );
  rows.push(
    aged === undefined
      ? 'corpus not aged: every job first observed during the load, so time-to-fill mostly answers ' +
          'insufficient_data and no quarter before the load has data (see --age)'
      : `corpus AGED at ${aged}: job_state updated directly, bypassing the ledger (search index, change feed ` +
          'and company/board rollups not updated): for timing only',
  );
  rows.push(migrateLine);
  if (ageLine !== undefined) rows.push(ageLine);
  rows.push(vacuumLine);
  rows.push(statsFirst.line);
  rows.push(currentFirst.line);
  rows.push(defaultFirst.line);
  rows.push(indexFirst.line);
  rows.push('');
  rows.push(
    'read                                  API p50     API p99  direct p50  direct p99  p50 ratio  API CPU/req  target p50         outcomes',
  );
  const verdicts: [string, Measured, number, number][] = [];
  for (const [name, measured] of results) {
    const apiMs = measured.api.map((sample) => sample.ms);
    const directMs = measured.direct.map((sample) => sample.ms);
    const [a50, a99, d50, d99] = [
      percentile(apiMs, 50),
      percentile(apiMs, 99),
      percentile(directMs, 50),
      percentile(directMs, 99),
    ];
    verdicts.push([name, measured, a50, d50]);
    const target =
      measured.target === undefined
        ? '—'
        : `≤ ${measured.target} ms ${a50 <= measured.target ? 'PASS' : 'MISS'}`;
    const outcomes = new Map<string, number>();
    for (const sample of measured.api) outcomes.set(sample.outcome, (outcomes.get(sample.outcome) ?? 0) + 1);
    rows.push(
      `${name.padEnd(34)} ${fmt(a50)} ${fmt(a99)} ${fmt(d50)} ${fmt(d99)}   ${(a50 / d50).toFixed(2).padStart(6)}x ` +
        `${fmt(measured.cpuMs)}  ${target.padEnd(17)}  ` +
        [...outcomes].map(([status, n]) => `${status} ×${n}`).join(', '),
    );
  }
  rows.push('');
  /** p50 of some of a read's API samples, with how many there were (and how many answered ok). */
  const p50Of = (samples: Sample[], countOk = false): string => {
    const ok = samples.filter((sample) => sample.digest.startsWith('ok')).length;
    const figure =
      samples.length === 0
        ? '—'
        : `${percentile(
            samples.map((sample) => sample.ms),
            50,
          ).toFixed(2)} ms`;
    return `${figure} (${samples.length}${countOk ? `, ${ok} ok` : ''})`;
  };
  const velocity = results.get('posting velocity')?.api ?? [];
  const byWindow = VELOCITY_WINDOWS.map(
    (window) => `${window} d ${p50Of(velocity.filter((_, round) => velocityPlan[round]?.window === window))}`,
  );
  rows.push(`posting velocity API p50 by window (rounds): ${byWindow.join(', ')}`);
  const fill = results.get('time-to-fill (mixed filters)');
  const byKind = FILTER_KINDS.map(
    (kind) =>
      `${kind} ${p50Of(
        (fill?.api ?? []).filter((_, round) => fillPlan[round]?.kind === kind),
        true,
      )}`,
  );
  rows.push(`time-to-fill API p50 by filter (rounds, answered ok): ${byKind.join(', ')}`);
  const fillByWindow = TIME_TO_FILL_WINDOWS.map(
    (window) =>
      `${window} d ${p50Of(
        (fill?.api ?? []).filter((_, round) => fillPlan[round]?.request.window_days === window),
        true,
      )}`,
  );
  rows.push(`time-to-fill API p50 by window (rounds, answered ok): ${fillByWindow.join(', ')}`);
  const fillOk = (fill?.api ?? []).filter((sample) => sample.digest.startsWith('ok')).length;
  rows.push(
    `time-to-fill answers: ${fillOk} ok, ${(fill?.api.length ?? 0) - fillOk} insufficient_data or failed ` +
      `(sources ${sources.length}, countries ${countries.length}, families ${families.length}, ` +
      `companies ${count(companyKeys.length)} to draw from)`,
  );
  rows.push(
    `sitemaps: ${count(listed.n)} publicly listed jobs (SQL), index total ${count(indexTotal)} ` +
      `(${listed.n === indexTotal ? 'OK' : 'MISMATCH'}), ${(listed.n / 256).toFixed(0)} per segment on average`,
  );
  let consistent = listed.n === indexTotal;
  const agreement: string[] = [];
  for (const [name, measured] of results) {
    const agreeing = measured.api.filter(
      (sample, round) => sample.digest === measured.direct[round]?.digest,
    ).length;
    if (agreeing !== measured.api.length) consistent = false;
    agreement.push(`${name} ${agreeing}/${measured.api.length}`);
  }
  rows.push(`API and in-process answers agree: ${agreement.join('; ')}`);
  const unexpected = [...results].flatMap(([name, measured]) =>
    [...measured.api, ...measured.direct]
      .filter(
        (sample) => sample.outcome !== '200' && !(sample.outcome === '404' && measured.notFoundExpected),
      )
      .map(() => name),
  );
  if (unexpected.length > 0 || failures.length > 0) {
    consistent = false;
    rows.push(`FAILURES: ${unexpected.length} unexpected outcomes; first ones:`);
    for (const failure of failures) rows.push(`  ${failure}`);
  }
  rows.push('');
  rows.push('summary');
  const summary: [string, string, string][] = [];
  summary.push([
    'stats snapshot compute',
    statsFirst.ms === undefined ? 'n/a' : `${statsFirst.ms.toFixed(0)} ms`,
    '',
  ]);
  summary.push([
    `state-of-hiring ${currentQuarter} compute`,
    currentFirst.ms === undefined ? 'n/a' : `${currentFirst.ms.toFixed(0)} ms`,
    '',
  ]);
  summary.push([
    `state-of-hiring ${defaultQuarter} compute`,
    defaultFirst.ms === undefined ? 'n/a (see above)' : `${defaultFirst.ms.toFixed(0)} ms`,
    '',
  ]);
  summary.push([
    'sitemap index snapshot compute',
    indexFirst.ms === undefined ? 'n/a' : `${indexFirst.ms.toFixed(0)} ms`,
    '',
  ]);
  for (const [name, measured, a50, d50] of verdicts)
    summary.push([
      `${name} p50 (API)`,
      `${a50.toFixed(2)} ms (${(a50 / d50).toFixed(2)}x direct)`,
      measured.target === undefined
        ? 'no target'
        : `≤ ${measured.target} ms: ${a50 <= measured.target ? 'PASS' : 'MISS'}`,
    ]);
  summary.push(['answers API = in-process', consistent ? 'OK' : 'MISMATCH or failures (above)', '']);
  for (const [what, figure, verdict] of summary)
    rows.push(`  ${what.padEnd(44)} ${figure.padEnd(32)} ${verdict}`);
  process.stdout.write(`${rows.join('\n')}\n`);
  if (!consistent) process.exitCode = 1;
} finally {
  api.stop();
  await runtime.close();
}
