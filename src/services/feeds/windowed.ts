/**
 * The windowed feeds over [now − time_frame, now): expired jobs from the index (oldest closed_at
 * first), field-level modifications from the ledger (recording order). Both page with signed
 * keyset cursors bound to the feed and its time_frame.
 */
import type { FeedRepository } from '../../db/feeds.js';
import type { Job, StoredJob } from '../../domain/job.js';
import type { Clock } from '../../lib/clock.js';
import { completeSearch, type EsClient } from '../../search/client.js';
import { decodeCursor, encodeCursor, requestHash, sortValuesOf } from '../../search/cursor.js';
import { hitSource } from '../../search/document.js';
import { expiredFeedSearch } from '../../search/feed-query.js';
import { metered, type Meter } from '../allowance.js';

export type TimeFrame = '1h' | '6h' | '24h' | '7d' | '31d';

export const FRAME_MS: Record<TimeFrame, number> = {
  '1h': 3_600_000,
  '6h': 21_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '31d': 31 * 86_400_000,
};

export interface FeedPageRequest {
  time_frame: TimeFrame;
  limit: number;
  cursor?: string;
  meter?: Meter;
}

export interface ModifiedRecord {
  job_key: string;
  modified_at: string;
  changed_fields: string[];
  job: StoredJob;
}

export class WindowedFeeds {
  constructor(
    private readonly es: EsClient,
    private readonly index: string,
    private readonly feeds: FeedRepository,
    private readonly cursorSecret: string,
    private readonly clock: Clock,
  ) {}

  private window(frame: TimeFrame): { from: string; to: string } {
    const now = this.clock.now().getTime();
    return { from: new Date(now - FRAME_MS[frame]).toISOString(), to: new Date(now).toISOString() };
  }

  /** Jobs closed in the window, oldest closed_at first. */
  async expired(request: FeedPageRequest): Promise<{ jobs: Job[]; next_cursor?: string }> {
    const hash = requestHash({ feed: 'expired', time_frame: request.time_frame });
    const after =
      request.cursor === undefined ? undefined : decodeCursor(request.cursor, hash, this.cursorSecret);
    const { from, to } = this.window(request.time_frame);
    return metered(request.meter, request.limit, async (size) => {
      const found = await completeSearch<Job>(
        this.es,
        this.index,
        expiredFeedSearch({ from, to }, { limit: size, ...(after === undefined ? {} : { after }) }),
      );
      const hits = found.slice(0, size);
      const jobs = hits.map(hitSource);
      const last = sortValuesOf(hits[hits.length - 1]);
      const more = found.length > size && last !== undefined;
      const result = { jobs, ...(more ? { next_cursor: encodeCursor(last, hash, this.cursorSecret) } : {}) };
      return { result, delivered: jobs.length };
    });
  }

  /** Field-level modifications recorded in the window, in recording order. */
  async modified(request: FeedPageRequest): Promise<{ records: ModifiedRecord[]; next_cursor?: string }> {
    const hash = requestHash({ feed: 'modified', time_frame: request.time_frame });
    const after =
      request.cursor === undefined ? undefined : decodeCursor(request.cursor, hash, this.cursorSecret);
    const afterSeq = typeof after?.[0] === 'number' ? after[0] : 0;
    const { from, to } = this.window(request.time_frame);
    return metered(request.meter, request.limit, async (size) => {
      const rows = await this.feeds.modified({ afterSeq, from, to, limit: size + 1 });
      const records = rows.slice(0, size);
      const last = records[records.length - 1];
      const result = {
        records: records.map(({ seq: _seq, ...record }) => record),
        ...(rows.length > size && last !== undefined
          ? { next_cursor: encodeCursor([last.seq], hash, this.cursorSecret) }
          : {}),
      };
      return { result, delivered: records.length };
    });
  }
}
