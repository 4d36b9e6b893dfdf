/**
 * The exactly-once active-feed consumer. The contract's protocol (`GET /v1/feed/active`):
 *
 * - keep `first_seen_gte` fixed and follow `next_cursor` while it is present: keyset pages of one
 *   window, each job once;
 * - the page without `next_cursor` ends the window `[first_seen_gte, first_seen_lt)`; the next
 *   window starts at that page's `first_seen_lt`, with no cursor. Windows are contiguous and
 *   disjoint, and the server publishes `first_seen_lt` only once nothing older can still appear.
 *
 * So the whole state is the position `{ first_seen_gte, cursor? }`. It is saved through the
 * caller's store after the handler has finished the page and never before: a crash in between
 * leaves the previous position in the store, and the next run asks for the same page again —
 * re-delivery, never loss. For exactly-once effects the handler either writes idempotently (by
 * `job_key`) or keeps the position in its own transaction (see the README).
 */
import type { ActiveFeedPage, ActiveFeedQuery, JldsClient, Job } from './client.js';
import { FileStore, type PositionStore } from './store.js';
import { sleep } from './transport.js';

/** Where the consumer stands: the window's fixed lower bound and, inside a window, the cursor. */
export interface ActiveFeedPosition {
  first_seen_gte: string;
  cursor?: string;
  /**
   * The filters the position was taken with: a cursor is bound to them (the server answers 422
   * `cursor_mismatch` otherwise), so a consumer started with other filters refuses the position.
   */
  filters: string;
}

/** The filters of a consumer: the feed's query without what the consumer itself drives. */
export type ActiveFeedFilters = Omit<ActiveFeedQuery, 'first_seen_gte' | 'cursor' | 'limit' | 'time_frame'>;

export interface ActiveFeedOptions {
  store: PositionStore<ActiveFeedPosition>;
  /**
   * Handles one page of jobs, oldest `first_seen` first. Throwing stops the consumer unsaved.
   * `next` is the position the consumer saves once the handler returns: a handler that keeps its
   * own position can commit it with its writes, in one transaction.
   */
  handler: (jobs: Job[], page: ActiveFeedPage, next: ActiveFeedPosition) => Promise<void> | void;
  filters?: ActiveFeedFilters;
  /** Page size, 1 to 1000. */
  limit?: number;
  /**
   * Where an empty store starts: an instant (RFC 3339 with offset), or a `time_frame` back from
   * the server's current horizon (default `24h`), read from the credit-free count.
   */
  start?: { first_seen_gte: string } | { time_frame: NonNullable<ActiveFeedQuery['time_frame']> };
  /** Keep polling at the end of each window (default false: return when the window ends). */
  follow?: boolean;
  /** Wait between polls at the end of a window (default 10 s). */
  pollIntervalMs?: number;
  signal?: AbortSignal;
}

export interface ActiveFeedRun {
  /** Jobs handed to the handler in this run. */
  jobs: number;
  /** Pages that held jobs. */
  pages: number;
  /** The last saved position. */
  position: ActiveFeedPosition;
}

/**
 * Stable text of the filters, so equal filters compare equal whatever the key order (JSON drops
 * members whose value is undefined, as the query serializer does).
 */
function filterKey(filters: ActiveFeedFilters): string {
  const entries = Object.entries(filters).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify(Object.fromEntries(entries));
}

/** The position after `page`: its cursor inside the window, else the next window's lower bound. */
export function nextPosition(current: ActiveFeedPosition, page: ActiveFeedPage): ActiveFeedPosition {
  return page.next_cursor === undefined
    ? { first_seen_gte: page.first_seen_lt, filters: current.filters }
    : { first_seen_gte: current.first_seen_gte, cursor: page.next_cursor, filters: current.filters };
}

async function initialPosition(
  client: JldsClient,
  options: ActiveFeedOptions,
  filters: string,
): Promise<ActiveFeedPosition> {
  const stored = await options.store.load();
  if (stored !== undefined) {
    if (stored.filters !== filters)
      throw new Error(
        `the stored active-feed position was taken with filters ${stored.filters}, not ${filters}: ` +
          'use another store for other filters',
      );
    return stored;
  }
  const start = options.start ?? { time_frame: '24h' };
  if ('first_seen_gte' in start) return { first_seen_gte: start.first_seen_gte, filters };
  // The server's clock, not ours: the count echoes the window's lower bound for this time frame.
  const { country, source, exclude_source, domain, organization, title, exclude_duplicates } =
    options.filters ?? {};
  const count = await client.countActiveFeed(
    { country, source, exclude_source, domain, organization, title, exclude_duplicates, ...start },
    options.signal === undefined ? {} : { signal: options.signal },
  );
  return { first_seen_gte: count.first_seen_gte, filters };
}

export async function consumeActiveFeed(
  client: JldsClient,
  options: ActiveFeedOptions,
): Promise<ActiveFeedRun> {
  const filters = options.filters ?? {};
  let position = await initialPosition(client, options, filterKey(filters));
  const run: ActiveFeedRun = { jobs: 0, pages: 0, position };
  const request = options.signal === undefined ? {} : { signal: options.signal };
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await client.activeFeed(
      {
        ...filters,
        first_seen_gte: position.first_seen_gte,
        ...(position.cursor === undefined ? {} : { cursor: position.cursor }),
        ...(options.limit === undefined ? {} : { limit: options.limit }),
      },
      request,
    );
    const next = nextPosition(position, page);
    if (page.data.length > 0) await options.handler(page.data, page, next);
    // After the handler, never before: a crash here re-delivers this page on the next run.
    if (next.first_seen_gte !== position.first_seen_gte || next.cursor !== position.cursor) {
      await options.store.save(next);
      position = next;
    }
    if (page.data.length > 0) run.pages += 1;
    run.jobs += page.data.length;
    run.position = position;
    if (page.next_cursor !== undefined) continue;
    if (options.follow !== true) return run;
    await sleep(options.pollIntervalMs ?? 10_000, options.signal);
  }
}

/** The position in a JSON file (see `FileStore`). */
export function activeFeedFileStore(path: string): FileStore<ActiveFeedPosition> {
  return new FileStore(path, (value) => {
    const record = typeof value === 'object' && value !== null ? Object.entries(value) : [];
    const members = new Map<string, unknown>(record);
    const gte = members.get('first_seen_gte');
    const cursor = members.get('cursor');
    const filters = members.get('filters');
    if (
      typeof gte !== 'string' ||
      typeof filters !== 'string' ||
      (cursor !== undefined && typeof cursor !== 'string')
    )
      throw new Error(`${path} does not hold an active-feed position`);
    return { first_seen_gte: gte, filters, ...(cursor === undefined ? {} : { cursor }) };
  });
}
