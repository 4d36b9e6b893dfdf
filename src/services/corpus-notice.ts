/**
 * Whether the corpus includes synthetic demo data (corpus_notices, written by the demo history
 * loader), as the API labels its responses: the X-Corpus-Synthetic header on every response, and
 * `synthetic: true` in the stats and state-of-hiring bodies.
 *
 * Every response asks, so the answer is kept in memory for `maxAgeMs`. An older answer is refreshed
 * (one read at a time), but a request waits for the read at most `waitMs`, then goes on with the
 * previous answer: with Postgres frozen the label must not hold up a response that the deadlines
 * promise within about a second. Unknown (never read, and the first read too slow) means no label.
 */
import type { CorpusNoticeRepository } from '../db/notices.js';

export interface CorpusNoticeOptions {
  /** How long an answer is served without asking Postgres again (a load shows up within it). */
  maxAgeMs?: number;
  /** How long a request waits for a refresh before using the previous answer. */
  waitMs?: number;
  now?: () => number;
}

export class CorpusNotice {
  private known: { synthetic: boolean; at: number } | undefined;
  private reading: Promise<void> | undefined;
  private readonly maxAgeMs: number;
  private readonly waitMs: number;
  private readonly now: () => number;

  constructor(
    private readonly repository: Pick<CorpusNoticeRepository, 'synthetic'>,
    options: CorpusNoticeOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 5000;
    this.waitMs = options.waitMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** True when the corpus includes synthetic data; false when not, or not known in time. Never rejects. */
  async synthetic(): Promise<boolean> {
    const known = this.known;
    if (known !== undefined && this.now() - known.at < this.maxAgeMs) return known.synthetic;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.refresh(),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.waitMs);
      }),
    ]);
    clearTimeout(timer);
    return this.known?.synthetic ?? false;
  }

  /** Reads the notice now (one read in flight at most); a failed read keeps the previous answer. */
  refresh(): Promise<void> {
    this.reading ??= (async () => {
      try {
        const synthetic = await this.repository.synthetic();
        this.known = { synthetic, at: this.now() };
      } catch {
        // Postgres unavailable: the previous answer stands, and the next request asks again.
      } finally {
        this.reading = undefined;
      }
    })();
    return this.reading;
  }

  /** A stored JSON body (stats, state-of-hiring) with `synthetic: true` when the corpus includes synthetic data. */
  async label(body: string): Promise<string> {
    return (await this.synthetic()) ? withSyntheticMember(body) : body;
  }
}

/**
 * `body` (a JSON object's text) with `"synthetic": true` as its first member. Added when served,
 * not stored: a stored report (a completed quarter's is kept forever) computed before a synthetic
 * load would otherwise go unlabelled. The rest of the body keeps its bytes (JSON.stringify of
 * what JSON.parse read from JSON.stringify's output gives the same text).
 */
export function withSyntheticMember(body: string): string {
  const parsed: unknown = JSON.parse(body);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new TypeError('a stored report body is a JSON object');
  return JSON.stringify({ synthetic: true, ...parsed });
}
