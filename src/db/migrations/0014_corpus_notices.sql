-- What a deployment must say about its corpus besides what it crawled. One kind today: `synthetic`,
-- written by the loader of the synthetic demo history (`npm start -- --history`) BEFORE its first
-- posting, so synthetic data is never in the corpus unlabelled, even when a load is interrupted
-- (completed_at stays NULL then). While the row exists the API labels every response (header
-- X-Corpus-Synthetic, `synthetic: true` in /v1/stats and state-of-hiring). Nothing deletes it: the
-- synthetic jobs stay in the ledger, so only a new schema starts unlabelled.
CREATE TABLE corpus_notices (
  kind         text PRIMARY KEY CHECK (kind IN ('synthetic')),
  recorded_at  timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz,
  -- What was loaded (loader, seed, size, period), for whoever wonders where the data came from.
  detail       jsonb NOT NULL
);
