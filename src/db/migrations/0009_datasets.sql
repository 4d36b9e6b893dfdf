-- Dated snapshot datasets (src/datasets): immutable manifests of Parquet parts written by
-- `npm run snapshot`, each part verified (rows, bytes, sha256) before the manifest is committed.
CREATE TABLE dataset_snapshots (
  snapshot_date date PRIMARY KEY,
  created_at    timestamptz NOT NULL DEFAULT now(),
  columns       text[] NOT NULL,
  row_count     bigint NOT NULL CHECK (row_count >= 0),
  bytes         bigint NOT NULL CHECK (bytes >= 0),
  change_seq    bigint NOT NULL CHECK (change_seq >= 0)
);

CREATE TABLE dataset_parts (
  snapshot_date date NOT NULL REFERENCES dataset_snapshots (snapshot_date) ON DELETE CASCADE,
  part          integer NOT NULL CHECK (part >= 1),
  rows          bigint NOT NULL CHECK (rows >= 0),
  bytes         bigint NOT NULL CHECK (bytes >= 0),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  -- Relative to DATASETS_DIR.
  file          text NOT NULL,
  PRIMARY KEY (snapshot_date, part)
);
