-- Daily usage per account: requests that returned jobs and the jobs they returned.
-- (The monthly allowance is enforced on top of this by the billing issue.)
CREATE TABLE usage_daily (
  account_id uuid NOT NULL REFERENCES accounts (id),
  day        date NOT NULL,
  requests   integer NOT NULL DEFAULT 0 CHECK (requests >= 0),
  jobs       bigint NOT NULL DEFAULT 0 CHECK (jobs >= 0),
  PRIMARY KEY (account_id, day)
);
