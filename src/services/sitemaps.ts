/**
 * Sitemaps: the publicly listed jobs (open, of a resolved company, one per duplicate group) split
 * into 256 segments by the first byte of SHA-256(job_key), a split that never changes, so a
 * crawler can revisit one segment at a time. A segment is read live from an index
 * (db/sitemaps.ts); the segment index counts every listed job (2–4 s at a million), so it is a
 * corpus snapshot (snapshots.ts) the worker refreshes with the stats: its counts trail the live
 * segments by at most about one refresh interval. Both depend on the corpus alone, no time of the
 * request goes into them: the same corpus gives the same bytes.
 */
import type { AnalyticsRepository } from '../db/analytics.js';
import type { SegmentEntryRow, SegmentSummaryRow, SitemapRepository } from '../db/sitemaps.js';
import type { components } from '../openapi/types.js';
import { CorpusSnapshot, type SnapshotOptions } from './snapshots.js';

export type SitemapIndex = components['schemas']['SitemapIndex'];
export type SitemapSegment = components['schemas']['SitemapSegment'];

/** Every segment id, `00` … `ff`, in order: all of them exist, listed jobs or not. */
export const SEGMENT_IDS: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, '0'),
);

/** Where a segment is served (the index links to it). */
export function segmentPath(segmentId: string): string {
  return `/v1/sitemaps/${segmentId}`;
}

export class SitemapService {
  private readonly snapshot: CorpusSnapshot;

  constructor(
    private readonly repository: Pick<SitemapRepository, 'segmentSummaries' | 'segmentEntries'>,
    snapshots: AnalyticsRepository,
    options: SnapshotOptions,
  ) {
    this.snapshot = new CorpusSnapshot(
      snapshots,
      'sitemap_index',
      async () => JSON.stringify(sitemapIndexOf(await this.repository.segmentSummaries())),
      options,
    );
  }

  /** The index as stored (JSON text of a SitemapIndex). */
  async index(): Promise<string> {
    return this.snapshot.current();
  }

  /** Recomputes the index unless one younger than `maxAgeIntervals` intervals is stored (the worker). */
  async refreshIndex(maxAgeIntervals = 1): Promise<string> {
    return this.snapshot.refresh(maxAgeIntervals);
  }

  /** The id is two lower-case hex characters (the operation's schema rejects anything else). */
  async segment(segmentId: string): Promise<SitemapSegment> {
    return sitemapSegmentOf(segmentId, await this.repository.segmentEntries(segmentId));
  }
}

/** The 256 entries from the non-empty segments' rows; stamps are omitted where there is none. */
export function sitemapIndexOf(rows: readonly SegmentSummaryRow[]): SitemapIndex {
  const bySegment = new Map(rows.map((row) => [row.segment_id, row]));
  const data = SEGMENT_IDS.map((segmentId) => {
    const row = bySegment.get(segmentId);
    return {
      segment_id: segmentId,
      url: segmentPath(segmentId),
      job_count: row?.job_count ?? 0,
      ...(row === undefined || row.job_count === 0 ? {} : { last_modified: row.last_modified }),
    };
  });
  const latest = latestOf(data.map((entry) => entry.last_modified));
  return { ...(latest === undefined ? {} : { last_modified: latest }), data };
}

export function sitemapSegmentOf(segmentId: string, entries: readonly SegmentEntryRow[]): SitemapSegment {
  const latest = latestOf(entries.map((entry) => entry.last_modified));
  return {
    segment_id: segmentId,
    job_count: entries.length,
    ...(latest === undefined ? {} : { last_modified: latest }),
    data: entries.map((entry) => ({ job_key: entry.job_key, last_modified: entry.last_modified })),
  };
}

/**
 * The latest of some stamps. They are all in one fixed-width UTC form (`YYYY-MM-DDTHH:MM:SS.mmmZ`,
 * isoSql), in which text order is time order, so no parsing is needed.
 */
function latestOf(stamps: readonly (string | undefined)[]): string | undefined {
  let latest: string | undefined;
  for (const stamp of stamps)
    if (stamp !== undefined && (latest === undefined || stamp > latest)) latest = stamp;
  return latest;
}
