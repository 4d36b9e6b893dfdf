/**
 * `npm run bench:compression [-- --seconds 1 --requests 480 --prefix P]`: what compressing a job page
 * costs and saves, to choose the levels and the threshold of src/http/compression.ts. Pages are
 * real-shaped: synthetic postings (test/support/synthetic.ts) through the ingest's own normalize and
 * enrich steps, presented as the search answers them (descriptions included), newest first so
 * companies interleave as in a search page; with `--prefix`, the newest 1,000 jobs of that corpus
 * of the dev stack instead (e.g. one crawled from the recorded payloads of the demo).
 *
 * 1. In process, 100- and 1,000-job pages: per encoding and level, the ratio and the CPU per page
 *    (process.cpuUsage counts every thread, and zlib's stream work runs on the libuv pool), through
 *    the zlib streams koa-compress uses (`stream.end(body)`). Each cell is the median of 5 timed
 *    batches lasting `--seconds` in all, after a collection (`--expose-gc`), so a stray GC or a busy
 *    neighbour on this shared machine does not decide a level.
 * 2. Bodies near the threshold: what the chosen levels save and cost for a problem, a prefix of a
 *    page of 0.5 to 4 KiB, a 1-job page.
 * 3. End to end: a Koa app with the compression middleware (lib/compression-server.ts, a process of
 *    its own) serving the page as a Buffer of JSON, as the search handler does, over loopback to a
 *    client in another process that does not decode; the server's CPU per request for each
 *    encoding, and the extra over identity.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  constants,
  createBrotliCompress,
  createGzip,
  createZstdCompress,
  type BrotliOptions,
  type ZlibOptions,
  type ZstdOptions,
} from 'node:zlib';
import type { Transform } from 'node:stream';
import type { CompanyRow } from '../src/db/corpus.js';
import type { Job, StoredJob } from '../src/domain/job.js';
import { isSourceCode } from '../src/domain/sources.js';
import { COMPRESSION_LEVELS, COMPRESSION_THRESHOLD_BYTES, ENCODINGS } from '../src/http/compression.js';
import { problemBody } from '../src/http/problem.js';
import { enrich } from '../src/ingest/enrich/index.js';
import { RulesWorkArrangementClassifier } from '../src/ingest/enrich/work-arrangement.js';
import { preparePosting } from '../src/ingest/crawl/pipeline.js';
import { presentJobPage } from '../src/presenters/jobs.js';
import { syntheticBoards } from '../test/support/synthetic.js';
import { loadConfig } from '../src/config.js';
import { openRuntime } from '../src/runtime.js';
import { DESCRIPTION_FIELD, hitSource } from '../src/search/document.js';
import { benchEnv } from './lib/api-process.js';
import { percentile } from './lib/samples.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '1' },
    // Pages from a corpus of the dev stack instead (its newest 1,000 jobs), e.g. the demo corpus.
    prefix: { type: 'string', default: '' },
    requests: { type: 'string', default: '480' },
  },
});
const SECONDS = Number(values.seconds);
const REQUESTS = Number(values.requests);

type Encoding = (typeof ENCODINGS)[number];
const LEVELS: Record<Encoding, number[]> = {
  gzip: [1, 3, 4, 5, 6, 9],
  br: [1, 2, 3, 4, 5, 6, 11],
  zstd: [1, 2, 3, 4, 5, 6, 9],
};

function encoder(encoding: Encoding, level: number): Transform {
  if (encoding === 'gzip') return createGzip({ level } satisfies ZlibOptions);
  if (encoding === 'br')
    return createBrotliCompress({
      params: { [constants.BROTLI_PARAM_QUALITY]: level },
    } satisfies BrotliOptions);
  return createZstdCompress({ params: { [constants.ZSTD_c_compressionLevel]: level } } satisfies ZstdOptions);
}

/** Compresses `body` as koa-compress does (stream.end(body)); resolves to the encoded length. */
function compressOnce(encoding: Encoding, level: number, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const stream = encoder(encoding, level);
    let length = 0;
    stream.on('data', (chunk: Buffer) => (length += chunk.length));
    stream.on('end', () => {
      resolve(length);
    });
    stream.on('error', reject);
    stream.end(body);
  });
}

function cpuMs(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function isCallable(value: unknown): value is () => void {
  return typeof value === 'function';
}

/** A full collection before a cell, when the bench runs with --expose-gc (the npm script does). */
function collect(): void {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (isCallable(gc)) gc();
}

/** Timed batches per cell: the median batch is reported, so a stray GC or a busy neighbour is not. */
const BATCHES = 5;

/** CPU ms per page (median of BATCHES batches, together at least SECONDS long) and the compressed length. */
async function measure(
  encoding: Encoding,
  level: number,
  body: Buffer,
): Promise<{ ms: number; min: number; bytes: number }> {
  const warm = process.cpuUsage();
  const bytes = await compressOnce(encoding, level, body); // warm-up
  collect();
  // A page slower than a whole cell's time (brotli 11) is timed once.
  const batches = cpuMs(warm) > SECONDS * 1000 ? 1 : BATCHES;
  const perBatch: number[] = [];
  for (let batch = 0; batch < batches; batch += 1) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    let pages = 0;
    while (pages < 1 || performance.now() - started < (SECONDS * 1000) / BATCHES) {
      await compressOnce(encoding, level, body);
      pages += 1;
    }
    perBatch.push(cpuMs(cpu) / pages);
  }
  return { ms: percentile(perBatch, 50), min: Math.min(...perBatch), bytes };
}

async function realisticJobs(count: number): Promise<StoredJob[]> {
  const workArrangement = new RulesWorkArrangementClassifier();
  const now = new Date(Date.UTC(2026, 0, 2));
  const jobs: StoredJob[] = [];
  // Boards of ~20 postings, so a page spans ~50 companies as a search page does.
  for (const board of syntheticBoards({ seed: 26, jobs: count, meanBoardSize: 20 })) {
    const { source } = board;
    if (!isSourceCode(source)) throw new Error(`synthetic source ${source} is not a source code`);
    const company: CompanyRow = {
      company_key: board.companyKey,
      display_name: board.companyName,
      domain: board.domain,
      resolved: true,
    };
    for (const posting of board.postings) {
      const prepared = await preparePosting(
        (input) => enrich(input, { workArrangement }),
        { ...posting, organization: board.companyName },
        { board: { source, slug: board.slug, verified_at: now.toISOString() }, company, now },
      );
      const firstSeen = posting.postedAt ?? now.toISOString();
      jobs.push({
        ...prepared.draft,
        status: 'open',
        first_seen: firstSeen,
        modified_at: firstSeen,
        revision: 1,
      });
    }
  }
  return jobs.sort((a, b) => b.first_seen.localeCompare(a.first_seen));
}

function pageBytes(jobs: Job[]): Buffer {
  return Buffer.from(JSON.stringify(presentJobPage({ jobs, next_cursor: 'x'.repeat(180) })));
}

const pad = (value: string | number, width: number): string => String(value).padStart(width);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;
const signed = (ms: number): string => `${ms < 0 ? '−' : '+'}${Math.abs(ms).toFixed(2)}`;

/** The newest 1,000 jobs of a corpus of the dev stack, as the search reads them. */
async function corpusJobs(prefix: string): Promise<Job[]> {
  const runtime = openRuntime(loadConfig(await benchEnv(prefix)));
  try {
    const answer = await runtime.es.search<Job>({
      index: runtime.indices.alias,
      size: 1000,
      sort: [{ first_seen: 'desc' }],
      _source: true,
      stored_fields: [DESCRIPTION_FIELD],
    });
    return answer.hits.hits.map((hit) => hitSource(hit));
  } finally {
    await runtime.close();
  }
}

const jobs = values.prefix === '' ? await realisticJobs(1000) : await corpusJobs(values.prefix);
if (jobs.length < 1000) throw new Error(`corpus ${values.prefix} has ${jobs.length} jobs; 1,000 needed`);
const origin = values.prefix === '' ? 'synthetic postings, enriched' : `corpus ${values.prefix}`;
const pages = { 100: pageBytes(jobs.slice(0, 100)), 1000: pageBytes(jobs) };
process.stdout.write(
  `bench:compression — job pages of the search's shape (${origin}): 100 jobs ${kb(pages[100].length)}, 1,000 jobs ${kb(pages[1000].length)} (${Math.round(pages[1000].length / 1000)} B/job); ≥ ${SECONDS} s per cell, CPU of every thread\n\n`,
);

// 1. Ratio and CPU per page, per encoding and level: every 100-job cell, then every 1,000-job cell.
const cells = new Map<string, { ms: number; min: number; bytes: number }>();
for (const size of [100, 1000] as const) {
  for (const encoding of ENCODINGS) {
    for (const level of LEVELS[encoding]) {
      cells.set(`${encoding} ${level} ${size}`, await measure(encoding, level, pages[size]));
    }
  }
}
process.stdout.write(
  'encoding level | 100 jobs: ratio  CPU ms/page median (min) | 1,000 jobs: ratio  CPU ms/page median (min) | chosen\n',
);
for (const encoding of ENCODINGS) {
  for (const level of LEVELS[encoding]) {
    const row = ([100, 1000] as const).map((size) => {
      const cell = cells.get(`${encoding} ${level} ${size}`);
      if (cell === undefined) throw new Error('unmeasured cell');
      return `${pad((pages[size].length / cell.bytes).toFixed(1), size === 100 ? 14 : 16)}× ${pad(cell.ms.toFixed(2), 18)} (${cell.min.toFixed(2)})`;
    });
    const chosen = COMPRESSION_LEVELS[encoding] === level ? '  ◀' : '';
    process.stdout.write(`${pad(encoding, 8)} ${pad(level, 5)} | ${row.join(' | ')} |${chosen}\n`);
  }
}

// 2. Bodies near the threshold, at the chosen levels.
const problem = problemBody(undefined, '0f8fad5b-d9cb-469f-a165-70867728950e', '/v1/jobs/search');
const smallBodies: [string, Buffer][] = [
  ['problem+json', Buffer.from(JSON.stringify(problem))],
  ...[512, 1024, 2048, 4096].map((bytes): [string, Buffer] => [`page prefix`, pages[100].subarray(0, bytes)]),
  ['1-job page', pageBytes(jobs.slice(0, 1))],
];
process.stdout.write(
  `\nbodies near the threshold (${COMPRESSION_THRESHOLD_BYTES} B) at the chosen levels: compressed bytes, CPU ms\n`,
);
for (const [name, body] of smallBodies) {
  const row: string[] = [];
  for (const encoding of ENCODINGS) {
    const { ms, bytes } = await measure(encoding, COMPRESSION_LEVELS[encoding], body);
    row.push(`${encoding} ${pad(bytes, 5)} B ${ms.toFixed(3)} ms`);
  }
  process.stdout.write(`${pad(name, 14)} ${pad(body.length, 6)} B | ${row.join(' | ')}\n`);
}

// 3. End to end: the server (Koa and the middleware, lib/compression-server.ts) and the client each
// in a process of their own; the server's CPU is read from it before and after each batch.
const dir = await mkdtemp(join(tmpdir(), 'bench-compression-'));
const served: string[] = [];
for (const size of [100, 1000] as const) {
  await writeFile(join(dir, `${size}.json`), pages[size]);
  served.push(`/${size}=${join(dir, `${size}.json`)}`);
}
const server = spawn(process.execPath, ['--import', 'tsx', 'scripts/lib/compression-server.ts', ...served], {
  stdio: ['pipe', 'pipe', 'inherit'],
});
const serverLines = createInterface({ input: server.stdout })[Symbol.asyncIterator]();
const portLine = await serverLines.next();
const port = Number(portLine.done === true ? Number.NaN : portLine.value);
if (!Number.isInteger(port)) throw new Error('the bench server did not start');

/** The server process's CPU so far, in ms. */
async function serverCpuMs(): Promise<number> {
  const usage: unknown = await (await fetch(`http://127.0.0.1:${port}/cpu`)).json();
  if (typeof usage !== 'object' || usage === null || !('user' in usage) || !('system' in usage))
    throw new Error('the bench server answered no CPU use');
  return (Number(usage.user) + Number(usage.system)) / 1000;
}

/**
 * The client: one keep-alive connection, bodies counted and never decoded; one JSON line per
 * command on stdin and per answer.
 */
const CLIENT = `
const http = require('node:http');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (url, accept) => new Promise((resolve, reject) => {
  http.get(url, { agent, headers: { 'accept-encoding': accept } }, (res) => {
    let bytes = 0;
    res.on('data', (chunk) => { bytes += chunk.length; });
    res.on('end', () => resolve({ bytes, encoding: res.headers['content-encoding'] || 'identity' }));
  }).on('error', reject);
});
require('node:readline').createInterface({ input: process.stdin }).on('line', async (line) => {
  const { url, accept, count } = JSON.parse(line);
  let last;
  for (let i = 0; i < count; i += 1) last = await get(url, accept);
  process.stdout.write(JSON.stringify(last) + '\\n');
});`;
const client = spawn(process.execPath, ['-e', CLIENT], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = createInterface({ input: client.stdout })[Symbol.asyncIterator]();

interface Fetched {
  bytes: number;
  encoding: string;
}

function isFetched(value: unknown): value is Fetched {
  return typeof value === 'object' && value !== null && 'bytes' in value && 'encoding' in value;
}

/** `count` requests by the client; resolves with the last answer's size and coding. */
async function requests(path: string, accept: string, count: number): Promise<Fetched> {
  client.stdin.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}${path}`, accept, count })}\n`);
  const line = await answers.next();
  const answer: unknown = line.done === true ? undefined : JSON.parse(line.value);
  if (!isFetched(answer)) throw new Error('the bench client stopped');
  return answer;
}

/** Rounds over every coding in turn, so a busy spell of this shared machine hits them all alike. */
const ROUNDS = 4;
const SAMPLES = ROUNDS * 3;
process.stdout.write(
  `\nend to end (Koa + middleware at the chosen levels, loopback, server and client each in a process of their own, ${REQUESTS} requests per coding in ${SAMPLES} batches over ${ROUNDS} interleaved rounds): server CPU ms per request, median batch, + extra over identity\n`,
);
const codings = ['identity', ...ENCODINGS];
for (const path of ['/100', '/1000']) {
  const samples = new Map<string, number[]>(codings.map((coding) => [coding, []]));
  const last = new Map<string, Fetched>();
  const size = Math.max(1, Math.round(REQUESTS / SAMPLES));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const accept of codings) {
      await requests(path, accept, Math.max(1, Math.round(size / 3)));
      for (let batch = 0; batch < SAMPLES / ROUNDS; batch += 1) {
        const before = await serverCpuMs();
        last.set(accept, await requests(path, accept, size));
        samples.get(accept)?.push(((await serverCpuMs()) - before) / size);
      }
    }
  }
  const identity = percentile(samples.get('identity') ?? [], 50);
  const cells = codings.map((accept) => {
    const ms = percentile(samples.get(accept) ?? [], 50);
    const answer = last.get(accept) ?? { bytes: 0, encoding: '?' };
    const extra = accept === 'identity' ? '' : ` (${signed(ms - identity)})`;
    return `${answer.encoding} ${kb(answer.bytes)} ${ms.toFixed(2)}${extra}`;
  });
  process.stdout.write(`${pad(path === '/100' ? '100 jobs' : '1,000 jobs', 10)} | ${cells.join(' | ')}\n`);
}
client.kill();
server.stdin.end();
await rm(dir, { recursive: true, force: true });
