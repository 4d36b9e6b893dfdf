/**
 * Recent authenticated activity, daily request counts and each key's last use. Recording must not
 * add a round trip to every request, so entries are buffered and written in one statement per flush
 * (every ACTIVITY_FLUSH_MS, and on close); a crash loses at most one interval of activity, never
 * usage that the allowance charged (that is written by the meter itself).
 */
import type { Database } from '../db/database.js';
import { ActivityRepository, type ActivityEntry } from '../db/activity.js';
import type { Logger } from '../lib/logger.js';

export type { ActivityEntry } from '../db/activity.js';

/** Flush early when this many entries wait, so a burst never builds an unbounded statement. */
const MAX_BATCH = 1000;
/** While Postgres is slow or down, keep at most this many entries; later ones are dropped and counted. */
const MAX_BUFFERED = 50_000;

export class ActivityRecorder {
  private buffer: ActivityEntry[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushQueued = false;
  private dropped = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly activity: ActivityRepository,
    flushMs: number,
    private readonly logger: Logger,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  record(entry: ActivityEntry): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped += 1;
      return;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= MAX_BATCH && !this.flushQueued) void this.flush();
  }

  /** Writes everything recorded so far (flushes run one after another; one waits at most). */
  async flush(): Promise<void> {
    this.flushQueued = true;
    this.flushing = this.flushing.then(() => {
      this.flushQueued = false;
      return this.write();
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped }, 'request activity dropped while the buffer was full');
      this.dropped = 0;
    }
    const batch = this.buffer.splice(0, MAX_BATCH * 10);
    if (batch.length === 0) return;
    try {
      await this.activity.record(batch);
    } catch (error) {
      this.logger.warn({ err: error, entries: batch.length }, 'request activity could not be written');
    }
  }
}

/** Worker purge: activity older than the 7 days GET /v1/account/usage shows. */
export async function purgeOldActivity(db: Database): Promise<number> {
  return new ActivityRepository(db).purgeExpired();
}
