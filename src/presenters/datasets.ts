/** Response shapes of the dataset operations (OpenAPI DatasetIndex, DatasetManifest). */
import type { ResponseBody } from '../openapi/operations.js';
import type { DatasetManifest, DatasetSummary } from '../services/datasets.js';

export function presentDatasets(snapshots: DatasetSummary[]): ResponseBody<'listDatasets'> {
  return {
    data: snapshots.map((snapshot) => ({
      snapshot_date: snapshot.snapshot_date,
      created_at: snapshot.created_at,
      row_count: snapshot.row_count,
      part_count: snapshot.part_count,
      bytes: snapshot.bytes,
    })),
  };
}

export function presentManifest(manifest: DatasetManifest): ResponseBody<'getDataset'> {
  return {
    snapshot_date: manifest.snapshot_date,
    created_at: manifest.created_at,
    format: manifest.format,
    columns: manifest.columns,
    row_count: manifest.row_count,
    change_seq: manifest.change_seq,
    parts: manifest.parts.map((part) => ({
      url: part.url,
      rows: part.rows,
      sha256: part.sha256,
      bytes: part.bytes,
    })),
    expires_at: manifest.expires_at,
  };
}
