/**
 * Points in time for relevance walks. A relevance walk must read one point in time from its first
 * page to its last (see JobSearchService.walkPage). Opened per walk, every paged relevance search
 * leaves a search context open for a minute (200 sequential searches: 186 contexts) and pays an
 * open round trip (4–6 ms at p50, partly hidden behind the allowance reservation). Walks that start
 * within `shareMs` of each other share one instead (the same 200 searches: 9 contexts), so open
 * contexts follow the rate of new points in time, not of searches. The price is freshness: a
 * first page may read the index as it was up to `shareMs` earlier, on top of its refresh interval.
 */
/** A point in time being opened or open, and when it was asked for. */
interface Opened {
  id: Promise<string>;
  openedAt: number;
  /** Set once the open has succeeded. */
  resolved?: string;
}

export class WalkPoints {
  private current: Opened | undefined;

  constructor(
    /** Opens a point in time on the searched index; resolves to its id. */
    private readonly openPit: () => Promise<string>,
    /** 0: every walk opens its own. */
    readonly shareMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** A point in time for a new walk: the shared one while it is young enough, else a new one. */
  async open(): Promise<string> {
    const now = this.now();
    const current = this.current;
    if (current !== undefined && now - current.openedAt < this.shareMs) return current.id;
    const id = this.openPit();
    const opened: Opened = { id, openedAt: now };
    if (this.shareMs > 0) this.current = opened;
    id.then(
      (resolved) => (opened.resolved = resolved),
      // A failed open is not shared: the next walk tries again.
      () => {
        if (this.current === opened) this.current = undefined;
      },
    );
    return id;
  }

  /** Whether a walk may release its point in time when it ends (only one it does not share). */
  get releasable(): boolean {
    return this.shareMs === 0;
  }

  /** The shared point in time `id` has gone (expired or released elsewhere): stop handing it out. */
  forget(id: string): void {
    if (this.current?.resolved === id) this.current = undefined;
  }
}
