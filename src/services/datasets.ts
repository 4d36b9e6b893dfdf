/** GET /v1/datasets, /v1/datasets/{snapshot_date} and the signed part downloads. */
import { open } from 'node:fs/promises';
import type { ReadStream } from 'node:fs';
import { join } from 'node:path';
import type { DatasetRepository, SnapshotRow } from '../db/datasets.js';
import { ForbiddenError, GoneError, NotFoundError } from '../domain/errors.js';
import { RETENTION_DAYS } from '../datasets/snapshot.js';
import { isExportColumn, type ExportColumn } from '../export/columns.js';
import { checkSignedPath, signPath, URL_LIFETIME_S } from '../datasets/signing.js';

export interface DatasetSummary {
  snapshot_date: string;
  created_at: string;
  row_count: number;
  part_count: number;
  bytes: number;
}

export interface DatasetManifest {
  snapshot_date: string;
  created_at: string;
  format: 'parquet';
  columns: ExportColumn[];
  row_count: number;
  change_seq: number;
  parts: { url: string; rows: number; sha256: string; bytes: number }[];
  expires_at: string;
}

export class DatasetService {
  constructor(
    private readonly datasets: DatasetRepository,
    private readonly dir: string,
    private readonly signingKey: Buffer,
    private readonly nowS: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async list(): Promise<DatasetSummary[]> {
    const rows = await this.datasets.list(RETENTION_DAYS);
    return rows.map(summaryOf);
  }

  /** The manifest with every part behind a URL signed until one common expiry. */
  async manifest(date: string, baseUrl: string): Promise<DatasetManifest> {
    const row = await this.datasets.snapshot(date, RETENTION_DAYS);
    if (row === null)
      throw new NotFoundError(`No snapshot of ${date} (snapshots are kept ${String(RETENTION_DAYS)} days)`);
    const parts = await this.datasets.parts(date);
    const expires = this.nowS() + URL_LIFETIME_S;
    return {
      snapshot_date: row.snapshot_date,
      created_at: row.created_at,
      format: 'parquet',
      columns: row.columns.map(exportColumn),
      row_count: Number(row.row_count),
      change_seq: Number(row.change_seq),
      parts: parts.map((part) => {
        const path = partPath(date, part.part);
        const signature = signPath(this.signingKey, path, expires);
        return {
          url: `${baseUrl}${path}?expires=${String(expires)}&signature=${signature}`,
          rows: Number(part.rows),
          sha256: part.sha256,
          bytes: Number(part.bytes),
        };
      }),
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** A part's bytes, for a URL whose signature and expiry hold. */
  async openPart(
    date: string,
    part: number,
    expires: number,
    signature: string,
  ): Promise<{ stream: ReadStream; bytes: number; name: string }> {
    const check = checkSignedPath(this.signingKey, partPath(date, part), expires, signature, this.nowS());
    if (check === 'invalid') {
      throw new ForbiddenError('dataset_url_invalid', 'The signature does not match this part and expiry');
    }
    if (check === 'expired') {
      throw new GoneError(
        'dataset_url_expired',
        'This URL has expired; request the manifest again for fresh URLs',
      );
    }
    const row = await this.datasets.partFile(date, part, RETENTION_DAYS);
    if (row === null) throw new NotFoundError(`No part ${String(part)} of the snapshot of ${date}`);
    // Opened before answering, so a file that went missing is a 404 problem, not a broken stream.
    const handle = await open(join(this.dir, row.file)).catch((error: unknown) => {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') {
        throw new NotFoundError(`The file of part ${String(part)} of the snapshot of ${date} is gone`);
      }
      throw error;
    });
    return {
      stream: handle.createReadStream(),
      bytes: Number(row.bytes),
      name: `jobs-${date}-${row.file.split('/').at(-1) ?? 'part.parquet'}`,
    };
  }
}

export function partPath(date: string, part: number): string {
  return `/v1/datasets/${date}/parts/${String(part)}`;
}

function summaryOf(row: SnapshotRow): DatasetSummary {
  return {
    snapshot_date: row.snapshot_date,
    created_at: row.created_at,
    row_count: Number(row.row_count),
    part_count: row.part_count,
    bytes: Number(row.bytes),
  };
}

/** A manifest's column, as the snapshot wrote it (export columns only; anything else is a bug). */
function exportColumn(name: string): ExportColumn {
  if (!isExportColumn(name)) throw new Error(`snapshot manifest names an unknown column: ${name}`);
  return name;
}
