/**
 * The change-feed consumer: `GET /v1/feed/changes` from the stored `since_seq`, the handler on each
 * non-empty page, then the page's `next_seq` saved — only after the handler succeeded, as the
 * contract asks. A crash between the two re-delivers that page (events are idempotent upserts and
 * tombstones, so applying one twice is harmless); nothing is ever skipped, because the feed is
 * gap-free and `next_seq` is the last delivered `seq`.
 */
import type { ChangeEvent, ChangeFeedPage, JldsClient } from './client.js';
import { FileStore, type PositionStore } from './store.js';
import { sleep } from './transport.js';

export interface ChangeFeedOptions {
  /** Holds `next_seq`. Empty: start at `startSeq`. */
  store: PositionStore<number>;
  /** Applies one page of events in `seq` order. Throwing stops the consumer without saving. */
  handler: (events: ChangeEvent[], page: ChangeFeedPage) => Promise<void> | void;
  /** Where an empty store starts (default 0: the whole retained feed). */
  startSeq?: number;
  /** Page size, 1 to 1000 (the server's default 100 when absent). */
  limit?: number;
  /** Keep polling once caught up (default false: return at the first empty page). */
  follow?: boolean;
  /** Wait between polls once caught up (default 5 s). */
  pollIntervalMs?: number;
  /** Stops the consumer (between pages, or during a wait). */
  signal?: AbortSignal;
}

export interface ChangeFeedRun {
  /** Events handed to the handler in this run. */
  events: number;
  pages: number;
  /** The last saved `next_seq`. */
  nextSeq: number;
}

/**
 * Consumes the change feed. A stored position older than the 30-day retention ends in
 * `ChangeFeedExpiredError` (410) with `oldestSeq` and `latestSeq`: re-bootstrap from a snapshot or
 * an export, save `latestSeq`, and run again.
 */
export async function consumeChangeFeed(
  client: JldsClient,
  options: ChangeFeedOptions,
): Promise<ChangeFeedRun> {
  const run: ChangeFeedRun = {
    events: 0,
    pages: 0,
    nextSeq: (await options.store.load()) ?? options.startSeq ?? 0,
  };
  const request = options.signal === undefined ? {} : { signal: options.signal };
  for (;;) {
    options.signal?.throwIfAborted();
    const page = await client.changeFeed(
      { since_seq: run.nextSeq, ...(options.limit === undefined ? {} : { limit: options.limit }) },
      request,
    );
    if (page.data.length > 0) {
      await options.handler(page.data, page);
      // Only now: a crash before this line hands the same page to the next run.
      await options.store.save(page.next_seq);
      run.events += page.data.length;
      run.pages += 1;
      run.nextSeq = page.next_seq;
      continue;
    }
    // Caught up (next_seq is the since_seq we sent): stop, or poll again later.
    if (options.follow !== true) return run;
    await sleep(options.pollIntervalMs ?? 5000, options.signal);
  }
}

/** `next_seq` in a JSON file (see `FileStore`). */
export function changeFeedFileStore(path: string): FileStore<number> {
  return new FileStore(path, (value) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw new Error(`${path} does not hold a next_seq (a non-negative integer)`);
    return value;
  });
}
