/** SQL for dataset snapshot manifests (dataset_snapshots) and their parts (dataset_parts). */
import { isoSql, type Queryable } from './database.js';

export interface SnapshotRow {
  snapshot_date: string;
  created_at: string;
  columns: string[];
  row_count: string;
  change_seq: string;
  bytes: string;
  part_count: number;
}

export interface PartRow {
  part: number;
  rows: string;
  sha256: string;
  bytes: string;
}

export interface NewSnapshot {
  date: string;
  columns: string[];
  rowCount: number;
  bytes: number;
  changeSeq: number;
  parts: { part: number; rows: number; bytes: number; sha256: string; file: string }[];
}

const SNAPSHOTS = `SELECT to_char(snapshot_date, 'YYYY-MM-DD') AS snapshot_date, ${isoSql('created_at')} AS created_at,
  columns, row_count::text, change_seq::text, bytes::text,
  (SELECT count(*)::int FROM dataset_parts p WHERE p.snapshot_date = dataset_snapshots.snapshot_date) AS part_count
  FROM dataset_snapshots`;

/** SQL: the snapshot date `column` is still within retention; `days` is the parameter holding it (`$2`). */
const retained = (column: string, days: `$${number}`): string =>
  `${column} >= (now() AT TIME ZONE 'UTC')::date - ${days}`;

export class DatasetRepository {
  constructor(private readonly db: Queryable) {}

  /** Snapshots within `retentionDays`, newest first. */
  async list(retentionDays: number): Promise<SnapshotRow[]> {
    return this.db.any<SnapshotRow>(
      `${SNAPSHOTS} WHERE ${retained('snapshot_date', '$1')} ORDER BY snapshot_date DESC`,
      [retentionDays],
    );
  }

  /** The snapshot of `date` if it is within `retentionDays`. */
  async snapshot(date: string, retentionDays: number): Promise<SnapshotRow | null> {
    return this.db.oneOrNone<SnapshotRow>(
      `${SNAPSHOTS} WHERE snapshot_date = $1 AND ${retained('snapshot_date', '$2')}`,
      [date, retentionDays],
    );
  }

  async parts(date: string): Promise<PartRow[]> {
    return this.db.any<PartRow>(
      'SELECT part, rows::text, sha256, bytes::text FROM dataset_parts WHERE snapshot_date = $1 ORDER BY part',
      [date],
    );
  }

  /** A part's file (relative to the datasets directory) and size, if its snapshot is within `retentionDays`. */
  async partFile(
    date: string,
    part: number,
    retentionDays: number,
  ): Promise<{ file: string; bytes: string } | null> {
    return this.db.oneOrNone<{ file: string; bytes: string }>(
      `SELECT p.file, p.bytes::text FROM dataset_parts p JOIN dataset_snapshots s USING (snapshot_date)
        WHERE p.snapshot_date = $1 AND p.part = $2 AND ${retained('s.snapshot_date', '$3')}`,
      [date, part, retentionDays],
    );
  }

  /** Whether a snapshot of `date` exists (retained or not). */
  async exists(date: string): Promise<boolean> {
    const existing = await this.db.oneOrNone<{ one: number }>(
      'SELECT 1 AS one FROM dataset_snapshots WHERE snapshot_date = $1',
      [date],
    );
    return existing !== null;
  }

  /** The manifest and its parts, in one transaction. */
  async record(snapshot: NewSnapshot): Promise<void> {
    await this.db.tx('dataset-manifest', async (tx: Queryable) => {
      await tx.none(
        `INSERT INTO dataset_snapshots (snapshot_date, columns, row_count, bytes, change_seq) VALUES ($1, $2, $3, $4, $5)`,
        [snapshot.date, snapshot.columns, snapshot.rowCount, snapshot.bytes, snapshot.changeSeq],
      );
      for (const part of snapshot.parts) {
        await tx.none(
          'INSERT INTO dataset_parts (snapshot_date, part, rows, bytes, sha256, file) VALUES ($1, $2, $3, $4, $5, $6)',
          [snapshot.date, part.part, part.rows, part.bytes, part.sha256, part.file],
        );
      }
    });
  }

  /** Deletes the manifests of snapshots older than `retentionDays`; returns their dates. */
  async purgeOlderThan(retentionDays: number): Promise<string[]> {
    return this.db.map<string>(
      `DELETE FROM dataset_snapshots WHERE snapshot_date < (now() AT TIME ZONE 'UTC')::date - $1::int
       RETURNING to_char(snapshot_date, 'YYYY-MM-DD') AS date`,
      [retentionDays],
      (row: { date: string }) => row.date,
    );
  }
}
