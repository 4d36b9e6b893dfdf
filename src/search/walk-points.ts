/**
 * Points in time for relevance walks. A relevance walk must read one point in time from its first
 * page to its last (see JobSearchService.walkPage). Opened per walk, every paged relevance search
 * leaves a search context open for a minute (200 sequential searches: 186 contexts) and pays an
 * open round trip (4–6 ms at p50, partly hidden behind the allowance reservation). Walks that start
 * within `shareMs` of each other share one instead (the same 200 searches: 9 contexts), so open
 * contexts follow the rate of new points in time, not of searches. The price is freshness: a
 * first page may read the index as it was up to `shareMs` earlier, on top of its refresh interval.
 *
 * Renewed ahead: a walk that takes the shared point in time once it is RENEW_AFTER of `shareMs` old
 * starts opening the next one and does not wait for it; walks take the new one once it is open. So
 * under steady traffic no walk waits for an open, which had cost the walks that did 3.2 ms at p50
 * and 7.7 at p99 (1M corpus, 150 opens) and, with a new point in time every second, one q-only
 * search in four in bench:search.
 */
/** A point in time being opened or open, and when it was asked for. */
interface Opened {
  id: Promise<string>;
  openedAt: number;
  /** Set once the open has succeeded. */
  resolved?: string;
}

/**
 * The share of `shareMs` after which a walk starts the next point in time: late enough that open
 * contexts grow by a third only, early enough that an open (≤ 8 ms at p99) lands well before the
 * shared one is too old, unless walks come further apart than a quarter of `shareMs`.
 */
const RENEW_AFTER = 0.75;

export class WalkPoints {
  /** The point in time walks are handed, while younger than `shareMs`. */
  private current: Opened | undefined;
  /** Its successor, opened ahead; it takes over once open. */
  private next: Opened | undefined;

  constructor(
    /** Opens a point in time on the searched index; resolves to its id. */
    private readonly openPit: () => Promise<string>,
    /** 0: every walk opens its own. */
    readonly shareMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A point in time for a new walk: the shared one while it is young enough, else a new one. */
  async open(): Promise<string> {
    if (this.shareMs === 0) return this.openPit();
    const now = this.now();
    // A successor that has opened takes over: it reads a newer index.
    if (this.next?.resolved !== undefined) {
      this.current = this.next;
      this.next = undefined;
    }
    const current = this.young(this.current, now);
    if (current !== undefined) {
      if (this.next === undefined && now - current.openedAt >= this.shareMs * RENEW_AFTER)
        this.next = this.start(now);
      return current.id;
    }
    // Too old, or none: the successor still opening if it is young enough, else a new one.
    this.current = this.young(this.next, now) ?? this.start(now);
    this.next = undefined;
    return this.current.id;
  }

  /** Whether a walk may release its point in time when it ends (only one it does not share). */
  get releasable(): boolean {
    return this.shareMs === 0;
  }

  /** The shared point in time `id` has gone (expired or released elsewhere): stop handing it out. */
  forget(id: string): void {
    if (this.current?.resolved === id) this.current = undefined;
    if (this.next?.resolved === id) this.next = undefined;
  }

  private young(opened: Opened | undefined, now: number): Opened | undefined {
    return opened !== undefined && now - opened.openedAt < this.shareMs ? opened : undefined;
  }

  private start(now: number): Opened {
    const opened: Opened = { id: this.openPit(), openedAt: now };
    opened.id.then(
      (resolved) => (opened.resolved = resolved),
      // A failed open is not shared: the next walk tries again. (This handler also keeps a
      // successor's failure, which no walk may be waiting for, from going unhandled.)
      () => {
        if (this.current === opened) this.current = undefined;
        if (this.next === opened) this.next = undefined;
      },
    );
    return opened;
  }
}
