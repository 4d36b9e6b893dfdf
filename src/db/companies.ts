/**
 * SQL for company identity (evidence, link keys, assignments), the rollups the worker keeps per
 * board and per company, and the directory and profile reads.
 */
import { isoSql, type Queryable } from './database.js';
import type { StoredJob } from '../domain/job.js';
import type { BoardRow } from './corpus.js';
import type { SourceCode } from '../domain/sources.js';

/** Evidence as stored (ingest/identity/evidence.ts `Evidence`). */
export interface StoredEvidence {
  kind: 'domain' | 'name' | 'tenant' | 'operator';
  value: string;
  origin: string;
  confidence: number;
}

export interface IdentityBoardRow {
  id: string;
  source: string;
  slug: string;
  operator_company: string | null;
  operator_domain: string | null;
  observed_evidence: StoredEvidence[];
  company_key: string | null;
}

export interface CompanyState {
  company_key: string;
  display_name: string | null;
  domain: string | null;
  resolved: boolean;
}

export interface SavedCompany extends CompanyState {
  name_source: string | null;
  name_confidence: number | null;
  domain_source: string | null;
  domain_confidence: number | null;
}

/** What a board's open jobs add up to (refreshBoardRollup). */
export interface BoardRollup {
  countries: string[];
  offices: {
    city: string | null;
    country: string | null;
    country_code: string | null;
    lat: number | null;
    lng: number | null;
    open_jobs: number;
  }[];
  departments: Record<string, number>;
  work_modes: Record<string, number>;
  families: Record<string, number>;
  /** The 50 most frequent titles of the board. */
  titles: Record<string, number>;
  /** Per derived attribute: jobs that carry it, their mean confidence and most frequent source. */
  derivations: Record<string, { jobs: number; confidence: number; source: string }>;
}

export interface DirectoryBoardRow {
  company_key: string;
  source: SourceCode;
  slug: string;
  /** The list endpoint of the last successful fetch. */
  endpoint: string | null;
  verified_at: string | null;
  created_at: string | null;
  /** The boards table's CHECK constraint allows exactly these. */
  health: BoardRow['health'];
  open_jobs: number;
  link_evidence: StoredEvidence[];
  rollup: BoardRollup | null;
}

export interface DirectoryCompanyRow extends SavedCompany {
  open_jobs: number;
  countries: string[];
  first_seen: string | null;
  verified_at: string | null;
}

export interface DirectoryFilters {
  sources?: string[];
  countries?: string[];
  min_open_jobs: number;
  include_unresolved: boolean;
  /** Companies with a board crawled successfully within this many days. */
  verified_within_days: number;
}

const COMPANY_COLUMNS = `c.company_key, c.display_name, c.domain, c.resolved, c.name_source, c.name_confidence,
  c.domain_source, c.domain_confidence, c.open_jobs, c.countries, ${isoSql('c.first_seen')} AS first_seen,
  ${isoSql('c.verified_at')} AS verified_at`;

export class CompanyRepository {
  constructor(private readonly db: Queryable) {}

  /** Identity resolutions run one at a time (they read and rewrite whole components). */
  async lockIdentity(): Promise<void> {
    await this.db.any("SELECT pg_advisory_xact_lock(hashtext('identity'))");
  }

  /** Creates or updates a board and the operator's mapping of it; its company is left to resolution. */
  async upsertBoard(board: {
    source: string;
    slug: string;
    endpointOverride?: string;
    operatorCompany?: string;
    operatorDomain?: string;
    crawlIntervalS?: number;
  }): Promise<string> {
    const row = await this.db.one<{ id: string }>(
      `INSERT INTO boards (source, slug, endpoint_override, operator_company, operator_domain, crawl_interval_s)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (source, slug) DO UPDATE SET
         endpoint_override = EXCLUDED.endpoint_override,
         operator_company = EXCLUDED.operator_company,
         operator_domain = EXCLUDED.operator_domain,
         crawl_interval_s = EXCLUDED.crawl_interval_s
       RETURNING id`,
      [
        board.source,
        board.slug,
        board.endpointOverride ?? null,
        board.operatorCompany ?? null,
        board.operatorDomain ?? null,
        board.crawlIntervalS ?? 21600,
      ],
    );
    return row.id;
  }

  /** The list endpoint a successful fetch of the board read. */
  async setEndpoint(boardId: string, endpoint: string): Promise<void> {
    await this.db.none('UPDATE boards SET endpoint = $2 WHERE id = $1 AND endpoint IS DISTINCT FROM $2', [
      boardId,
      endpoint,
    ]);
  }

  async saveObservedEvidence(boardId: string, evidence: StoredEvidence[]): Promise<void> {
    await this.db.none('UPDATE boards SET observed_evidence = $2 WHERE id = $1', [
      boardId,
      JSON.stringify(evidence),
    ]);
  }

  async replaceLinks(boardId: string, keys: string[]): Promise<void> {
    await this.db.none('DELETE FROM board_links WHERE board_id = $1', [boardId]);
    if (keys.length > 0)
      await this.db.none(
        'INSERT INTO board_links (link_key, board_id) SELECT k, $2::bigint FROM unnest($1::text[]) AS k',
        [keys, boardId],
      );
  }

  /**
   * Every board reachable from the seeds through link keys held by at most `maxFanout` boards, or
   * through a shared current company (so that a split company is resolved whole).
   */
  async reachableBoards(seeds: string[], maxFanout: number): Promise<IdentityBoardRow[]> {
    return this.db.any<IdentityBoardRow>(
      `WITH RECURSIVE reach(board_id) AS (
         SELECT unnest($1::bigint[])
         UNION
         SELECT n.board_id FROM reach r CROSS JOIN LATERAL (
           SELECT l2.board_id FROM board_links l1 JOIN board_links l2 ON l2.link_key = l1.link_key
            WHERE l1.board_id = r.board_id
              AND (SELECT count(*) FROM board_links f WHERE f.link_key = l1.link_key) <= $2
           UNION ALL
           SELECT b2.id FROM boards b1 JOIN boards b2 ON b2.company_key = b1.company_key
            WHERE b1.id = r.board_id) n
       )
       SELECT b.id, b.source, b.slug, b.operator_company, b.operator_domain, b.observed_evidence, b.company_key
         FROM boards b JOIN reach r ON r.board_id = b.id ORDER BY b.id`,
      [seeds, maxFanout],
    );
  }

  /** One board's identity inputs and current link keys. */
  async identityBoard(boardId: string): Promise<(IdentityBoardRow & { link_keys: string[] }) | null> {
    return this.db.oneOrNone(
      `SELECT b.id, b.source, b.slug, b.operator_company, b.operator_domain, b.observed_evidence, b.company_key,
              ARRAY(SELECT link_key FROM board_links l WHERE l.board_id = b.id ORDER BY 1) AS link_keys
         FROM boards b WHERE b.id = $1`,
      [boardId],
    );
  }

  /** Boards holding each link key, corpus-wide. */
  async linkFanout(keys: string[]): Promise<Map<string, number>> {
    const rows = await this.db.any<{ link_key: string; boards: number }>(
      `SELECT link_key, count(*)::int AS boards FROM board_links WHERE link_key = ANY($1) GROUP BY link_key`,
      [keys],
    );
    return new Map(rows.map((row) => [row.link_key, row.boards]));
  }

  async companyStates(keys: string[]): Promise<Map<string, CompanyState>> {
    const rows = await this.db.any<CompanyState>(
      'SELECT company_key, display_name, domain, resolved FROM companies WHERE company_key = ANY($1)',
      [keys],
    );
    return new Map(rows.map((row) => [row.company_key, row]));
  }

  /** Which of `keys` exist as companies. */
  async existingKeys(keys: string[]): Promise<Set<string>> {
    const rows = await this.db.any<{ company_key: string }>(
      'SELECT company_key FROM companies WHERE company_key = ANY($1)',
      [keys],
    );
    return new Set(rows.map((row) => row.company_key));
  }

  async saveCompany(company: SavedCompany): Promise<void> {
    await this.db.none(
      `INSERT INTO companies (company_key, display_name, domain, resolved, name_source, name_confidence,
                              domain_source, domain_confidence)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (company_key) DO UPDATE SET
         display_name = EXCLUDED.display_name, domain = EXCLUDED.domain, resolved = EXCLUDED.resolved,
         name_source = EXCLUDED.name_source, name_confidence = EXCLUDED.name_confidence,
         domain_source = EXCLUDED.domain_source, domain_confidence = EXCLUDED.domain_confidence,
         updated_at = now()`,
      [
        company.company_key,
        company.display_name,
        company.domain,
        company.resolved,
        company.name_source,
        company.name_confidence,
        company.domain_source,
        company.domain_confidence,
      ],
    );
  }

  async assignBoard(boardId: string, companyKey: string, linkEvidence: StoredEvidence[]): Promise<void> {
    await this.db.none('UPDATE boards SET company_key = $2, link_evidence = $3 WHERE id = $1', [
      boardId,
      companyKey,
      JSON.stringify(linkEvidence),
    ]);
  }

  /** Drops companies of `keys` that no board belongs to any more (merged away). */
  async deleteEmptyCompanies(keys: string[]): Promise<void> {
    await this.db.none(
      `DELETE FROM companies c WHERE c.company_key = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM boards b WHERE b.company_key = c.company_key)`,
      [keys],
    );
  }

  /** The stored jobs of some boards (every status but deleted), for rewriting their company members. */
  async boardJobsWithBoard(
    boardIds: string[],
  ): Promise<{ board_id: string; document: StoredJob; duplicate_key: string | null }[]> {
    return this.db.any(
      `SELECT board_id, document, duplicate_key FROM job_state
        WHERE board_id = ANY($1::bigint[]) AND status <> 'deleted' ORDER BY job_key`,
      [boardIds],
    );
  }

  /** Replaces documents, content hashes and duplicate keys after an identity change. */
  async saveRewrittenJobs(
    jobs: { document: StoredJob; duplicateKey: string | undefined; contentHash: string }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.db.none(
      `UPDATE job_state s SET document = t.doc, revision = t.rev, duplicate_key = t.dup, content_hash = t.hash
         FROM unnest($1::text[], $2::jsonb[], $3::bigint[], $4::text[], $5::text[]) AS t(k, doc, rev, dup, hash)
        WHERE s.job_key = t.k`,
      [
        jobs.map((job) => job.document.job_key),
        jobs.map((job) => JSON.stringify(job.document)),
        jobs.map((job) => job.document.revision),
        jobs.map((job) => job.duplicateKey ?? null),
        jobs.map((job) => job.contentHash),
      ],
    );
  }

  /** Recomputes one board's rollup of open jobs (the crawl transaction that changed them calls it). */
  async refreshBoardRollup(boardId: string): Promise<void> {
    await this.db.none(
      `WITH open AS MATERIALIZED (
         SELECT document FROM job_state WHERE board_id = $1 AND status = 'open'
       ), places AS (
         SELECT l->>'city' AS city, l->>'country' AS country, l->>'country_code' AS cc,
                (l->>'lat')::float8 AS lat, (l->>'lng')::float8 AS lng, count(*)::int AS n
           FROM open, jsonb_array_elements(COALESCE(open.document->'locations_derived', '[]')) AS l
          GROUP BY 1, 2, 3, 4, 5
       ), counted AS (
         SELECT
           (SELECT count(*)::int FROM open) AS open_jobs,
           jsonb_build_object(
             'countries', COALESCE((SELECT jsonb_agg(DISTINCT cc ORDER BY cc) FROM places WHERE cc IS NOT NULL), '[]'),
             'offices', COALESCE((SELECT jsonb_agg(jsonb_build_object('city', city, 'country', country,
                 'country_code', cc, 'lat', lat, 'lng', lng, 'open_jobs', n) ORDER BY n DESC, city, cc) FROM places), '[]'),
             'departments', COALESCE((SELECT jsonb_object_agg(d, n) FROM (SELECT document->>'department' AS d, count(*) AS n
                 FROM open WHERE document ? 'department' GROUP BY 1) x), '{}'),
             'work_modes', COALESCE((SELECT jsonb_object_agg(w, n) FROM (SELECT COALESCE(document->>'ai_work_arrangement',
                 'unknown') AS w, count(*) AS n FROM open GROUP BY 1) x), '{}'),
             'families', COALESCE((SELECT jsonb_object_agg(f, n) FROM (SELECT document->>'career_family' AS f, count(*) AS n
                 FROM open WHERE document ? 'career_family' GROUP BY 1) x), '{}'),
             'titles', COALESCE((SELECT jsonb_object_agg(t, n) FROM (SELECT document->>'title' AS t, count(*) AS n
                 FROM open GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 50) x), '{}'),
             'derivations', COALESCE((SELECT jsonb_object_agg(attr, jsonb_build_object('jobs', n, 'confidence', c, 'source', s))
                 FROM (SELECT attr, count(*) AS n,
                              avg((document->'derivations'->attr->>'confidence')::float8) AS c,
                              mode() WITHIN GROUP (ORDER BY document->'derivations'->attr->>'source') AS s
                         FROM open, unnest(ARRAY['locations_derived', 'ai_work_arrangement', 'career_family']) AS attr
                        WHERE document->'derivations' ? attr GROUP BY attr) x), '{}')
           ) AS rollup
       )
       UPDATE boards SET open_jobs = counted.open_jobs, rollup = counted.rollup,
              first_job_seen = (SELECT min(first_seen) FROM job_state WHERE board_id = $1)
         FROM counted WHERE boards.id = $1`,
      [boardId],
    );
  }

  /** Recomputes the directory aggregates of companies from their boards. */
  async refreshCompanies(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.none(
      `UPDATE companies c SET open_jobs = a.open_jobs, countries = a.countries, first_seen = a.first_seen,
              verified_at = a.verified_at
         FROM (SELECT b.company_key, sum(b.open_jobs)::int AS open_jobs, min(b.first_job_seen) AS first_seen,
                      max(b.last_success_at) AS verified_at,
                      COALESCE(ARRAY(SELECT DISTINCT x FROM boards b2,
                                            jsonb_array_elements_text(COALESCE(b2.rollup->'countries', '[]')) AS x
                                      WHERE b2.company_key = b.company_key ORDER BY 1), '{}') AS countries
                 FROM boards b WHERE b.company_key = ANY($1) GROUP BY b.company_key) a
        WHERE c.company_key = a.company_key`,
      [keys],
    );
  }

  /** One directory page (keyset on company_key): `limit` companies after `after`. */
  async directoryPage(
    filters: DirectoryFilters,
    after: string | undefined,
    limit: number,
  ): Promise<DirectoryCompanyRow[]> {
    return this.db.any<DirectoryCompanyRow>(
      `SELECT ${COMPANY_COLUMNS} FROM companies c
        WHERE ($1::text IS NULL OR c.company_key > $1)
          AND ($2 OR c.resolved)
          AND c.verified_at >= now() - make_interval(days => $3)
          AND c.open_jobs >= $4
          AND ($5::text[] IS NULL OR c.countries && $5)
          AND ($6::text[] IS NULL OR EXISTS (
                SELECT 1 FROM boards b WHERE b.company_key = c.company_key AND b.source = ANY($6)
                   AND b.last_success_at >= now() - make_interval(days => $3)))
        ORDER BY c.company_key LIMIT $7`,
      [
        after ?? null,
        filters.include_unresolved,
        filters.verified_within_days,
        filters.min_open_jobs,
        filters.countries ?? null,
        filters.sources ?? null,
        limit,
      ],
    );
  }

  /** The boards of some companies (verified or not), ordered by company, source and slug. */
  async boardsOf(keys: string[], withRollups: boolean): Promise<DirectoryBoardRow[]> {
    return this.db.any<DirectoryBoardRow>(
      `SELECT b.company_key, b.source, b.slug, b.endpoint, ${isoSql('b.last_success_at')} AS verified_at,
              ${isoSql('b.created_at')} AS created_at, b.health, b.open_jobs, b.link_evidence, ${withRollups ? 'b.rollup' : 'NULL::jsonb AS rollup'}
         FROM boards b WHERE b.company_key = ANY($1) ORDER BY b.company_key, b.source, b.slug`,
      [keys],
    );
  }

  async company(key: string): Promise<DirectoryCompanyRow | null> {
    return this.db.oneOrNone<DirectoryCompanyRow>(
      `SELECT ${COMPANY_COLUMNS} FROM companies c WHERE c.company_key = $1`,
      [key],
    );
  }

  /** Jobs of a company first seen per UTC day since `since` (ISO), any status. */
  async openingsPerDay(key: string, since: string): Promise<{ day: string; openings: number }[]> {
    return this.db.any<{ day: string; openings: number }>(
      `SELECT to_char((s.first_seen AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*)::int AS openings
         FROM boards b JOIN job_state s ON s.board_id = b.id
        WHERE b.company_key = $1 AND s.first_seen >= $2::timestamptz
        GROUP BY 1 ORDER BY 1`,
      [key, since],
    );
  }
}
