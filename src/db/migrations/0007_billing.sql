-- Billing and account self-service (src/billing, src/accounts): the Stripe subscription state of
-- an account, single-use claim tokens, processed billing events, and recent authenticated activity.

-- Compatibility keys (POST /v1/keys) may be issued without an email.
ALTER TABLE accounts ALTER COLUMN email DROP NOT NULL;

-- Stripe's own subscription status, shown by GET /v1/account/usage; `status` is what access follows.
ALTER TABLE accounts ADD COLUMN subscription_status text CHECK (subscription_status IN
  ('active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'));
-- `created` of the newest billing event applied to the subscription state: older events arriving
-- late are ignored, so the account ends in the state of the newest event whatever the order.
ALTER TABLE accounts ADD COLUMN subscription_event_at timestamptz;
ALTER TABLE accounts ADD COLUMN stripe_checkout_session_id text UNIQUE;

-- Claim tokens are secrets: only their HMAC digest is stored, like API keys.
CREATE TABLE claim_tokens (
  digest     bytea PRIMARY KEY CHECK (length(digest) = 32),
  account_id uuid NOT NULL UNIQUE REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  claimed_at timestamptz,
  key_id     uuid REFERENCES api_keys (id)
);

-- One row per processed Stripe event id: the primary key makes replays idempotent.
CREATE TABLE billing_events (
  event_id    text PRIMARY KEY,
  type        text NOT NULL,
  created_at  timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  account_id  uuid REFERENCES accounts (id),
  handled     boolean NOT NULL
);

-- A rotated key names the key it replaces.
ALTER TABLE api_keys ADD COLUMN replaces_key_id uuid REFERENCES api_keys (id);
CREATE INDEX api_keys_active_idx ON api_keys (account_id) WHERE status = 'active';

-- Authenticated requests of the last 7 days (written in batches by src/accounts/activity.ts).
CREATE TABLE request_activity (
  id            bigserial PRIMARY KEY,
  account_id    uuid NOT NULL REFERENCES accounts (id),
  key_id        uuid NOT NULL REFERENCES api_keys (id),
  occurred_at   timestamptz NOT NULL,
  method        text NOT NULL,
  path          text NOT NULL,
  status        smallint NOT NULL,
  jobs_returned integer NOT NULL DEFAULT 0 CHECK (jobs_returned >= 0)
);
CREATE INDEX request_activity_account_idx ON request_activity (account_id, occurred_at DESC);
