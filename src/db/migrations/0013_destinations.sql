-- Outbound destinations (Scale): customers' Postgres tables and webhooks fed from the change ledger.

CREATE TABLE destinations (
  id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id            uuid NOT NULL REFERENCES accounts (id),
  kind                  text NOT NULL CHECK (kind IN ('postgres', 'webhook')),
  name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
  state                 text NOT NULL CHECK (state IN ('enabled', 'disabled')),
  disabled_reason       text CHECK (disabled_reason IN ('created', 'user', 'consecutive_failures')),
  -- The non-secret settings (url; host, port, database, user, table, sslmode) and the filters.
  settings              jsonb NOT NULL,
  filters               jsonb NOT NULL DEFAULT '{}',
  -- AES-256-GCM: key id, then iv ‖ tag ‖ ciphertext. The webhook signing secret or the password.
  secret_key_id         text NOT NULL,
  secret_sealed         bytea NOT NULL,
  secret_hint           text NOT NULL,
  -- A webhook's previous signing secret, still signed with until previous_secret_until (rotation).
  previous_key_id       text,
  previous_sealed       bytea,
  previous_secret_until timestamptz,
  consecutive_failures  integer NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  -- Change-feed position: the highest seq delivered. NULL until the first enable.
  position              bigint,
  -- Postgres first-enable backfill: NULL when done; '' before the first job; else the last job_key written.
  backfill_after        text,
  -- A webhook batch sent but not known to be acknowledged: re-sent as is (same webhook-id) first.
  pending_from          bigint,
  pending_to            bigint,
  next_attempt_at       timestamptz NOT NULL DEFAULT now(),
  last_run_at           timestamptz,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now(),
  deleted_at            timestamptz,
  CHECK ((state = 'disabled') = (disabled_reason IS NOT NULL)),
  CHECK ((pending_from IS NULL) = (pending_to IS NULL))
);

CREATE INDEX destinations_account_idx ON destinations (account_id, created_at) WHERE deleted_at IS NULL;
CREATE INDEX destinations_due_idx ON destinations (next_attempt_at) WHERE state = 'enabled' AND deleted_at IS NULL;

CREATE TABLE delivery_runs (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  destination_id           uuid NOT NULL REFERENCES destinations (id),
  status                   text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
  started_at               timestamptz NOT NULL DEFAULT now(),
  finished_at              timestamptz,
  from_seq                 bigint NOT NULL,
  to_seq                   bigint,
  source_acknowledged      integer NOT NULL DEFAULT 0,
  destination_acknowledged integer NOT NULL DEFAULT 0,
  report                   jsonb NOT NULL DEFAULT '{"attempts": 0}',
  CHECK ((status = 'running') = (finished_at IS NULL))
);

-- At most one run per destination in progress: the database refuses a second.
CREATE UNIQUE INDEX delivery_runs_one_running_idx ON delivery_runs (destination_id) WHERE status = 'running';
CREATE INDEX delivery_runs_recent_idx ON delivery_runs (destination_id, started_at DESC);
