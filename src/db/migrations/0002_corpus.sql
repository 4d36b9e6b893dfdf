-- The corpus of record: companies, boards, per-job lifecycle state and the change ledger.
-- Elasticsearch is a projection of change_events (ARCHITECTURE invariant 3).

CREATE TABLE companies (
  company_key  text PRIMARY KEY CHECK (company_key ~ '^[a-z0-9][a-z0-9-]{0,127}$'),
  -- NULL display_name: identity unresolved (only opaque tenant identifiers are known).
  display_name text,
  domain       text,
  resolved     boolean NOT NULL DEFAULT false,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CHECK (NOT resolved OR display_name IS NOT NULL)
);

CREATE TABLE boards (
  id                   bigserial PRIMARY KEY,
  source               text NOT NULL,
  slug                 text NOT NULL,
  endpoint_override    text,
  company_key          text NOT NULL REFERENCES companies (company_key),
  verified_at          timestamptz NOT NULL DEFAULT now(),
  health               text NOT NULL DEFAULT 'unknown'
                         CHECK (health IN ('unknown', 'ok', 'suspect', 'failing', 'dead')),
  consecutive_failures integer NOT NULL DEFAULT 0,
  -- Consecutive crawls that answered with an empty board while we still had open jobs.
  suspect_empty_streak integer NOT NULL DEFAULT 0,
  last_crawl_at        timestamptz,
  last_success_at      timestamptz,
  last_job_count       integer,
  crawl_interval_s     integer NOT NULL DEFAULT 21600 CHECK (crawl_interval_s >= 60),
  next_crawl_at        timestamptz NOT NULL DEFAULT now(),
  created_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, slug)
);

CREATE INDEX boards_due_idx ON boards (next_crawl_at) WHERE health <> 'dead';

CREATE TABLE job_state (
  job_key       text PRIMARY KEY,
  board_id      bigint NOT NULL REFERENCES boards (id),
  native_id     text NOT NULL,
  status        text NOT NULL CHECK (status IN ('open', 'closed', 'deleted')),
  first_seen    timestamptz NOT NULL,
  last_seen     timestamptz NOT NULL,
  closed_at     timestamptz,
  close_reason  text CHECK (close_reason IN ('removed_from_board', 'board_dead', 'expired_by_source')),
  content_hash  text NOT NULL,
  -- Cross-location duplicate detection key (company, normalized title, normalized description).
  duplicate_key text,
  revision      bigint NOT NULL CHECK (revision >= 1),
  -- The current job document exactly as projected (public members + internal ones).
  document      jsonb NOT NULL,
  UNIQUE (board_id, native_id)
);

CREATE INDEX job_state_board_open_idx ON job_state (board_id) WHERE status = 'open';
CREATE INDEX job_state_duplicate_idx ON job_state (duplicate_key) WHERE status = 'open';

-- The ledger. Writers insert rows stamped with their transaction id; the sequencer later assigns a
-- gap-free seq only to rows whose transaction is older than every running one (invariant 4).
CREATE TABLE change_events (
  id             bigserial PRIMARY KEY,
  xid            xid8 NOT NULL DEFAULT pg_current_xact_id(),
  seq            bigint UNIQUE,
  job_key        text NOT NULL,
  revision       bigint NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('upsert', 'tombstone')),
  change         text NOT NULL CHECK (change IN ('created', 'modified', 'closed', 'reopened', 'deleted')),
  changed_fields text[] NOT NULL DEFAULT '{}',
  occurred_at    timestamptz NOT NULL DEFAULT now(),
  sequenced_at   timestamptz,
  -- Full document for upserts (open and closed jobs); NULL for tombstones.
  document       jsonb,
  CHECK ((kind = 'upsert') = (document IS NOT NULL))
);

CREATE INDEX change_events_unsequenced_idx ON change_events (xid, id) WHERE seq IS NULL;
CREATE INDEX change_events_job_idx ON change_events (job_key, revision);

CREATE TABLE projector_checkpoints (
  name       text PRIMARY KEY,
  seq        bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
