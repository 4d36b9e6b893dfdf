import { Client } from '@elastic/elasticsearch';
import { DEFAULT_EXPORT_COLUMNS, type ExportRow } from '../src/export/columns.js';
import { encode } from '../src/export/encoders.js';
const es = new Client({ node: process.env.ELASTICSEARCH_URL ?? '', requestTimeout: 60000 });
const r = await es.search<ExportRow>({ index: 'bench-ingest', size: 10000, _source: { includes: DEFAULT_EXPORT_COLUMNS } });
const rows = r.hits.hits.map((h) => h._source ?? {});
async function* batches(n: number) { for (let i = 0; i < n; i++) for (let j = 0; j < rows.length; j += 2000) yield rows.slice(j, j + 2000); }
for (const f of ['parquet'] as const) {
  const t = performance.now(); let bytes = 0;
  for await (const b of encode(f, DEFAULT_EXPORT_COLUMNS, batches(15))) bytes += b.length;
  const s = (performance.now() - t) / 1000;
  console.log(f, Math.round(50000 / s), 'rows/s', (bytes / 1e6).toFixed(1), 'MB');
}
