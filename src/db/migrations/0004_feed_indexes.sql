-- The modified feed reads field-level changes by recording time.
CREATE INDEX change_events_modified_idx ON change_events (occurred_at, seq)
  WHERE change IN ('modified', 'reopened') AND seq IS NOT NULL;
