/**
 * A corpus-wide body precomputed and served as stored (corpus_snapshots): the worker recomputes it
 * every `refreshSeconds` / 2, requests read one row. Only when none younger than twice the interval
 * exists (no worker running) does a request compute one, under an advisory lock, so concurrent
 * requests wait for one computation instead of each aggregating the corpus.
 */
import type { AnalyticsRepository, SnapshotKind } from '../db/analytics.js';
import { isRecent } from '../lib/clock.js';

export interface SnapshotOptions {
  refreshSeconds: number;
  now?: () => Date;
}

export class CorpusSnapshot {
  private readonly now: () => Date;

  constructor(
    private readonly repository: Pick<AnalyticsRepository, 'snapshot' | 'exclusively'>,
    private readonly kind: SnapshotKind,
    /** The body at `at` (ISO), computed over `repository` (the transaction holding the lock). */
    private readonly compute: (repository: AnalyticsRepository, at: string) => Promise<string>,
    private readonly options: SnapshotOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /** The stored body (JSON text), or a new one when none is recent enough. */
  async current(): Promise<string> {
    const stored = await this.repository.snapshot(this.kind);
    if (stored !== null && this.fresh(stored.generated_at, 2)) return stored.body;
    return this.refresh(2);
  }

  /**
   * Recomputes unless one younger than `maxAgeIntervals` refresh intervals is stored (another
   * process computed it while this one waited for the lock).
   */
  async refresh(maxAgeIntervals = 1): Promise<string> {
    return this.repository.exclusively(this.kind, async (repository) => {
      const stored = await repository.snapshot(this.kind);
      if (stored !== null && this.fresh(stored.generated_at, maxAgeIntervals)) return stored.body;
      const at = this.now().toISOString();
      const body = await this.compute(repository, at);
      await repository.saveSnapshot(this.kind, at, body);
      return body;
    });
  }

  private fresh(generatedAt: string, intervals: number): boolean {
    return isRecent(generatedAt, this.now(), intervals * this.options.refreshSeconds);
  }
}
