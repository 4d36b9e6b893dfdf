/**
 * SQL of corpus_notices (migration 0014): what the deployment must tell its readers about its
 * corpus. Today one notice, `synthetic`: a loader put synthetic demo data in.
 */
import { isoSql, type Queryable } from './database.js';

export interface SyntheticLoad {
  recorded_at: string;
  /** Null while the load runs, and forever after an interrupted one. */
  completed_at: string | null;
  detail: Record<string, unknown>;
}

export class CorpusNoticeRepository {
  constructor(private readonly db: Queryable) {}

  /** Whether the corpus includes synthetic data (one indexed row read: the API asks often). */
  async synthetic(): Promise<boolean> {
    const row = await this.db.one<{ synthetic: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM corpus_notices WHERE kind = 'synthetic') AS synthetic`,
    );
    return row.synthetic;
  }

  /** The recorded synthetic load, or null when the corpus holds none. */
  async syntheticLoad(): Promise<SyntheticLoad | null> {
    return this.db.oneOrNone<SyntheticLoad>(
      `SELECT ${isoSql('recorded_at')} AS recorded_at,
              CASE WHEN completed_at IS NOT NULL THEN ${isoSql('completed_at')} END AS completed_at, detail
         FROM corpus_notices WHERE kind = 'synthetic'`,
    );
  }

  /**
   * Records that synthetic data is being loaded, before the first of it is written. False when a
   * load was already recorded (this one must not run: see the loader).
   */
  async recordSyntheticLoad(detail: Record<string, unknown>): Promise<boolean> {
    const row = await this.db.oneOrNone<{ kind: string }>(
      `INSERT INTO corpus_notices (kind, detail) VALUES ('synthetic', $1)
       ON CONFLICT (kind) DO NOTHING RETURNING kind`,
      [detail],
    );
    return row !== null;
  }

  async completeSyntheticLoad(detail: Record<string, unknown>): Promise<void> {
    await this.db.none(
      `UPDATE corpus_notices SET completed_at = now(), detail = detail || $1 WHERE kind = 'synthetic'`,
      [detail],
    );
  }
}
