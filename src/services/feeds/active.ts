/**
 * The active feed: newly indexed open jobs, oldest first_seen first, bounded above by the published
 * horizon (feeds/horizon.ts) so nothing can appear later behind a consumer's position. The window is
 * [first_seen_gte, H) when first_seen_gte is given, else [H − time_frame, H). Cursors are signed,
 * bound to the filters and the window's lower bound, and — unlike search — also returned at the end
 * of what is visible now, so a consumer keeps polling from exactly where it stopped.
 */
import type { FeedRepository } from '../../db/feeds.js';
import type { Job } from '../../domain/job.js';
import type { Clock } from '../../lib/clock.js';
import { completeCount, completeSearch, type EsClient } from '../../search/client.js';
import { decodeCursor, encodeCursor, requestHash, sortValuesOf } from '../../search/cursor.js';
import { hitSource } from '../../search/document.js';
import { metered, type Meter } from '../allowance.js';
import {
  activeFeedQuery,
  activeFeedSearch,
  type ActiveFeedFilters,
  type FirstSeenWindow,
} from '../../search/active-query.js';
import { ACTIVE_FEED } from './horizon.js';
import { FRAME_MS, type TimeFrame } from './windowed.js';

export interface ActiveFeedScope {
  filters: ActiveFeedFilters;
  time_frame: TimeFrame;
  first_seen_gte?: string;
}

export interface ActiveFeedRequest extends ActiveFeedScope {
  limit: number;
  cursor?: string;
  include_description: boolean;
  meter?: Meter;
}

export interface ActiveFeedPage {
  jobs: Job[];
  window: FirstSeenWindow;
  /** Whether more jobs are visible right now after this page. */
  has_more: boolean;
  /**
   * After the last job of this page, only while `has_more`: the last page has none (the list
   * envelope's rule). A consumer at the end resumes from `window.lt` as its next `first_seen_gte`.
   */
  next_cursor?: string;
}

export class ActiveFeed {
  constructor(
    private readonly es: EsClient,
    private readonly index: string,
    private readonly feeds: FeedRepository,
    private readonly cursorSecret: string,
    private readonly clock: Clock,
  ) {}

  async page(request: ActiveFeedRequest): Promise<ActiveFeedPage> {
    const hash = requestHash({
      feed: 'active',
      filters: request.filters,
      lower:
        request.first_seen_gte === undefined
          ? { time_frame: request.time_frame }
          : { gte: ceilToMillis(request.first_seen_gte) },
      include_description: request.include_description,
    });
    const after =
      request.cursor === undefined ? undefined : decodeCursor(request.cursor, hash, this.cursorSecret);
    const window = await this.window(request);
    return metered(request.meter, request.limit, async (size) => {
      const hits = await completeSearch<Job>(
        this.es,
        this.index,
        activeFeedSearch(request.filters, window, {
          limit: size,
          includeDescription: request.include_description,
          ...(after === undefined ? {} : { after }),
        }),
      );
      const page = hits.slice(0, size);
      const jobs = page.map(hitSource);
      const last = sortValuesOf(page[page.length - 1]);
      const has_more = hits.length > size && last !== undefined;
      const result: ActiveFeedPage = {
        jobs,
        window,
        has_more,
        ...(has_more ? { next_cursor: encodeCursor(last, hash, this.cursorSecret) } : {}),
      };
      return { result, delivered: jobs.length };
    });
  }

  /** How many jobs the feed holds for these filters in the window right now (no credits). */
  async count(scope: ActiveFeedScope): Promise<{ count: number; window: FirstSeenWindow }> {
    const window = await this.window(scope);
    return {
      count: await completeCount(this.es, this.index, activeFeedQuery(scope.filters, window)),
      window,
    };
  }

  /** [lower, H); before the first horizon is published the window is empty. */
  private async window(scope: ActiveFeedScope): Promise<FirstSeenWindow> {
    const horizon = await this.feeds.horizon(ACTIVE_FEED);
    const upper = horizon ?? this.clock.now().toISOString();
    const lower =
      scope.first_seen_gte === undefined
        ? new Date(Date.parse(upper) - FRAME_MS[scope.time_frame]).toISOString()
        : ceilToMillis(scope.first_seen_gte);
    return { gte: lower, lt: horizon ?? lower };
  }
}

/**
 * An RFC 3339 instant as UTC ISO with millisecond precision (first_seen's), rounded up: an inclusive
 * lower bound of 10:00:00.1234 must not admit a job first seen at 10:00:00.123.
 */
export function ceilToMillis(instant: string): string {
  const millis = Date.parse(instant);
  const fraction = /\.(\d+)/.exec(instant)?.[1] ?? '';
  const subMillisecond = /[1-9]/.test(fraction.slice(3));
  return new Date(subMillisecond ? millis + 1 : millis).toISOString();
}
