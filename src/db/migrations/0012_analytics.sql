-- Analytics, stats and sitemaps read narrow facts of each job instead of its document: the
-- document is TOASTed (descriptions make it kilobytes), and a scan that detoasts a million of them
-- takes tens of seconds. The facts are generated columns, so Postgres keeps them in step with
-- every write of the document; no writer has to remember them.

-- Immutable wrappers (generated columns and index expressions need immutable functions). The
-- casts they wrap are only stable because they read session settings; our inputs are ISO 8601
-- with an offset and UTF-8 text, for which the settings do not matter.
CREATE FUNCTION job_time(value text) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT value::timestamptz $$;

CREATE FUNCTION job_country_codes(document jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(DISTINCT code ORDER BY code), '{}')
      FROM (SELECT location ->> 'country_code' AS code
              FROM jsonb_array_elements(coalesce(document -> 'locations_derived', '[]')) AS location) AS codes
     WHERE code IS NOT NULL
  $$;

-- The public and derived members present in a document (stats' fill rates and enrichment coverage).
-- `career_family` counts only when classified (not `unknown`); `locations_derived` only when one
-- entry names a country.
CREATE FUNCTION job_present_attributes(document jsonb) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT coalesce(array_agg(name ORDER BY name), '{}')
      FROM unnest(ARRAY['description_text', 'posted_at', 'salary', 'remote_derived', 'ai_work_arrangement',
                        'employment_type', 'skill_clusters', 'language', 'security_clearance',
                        'visa_sponsorship', 'experience_level', 'company_domain']) AS name
     WHERE document ? name
  $$;

-- SHA-256 of the key, first byte in hex: the sitemap segment (256 of them, stable forever).
CREATE FUNCTION job_sitemap_segment(job_key text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT left(encode(sha256(convert_to(job_key, 'UTF8')), 'hex'), 2) $$;

ALTER TABLE job_state
  ADD COLUMN source text GENERATED ALWAYS AS (document ->> 'source') STORED,
  ADD COLUMN company_key text GENERATED ALWAYS AS (document ->> 'company_key') STORED,
  ADD COLUMN career_family text GENERATED ALWAYS AS (document ->> 'career_family') STORED,
  ADD COLUMN country_codes text[] GENERATED ALWAYS AS (job_country_codes(document)) STORED,
  ADD COLUMN posted_at timestamptz GENERATED ALWAYS AS (job_time(document ->> 'posted_at')) STORED,
  ADD COLUMN present_attributes text[] GENERATED ALWAYS AS (
    job_present_attributes(document)
      || CASE WHEN coalesce(document ->> 'career_family', 'unknown') <> 'unknown'
              THEN ARRAY['career_family'] ELSE '{}' END
      || CASE WHEN cardinality(job_country_codes(document)) > 0 THEN ARRAY['locations_derived'] ELSE '{}' END
  ) STORED,
  -- Last change of the job as the sitemaps publish it.
  ADD COLUMN last_modified timestamptz GENERATED ALWAYS AS (
    job_time(coalesce(document ->> 'modified_at', document ->> 'first_seen'))
  ) STORED,
  -- Open, of a resolved company, and its duplicate group's representative: what public lists show
  -- (rule 5 of Job: unresolved companies' jobs are hidden; rule 4: one job per duplicate group).
  ADD COLUMN publicly_listed boolean GENERATED ALWAYS AS (
    status = 'open'
      AND coalesce((document ->> 'company_resolved')::boolean, false)
      AND coalesce((document ->> 'is_duplicate_representative')::boolean, true)
  ) STORED,
  ADD COLUMN sitemap_segment text GENERATED ALWAYS AS (job_sitemap_segment(job_key)) STORED;

-- Posting velocity: one company's openings by first observation.
CREATE INDEX job_state_company_first_seen_idx ON job_state (company_key, first_seen);
-- Cohorts by first observation (time-to-fill, state-of-hiring volume): index-only scans.
CREATE INDEX job_state_cohort_idx ON job_state (first_seen)
  INCLUDE (status, closed_at, close_reason, source, career_family, country_codes, company_key);
-- Closures by time (state-of-hiring durations).
CREATE INDEX job_state_closures_idx ON job_state (closed_at)
  INCLUDE (first_seen, close_reason, source, career_family, country_codes)
  WHERE closed_at IS NOT NULL;
-- One sitemap segment: its listed keys in order, with their stamps, from the index alone.
CREATE INDEX job_state_sitemap_idx ON job_state (sitemap_segment, job_key) INCLUDE (last_modified)
  WHERE publicly_listed;

-- Precomputed bodies served as they are: stats and the sitemap index (refreshed by the worker;
-- both aggregate every job, seconds at a million), and completed state-of-hiring quarters
-- (written once, never recomputed: immutable).
CREATE TABLE corpus_snapshots (
  kind         text PRIMARY KEY CHECK (kind IN ('stats', 'sitemap_index')),
  generated_at timestamptz NOT NULL,
  body         text NOT NULL
);

CREATE TABLE hiring_reports (
  quarter      text PRIMARY KEY CHECK (quarter ~ '^[0-9]{4}-Q[1-4]$'),
  generated_at timestamptz NOT NULL,
  body         text NOT NULL
);

-- Data-quality reports: a row is started, then completed with its body in one update; only
-- completed rows are ever served. Retention deletes the oldest completed ones.
CREATE TABLE quality_reports (
  report_id    text PRIMARY KEY,
  started_at   timestamptz NOT NULL,
  completed_at timestamptz,
  corpus_as_of timestamptz NOT NULL,
  body         jsonb,
  CHECK ((completed_at IS NULL) = (body IS NULL))
);
CREATE INDEX quality_reports_completed_idx ON quality_reports (completed_at DESC) WHERE completed_at IS NOT NULL;
