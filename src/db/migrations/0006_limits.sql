-- Rate-limit counters, in the layout rate-limiter-flexible's Postgres store uses (src/limits/rate-limits.ts).
-- Keys are "<bucket>:<subject>:<UTC minute>"; rows expire with their window and are purged hourly.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);

-- Monthly allowance per account and billing period (src/limits/allowance.ts). `used` only ever
-- moves through conditional updates, so it never exceeds `allowance_limit`.
CREATE TABLE allowance_periods (
  account_id      uuid NOT NULL REFERENCES accounts (id),
  period_start    timestamptz NOT NULL,
  period_end      timestamptz NOT NULL,
  allowance_limit bigint NOT NULL CHECK (allowance_limit >= 0),
  used            bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, period_start),
  CHECK (used >= 0 AND used <= allowance_limit),
  CHECK (period_end > period_start)
);

-- What the latest reservation granted (read back in the same upsert: see Allowances.reserve).
ALTER TABLE allowance_periods ADD COLUMN last_grant bigint NOT NULL DEFAULT 0;
