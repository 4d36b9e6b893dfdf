-- Plans, accounts and API keys. Keys are stored only as HMAC-SHA256 digests.

CREATE TABLE plans (
  code              text PRIMARY KEY CHECK (code IN ('starter', 'growth', 'scale')),
  name              text NOT NULL,
  price_usd_cents   integer NOT NULL CHECK (price_usd_cents >= 0),
  monthly_allowance integer NOT NULL CHECK (monthly_allowance >= 0)
);

INSERT INTO plans (code, name, price_usd_cents, monthly_allowance) VALUES
  ('starter', 'Starter', 4900, 100000),
  ('growth', 'Growth', 9900, 300000),
  ('scale', 'Scale', 24900, 1000000);

CREATE TABLE accounts (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email                  text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  -- NULL plan: a compatibility account (POST /v1/keys) with no subscription.
  plan_code              text REFERENCES plans (code),
  status                 text NOT NULL CHECK (status IN ('pending', 'active', 'past_due', 'canceled')),
  -- Approved service accounts may read /v1/usage/daily.
  is_service             boolean NOT NULL DEFAULT false,
  stripe_customer_id     text UNIQUE,
  stripe_subscription_id text UNIQUE,
  current_period_start   timestamptz,
  current_period_end     timestamptz,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX accounts_email_idx ON accounts (lower(email));

CREATE TABLE api_keys (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id   uuid NOT NULL REFERENCES accounts (id),
  kind         text NOT NULL CHECK (kind IN ('live', 'compat')),
  digest       bytea NOT NULL UNIQUE CHECK (length(digest) = 32),
  hint         text NOT NULL CHECK (length(hint) = 4),
  label        text CHECK (length(label) <= 100),
  status       text NOT NULL CHECK (status IN ('active', 'revoked')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at   timestamptz
);

CREATE INDEX api_keys_account_idx ON api_keys (account_id);
