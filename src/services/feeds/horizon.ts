/**
 * The active feed's visibility horizon H: the feed shows only jobs with first_seen < H, and H is
 * published only when
 *   (a) no transaction can still record a job with first_seen < H, and
 *   (b) every job with first_seen < H is projected and searchable.
 * Then a consumer whose cursor is at (first_seen, job_key) can never be overtaken by a job that
 * becomes visible later with an older position: exactly-once consumption under concurrent ingestion.
 *
 * (a) holds because a crawl transaction takes an id before it reads its recording time from the
 * database clock (CorpusRepository.recordingTime). We read the clock W first, then the snapshot's
 * xmax: a transaction that read a time < W already had an id < xmax, so once every id below xmax
 * has finished, all such transactions have committed or aborted. (b) follows from catching the
 * projection up past everything committed by then and refreshing the index.
 */
import type { Database, Queryable } from '../../db/database.js';
import { FeedRepository } from '../../db/feeds.js';
import { catchUp } from '../../ledger/catch-up.js';
import { systemClock } from '../../lib/clock.js';
import type { EsClient } from '../../search/client.js';

export const ACTIVE_FEED = 'active';

/** The published horizon (ISO, millisecond precision), or undefined before the first publication. */
export async function activeFeedHorizon(db: Queryable): Promise<string | undefined> {
  return new FeedRepository(db).horizon(ACTIVE_FEED);
}

/**
 * Publishes a new horizon (never moves it back); returns the published value. Waits at most
 * `deadlineMs` for running transactions and the projection; on timeout the old horizon stays.
 */
export async function advanceActiveFeedHorizon(
  db: Database,
  es: EsClient,
  index: string,
  deadlineMs = 60_000,
): Promise<string | undefined> {
  const feeds = new FeedRepository(db);
  // Clock first, then the snapshot: the order is what makes (a) hold. Millisecond truncation keeps
  // H comparable with first_seen as stored (also truncated), and only lowers H.
  const candidate = await feeds.clockMillis();
  const xmax = await feeds.snapshotXmax();
  await waitForTransactionsBelow(feeds, xmax, deadlineMs);
  await catchUp(db, es, index, systemClock, deadlineMs);
  await es.indices.refresh({ index }, { requestTimeout: deadlineMs });
  await feeds.publishHorizon(ACTIVE_FEED, candidate);
  return feeds.horizon(ACTIVE_FEED);
}

/** Resolves once every transaction with an id below `xmax` has finished (cluster-wide horizon). */
async function waitForTransactionsBelow(
  feeds: FeedRepository,
  xmax: string,
  deadlineMs: number,
): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    if (await feeds.finishedBelow(xmax)) return;
    if (Date.now() > until)
      throw new Error(`transactions older than xid ${xmax} still running after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
