/**
 * `npm run bench:export [-- --prefix bench-ingest]`: bulk export of the cached synthetic corpus
 * (built by bench:ingest / bench:search) through the API in each format — rows/s, MB/s and the API
 * process's peak RSS — next to two ceilings measured in the same run: serializing rows already in
 * memory (the raw serialization ceiling) and reading the same rows from Elasticsearch one page at a
 * time, as a plain point-in-time scan does, and serializing them in-process (no HTTP). Two more
 * figures bound what this design can reach here: what Elasticsearch alone delivers for the export's
 * reads, and the CPU per row the API and Elasticsearch spend, with the rate that leaves on this
 * machine's cores.
 */
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { estypes } from '@elastic/elasticsearch';
import { request } from 'undici';
import { loadConfig } from '../src/config.js';
import { csvCells, DEFAULT_EXPORT_COLUMNS, type ExportRow } from '../src/export/columns.js';
import { csvRecords, EXPORT_FORMATS, ndjsonLines, type ExportFormat } from '../src/export/encoders.js';
import { exportPageRequest, exportQuery } from '../src/search/export-query.js';
import { ExportService, FETCH_CONCURRENCY, PART_ROWS } from '../src/services/export.js';
import { inOrder } from '../src/lib/ordered.js';
import { percentile } from '../src/lib/statistics.js';
import { createServices, openRuntime } from '../src/runtime.js';
import { closePit } from '../src/search/client.js';
import { hitSource } from '../src/search/document.js';
import { scanIndex } from '../src/search/indices.js';
import { jobFetch } from '../src/search/job-query.js';
import { benchEnv, startApi } from './lib/api-process.js';

const { values } = parseArgs({
  options: {
    prefix: { type: 'string', default: 'bench-ingest' },
    // Bound the run: the first N parts of CSV/NDJSON (and as many rows for the ceilings); 0 = all.
    parts: { type: 'string', default: '0' },
    // Parquet is one artifact of the whole result; a source filter bounds it (e.g. --parquet-source lever).
    'parquet-source': { type: 'string', default: '' },
    formats: { type: 'string', default: 'ndjson,csv,parquet' },
    // Flags for the API process, space-separated (e.g. --node-flags="--max-semi-space-size=16").
    'node-flags': { type: 'string', default: '' },
    // Also time small searches to the same API, idle and while each export runs: what an export
    // costs the API's other clients.
    probe: { type: 'boolean', default: false },
  },
});
const maxParts = Number(values.parts);
const parquetSource = values['parquet-source'];
const formats = new Set(values.formats.split(','));
for (const format of formats)
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new Error(`--formats: ${format} is not one of ${EXPORT_FORMATS.join(', ')}`);
const env = await benchEnv(values.prefix);
const runtime = openRuntime(loadConfig(env));
const filters = { status: 'all' as const };
const query = exportQuery(filters);
/** The export service over the corpus: bench:export reads the pages it would read. */
const exportService = new ExportService(
  runtime.es,
  runtime.indices.alias,
  runtime.config.secrets.cursorSecret,
  runtime.parquet,
);
const total = (await runtime.es.count({ index: runtime.indices.alias, query })).count;
if (total < 100_000)
  throw new Error(`corpus ${values.prefix} has ${total} jobs; run npm run bench:search first`);

const { key, accountId } = await createServices(runtime).accounts.createActiveAccount({
  email: 'bench-export@example.com',
  plan: 'scale',
  isService: false,
});
/** The bench exports the corpus several times; the operator resets this account's period between runs. */
const resetAllowance = (): Promise<null> =>
  runtime.database.db.none('UPDATE allowance_periods SET used = 0 WHERE account_id = $1', [accountId]);

interface Measured {
  rows: number;
  seconds: number;
  bytes: number;
  peakRssMb?: number;
  /** Latencies (ms) of the probe's searches, before the export and while it ran. */
  probe?: { idle: number[]; during: number[] };
  /**
   * CPU time per row, in µs, of the API process, of Elasticsearch and of this bench process (the
   * HTTP client reading the export shares the machine's cores) while this ran.
   */
  cpuUsPerRow?: { api: number; es: number; client: number };
}

/** CPU milliseconds Elasticsearch (every node of the dev cluster) has used so far. */
async function esCpuMs(): Promise<number> {
  const stats = await runtime.es.nodes.stats({ metric: 'process' });
  return Object.values(stats.nodes).reduce((sum, node) => sum + (node.process?.cpu?.total_in_millis ?? 0), 0);
}

const partLimit = maxParts > 0 ? maxParts : Number.POSITIVE_INFINITY;
const rowLimit = Math.min(total, partLimit * PART_ROWS);

/** A small search, as the API's other clients send while an export runs. */
const PROBE_PATH = '/v1/jobs/search?q=engineer&limit=10';

/** Sends PROBE_PATH one at a time until `until` resolves; each one's latency in ms. */
async function probeSearches(url: string, until: Promise<unknown>): Promise<number[]> {
  const state = { done: false };
  const stop = (): void => {
    state.done = true;
  };
  until.then(stop, stop);
  const latencies: number[] = [];
  while (!state.done) {
    const started = performance.now();
    const response = await request(`${url}${PROBE_PATH}`, { headers: { 'X-API-Key': key } });
    await response.body.dump();
    if (response.statusCode !== 200) throw new Error(`probe search: ${String(response.statusCode)}`);
    latencies.push(performance.now() - started);
  }
  return latencies;
}

async function viaApi(format: ExportFormat, extra = '', rows = rowLimit): Promise<Measured> {
  await resetAllowance();
  const api = await startApi(env, values['node-flags']);
  try {
    const idle = values.probe
      ? await probeSearches(api.url, new Promise((resolve) => setTimeout(resolve, 5_000)))
      : [];
    const [apiCpuBefore, esCpuBefore] = [api.cpuSeconds(), await esCpuMs()];
    const clientCpuBefore = process.cpuUsage();
    const started = performance.now();
    let bytes = 0;
    let parts = 0;
    const exported = (async (): Promise<void> => {
      let path: string | undefined = `/v1/jobs/export?format=${format}&status=all${extra}`;
      while (path !== undefined && parts < partLimit) {
        parts += 1;
        // Identity: the export's own pace, as the ceilings measure it (compression is bench:compression's).
        // undici's request with a Node stream body, as the Elasticsearch client drains "ES delivery
        // alone": fetch's web stream cost this process 11.5 µs a row, as much as the API itself.
        const response = await request(`${api.url}${path}`, {
          headers: { 'X-API-Key': key, 'Accept-Encoding': 'identity' },
        });
        if (response.statusCode !== 200) throw new Error(`${String(response.statusCode)} for ${path}`);
        for await (const chunk of response.body) if (chunk instanceof Buffer) bytes += chunk.byteLength;
        const link = response.headers.link;
        const next = /^<([^>]+)>; rel="next"$/.exec(typeof link === 'string' ? link : '');
        path = next?.[1];
      }
    })();
    const during = values.probe ? await probeSearches(api.url, exported) : [];
    await exported;
    const seconds = (performance.now() - started) / 1000;
    const client = process.cpuUsage(clientCpuBefore);
    const cpuUsPerRow = {
      api: ((api.cpuSeconds() - apiCpuBefore) * 1e6) / rows,
      es: (((await esCpuMs()) - esCpuBefore) * 1e3) / rows,
      client: (client.user + client.system) / rows,
    };
    return {
      rows,
      seconds,
      bytes,
      peakRssMb: api.peakRssMb(),
      cpuUsPerRow,
      ...(values.probe ? { probe: { idle, during } } : {}),
    };
  } finally {
    api.stop();
  }
}

const serializers: Record<'ndjson' | 'csv', (rows: ExportRow[]) => string> = {
  ndjson: (rows) => ndjsonLines(rows, DEFAULT_EXPORT_COLUMNS),
  csv: (rows) => csvRecords(rows.map((row) => csvCells(row, DEFAULT_EXPORT_COLUMNS))),
};

/** Reads every row the way the export does (one point in time, storage order) and serializes each page in-process. */
async function viaEs(format: 'ndjson' | 'csv'): Promise<Measured & { sample: ExportRow[] }> {
  const started = performance.now();
  let rows = 0;
  let bytes = 0;
  let sample: ExportRow[] = [];
  for await (const hits of scanIndex<ExportRow>(runtime.es, runtime.indices.alias, {
    pageSize: 2000,
    query,
    fetch: jobFetch(false),
  })) {
    const page = hits.map(hitSource);
    if (sample.length < 50_000) sample = sample.concat(page);
    bytes += Buffer.byteLength(serializers[format](page));
    rows += page.length;
    if (rows >= rowLimit) break;
  }
  return { rows, seconds: (performance.now() - started) / 1000, bytes, sample };
}

/**
 * What Elasticsearch alone delivers for the export's reads on this machine: the same point in time,
 * order and pages as the export (page ends walked over sort values first, then as many pages in flight),
 * each answer's bytes drained and never parsed. No export reading Elasticsearch at this concurrency
 * can pass it.
 */
async function esDelivery(of: estypes.QueryDslQueryContainer, rows: number): Promise<Measured> {
  const started = performance.now();
  const { id } = await runtime.es.openPointInTime({ index: runtime.indices.alias, keep_alive: '5m' });
  const pit = { id, keep_alive: '5m' };
  try {
    const spans = [];
    for await (const span of exportService.pageSpans(pit, of, undefined, rows)) spans.push(span);
    const reads = spans.map((span) => async (): Promise<number> => {
      const answer: unknown = await runtime.es.transport.request(
        {
          method: 'POST',
          path: '/_search',
          body: exportPageRequest(pit, of, span.after, span.size, jobFetch(false)),
        },
        { asStream: true },
      );
      if (!(answer instanceof Readable)) throw new Error('expected a stream');
      let read = 0;
      for await (const chunk of answer) if (chunk instanceof Buffer) read += chunk.byteLength;
      return read;
    });
    let bytes = 0;
    for await (const read of inOrder(reads, FETCH_CONCURRENCY)) bytes += read;
    return { rows, seconds: (performance.now() - started) / 1000, bytes };
  } finally {
    await closePit(runtime.es, id);
  }
}

const rate = (m: Measured): number => m.rows / m.seconds;

/**
 * The two ceilings of `format`; the rows read for them are let go before the API is measured. The
 * bench is also the API's client, and it shares the cores: holding the 50,000 parsed sample rows
 * through the API's run made each of its own collections mark them (its CPU a row 6–12 µs, and as
 * noisy; without them the client is a client, as an outside one would be).
 */
async function ceilings(format: 'ndjson' | 'csv'): Promise<{ es: Measured; raw: Measured }> {
  const { sample, ...es } = await viaEs(format);
  return { es, raw: rawSerialization(format, sample) };
}

/**
 * Serializing rows already in memory: the ceiling no export path can pass. The best of several
 * one-second trials, because a ceiling is what the machine can do, and this one's speed swings
 * with the host's load.
 */
function rawSerialization(format: 'ndjson' | 'csv', sample: ExportRow[]): Measured {
  let best: Measured = { rows: 0, seconds: 1, bytes: 0 };
  for (let trial = 0; trial < 5; trial += 1) {
    const started = performance.now();
    let bytes = 0;
    let rows = 0;
    while (performance.now() - started < 1000) {
      for (let i = 0; i < sample.length; i += 2000)
        bytes += Buffer.byteLength(serializers[format](sample.slice(i, i + 2000)));
      rows += sample.length;
    }
    const measured = { rows, seconds: (performance.now() - started) / 1000, bytes };
    if (rate(measured) > rate(best)) best = measured;
  }
  return best;
}

/** The probe's latencies, idle and during the export (the probe's own CPU is in the client's figure). */
const probeLine = (m: Measured): string[] => {
  if (m.probe === undefined) return [];
  const summary = (sample: number[]): string => {
    const sorted = [...sample].sort((a, b) => a - b);
    if (sorted.length === 0) return 'no searches';
    const at = (p: number): string => percentile(sorted, p).toFixed(1);
    return `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms (${String(sorted.length)})`;
  };
  return [
    `         search probe (${PROBE_PATH}): idle ${summary(m.probe.idle)}; during the export ${summary(m.probe.during)}`,
  ];
};

const fmt = (m: Measured): string =>
  `${Math.round(rate(m)).toLocaleString('en-US').padStart(10)} rows/s ${(m.bytes / m.seconds / 1e6).toFixed(1).padStart(7)} MB/s`;
/** The CPU both processes spent per row, and the rate it allows if every core did nothing else. */
const cpuLine = (m: Measured): string => {
  if (m.cpuUsPerRow === undefined) return '';
  const { api, es, client } = m.cpuUsPerRow;
  const cores = availableParallelism();
  const atMost = (us: number): string => Math.round((cores * 1e6) / us).toLocaleString('en-US');
  return (
    `         CPU per row: API ${api.toFixed(1)} µs + Elasticsearch ${es.toFixed(1)} µs → ` +
    `at most ${atMost(api + es)} rows/s on ${String(cores)} cores; ` +
    `+ this client ${client.toFixed(1)} µs → at most ${atMost(api + es + client)} rows/s`
  );
};

try {
  const lines = [
    `bench:export — corpus ${total.toLocaleString('en-US')} rows (${values.prefix}, status=all, default columns); ` +
      `CSV/NDJSON and ceilings over the first ${rowLimit.toLocaleString('en-US')} rows`,
  ];
  // The better of two passes: the first may find Elasticsearch's caches cold, and a bound is what it can do warm.
  const bestDelivery = async (of: estypes.QueryDslQueryContainer, rows: number): Promise<Measured> =>
    [await esDelivery(of, rows), await esDelivery(of, rows)].reduce((a, b) => (rate(a) >= rate(b) ? a : b));
  const delivery = await bestDelivery(query, rowLimit);
  lines.push(`ES delivery alone      ${fmt(delivery)}  (the export's reads, answers drained unparsed)`);
  for (const format of (['ndjson', 'csv'] as const).filter((f) => formats.has(f))) {
    const { es, raw } = await ceilings(format);
    const api = await viaApi(format);
    lines.push(
      `${format.padEnd(8)} API ${fmt(api)}  peak RSS ${(api.peakRssMb ?? 0).toFixed(0)} MB  ${api.seconds.toFixed(1)} s`,
      cpuLine(api),
      ...probeLine(api),
      `         ES read + serialize ${fmt(es)}  → API/that ${(rate(api) / rate(es)).toFixed(2)}x`,
      `         raw serialization   ${fmt(raw)}  → API/raw ${(rate(api) / rate(raw)).toFixed(2)}x, ` +
        `ES delivery alone/raw ${(rate(delivery) / rate(raw)).toFixed(2)}x`,
    );
  }
  if (formats.has('parquet')) {
    const parquetQuery = exportQuery({
      ...filters,
      ...(parquetSource === '' ? {} : { source: [parquetSource] }),
    });
    const parquetRows = (await runtime.es.count({ index: runtime.indices.alias, query: parquetQuery })).count;
    const parquet = await viaApi(
      'parquet',
      parquetSource === '' ? '' : `&source=${parquetSource}`,
      parquetRows,
    );
    // A filter reads fewer rows from each stored block: its own delivery is the bound to compare with.
    const parquetDelivery = parquetSource === '' ? delivery : await bestDelivery(parquetQuery, parquetRows);
    lines.push(
      `parquet  API ${fmt(parquet)}  peak RSS ${(parquet.peakRssMb ?? 0).toFixed(0)} MB  ${parquet.seconds.toFixed(1)} s ` +
        `(one artifact, ${parquetRows.toLocaleString('en-US')} rows${parquetSource === '' ? '' : `, source=${parquetSource}`})`,
      cpuLine(parquet),
      ...probeLine(parquet),
      `         ES delivery alone ${fmt(parquetDelivery)}  → API/that ${(rate(parquet) / rate(parquetDelivery)).toFixed(2)}x`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await runtime.close();
}
