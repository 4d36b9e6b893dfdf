/**
 * `npm run snapshot`: a verified, immutable Parquet snapshot of the active corpus (open jobs, every
 * export column) read through one Elasticsearch point in time, so all parts show the same instant.
 * Parts are written to a staging directory, each re-read and checked (sha256, bytes, Parquet row
 * count) before the directory is renamed into place and the manifest committed in one transaction.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { asyncBufferFromFile, parquetMetadataAsync } from 'hyparquet';
import type { estypes } from '@elastic/elasticsearch';
import type { Database } from '../db/database.js';
import { DatasetRepository } from '../db/datasets.js';
import { EXPORT_COLUMNS, type ExportColumn, type ExportRow } from '../export/columns.js';
import {
  parquetFromLines,
  rowsAsLines,
  type LinePage,
  type ParquetEngine,
} from '../export/parquet-duckdb.js';
import { exportQuery } from '../search/export-query.js';
import { checkpointOf } from '../ledger/projector.js';
import type { EsClient } from '../search/client.js';
import { hitSource } from '../search/document.js';
import { CLUSTER_CHANGE, scanIndex } from '../search/indices.js';
import { jobFetch } from '../search/job-query.js';

/** Rows per Parquet part: a few hundred MB at most, so a download can be retried part by part. */
export const SNAPSHOT_PART_ROWS = 250_000;
/** Snapshots older than this are deleted (rows and files) and no longer listed. */
export const RETENTION_DAYS = 90;
const PAGE = 2_000;

export const SNAPSHOT_COLUMNS = Object.keys(EXPORT_COLUMNS) as ExportColumn[];

export interface SnapshotDeps {
  db: Database;
  es: EsClient;
  index: string;
  /** DATASETS_DIR: snapshots live in <dir>/<snapshot_date>/. */
  dir: string;
  /** DuckDB, which encodes the parts as it encodes Parquet exports (export/parquet-duckdb.ts). */
  parquet: ParquetEngine;
}

export interface SnapshotPart {
  part: number;
  rows: number;
  bytes: number;
  sha256: string;
  file: string;
}

export interface Snapshot {
  date: string;
  rowCount: number;
  changeSeq: number;
  parts: SnapshotPart[];
}

export async function buildSnapshot(
  deps: SnapshotDeps,
  date: string,
  partRows = SNAPSHOT_PART_ROWS,
): Promise<Snapshot> {
  const datasets = new DatasetRepository(deps.db);
  if (await datasets.exists(date)) throw new Error(`The snapshot of ${date} exists; snapshots are immutable`);
  // Everything up to the projector's checkpoint is in the index; a refresh makes it searchable.
  const changeSeq = await checkpointOf(deps.db);
  await deps.es.indices.refresh({ index: deps.index }, CLUSTER_CHANGE);
  const staging = join(deps.dir, `${date}.partial`);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  const reader = new RowSource(
    scanIndex<ExportRow>(deps.es, deps.index, {
      pageSize: PAGE,
      query: exportQuery({ status: 'open' }),
      fetch: jobFetch(SNAPSHOT_COLUMNS.includes('description_text')),
    }),
  );
  let parts: SnapshotPart[];
  try {
    parts = await writeParts(reader, staging, date, partRows, deps.parquet);
  } finally {
    await reader.close();
  }
  for (const part of parts) await verifyPart(join(staging, basename(part.file)), part);
  const final = join(deps.dir, date);
  await rm(final, { recursive: true, force: true });
  await rename(staging, final);
  const rowCount = parts.reduce((sum, part) => sum + part.rows, 0);
  const bytes = parts.reduce((sum, part) => sum + part.bytes, 0);
  // The manifest is committed in one transaction, once the files are in place.
  await datasets.record({ date, columns: SNAPSHOT_COLUMNS, rowCount, bytes, changeSeq, parts });
  return { date, rowCount, changeSeq, parts };
}

/** Deletes snapshots past retention: their manifest rows, then their files. */
export async function purgeSnapshots(deps: Pick<SnapshotDeps, 'db' | 'dir'>): Promise<string[]> {
  const purged = await new DatasetRepository(deps.db).purgeOlderThan(RETENTION_DAYS);
  for (const date of purged) await rm(join(deps.dir, date), { recursive: true, force: true });
  return purged;
}

async function writeParts(
  reader: RowSource,
  staging: string,
  date: string,
  partRows: number,
  parquet: ParquetEngine,
): Promise<SnapshotPart[]> {
  const parts: SnapshotPart[] = [];
  for (let part = 1; ; part += 1) {
    const name = `part-${String(part).padStart(5, '0')}.parquet`;
    const counted = { rows: 0 };
    const written = await writeFile(
      join(staging, name),
      parquetFromLines(parquet, SNAPSHOT_COLUMNS, linePages(reader.rows(partRows, counted))),
    );
    // An empty corpus still gets one (empty) part; otherwise no empty trailing part.
    if (counted.rows === 0 && part > 1) {
      await rm(join(staging, name));
      break;
    }
    parts.push({ part, rows: counted.rows, file: `${date}/${name}`, ...written });
    if (reader.exhausted) break;
  }
  return parts;
}

/** Each batch of rows as NDJSON lines of the snapshot's columns, for DuckDB. */
async function* linePages(batches: AsyncIterable<ExportRow[]>): AsyncGenerator<LinePage> {
  for await (const batch of batches) yield rowsAsLines(batch, SNAPSHOT_COLUMNS);
}

async function writeFile(
  path: string,
  chunks: AsyncIterable<Buffer>,
): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  const handle = await open(path, 'wx');
  try {
    for await (const chunk of chunks) {
      hash.update(chunk);
      bytes += chunk.length;
      await handle.write(chunk);
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** Re-reads a written part: size, digest and the row count in its Parquet footer must match. */
async function verifyPart(path: string, part: SnapshotPart): Promise<void> {
  const size = (await stat(path)).size;
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  const metadata = await parquetMetadataAsync(await asyncBufferFromFile(path));
  const problems = [
    size === part.bytes ? '' : `bytes ${String(size)} ≠ ${String(part.bytes)}`,
    hash.digest('hex') === part.sha256 ? '' : 'sha256 differs',
    Number(metadata.num_rows) === part.rows ? '' : `rows ${String(metadata.num_rows)} ≠ ${String(part.rows)}`,
  ].filter((problem) => problem !== '');
  if (problems.length > 0) throw new Error(`Part ${part.file} failed verification: ${problems.join('; ')}`);
}

/**
 * Open jobs in export order from one scan (one point in time: every part reads the same instant),
 * handed out part by part; a page that straddles two parts is split between them.
 */
class RowSource {
  exhausted = false;
  private carried: ExportRow[] = [];

  constructor(private readonly pages: AsyncGenerator<estypes.SearchHit<ExportRow>[]>) {}

  /** Up to `limit` rows, continuing where the previous call stopped; `counted.rows` tracks them. */
  async *rows(limit: number, counted: { rows: number }): AsyncGenerator<ExportRow[]> {
    while (counted.rows < limit) {
      if (this.carried.length === 0) {
        const next = await this.pages.next();
        if (next.done === true) {
          this.exhausted = true;
          return;
        }
        this.carried = next.value.map(hitSource);
      }
      const batch = this.carried.splice(0, limit - counted.rows);
      counted.rows += batch.length;
      yield batch;
    }
  }

  async close(): Promise<void> {
    await this.pages.return(undefined);
  }
}
