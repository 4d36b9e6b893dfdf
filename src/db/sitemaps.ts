/**
 * SQL of the sitemaps: both reads go through the partial index job_state_sitemap_idx
 * (migration 0012), whose predicate `publicly_listed` is what public lists show, so neither reads a
 * job document nor any row outside the listed jobs.
 */
import { isoSql, type Queryable } from './database.js';

/** One non-empty segment (segments without listed jobs have no row). */
export interface SegmentSummaryRow {
  segment_id: string;
  job_count: number;
  /** Latest last_modified of the segment, UTC ISO 8601 with milliseconds. */
  last_modified: string;
}

export interface SegmentEntryRow {
  job_key: string;
  /** UTC ISO 8601 with milliseconds. */
  last_modified: string;
}

export class SitemapRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * Count and latest stamp of every non-empty segment, in segment order: one grouped pass over the
   * partial index (its leading column is the segment, so the grouping needs no sort).
   */
  async segmentSummaries(): Promise<SegmentSummaryRow[]> {
    return this.db.any<SegmentSummaryRow>(
      `SELECT sitemap_segment AS segment_id, count(*)::int AS job_count,
              ${isoSql('max(last_modified)')} AS last_modified
         FROM job_state WHERE publicly_listed
        GROUP BY sitemap_segment ORDER BY sitemap_segment`,
    );
  }

  /**
   * The listed jobs of one segment ordered by job_key, read from the index alone. The order is the
   * index's, i.e. the column's collation (byte order on the C and C.UTF-8 databases we run).
   */
  async segmentEntries(segmentId: string): Promise<SegmentEntryRow[]> {
    return this.db.any<SegmentEntryRow>(
      `SELECT job_key, ${isoSql('last_modified')} AS last_modified
         FROM job_state WHERE publicly_listed AND sitemap_segment = $1
        ORDER BY job_key`,
      [segmentId],
    );
  }
}
