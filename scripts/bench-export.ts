/**
 * `npm run bench:export [-- --prefix bench-ingest]`: bulk export of the cached synthetic corpus
 * (built by bench:ingest / bench:search) through the API in each format — rows/s, MB/s and the API
 * process's peak RSS — next to two ceilings measured in the same run: serializing rows already in
 * memory (the raw serialization ceiling) and reading the same rows from Elasticsearch one page at a
 * time, as a plain point-in-time scan does, and serializing them in-process (no HTTP).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { csvCells, DEFAULT_EXPORT_COLUMNS, type ExportRow } from '../src/export/columns.js';
import { csvRecords, EXPORT_FORMATS, ndjsonLines, type ExportFormat } from '../src/export/encoders.js';
import { exportQuery, PART_ROWS } from '../src/export/service.js';
import { createServices, openRuntime } from '../src/runtime.js';
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
}

const partLimit = maxParts > 0 ? maxParts : Number.POSITIVE_INFINITY;
const rowLimit = Math.min(total, partLimit * PART_ROWS);

async function viaApi(format: ExportFormat, extra = '', rows = rowLimit): Promise<Measured> {
  await resetAllowance();
  const api = await startApi(env, values['node-flags']);
  try {
    const started = performance.now();
    let bytes = 0;
    let parts = 0;
    let path: string | undefined = `/v1/jobs/export?format=${format}&status=all${extra}`;
    while (path !== undefined && parts < partLimit) {
      parts += 1;
      const response = await fetch(`${api.url}${path}`, { headers: { 'X-API-Key': key } });
      if (!response.ok || response.body === null) throw new Error(`${response.status} for ${path}`);
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        const chunk: unknown = read.value;
        if (chunk instanceof Uint8Array) bytes += chunk.byteLength;
      }
      const next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '');
      path = next?.[1];
    }
    return { rows, seconds: (performance.now() - started) / 1000, bytes, peakRssMb: api.peakRssMb() };
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

/** Serializing rows already in memory: the ceiling no export path can pass. */
function rawSerialization(format: 'ndjson' | 'csv', sample: ExportRow[]): Measured {
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  while (performance.now() - started < 3000) {
    for (let i = 0; i < sample.length; i += 2000)
      bytes += Buffer.byteLength(serializers[format](sample.slice(i, i + 2000)));
    rows += sample.length;
  }
  return { rows, seconds: (performance.now() - started) / 1000, bytes };
}

const rate = (m: Measured): number => m.rows / m.seconds;
const fmt = (m: Measured): string =>
  `${Math.round(rate(m)).toLocaleString('en-US').padStart(10)} rows/s ${(m.bytes / m.seconds / 1e6).toFixed(1).padStart(7)} MB/s`;

try {
  const lines = [
    `bench:export — corpus ${total.toLocaleString('en-US')} rows (${values.prefix}, status=all, default columns); ` +
      `CSV/NDJSON and ceilings over the first ${rowLimit.toLocaleString('en-US')} rows`,
  ];
  for (const format of (['ndjson', 'csv'] as const).filter((f) => formats.has(f))) {
    const es = await viaEs(format);
    const raw = rawSerialization(format, es.sample);
    const api = await viaApi(format);
    lines.push(
      `${format.padEnd(8)} API ${fmt(api)}  peak RSS ${(api.peakRssMb ?? 0).toFixed(0)} MB  ${api.seconds.toFixed(1)} s`,
      `         ES read + serialize ${fmt(es)}  → API/that ${(rate(api) / rate(es)).toFixed(2)}x`,
      `         raw serialization   ${fmt(raw)}  → API/raw ${(rate(api) / rate(raw)).toFixed(2)}x`,
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
    lines.push(
      `parquet  API ${fmt(parquet)}  peak RSS ${(parquet.peakRssMb ?? 0).toFixed(0)} MB  ${parquet.seconds.toFixed(1)} s ` +
        `(one artifact, ${parquetRows.toLocaleString('en-US')} rows${parquetSource === '' ? '' : `, source=${parquetSource}`})`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  await runtime.close();
}
