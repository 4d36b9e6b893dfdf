/**
 * Authentication without a database round trip for keys already seen: resolved keys are kept in
 * process, and dropped whenever any key or account changes. Changes arrive two ways: from this
 * process (AuthChanges.changed, called by the services that revoke keys or apply billing events,
 * so their effect is immediate here) and from every process through a Postgres notification channel
 * (db/key-changes.ts), which reaches other processes moments after the change commits. The cache
 * serves only while that channel is connected; otherwise every lookup goes to the database.
 */
import type { AccountRepository, AuthenticatedKeyRow } from '../db/accounts.js';
import type { KeySubscriber } from '../db/key-changes.js';

/** The lookup authentication needs; the repository implements it, tests may wrap it. */
export type KeyLookup = Pick<AccountRepository, 'findActiveKey'>;

/** Told when a key or account changed, so cached authentications end at once. */
export interface AuthChanges {
  changed(): void;
}

export interface KeyCacheOptions {
  /** A bound on staleness should a notification ever be missed while the channel looks healthy. */
  ttlMs: number;
  maxEntries: number;
}

const DEFAULTS: KeyCacheOptions = { ttlMs: 60_000, maxEntries: 10_000 };

interface Entry {
  row: AuthenticatedKeyRow;
  until: number;
}

export class KeyCache implements KeyLookup, AuthChanges, KeySubscriber {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every change: a lookup that started before one is not cached. */
  private generation = 0;
  private live = false;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly lookup: KeyLookup,
    private readonly options: KeyCacheOptions = DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  async findActiveKey(digest: Buffer): Promise<AuthenticatedKeyRow | null> {
    const id = digest.toString('hex');
    const cached = this.entries.get(id);
    if (cached !== undefined && cached.until > this.now()) return cached.row;
    const generation = this.generation;
    const row = await this.lookup.findActiveKey(digest);
    // Unknown keys are not kept: a key created elsewhere must work at once.
    if (row !== null && this.live && generation === this.generation) this.keep(id, row);
    return row;
  }

  changed(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether change notifications are heard; the cache serves only while they are. */
  setLive(live: boolean): void {
    this.changed();
    this.live = live;
    if (live) for (const resolve of this.waiting.splice(0)) resolve();
  }

  /** Resolves once the cache serves (tests wait on this instead of sleeping). */
  async whenLive(): Promise<void> {
    if (this.live) return;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private keep(id: string, row: AuthenticatedKeyRow): void {
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(id, { row, until: this.now() + this.options.ttlMs });
  }
}
