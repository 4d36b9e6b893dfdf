-- Company identity and the directory's rollups (ingest/identity, db/companies.ts).
--
-- A company is the set of boards linked by strong evidence: the same registrable domain, the same
-- source tenant, or the same operator mapping. Evidence is kept per board; each link key a board
-- holds is a row of board_links, so a component is found by following keys, never by names.

-- What the operator's boards file says about a board (kept across crawls).
ALTER TABLE boards ADD COLUMN operator_company text;
ALTER TABLE boards ADD COLUMN operator_domain text;
-- Evidence observed by the last successful crawl (ingest/identity/evidence.ts), replaced per crawl.
ALTER TABLE boards ADD COLUMN observed_evidence jsonb NOT NULL DEFAULT '[]';
-- The evidence that put this board into its company (empty for a company of one board).
ALTER TABLE boards ADD COLUMN link_evidence jsonb NOT NULL DEFAULT '[]';
-- The list endpoint of the last successful fetch (the directory's receipt of the board).
ALTER TABLE boards ADD COLUMN endpoint text;
-- Rollup of the board's open jobs, recomputed in the crawl transaction that changed them.
ALTER TABLE boards ADD COLUMN open_jobs integer NOT NULL DEFAULT 0;
ALTER TABLE boards ADD COLUMN rollup jsonb;
-- Earliest first_seen of any job of the board (NULL: none yet).
ALTER TABLE boards ADD COLUMN first_job_seen timestamptz;

-- A board registered in a transaction gets its company from the resolution in that transaction.
ALTER TABLE boards ALTER COLUMN company_key DROP NOT NULL;

CREATE INDEX boards_company_idx ON boards (company_key);

CREATE TABLE board_links (
  link_key text NOT NULL,
  board_id bigint NOT NULL REFERENCES boards (id) ON DELETE CASCADE,
  PRIMARY KEY (link_key, board_id)
);
CREATE INDEX board_links_board_idx ON board_links (board_id);

-- Provenance of the identity and the directory aggregates (sums over the company's boards).
ALTER TABLE companies ADD COLUMN name_source text;
ALTER TABLE companies ADD COLUMN name_confidence real;
ALTER TABLE companies ADD COLUMN domain_source text;
ALTER TABLE companies ADD COLUMN domain_confidence real;
ALTER TABLE companies ADD COLUMN open_jobs integer NOT NULL DEFAULT 0;
ALTER TABLE companies ADD COLUMN countries text[] NOT NULL DEFAULT '{}';
ALTER TABLE companies ADD COLUMN first_seen timestamptz;
-- Latest successful crawl of any of its boards: the directory lists companies verified recently.
ALTER TABLE companies ADD COLUMN verified_at timestamptz;

CREATE INDEX companies_countries_idx ON companies USING gin (countries);

-- Hiring velocity reads first_seen per board over the last weeks.
CREATE INDEX job_state_board_first_seen_idx ON job_state (board_id, first_seen);
