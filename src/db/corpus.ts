/** SQL for companies, boards and per-job lifecycle state. */
import { databaseNow, type Queryable } from './database.js';
import type { BoardHealth, JobChange, StateRow } from '../domain/lifecycle.js';
import type { StoredJob } from '../domain/job.js';
import type { SourceCode } from '../domain/sources.js';

export interface CompanyRow {
  company_key: string;
  display_name: string | null;
  domain: string | null;
  resolved: boolean;
}

export interface BoardRow {
  id: string;
  source: SourceCode;
  slug: string;
  endpoint_override: string | null;
  company_key: string;
  verified_at: string;
  health: 'unknown' | BoardHealth;
  consecutive_failures: number;
  suspect_empty_streak: number;
  crawl_interval_s: number;
}

export interface BoardWithCompany extends BoardRow {
  company: CompanyRow;
}

const BOARD_COLUMNS = `b.id, b.source, b.slug, b.endpoint_override, b.company_key, b.verified_at, b.health,
  b.consecutive_failures, b.suspect_empty_streak, b.crawl_interval_s`;

export class CorpusRepository {
  constructor(private readonly db: Queryable) {}

  async board(id: string): Promise<BoardWithCompany | null> {
    const row = await this.db.oneOrNone<BoardRow & { company: CompanyRow }>(
      `SELECT ${BOARD_COLUMNS}, row_to_json(c) AS company
         FROM boards b JOIN companies c ON c.company_key = b.company_key
        WHERE b.id = $1`,
      [id],
    );
    return row;
  }

  /** Claims up to `limit` boards whose crawl is due, pushing their next_crawl_at so no other worker takes them. */
  async claimDueBoards(limit: number): Promise<string[]> {
    const rows = await this.db.any<{ id: string }>(
      // ±10 % jitter spreads boards registered together over time.
      `UPDATE boards SET next_crawl_at = now() + make_interval(secs => crawl_interval_s * (0.9 + random() * 0.2))
        WHERE id IN (SELECT id FROM boards
                      WHERE next_crawl_at <= now() AND health <> 'dead'
                      ORDER BY next_crawl_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Takes boards out of the crawl loop for good (next crawl at infinity): boards with no source to
   * crawl (the synthetic demo history's), which the worker must not look up at a real ATS.
   */
  async removeFromSchedule(boardIds: string[]): Promise<void> {
    if (boardIds.length === 0) return;
    await this.db.none(`UPDATE boards SET next_crawl_at = 'infinity' WHERE id = ANY($1::bigint[])`, [
      boardIds,
    ]);
  }

  /** Serializes crawls of one board for the rest of the transaction. */
  async lockBoard(boardId: string): Promise<void> {
    await this.db.any('SELECT pg_advisory_xact_lock(hashtext($1))', [`board:${boardId}`]);
  }

  /**
   * The recording time of the current transaction (ISO, millisecond precision). The transaction is
   * given an id first: a transaction that reads this clock value is then either finished or listed
   * as running in any snapshot taken later, which is what the active-feed horizon waits on.
   */
  async recordingTime(): Promise<string> {
    await this.db.one('SELECT pg_current_xact_id()');
    return databaseNow(this.db);
  }

  async jobStates(boardId: string): Promise<StateRow[]> {
    return this.db.any<StateRow>(
      `SELECT job_key, status, to_char(first_seen AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_seen,
              content_hash, duplicate_key, revision::int AS revision, document
         FROM job_state WHERE board_id = $1`,
      [boardId],
    );
  }

  /** Writes the new state of every changed job in one statement (arrays unnested server-side). */
  async saveChanges(boardId: string, changes: JobChange[]): Promise<void> {
    if (changes.length === 0) return;
    const column = <T>(pick: (change: JobChange) => T): T[] => changes.map(pick);
    await this.db.none(
      `INSERT INTO job_state (job_key, board_id, native_id, status, first_seen, last_seen, closed_at, close_reason,
                              content_hash, duplicate_key, revision, document)
       SELECT k, $2, n, s, f::timestamptz, now(), c::timestamptz, r, h, d, v, doc
         FROM unnest($1::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[],
                     $10::bigint[], $11::jsonb[]) AS t(k, n, s, f, c, r, h, d, v, doc)
       ON CONFLICT (job_key) DO UPDATE SET
         status = EXCLUDED.status,
         last_seen = CASE WHEN EXCLUDED.status = 'open' THEN now() ELSE job_state.last_seen END,
         closed_at = EXCLUDED.closed_at, close_reason = EXCLUDED.close_reason, content_hash = EXCLUDED.content_hash,
         duplicate_key = EXCLUDED.duplicate_key, revision = EXCLUDED.revision, document = EXCLUDED.document`,
      [
        column((c) => c.document.job_key),
        boardId,
        column((c) => c.document.native_id),
        column((c) => c.document.status),
        column((c) => c.document.first_seen),
        column((c) => c.document.closed_at ?? null),
        column((c) => c.document.close_reason ?? null),
        column((c) => c.contentHash),
        column((c) => c.duplicateKey ?? null),
        column((c) => c.document.revision),
        column((c) => JSON.stringify(c.document)),
      ],
    );
  }

  /** Serializes the regrouping of one duplicate group for the rest of the transaction. */
  async lockDuplicateGroup(duplicateKey: string): Promise<void> {
    await this.db.any('SELECT pg_advisory_xact_lock(hashtext($1))', [`duplicates:${duplicateKey}`]);
  }

  /** The documents of a duplicate group's open jobs, by job key. */
  async openDuplicates(duplicateKey: string): Promise<StoredJob[]> {
    const members = await this.db.any<{ document: StoredJob }>(
      `SELECT document FROM job_state WHERE duplicate_key = $1 AND status = 'open' ORDER BY job_key`,
      [duplicateKey],
    );
    return members.map((member) => member.document);
  }

  /** Replaces a job's document and revision (content_hash is left as it is). */
  async saveDocument(document: StoredJob): Promise<void> {
    await this.db.none('UPDATE job_state SET document = $2, revision = $3 WHERE job_key = $1', [
      document.job_key,
      document,
      document.revision,
    ]);
  }

  async markSeen(jobKeys: string[]): Promise<void> {
    if (jobKeys.length === 0) return;
    await this.db.none('UPDATE job_state SET last_seen = now() WHERE job_key = ANY($1)', [jobKeys]);
  }

  async updateBoardAfterCrawl(
    boardId: string,
    board: {
      health: BoardHealth;
      consecutiveFailures: number;
      suspectEmptyStreak: number;
      jobCount?: number;
      succeeded: boolean;
    },
  ): Promise<void> {
    await this.db.none(
      `UPDATE boards SET health = $2, consecutive_failures = $3, suspect_empty_streak = $4,
              last_crawl_at = now(),
              last_success_at = CASE WHEN $5 THEN now() ELSE last_success_at END,
              last_job_count = COALESCE($6, last_job_count)
        WHERE id = $1`,
      [
        boardId,
        board.health,
        board.consecutiveFailures,
        board.suspectEmptyStreak,
        board.succeeded,
        board.jobCount ?? null,
      ],
    );
  }
}
