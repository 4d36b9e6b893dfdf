-- The active feed's visibility horizon (src/feeds/horizon.ts): every job whose first_seen is before
-- visible_before is committed, projected and searchable, and no job can later be recorded with a
-- first_seen before it. The feed only shows first_seen < visible_before.
CREATE TABLE feed_horizons (
  name           text PRIMARY KEY,
  visible_before timestamptz NOT NULL,
  updated_at     timestamptz NOT NULL DEFAULT now()
);
