/**
 * Generated from src/openapi/openapi.yaml by `npm run openapi:types` (into src/openapi/types.ts and
 * clients/typescript/src/schema.ts alike): do not edit. `npm test` fails when these files and the
 * document drift.
 */
export interface paths {
  '/healthz': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Health check
     * @description Liveness and dependency status. Public, no parameters (a query parameter is unknown:
     *     422, as on every operation). Always answers 200 while the process serves requests: when Elasticsearch or Postgres is unreachable (each probe gives up after
     *     0.5 s; the answer comes within 1 second) `status` is `degraded` and the failing component's check is `down` with a short
     *     `error`. Use the HTTP status for liveness and `status` for readiness.
     */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/openapi.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * This OpenAPI document
     * @description The OpenAPI 3.1 document of the interface, served unchanged as JSON. Public.
     */
    get: operations['getOpenApi'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/jobs/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Keyless preview of open jobs
     * @description Public evaluation sample: at most 10 **open** jobs matching the filters, newest
     *     `first_seen` first. No key, no cursor (`next_cursor` is never returned), no descriptions
     *     (`description_text` is never present), no allowance consumed. Lifecycle feeds and company
     *     exports are not available here. Any other query parameter, including `cursor`, `status`
     *     and `include_description`, is rejected as unknown (422 `extra_forbidden`).
     */
    get: operations['previewJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/jobs/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search jobs
     * @description Hybrid keyword search over the corpus; all filters combine with AND. Ordered by relevance
     *     (then `first_seen` descending, then `job_key`) when `q`, `title` or `company` is given,
     *     otherwise by `first_seen` descending, then `job_key`. Keyset paging with `next_cursor`.
     *
     *     `X-API-Key` is optional in the schema. Decisions:
     *
     *     - **With a `production` key**: full search with paging; `include_description=true`
     *       returns `description_text` (`descriptions` entitlement, every paid plan). Each returned
     *       job consumes one allowance unit.
     *     - **Without a key, or with a key lacking `production`** (compatibility key, inactive
     *       subscription): evaluation mode, like the preview but with every filter: at most 10
     *       jobs (a larger `limit` is reduced to 10), no `next_cursor`, nothing consumed. In this
     *       mode `include_description=true` and `cursor` answer 401 `api_key_required` without a key
     *       and 403 (`plan_required` / `subscription_inactive`) with one.
     *     - A malformed, unknown or revoked key → 401 `invalid_api_key` (never silently downgraded).
     */
    get: operations['searchJobs'];
    put?: never;
    /**
     * Typed JSON search (keyword tree, facets, semantic)
     * @description Search with a JSON body: a boolean keyword tree (`and` / `or` / `not` over `term` and
     *     `phrase` leaves on title, description and company), every GET filter as typed fields,
     *     facets, and opt-in semantic search. Requires a `production` key.
     *
     *     - **Keyword mode**: ordering and paging as in `GET /v1/jobs/search`. The cursor is bound to
     *       the whole request body except `limit`; any drift → 422 `cursor_mismatch`
     *       (`loc: ["body", "cursor"]`), fail closed.
     *     - **Semantic mode** (`semantic` present): needs the `semantic_search` entitlement (Growth
     *       and Scale; otherwise 403 `plan_required`, `required_entitlement: semantic_search`).
     *       Open jobs only, at most 100 results, no facets, no cursor, no `next_cursor`.
     *
     *     `include_description=true` needs the `descriptions` entitlement. Each returned job
     *     consumes one allowance unit; facets are free. Facet counts cover the whole matching set and
     *     are repeated on every page of the search.
     *
     *     Semantic mode embeds `semantic.query` with all-MiniLM-L6-v2 (384 dimensions, mean-pooled,
     *     normalized) and runs a kNN search over the jobs' vectors (int8-quantized HNSW, cosine;
     *     `k` = `limit`, 10 candidates per result, at least 100) with the filters applied inside the
     *     kNN search. Jobs get their vector shortly after they are indexed (the worker embeds them);
     *     a job not yet embedded is not found by semantic mode. A deployment without the model
     *     answers 501 `not_implemented` to entitled callers.
     */
    post: operations['searchJobsTyped'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/jobs/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Bulk export of jobs
     * @description Bulk export of the jobs matching the filters, read from one point-in-time view of the
     *     corpus in storage order (no particular field order: sort after loading if you need one;
     *     storage order is what lets an export stream at full speed).
     *
     *     - `csv` and `ndjson` come in numbered parts of at most 50,000 rows: request `part=1`
     *       (without `cursor`), then follow `Link: rel="next"` up to `X-Export-Part-Count`. The
     *       link carries `part` and an export `cursor` that pins every part to the point in time of
     *       part 1: the union of the parts is exactly one consistent result, no row twice, even
     *       while the corpus changes. The view lives 15 minutes after the export's last request
     *       (each part extends it) and ends once the last part has been delivered in full; a cursor
     *       after that → 410 `export_cursor_expired` (start again at part 1). A `part` requested
     *       without a cursor is computed on a fresh view, whose storage order moves whenever the
     *       index merges segments after writes: parts fetched that way can overlap or miss rows, so
     *       follow the links for an exact result. A `part` beyond the last → 404 `not_found`.
     *     - `parquet` is one artifact (`part` must be 1; other values → 404 `not_found`).
     *     - `columns` selects columns in the given order; default: every column except
     *       `description_text`. The `description_text` column needs the `export_descriptions`
     *       entitlement (Growth and Scale); otherwise 403 `plan_required`.
     *     - CSV: RFC 4180, UTF-8, header row; array and object values are JSON-encoded in their cell;
     *       absent values are empty cells. NDJSON: one JSON object per line with the selected
     *       members (absent values omitted). Parquet: nested values as structs and lists, Zstandard
     *       compression.
     *     - Compressed parts (`.ndjson.gz`, `.csv.gz`, or zstd/br) come by encoding negotiation, not
     *       a parameter: send `Accept-Encoding: gzip` (or `zstd`, `br`) and the part streams encoded
     *       with `Content-Encoding`; store the body as received for a `.gz` file (most HTTP clients
     *       decode it for you instead). `Content-Disposition` names the decoded file.
     *
     *     Each row consumes one allowance unit; a part is charged before streaming, and if it needs
     *     more rows than remain the request answers 402 with `requested`.
     */
    get: operations['exportJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/jobs/{job_key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Job detail
     * @description One job, including its full `description_text`, whatever its status. `X-API-Key` is
     *     optional in the schema, but the service requires the `production` entitlement: no key →
     *     401 `api_key_required`; a key without it → 403. A job of an unresolved company answers 404
     *     unless `include_unresolved=true`. Consumes one allowance unit.
     */
    get: operations['getJob'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Company directory
     * @description Verified company directory, ordered by `company_key`, paged by cursor. A company is
     *     verified when at least one of its boards answered a successful crawl in the last 30 days
     *     (`DIRECTORY_VERIFIED_DAYS` of the deployment). Filters: `source` (companies with a board
     *     on any listed source verified in that window), `country` (companies with open jobs in any
     *     listed country), `min_open_jobs`. Unresolved companies are hidden unless
     *     `include_unresolved=true`. A cursor is bound to the filters it was issued for; another
     *     filter set → 422.
     *
     *     With `export=jsonl` the whole filtered catalog is streamed as newline-delimited JSON
     *     (`application/x-ndjson`, one `Company` per line, same order as the pages) instead of paged;
     *     `limit` and `cursor` are then not accepted (422 `value_error`). Credit-free.
     *
     *     Statuses: 401 without a valid key; 403 for a key without a production entitlement; 422 for
     *     a bad parameter; 429 over 60 requests a minute.
     */
    get: operations['listCompanies'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/{company_key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Company profile
     * @description Company profile: validated boards, hiring velocity, office network, department and
     *     career-family rollups, work-mode distribution and open positions, each derived section
     *     labelled with `source` and `confidence`. Rollups are kept up to date by the worker as
     *     crawls land (no per-request scan of the corpus). An unknown key, or an unresolved company
     *     without `include_unresolved=true`, answers 404. Credit-free.
     *
     *     Statuses: 401 without a valid key; 403 for a key without a production entitlement; 404;
     *     422; 429 over 120 requests a minute.
     */
    get: operations['getCompany'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/companies/{company_key}/jobs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Jobs of one company
     * @description All jobs of one company, newest `first_seen` first, then `job_key`; paged by cursor (bound
     *     to the company, `status` and `include_unresolved`). Descriptions are not included. Unknown
     *     company, or unresolved company without `include_unresolved=true` → 404. Each returned job
     *     consumes one allowance unit, as in search.
     *
     *     Statuses: 401 without a valid key; 402 at the monthly allowance; 403 for a key without a
     *     production entitlement; 404; 422; 429 over 60 requests a minute.
     */
    get: operations['listCompanyJobs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Corpus statistics
     * @description Public corpus statistics: totals, per-source and per-country counts, career-family
     *     coverage, enrichment coverage, freshness percentiles, and, where measured, per-source
     *     description, posting-date and salary fill rates with refresh cadence and last-sweep time.
     *     Unmeasured values are omitted, never inferred from global totals. No parameters.
     *     Served from a snapshot the worker recomputes every `STATS_REFRESH_SECONDS` (default 300);
     *     `generated_at` is the snapshot's time. No request scans the corpus: only when no snapshot
     *     younger than twice that interval exists (a worker that is down) does one request compute
     *     it, and concurrent requests wait for that one computation.
     */
    get: operations['getStats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/analytics/companies/{company_key}/posting-velocity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Posting velocity of a company
     * @description Paid. Compares first-observed openings of the company (jobs whose `first_seen` falls in
     *     the window) across the current window (the last `window_days` days, ending now) and the
     *     prior window of the same length, with the weekly series and the evidence boundary. An
     *     observation count, not a forecast. Unknown company → 404. Credit-free.
     */
    get: operations['getPostingVelocity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/analytics/time-to-fill': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Time-to-fill proxy
     * @description Paid. Posting-duration proxy from first observation to definitive source closure over the
     *     cohort of postings first observed in the last `window_days` days, optionally narrowed by
     *     one company, one country, one career family and one source. Reports the percentiles of the
     *     cohort's closed postings and a Kaplan–Meier median that counts the postings still open as
     *     right-censored. Fewer than 30 definitive closures → 200 with the explicit
     *     `insufficient_data` variant, not an estimate. Unknown or unresolved company → 404.
     *     Credit-free.
     */
    get: operations['getTimeToFill'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/analytics/state-of-hiring': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Quarterly state-of-hiring report
     * @description Public quarterly report of first-observed posting volume and duration signals by ATS,
     *     country and career family. `quarter` is a UTC calendar quarter (`YYYY-Q1` … `YYYY-Q4`);
     *     omitted means the latest completed quarter. The current quarter is served with
     *     `partial: true` and never projected. A future quarter, or one before the service's first
     *     observations → 404 `report_not_available`. Credit-free.
     */
    get: operations['getStateOfHiring'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/data-quality/current': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Current data-quality report
     * @description Public. The latest retained, complete, measured data-quality report. Served only when a
     *     complete report exists; otherwise 404 `report_not_available` (an incomplete or
     *     in-progress measurement is never served). Credit-free.
     *
     *     The worker measures a new report every `QUALITY_REPORT_INTERVAL_SECONDS` (default 3600)
     *     and keeps the latest `QUALITY_REPORTS_RETAINED` (default 10) completed ones. Every metric
     *     of a report describes one corpus state (`corpus_as_of`) and carries its sample size and
     *     method; a metric whose sample is empty is omitted, never reported as 0/0.
     */
    get: operations['getDataQuality'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/feed/active': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Active feed (newly indexed jobs)
     * @description Open jobs (of resolved companies) first indexed in the window, **oldest `first_seen` first**
     *     (then `job_key`), with keyset cursors.
     *
     *     **Visibility horizon.** `first_seen` is the time the job's recording transaction wrote it.
     *     The feed shows only jobs with `first_seen` before the published horizon `H`
     *     (`first_seen_lt` in the response): `H` is published only after every transaction that could
     *     still record an older `first_seen` has finished and everything before `H` is searchable. So
     *     no job can ever appear behind a position a consumer has already read, even while ingestion
     *     commits concurrently. `H` trails real time by the feed lag (about 1–2 seconds).
     *
     *     **Window.** `[first_seen_gte, H)` when `first_seen_gte` is given (then `time_frame` is
     *     ignored), else `[H − time_frame, H)`. Both bounds are echoed as `first_seen_gte` and
     *     `first_seen_lt`.
     *
     *     **Exactly-once consumption.** Keep `first_seen_gte` fixed and follow `next_cursor` while it is
     *     present (`has_more: true`). As on every list, the last page carries no `next_cursor`: it
     *     ends the walk of the window `[first_seen_gte, first_seen_lt)`, which is then complete. To
     *     continue, poll later with that page's `first_seen_lt` as the new `first_seen_gte` and no
     *     cursor — windows `[a, H1)`, `[H1, H2)`, … are contiguous and disjoint, so no job is missed
     *     or delivered twice. Polling with `time_frame` alone and no state can overlap or leave gaps
     *     when polls are not exactly `time_frame` apart.
     *
     *     A job that closes before it is read is not returned (see the expired feed). With
     *     `exclude_duplicates=true` a group's representative is its earliest-seen member, so later
     *     duplicates never displace one already delivered. `description_format=text` adds
     *     `description_text` and needs the `descriptions` entitlement. Each returned job consumes
     *     one allowance unit.
     */
    get: operations['getActiveFeed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/feed/active/count': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Count of the active feed
     * @description Credit-free count of the jobs `GET /v1/feed/active` would return for the same filters;
     *     sizes a pull before fetching records. Same parameter names and meaning as the active feed
     *     (no `description_format`, `limit` or `cursor`).
     */
    get: operations['countActiveFeed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/feed/expired': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Expired feed (jobs closed in the window)
     * @description Jobs whose closure was observed in the window [now − `time_frame`, now), oldest
     *     `closed_at` first (then `job_key`), each with `closed_at` and `close_reason`
     *     (`removed_from_board`, `board_dead`, `expired_by_source`). No descriptions. Each returned
     *     job consumes one allowance unit.
     */
    get: operations['getExpiredFeed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/feed/modified': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Modified feed (field-level changes in the window)
     * @description Field-level changes recorded in the window [now − `time_frame`, now), oldest `modified_at`
     *     first: which `Job` members changed, plus the updated job (without `description_text`; a
     *     change of the description is listed in `changed_fields`). First indexing and closure are
     *     not modifications (see the active and expired feeds). Each returned record consumes one
     *     allowance unit.
     */
    get: operations['getModifiedFeed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/feed/changes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Durable change feed
     * @description Durable, sequence-ordered `upsert` and `tombstone` events with `seq` > `since_seq`, gap-free
     *     and never reordered. Persist `next_seq` only after processing a page and pass it back as
     *     `since_seq`; this resumes exactly after any interruption. Start with `since_seq=0` only
     *     within the retention, otherwise bootstrap from a snapshot (below).
     *
     *     Retention: events are kept 30 days. A `since_seq` below the oldest retained event's
     *     `seq` − 1 → 410 `change_feed_expired` with `oldest_seq` and `latest_seq`; re-bootstrap by
     *     recording `latest_seq`, loading a dataset snapshot (`change_seq` in its manifest, Scale)
     *     or a full export, and resuming from there. Each `upsert` event consumes one allowance unit;
     *     tombstones are free.
     */
    get: operations['getChangeFeed'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/datasets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Dataset snapshots
     * @description Scale only. Index of verified, immutable daily snapshots of the active corpus (open jobs,
     *     all export columns including `description_text`), newest first, retained 90 days. Flat
     *     plan entitlement: dataset operations and downloads consume no per-job allowance.
     */
    get: operations['listDatasets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/datasets/{snapshot_date}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Dataset snapshot manifest
     * @description Scale only. Manifest of one dated snapshot: signed Parquet part URLs, columns, row counts
     *     and one explicit expiry time for all URLs (1 hour). Unknown or expired date → 404.
     *     Credit-free.
     */
    get: operations['getDataset'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/datasets/{snapshot_date}/parts/{part}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download one snapshot part (signed URL)
     * @description The Parquet bytes of one part of a snapshot. Reached through the `url` of a part in the
     *     manifest: the URL carries `expires` (Unix seconds) and `signature` (HMAC-SHA256 over the
     *     path and the expiry), which are the credential — no API key is needed, so the URL can be
     *     handed to a download tool. A signature that does not match the path and expiry → 403
     *     `dataset_url_invalid`; a valid URL past `expires` → 410 `dataset_url_expired` (request
     *     the manifest again). Verify the bytes with the manifest's `sha256`.
     */
    get: operations['downloadDatasetPart'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/destinations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List destinations
     * @description Scale only. The account's outbound Postgres and webhook destinations (at most 10), oldest first. Secret settings are never returned.
     */
    get: operations['listDestinations'];
    put?: never;
    /**
     * Create a destination
     * @description Scale only. Creates a destination in the `disabled` state (enabling is a separate
     *     operation). Secrets are encrypted at rest (AES-256-GCM) and never returned; a webhook's
     *     signing secret is generated by the service and shown once, as `signing_secret` in this
     *     response (and again only when rotated). Webhook URLs and Postgres hosts that resolve to
     *     private, loopback, link-local, CGNAT or metadata addresses are refused when connecting,
     *     every resolved address checked at connect time (the run fails with `address_blocked`).
     *     At most 10 destinations per account (409 `destination_limit_reached`). Returns 201 with
     *     the redacted destination and a `Location` header.
     */
    post: operations['createDestination'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/destinations/{destination_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a destination
     * @description Scale only. One destination with its redacted configuration and delivery state. Unknown or deleted → 404.
     */
    get: operations['getDestination'];
    put?: never;
    post?: never;
    /**
     * Delete a destination
     * @description Scale only. Soft-deletes an idle destination: delivery stops, secrets are erased, and the
     *     destination answers 404 afterwards. While a delivery run is in progress → 409
     *     `destination_busy` with `Retry-After` (retryable). Success returns 204 with no body.
     */
    delete: operations['deleteDestination'];
    options?: never;
    head?: never;
    /**
     * Update a destination
     * @description Scale only. Updates the name and/or the filters, replaces the whole stored configuration
     *     (a Postgres password included), or rotates a webhook's signing secret
     *     (`rotate_secret: true`: the new secret is returned once as `signing_secret`; for 24 hours
     *     deliveries carry signatures by both the new and the previous secret). While a delivery run
     *     is in progress → 409 `destination_busy` with `Retry-After` (retryable). Does not change
     *     `state`.
     */
    patch: operations['updateDestination'];
    trace?: never;
  };
  '/v1/destinations/{destination_id}/enable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Enable a destination
     * @description Scale only. Sets `state` to `enabled`, clears `consecutive_failures`, and starts delivery
     *     from the change-feed position where it stopped. On first enable the position is the latest
     *     `seq`; a Postgres destination first receives every open job that matches its filters (a
     *     backfill as of that `seq`), so its table equals the open corpus, then the changes after it.
     *     Idempotent. No request body.
     */
    post: operations['enableDestination'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/destinations/{destination_id}/disable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Disable a destination
     * @description Scale only. Sets `state` to `disabled` (`disabled_reason: user`): future delivery pauses (a
     *     run in progress finishes); metadata, position and run history are kept. Idempotent. No
     *     request body.
     */
    post: operations['disableDestination'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/destinations/{destination_id}/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Recent delivery runs
     * @description Scale only. Most recent delivery runs first, with bounded, redacted reports and explicit
     *     source and destination acknowledgement counts. Runs are retained 30 days. Not paged.
     */
    get: operations['listDestinationRuns'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/checkout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a hosted subscription checkout
     * @description Public. Creates a new `pending` account and a hosted subscription checkout for the plan.
     *     The checkout is created at the billing provider first: if that fails (503
     *     `upstream_unavailable`), no account is created. `return_url` must be http or https.
     *     Returns the checkout address and the single-use `claim_token`, which is returned once here
     *     and also carried in the success return URL (`?checkout=success&claim_token=…`). Access
     *     stays pending until the signed subscription webhook has activated the account; then
     *     `POST /v1/billing/claim` exchanges the token for the first API key. The claim token
     *     expires 7 days after creation.
     */
    post: operations['createCheckout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/webhook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Billing-provider webhook
     * @description Signed callback of the billing provider (Stripe) that activates and updates subscriptions.
     *     Authenticated by the `Stripe-Signature` header over the raw request body (Stripe's scheme,
     *     5-minute tolerance); unsigned or invalid → 400 `webhook_signature_invalid`. The body is
     *     the raw Stripe event. Duplicate event ids are idempotent (200, `duplicate: true`).
     *
     *     Handled event types: `checkout.session.completed` (activates the pending account),
     *     `customer.subscription.created`, `customer.subscription.updated`,
     *     `customer.subscription.deleted` (plan and subscription status), `invoice.paid`,
     *     `invoice.payment_failed`. Other types, and events for accounts the service does not know,
     *     are acknowledged with `handled: false` (200, so Stripe stops retrying).
     *
     *     Ordering: events may arrive late, twice or out of order. The subscription state of an
     *     account only moves forward in event time: an event older (by Stripe's `created`) than the
     *     last one applied to the account is recorded but changes nothing. Events of the same second
     *     are ordered by the subscription's life stage (`incomplete` < `active`/`past_due`/… <
     *     `canceled`). Checkout completion only links the Stripe ids and activates a still-pending
     *     account; a paid invoice ends dunning (`past_due` → `active`) and never revives a canceled
     *     subscription. Several signing secrets are accepted during a secret rotation, and a header
     *     with several `v1` signatures is accepted when any of them matches.
     */
    post: operations['receiveBillingWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/claim': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange a claim token for an API key
     * @description Public. Exchanges the single-use checkout claim token for the account's first live API
     *     key, once the webhook has activated the account. The raw key is returned exactly once.
     *     Every response of this operation, success or error, carries `Cache-Control: no-store`.
     *
     *     - Account still pending → 409 `claim_pending` with `Retry-After` (retryable; poll).
     *     - Token never issued → 404 `claim_token_not_found`.
     *     - Token already exchanged → 410 `claim_token_used`; past `expires_at` → 410
     *       `claim_token_expired`.
     */
    post: operations['claimKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/billing/portal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a billing-portal session
     * @description Creates a hosted billing-portal session for the authenticated paid account (change plan,
     *     payment method, invoices, cancellation). Usable with an inactive subscription, to fix
     *     billing. Optional body `{return_url}` (http or https; default: the service's account page).
     *     An account made by the operator, not through checkout, has no billing profile → 409
     *     `billing_customer_missing`.
     */
    post: operations['createPortalSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Issue a compatibility key
     * @description Public, compatibility only. Issues a `jls_compat_…` credential; `email`, when given, is
     *     recorded with it (not verified). Each call issues a new key. While paid enforcement is active the credential
     *     unlocks no production endpoint (403 `plan_required` there); it is treated like no key on
     *     operations where the key is optional. Members other than `email` are accepted and ignored.
     */
    post: operations['issueCompatibilityKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Account usage
     * @description Current plan, billing-period allowance, aggregate consumption, daily usage of the period
     *     and recent authenticated activity of the paid account behind the key. Usable with an
     *     inactive subscription.
     */
    get: operations['getAccountUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List account keys
     * @description Non-secret metadata of every key of the account (label, four-character hint, status, last use). Raw key material is never returned. Usable with an inactive subscription.
     */
    get: operations['listAccountKeys'];
    put?: never;
    /**
     * Create an account key
     * @description Creates another live key with an optional label; it shares the account's plan, allowance
     *     and rate limits. The raw key is returned exactly once. At most 25 active keys per account
     *     (409 `key_limit_reached`). Body optional.
     */
    post: operations['createAccountKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/keys/rotate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the calling key
     * @description Stages a replacement for the key that authenticated this request: a new key with the same
     *     label, `replaces_key_id` naming the calling key. The calling key stays active until it is
     *     revoked explicitly (`DELETE /v1/account/keys/{key_id}`). Counts toward the 25 active keys
     *     (409 `key_limit_reached`). No request body. The raw key is returned exactly once.
     */
    post: operations['rotateAccountKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/account/keys/{key_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an account key
     * @description Revokes a key of the caller's account (the calling key included) and returns its
     *     metadata with `status: revoked`. Revoking an already revoked key returns its metadata
     *     unchanged. The last active key cannot be revoked → 409 `last_active_key`. A key of another
     *     account, or unknown → 404.
     */
    delete: operations['revokeAccountKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/usage/daily': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Daily usage
     * @description Per-day request and returned-job usage of the caller's account, one entry per UTC day.
     *     Requires an approved service key (`service` entitlement; otherwise 403
     *     `service_key_required`). Defaults: `date_to` = today (UTC),
     *     `date_from` = `date_to` − 29 days. The span is at most 90 days inclusive (422
     *     `date_range_too_long`, `loc: ["query", "date_to"]`); `date_from` after `date_to` → 422
     *     `date_range_inverted`.
     */
    get: operations['getDailyUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sitemaps': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sitemap segment index
     * @description Public. Deterministic index of the 256 job-key segments (`00` … `ff`) with counts and
     *     last-modified stamps. A job's segment is the first two hex characters of
     *     SHA-256(`job_key`). Credit-free.
     */
    get: operations['listSitemaps'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/sitemaps/{segment_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One sitemap segment
     * @description Public. Active (open), deduplicated job keys of one segment with last-modified timestamps, ordered by `job_key`. Every segment exists (it may be empty). Credit-free.
     */
    get: operations['getSitemapSegment'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * MCP server (Streamable HTTP)
     * @description Keyless Model Context Protocol server on the official TypeScript SDK, over the Streamable
     *     HTTP transport (protocol revision `2025-11-25`; `2025-06-18` and `2025-03-26` are also
     *     negotiated). Stateless: no `Mcp-Session-Id`, any API process answers any request. The body
     *     is one JSON-RPC 2.0 message; the client must send `Accept: application/json,
     *     text/event-stream` and, after `initialize`, `MCP-Protocol-Version`. Requests are answered
     *     `200` with one JSON-RPC response as `application/json` (never an SSE stream);
     *     notifications and responses `202` with no body. `GET /mcp` (no server-initiated stream)
     *     and `DELETE /mcp` (no session) answer `405`.
     *
     *     Public and free: any `X-API-Key` is ignored and no allowance is consumed. Rate limit: the
     *     bucket `mcp` of its own, per client address (behind `TRUSTED_PROXY_HOPS` trusted proxies,
     *     the forwarded address), separate from every REST bucket; over it, `429` with
     *     `Retry-After`.
     *
     *     Tools (`tools/list` gives their input and output schemas; every result carries
     *     `structuredContent` and a short text; results a key would extend say what the REST API
     *     adds and where to get a key):
     *
     *     - `search_jobs`: the filters of `GET /v1/jobs/search` (lists instead of csv; `limit` 1 to
     *       10) → at most 10 open jobs in the shape of `GET /v1/jobs/preview` (no descriptions) and
     *       `total`, the number of open jobs matching. Same jobs as `GET /v1/jobs/search` without a
     *       key.
     *     - `count_jobs`: credit-free counts. `scope: search` (default): the jobs a search with the
     *       filters and `status` walks; `scope: active_feed`: as `GET /v1/feed/active/count`.
     *     - `get_job`: one job by `job_key` (`include_unresolved`), public fields: the public tier
     *       of the access policy has no `descriptions` entitlement, so never `description_text`.
     *     - `find_companies`: the filters of `GET /v1/companies` (`source`, `country`,
     *       `min_open_jobs`, `include_unresolved`; `limit` 1 to 10) → the first page of the verified
     *       directory, entries in its shape, and `more`; no cursor and no catalog without a key.
     *     - `get_company`: one company by `company_key` (`include_unresolved`): the directory entry
     *       and the open-positions summary of `GET /v1/companies/{company_key}`; `withheld` names
     *       the analytic sections the REST profile adds (hiring velocity, offices, departments,
     *       families, work modes).
     *     - `job_market_stats`: the body of `GET /v1/stats`, unchanged.
     *     - `state_of_hiring`: the body of `GET /v1/analytics/state-of-hiring` (`quarter`), unchanged;
     *       a report not available is a tool error.
     *     - `list_vocabularies`: accepted values of the enum filters (from this document) and the
     *       countries, sources, career families and employment types open jobs use, with counts.
     *
     *     Resources: `jlds://openapi.json` (this document) and `jlds://guide.md` (usage guide for
     *     agents). No prompts. Errors: a tool that fails — invalid arguments included — answers a
     *     tool result with `isError: true` whose text names the argument and the allowed values; an
     *     unknown tool or params that do not fit the method answer JSON-RPC `-32602`, an unknown
     *     method `-32601`, an unknown resource `-32002`, `initialize` params that do not fit
     *     `-32602`. A body that is not one JSON-RPC message answers `400` with a JSON-RPC error and
     *     `id` null: malformed JSON `-32700`; a batch (removed from the protocol in 2025-06-18) or a
     *     non-object `-32600`. Transport-level refusals (missing `Accept`, unsupported
     *     `MCP-Protocol-Version`) are JSON-RPC errors with `400` or `406`.
     *
     *     DNS-rebinding protection: a request with an `Origin` header (a browser) is refused with
     *     `403 origin_forbidden` unless the origin is the deployment's own (`PUBLIC_BASE_URL`), or a
     *     loopback origin when `PUBLIC_BASE_URL` is not set. MCP clients send no `Origin`.
     */
    post: operations['mcpRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /**
     * @description Canonical ATS source code (59 codes, lower case). The registry is the endpoint catalogue of
     *     the service minus platforms that expose no public unauthenticated feed or whose robots.txt
     *     disallows the endpoint (`ukg`, `dover`, `paycor`, `hiringthing`, `homerun`) and platforms
     *     whose endpoint is unconfirmed (`isolved`, `careerplug`). Adding a code is a minor version
     *     change.
     * @enum {string}
     */
    SourceCode:
      | 'greenhouse'
      | 'lever'
      | 'ashby'
      | 'workday'
      | 'smartrecruiters'
      | 'workable'
      | 'recruitee'
      | 'personio'
      | 'bamboohr'
      | 'teamtailor'
      | 'breezy'
      | 'jazzhr'
      | 'jobvite'
      | 'icims'
      | 'taleo'
      | 'successfactors'
      | 'oracle_cloud'
      | 'paylocity'
      | 'rippling'
      | 'pinpoint'
      | 'gem'
      | 'eightfold'
      | 'phenom'
      | 'avature'
      | 'cornerstone'
      | 'adp'
      | 'paycom'
      | 'dayforce'
      | 'join'
      | 'softgarden'
      | 'trakstar'
      | 'hireology'
      | 'applicantpro'
      | 'pageup'
      | 'comeet'
      | 'polymer'
      | 'jobscore'
      | 'zoho_recruit'
      | 'freshteam'
      | 'keka'
      | 'darwinbox'
      | 'kula'
      | 'manatal'
      | 'clearcompany'
      | 'hirehive'
      | 'gohire'
      | 'recooty'
      | 'crelate'
      | 'hibob'
      | 'deel'
      | 'getro'
      | 'jobsoid'
      | 'traffit'
      | 'emply'
      | 'niceboard'
      | 'sensehq'
      | 'loxo'
      | 'flatchr'
      | 'bullhorn';
    /**
     * @description Career-family code.
     * @enum {string}
     */
    CareerFamily:
      | 'engineering'
      | 'data_ai_analytics'
      | 'product_strategy'
      | 'design_research'
      | 'go_to_market'
      | 'business_operations'
      | 'finance_risk'
      | 'people_talent'
      | 'legal_policy'
      | 'administration'
      | 'general_professional'
      | 'unknown';
    /**
     * @description Employment type (schema.org JobPosting vocabulary).
     * @enum {string}
     */
    EmploymentType:
      'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'TEMPORARY' | 'INTERN' | 'VOLUNTEER' | 'PER_DIEM' | 'OTHER';
    /**
     * @description Experience level.
     * @enum {string}
     */
    ExperienceLevel: 'intern' | 'entry' | 'mid' | 'senior' | 'lead' | 'executive';
    /**
     * @description Work arrangement derived by a language model.
     * @enum {string}
     */
    WorkArrangement: 'remote' | 'hybrid' | 'on_site' | 'unknown';
    /** @description ISO 3166-1 alpha-2 country code, upper case. */
    CountryCode: string;
    /** @description ISO 639-1 language code, lower case. */
    LanguageCode: string;
    /** @description ISO 4217 currency code, upper case. */
    CurrencyCode: string;
    /**
     * @description Period a salary amount is paid per.
     * @enum {string}
     */
    SalaryPeriod: 'hour' | 'day' | 'week' | 'month' | 'year';
    /** @description Skill-cluster tag, a lower-case slug. */
    SkillCluster: string;
    /**
     * @description Lifecycle status of a job. A job is `open` from first indexing until its closure is observed at the source.
     * @enum {string}
     */
    JobStatus: 'open' | 'closed';
    /**
     * @description Why a job closed: `removed_from_board` (no longer listed by a board that still answers),
     *     `board_dead` (the whole board stopped answering or was removed), `expired_by_source` (the
     *     source marked it expired or its `valid_through` passed).
     * @enum {string}
     */
    CloseReason: 'removed_from_board' | 'board_dead' | 'expired_by_source';
    /**
     * @description How a value was obtained: `source_field` (read from a structured field of the native
     *     payload), `rules` (deterministic parsing or rules over the posting text), `language_model`
     *     (classified by a language model), `directory` (from the verified company directory),
     *     `observed` (computed from the service's own observations over time).
     * @enum {string}
     */
    DerivationSource: 'source_field' | 'rules' | 'language_model' | 'directory' | 'observed';
    /** @description Provenance label of a derived value. */
    Derivation: {
      source: components['schemas']['DerivationSource'];
      /** @description Confidence from 0 to 1. `source_field` values have confidence 1. */
      confidence: number;
    };
    /** @description One derived location. All five keys are always present; each may be `null` (the only exception to "unknown means omitted"). */
    Location: {
      /** @description City name. */
      city: string | null;
      /** @description Country name in English. */
      country: string | null;
      /** @description ISO 3166-1 alpha-2 code. */
      country_code: string | null;
      /** @description Latitude (WGS 84). */
      lat: number | null;
      /** @description Longitude (WGS 84). */
      lng: number | null;
    };
    /** @description Salary as published (or extracted from the description). At least one of `min` and `max` is present. Annualized values convert the period with hour × 2080, day × 260, week × 52, month × 12, year × 1, in the same currency. */
    Salary: {
      /** @description Lower bound of the published range (or the single value). */
      min?: number;
      /** @description Upper bound of the published range (or the single value). */
      max?: number;
      currency: components['schemas']['CurrencyCode'];
      period: components['schemas']['SalaryPeriod'];
      /** @description `min` converted to a yearly amount. */
      annualized_min?: number;
      /** @description `max` converted to a yearly amount. */
      annualized_max?: number;
      /**
       * @description `source_field`: a structured salary field of the native payload. `description_text`: extracted from the description.
       * @enum {string}
       */
      source: 'source_field' | 'description_text';
    };
    /**
     * @description A job posting. Unknown means omitted: only the members listed as required are always
     *     present. Derived attributes (`ai_work_arrangement`, `employment_type`, `career_family`,
     *     `skill_clusters`, `language`, `salary`, `security_clearance`, `visa_sponsorship`,
     *     `experience_level`, `remote_derived`, `locations_derived`, `company_key`,
     *     `company_domain`) carry their provenance in `derivations`.
     * @example {
     *       "job_key": "gh_8f3a2c91d0b14e7a",
     *       "title": "Senior Data Engineer",
     *       "organization": "Stripe",
     *       "url": "https://stripe.com/jobs/listing/senior-data-engineer/6012345",
     *       "status": "open",
     *       "first_seen": "2025-05-28T09:14:03Z",
     *       "posted_at": "2025-05-27T16:00:00Z",
     *       "source": "greenhouse",
     *       "source_slug": "stripe",
     *       "source_endpoint": "https://boards-api.greenhouse.io/v1/boards/stripe/jobs?content=true",
     *       "directory_verified_at": "2025-06-01T02:10:00Z",
     *       "company_key": "stripe",
     *       "company_domain": "stripe.com",
     *       "locations_derived": [
     *         {
     *           "city": "Dublin",
     *           "country": "Ireland",
     *           "country_code": "IE",
     *           "lat": 53.3498,
     *           "lng": -6.2603
     *         }
     *       ],
     *       "remote_derived": false,
     *       "ai_work_arrangement": "hybrid",
     *       "employment_type": [
     *         "FULL_TIME"
     *       ],
     *       "career_family": "data_ai_analytics",
     *       "skill_clusters": [
     *         "data_engineering",
     *         "cloud_platforms"
     *       ],
     *       "language": "en",
     *       "experience_level": "senior",
     *       "salary": {
     *         "min": 90000,
     *         "max": 120000,
     *         "currency": "EUR",
     *         "period": "year",
     *         "annualized_min": 90000,
     *         "annualized_max": 120000,
     *         "source": "source_field"
     *       },
     *       "derivations": {
     *         "ai_work_arrangement": {
     *           "source": "language_model",
     *           "confidence": 0.91
     *         },
     *         "career_family": {
     *           "source": "rules",
     *           "confidence": 0.88
     *         },
     *         "salary": {
     *           "source": "source_field",
     *           "confidence": 1
     *         }
     *       }
     *     }
     */
    Job: {
      /** @description Stable key of the job; the path parameter of `GET /v1/jobs/{job_key}`. Opaque and URL-safe; stable across crawls and re-indexing. */
      job_key: string;
      /** @description Job title as published. */
      title: string;
      /** @description Company or organization name. */
      organization: string;
      /**
       * Format: uri
       * @description Address of the posting on the career site.
       */
      url: string;
      status: components['schemas']['JobStatus'];
      /**
       * Format: date-time
       * @description When the service first indexed the job.
       */
      first_seen: string;
      /**
       * Format: date-time
       * @description Posting time published by the source. Omitted when the source published none.
       */
      posted_at?: string;
      /**
       * Format: date-time
       * @description Expiry time published by the source. Omitted when none was published.
       */
      valid_through?: string;
      /**
       * Format: date-time
       * @description When the closure was observed at the source. Present only on closed jobs.
       */
      closed_at?: string;
      close_reason?: components['schemas']['CloseReason'];
      source: components['schemas']['SourceCode'];
      /** @description Tenant slug on the source platform. */
      source_slug: string;
      /**
       * Format: uri
       * @description Native endpoint the job was fetched from (the URL actually requested).
       */
      source_endpoint: string;
      /**
       * Format: date-time
       * @description When the board (source + slug + endpoint) was last verified in the company directory.
       */
      directory_verified_at: string;
      /** @description Key of the company in the directory (`GET /v1/companies/{company_key}`). */
      company_key?: string;
      /**
       * Format: hostname
       * @description Primary web domain of the company, lower case.
       */
      company_domain?: string;
      /** @description Department as published by the source. */
      department?: string;
      /** @description Derived locations; may be empty. Each entry has all five keys, possibly `null`. */
      locations_derived: components['schemas']['Location'][];
      /** @description Derived remote flag. */
      remote_derived?: boolean;
      /** @description Full description as plain text. Only for keys with the `production` entitlement: on job detail, on search with `include_description=true`, on the active feed with `description_format=text`. */
      description_text?: string;
      ai_work_arrangement?: components['schemas']['WorkArrangement'];
      /** @description Employment types; a posting can have several. */
      employment_type?: components['schemas']['EmploymentType'][];
      career_family?: components['schemas']['CareerFamily'];
      /** @description Skill-cluster tags. */
      skill_clusters?: components['schemas']['SkillCluster'][];
      language?: components['schemas']['LanguageCode'];
      salary?: components['schemas']['Salary'];
      /** @description `true`: the posting explicitly requires a security clearance. `false`: it explicitly states none is needed. Omitted when not mentioned. */
      security_clearance?: boolean;
      /** @description `true`: the posting explicitly offers visa sponsorship. `false`: it explicitly rules it out. Omitted when not mentioned. */
      visa_sponsorship?: boolean;
      experience_level?: components['schemas']['ExperienceLevel'];
      /** @description Id of the cross-location duplicate group the job belongs to. Omitted when the job has no duplicates. */
      duplicate_group?: string;
      /** @description Provenance of each derived attribute present on the job, keyed by attribute name. */
      derivations?: {
        [key: string]: components['schemas']['Derivation'];
      };
    };
    /** @description A job of the expired feed. Same members as `Job`; `status` is `closed` and `closed_at` and `close_reason` are always present. */
    ExpiredJob: {
      /** @description Stable key of the job; the path parameter of `GET /v1/jobs/{job_key}`. Opaque and URL-safe; stable across crawls and re-indexing. */
      job_key: string;
      /** @description Job title as published. */
      title: string;
      /** @description Company or organization name. */
      organization: string;
      /**
       * Format: uri
       * @description Address of the posting on the career site.
       */
      url: string;
      /**
       * @description Always `closed` in the expired feed.
       * @constant
       */
      status: 'closed';
      /**
       * Format: date-time
       * @description When the service first indexed the job.
       */
      first_seen: string;
      /**
       * Format: date-time
       * @description Posting time published by the source. Omitted when the source published none.
       */
      posted_at?: string;
      /**
       * Format: date-time
       * @description Expiry time published by the source. Omitted when none was published.
       */
      valid_through?: string;
      /**
       * Format: date-time
       * @description When the closure was observed at the source.
       */
      closed_at: string;
      close_reason: components['schemas']['CloseReason'];
      source: components['schemas']['SourceCode'];
      /** @description Tenant slug on the source platform. */
      source_slug: string;
      /**
       * Format: uri
       * @description Native endpoint the job was fetched from (the URL actually requested).
       */
      source_endpoint: string;
      /**
       * Format: date-time
       * @description When the board (source + slug + endpoint) was last verified in the company directory.
       */
      directory_verified_at: string;
      /** @description Key of the company in the directory (`GET /v1/companies/{company_key}`). */
      company_key?: string;
      /**
       * Format: hostname
       * @description Primary web domain of the company, lower case.
       */
      company_domain?: string;
      /** @description Department as published by the source. */
      department?: string;
      /** @description Derived locations; may be empty. Each entry has all five keys, possibly `null`. */
      locations_derived: components['schemas']['Location'][];
      /** @description Derived remote flag. */
      remote_derived?: boolean;
      /** @description Full description as plain text. Only for keys with the `production` entitlement: on job detail, on search with `include_description=true`, on the active feed with `description_format=text`. */
      description_text?: string;
      ai_work_arrangement?: components['schemas']['WorkArrangement'];
      /** @description Employment types; a posting can have several. */
      employment_type?: components['schemas']['EmploymentType'][];
      career_family?: components['schemas']['CareerFamily'];
      /** @description Skill-cluster tags. */
      skill_clusters?: components['schemas']['SkillCluster'][];
      language?: components['schemas']['LanguageCode'];
      salary?: components['schemas']['Salary'];
      /** @description `true`: the posting explicitly requires a security clearance. `false`: it explicitly states none is needed. Omitted when not mentioned. */
      security_clearance?: boolean;
      /** @description `true`: the posting explicitly offers visa sponsorship. `false`: it explicitly rules it out. Omitted when not mentioned. */
      visa_sponsorship?: boolean;
      experience_level?: components['schemas']['ExperienceLevel'];
      /** @description Id of the cross-location duplicate group the job belongs to. Omitted when the job has no duplicates. */
      duplicate_group?: string;
      /** @description Provenance of each derived attribute present on the job, keyed by attribute name. */
      derivations?: {
        [key: string]: components['schemas']['Derivation'];
      };
    };
    /** @description A field-level change of one job. */
    ModifiedJob: {
      /** @description Key of the changed job. */
      job_key: string;
      /**
       * Format: date-time
       * @description When the change was recorded.
       */
      modified_at: string;
      /** @description Names of the `Job` members that changed (appeared, disappeared or took another value), sorted. */
      changed_fields: string[];
      job: components['schemas']['Job'];
    };
    /** @description A page of jobs. The items are in `data`; `next_cursor` is present only when another page exists. */
    JobList: {
      data: components['schemas']['Job'][];
      /** @description Cursor of the next page; absent on the last page. */
      next_cursor?: string;
    };
    /** @description Preview sample of at most ten open jobs, without descriptions. Never paged. */
    PreviewList: {
      data: components['schemas']['Job'][];
    };
    /** @description Result of a typed search. */
    SearchResult: {
      /**
       * @description `semantic` when the request had a `semantic` member; ordering is then by similarity.
       * @enum {string}
       */
      mode: 'keyword' | 'semantic';
      data: components['schemas']['Job'][];
      /** @description Cursor of the next page (keyword mode only); absent on the last page. */
      next_cursor?: string;
      /** @description Present when `facets` were requested: for each requested facet, up to 50 buckets over the whole matching set (not just this page), by descending count, then value. */
      facets?: {
        [key: string]: components['schemas']['FacetBucket'][];
      };
    };
    FacetBucket: {
      /** @description Facet value (a string, or a boolean for boolean facets). */
      value: string | boolean;
      count: number;
    };
    /** @description A page of the expired feed, oldest `closed_at` first. */
    ExpiredJobList: {
      data: components['schemas']['ExpiredJob'][];
      /** @description Absent on the last page. */
      next_cursor?: string;
    };
    /** @description A page of the modified feed, oldest `modified_at` first. */
    ModifiedJobList: {
      data: components['schemas']['ModifiedJob'][];
      /** @description Absent on the last page. */
      next_cursor?: string;
    };
    /** @description Credit-free count of the jobs the active feed would return for the same filters. */
    ActiveFeedCount: {
      count: number;
      /**
       * Format: date-time
       * @description Effective inclusive lower bound of the window.
       */
      first_seen_gte: string;
      /**
       * Format: date-time
       * @description Effective exclusive upper bound (the visibility horizon at the time of counting).
       */
      first_seen_lt: string;
    };
    /** @description A page of the active feed. See the operation for the window and resume rules. */
    ActiveFeedPage: {
      data: components['schemas']['Job'][];
      /**
       * Format: date-time
       * @description Effective inclusive lower bound of the window (UTC, millisecond precision).
       */
      first_seen_gte: string;
      /**
       * Format: date-time
       * @description Effective exclusive upper bound, the visibility horizon when the page was read.
       */
      first_seen_lt: string;
      /** @description Whether more jobs after this page are visible now. */
      has_more: boolean;
      /** @description Position after the last job of this page, present only when another page exists (`has_more` true). The last page has none; resume with its `first_seen_lt` as the next `first_seen_gte`. */
      next_cursor?: string;
    };
    /**
     * @description One durable event of the change feed. `upsert`: a job was created or changed (including its
     *     closure: `job.status` becomes `closed`); `job` carries the full job without
     *     `description_text`. `tombstone`: the job was permanently removed from the corpus (for
     *     example merged into another job or purged); `job` is absent and consumers delete their copy.
     */
    ChangeEvent: {
      /** @description Gap-free, strictly increasing sequence number. */
      seq: number;
      /** @enum {string} */
      type: 'upsert' | 'tombstone';
      job_key: string;
      /**
       * Format: date-time
       * @description When the change was recorded.
       */
      occurred_at: string;
      job?: components['schemas']['Job'];
    };
    /** @description A page of change events in `seq` order. Persist `next_seq` only after processing the page and pass it back as `since_seq`. `next_seq` is the `seq` of the last event, or the request's `since_seq` when `data` is empty (caught up; poll again later). */
    ChangeFeedPage: {
      data: components['schemas']['ChangeEvent'][];
      next_seq: number;
    };
    /**
     * @description RFC 9457 problem document. `type` is `/problems/<code with "_" replaced by "-">`. Extension members specific to a problem type may be present (see the problem catalogue in the API description).
     * @example {
     *       "type": "/problems/plan-required",
     *       "title": "Plan does not include this feature",
     *       "status": 403,
     *       "detail": "This operation needs the datasets entitlement (Scale plan).",
     *       "instance": "/v1/datasets",
     *       "code": "plan_required",
     *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11",
     *       "required_entitlement": "datasets",
     *       "upgrade_url": "https://billing.example.com/p/session/abc"
     *     }
     */
    Problem: {
      /**
       * Format: uri-reference
       * @description Problem type URI reference.
       */
      type: string;
      /** @description Short summary of the problem type; fixed per type. */
      title: string;
      /** @description HTTP status code. */
      status: number;
      /** @description Human-readable explanation of this occurrence. */
      detail?: string;
      /**
       * Format: uri-reference
       * @description Request path, without query string.
       */
      instance?: string;
      /** @description Machine-readable code. */
      code: string;
      /** @description Same value as the `X-Request-Id` response header. */
      request_id: string;
    } & {
      [key: string]: unknown;
    };
    /** @description One validation failure. */
    ValidationErrorItem: {
      /** @description Location; first element `query`, `path`, `header` or `body`. */
      loc: (string | number)[];
      /** @description Human-readable message. */
      msg: string;
      /** @description Failure type (pydantic vocabulary), for example `missing`, `extra_forbidden`, `less_than_equal`, `string_pattern_mismatch`, `cursor_mismatch`. */
      type: string;
      /** @description The offending value as received; never present for secret (`writeOnly`) members. */
      input?: unknown;
      /** @description Parameters of the failed check. */
      ctx?: Record<string, never>;
    };
    /**
     * @description Body of every 422. It is a problem document, except that `detail` is an **array** of
     *     `ValidationErrorItem` instead of the string RFC 9457 defines: a deliberate deviation
     *     mandated by the interface specification. All other members keep their RFC 9457 meaning.
     */
    ValidationError: {
      /** @constant */
      type: '/problems/validation-error';
      /** @example Request validation failed */
      title: string;
      /** @constant */
      status: 422;
      /** @constant */
      code: 'validation_error';
      detail: components['schemas']['ValidationErrorItem'][];
      /** Format: uri-reference */
      instance?: string;
      request_id: string;
    } & {
      [key: string]: unknown;
    };
    /** @description Problem `allowance_exhausted` (402). */
    AllowanceExhaustedProblem: {
      /** @constant */
      type: '/problems/allowance-exhausted';
      title: string;
      /** @constant */
      status: 402;
      detail?: string;
      /** Format: uri-reference */
      instance?: string;
      /** @constant */
      code: 'allowance_exhausted';
      request_id: string;
      /**
       * Format: uri
       * @description Where to change plan (billing portal entry for the account).
       */
      upgrade_url: string;
      /** @description Jobs per billing period of the plan. */
      allowance_limit: number;
      /** @description Jobs returned in the current period. */
      allowance_used: number;
      /**
       * Format: date-time
       * @description Start of the next billing period.
       */
      resets_at: string;
      /** @description Rows an export part or artifact would need (exports only). */
      requested?: number;
    } & {
      [key: string]: unknown;
    };
    /** @description Problem `plan_required`, `subscription_inactive` or `service_key_required` (403). */
    PlanRequiredProblem: {
      /** @enum {string} */
      type: '/problems/plan-required' | '/problems/subscription-inactive' | '/problems/service-key-required';
      title: string;
      /** @constant */
      status: 403;
      detail?: string;
      /** Format: uri-reference */
      instance?: string;
      /** @enum {string} */
      code: 'plan_required' | 'subscription_inactive' | 'service_key_required';
      request_id: string;
      /**
       * @description Entitlement the request needs (`plan_required`).
       * @enum {string}
       */
      required_entitlement?:
        | 'production'
        | 'descriptions'
        | 'export_descriptions'
        | 'semantic_search'
        | 'datasets'
        | 'destinations';
      /**
       * Format: uri
       * @description Where to upgrade (`plan_required`).
       */
      upgrade_url?: string;
      /**
       * @description Operation that opens the billing portal to fix payment (`subscription_inactive`).
       * @constant
       */
      portal_path?: '/v1/billing/portal';
    } & {
      [key: string]: unknown;
    };
    /**
     * @description Problem `change_feed_expired` (410): `since_seq` is older than the 30-day retention.
     *     To re-bootstrap: record `latest_seq`; load a full copy of the corpus from the newest dataset
     *     snapshot (`GET /v1/datasets`, Scale) or from `GET /v1/jobs/export`; then resume the change
     *     feed with `since_seq=<latest_seq>`. Events are idempotent upserts and tombstones, so
     *     replaying events the copy already reflects is harmless.
     */
    ChangeFeedExpiredProblem: {
      /** @constant */
      type: '/problems/change-feed-expired';
      title: string;
      /** @constant */
      status: 410;
      detail?: string;
      /** Format: uri-reference */
      instance?: string;
      /** @constant */
      code: 'change_feed_expired';
      request_id: string;
      /** @description Smallest `since_seq` still accepted. */
      oldest_seq: number;
      /** @description Highest `seq` assigned so far. */
      latest_seq: number;
    } & {
      [key: string]: unknown;
    };
    /**
     * @description Boolean keyword tree: exactly one of `and`, `or`, `not`, `term`, `phrase` per node. A
     *     `term` matches a word (analyzed, case-insensitive) and a `phrase` matches words adjacent and
     *     in order, in the listed `fields` (default: all three). At most 100 leaves and depth 10;
     *     more → 422 `query_too_complex`.
     * @example {
     *       "and": [
     *         {
     *           "or": [
     *             {
     *               "term": "python",
     *               "fields": [
     *                 "title"
     *               ]
     *             },
     *             {
     *               "phrase": "machine learning"
     *             }
     *           ]
     *         },
     *         {
     *           "not": {
     *             "term": "intern",
     *             "fields": [
     *               "title"
     *             ]
     *           }
     *         }
     *       ]
     *     }
     */
    KeywordNode:
      | components['schemas']['KeywordAnd']
      | components['schemas']['KeywordOr']
      | components['schemas']['KeywordNot']
      | components['schemas']['KeywordTerm']
      | components['schemas']['KeywordPhrase'];
    KeywordAnd: {
      /** @description All children match. */
      and: components['schemas']['KeywordNode'][];
    };
    KeywordOr: {
      /** @description At least one child matches. */
      or: components['schemas']['KeywordNode'][];
    };
    KeywordNot: {
      not: components['schemas']['KeywordNode'];
    };
    KeywordTerm: {
      term: string;
      fields?: components['schemas']['KeywordFields'];
    };
    KeywordPhrase: {
      phrase: string;
      fields?: components['schemas']['KeywordFields'];
    };
    /**
     * @description Fields to match; default all three. `company` is the organization name.
     * @default [
     *       "title",
     *       "description",
     *       "company"
     *     ]
     */
    KeywordFields: ('title' | 'description' | 'company')[];
    /**
     * @description Every filter of `GET /v1/jobs/search`, typed: csv parameters become arrays (values ORed),
     *     and all members combine with AND. `q` and `title` are replaced by the `query` tree of the
     *     request. Semantics and defaults are those of the GET parameters of the same names.
     */
    SearchFilters: {
      family?: components['schemas']['CareerFamily'][];
      country?: components['schemas']['CountryCode'][];
      city?: string;
      source?: components['schemas']['SourceCode'][];
      company?: string;
      /** Format: hostname */
      company_domain?: string;
      /** @enum {string} */
      remote?: 'only' | 'exclude';
      ai_work_arrangement?: components['schemas']['WorkArrangement'];
      employment_type?: components['schemas']['EmploymentType'][];
      experience_level?: components['schemas']['ExperienceLevel'][];
      skill_cluster?: components['schemas']['SkillCluster'][];
      language?: components['schemas']['LanguageCode'];
      /**
       * @default open
       * @enum {string}
       */
      status: 'open' | 'closed' | 'all';
      has_salary?: boolean;
      salary_min_gte?: number;
      salary_max_lte?: number;
      salary_currency?: components['schemas']['CurrencyCode'];
      salary_period?: components['schemas']['SalaryPeriod'];
      security_clearance?: boolean;
      visa_sponsorship?: boolean;
      /** Format: date-time */
      posted_since?: string;
      /** Format: date-time */
      posted_before?: string;
      /** @default false */
      exclude_duplicates: boolean;
      /** @default false */
      include_unresolved: boolean;
    };
    /**
     * @description Facet over a filter field.
     * @enum {string}
     */
    FacetName:
      | 'family'
      | 'country'
      | 'source'
      | 'employment_type'
      | 'experience_level'
      | 'ai_work_arrangement'
      | 'remote'
      | 'language'
      | 'skill_cluster'
      | 'has_salary'
      | 'salary_currency'
      | 'security_clearance'
      | 'visa_sponsorship';
    /**
     * @description Typed search. **Keyword mode** (no `semantic`): `query` (optional keyword tree) AND
     *     `filters`, optional `facets`, cursor paging as in the GET search. **Semantic mode**
     *     (`semantic` present; Growth and Scale only, else 403 `plan_required` with
     *     `required_entitlement: semantic_search`): the filters pre-select jobs, results are ordered by
     *     similarity to `semantic.query`, only open jobs are searched, `limit` is at most 100 and
     *     `query`, `facets` and `cursor` are not accepted and `filters.status` must be `open` (422);
     *     no `next_cursor` is returned. `include_description` needs the `descriptions` entitlement. A cursor is bound to the whole body except `limit`.
     *
     *     Semantic example:
     *     `{"semantic": {"query": "backend engineer building payment infrastructure in Go"},
     *     "filters": {"country": ["US"]}, "limit": 20}`
     * @example {
     *       "query": {
     *         "and": [
     *           {
     *             "term": "engineer",
     *             "fields": [
     *               "title"
     *             ]
     *           },
     *           {
     *             "not": {
     *               "term": "manager",
     *               "fields": [
     *                 "title"
     *               ]
     *             }
     *           }
     *         ]
     *       },
     *       "filters": {
     *         "country": [
     *           "DE",
     *           "NL"
     *         ],
     *         "remote": "only",
     *         "employment_type": [
     *           "FULL_TIME"
     *         ]
     *       },
     *       "facets": [
     *         "source",
     *         "family"
     *       ],
     *       "limit": 50
     *     }
     */
    JobSearchRequest: {
      query?: components['schemas']['KeywordNode'];
      filters?: components['schemas']['SearchFilters'];
      facets?: components['schemas']['FacetName'][];
      /**
       * @description Page size; at most 100 in semantic mode.
       * @default 100
       */
      limit: number;
      /** @description `next_cursor` of the previous page (keyword mode only). */
      cursor?: string;
      /**
       * @description Return `description_text` on each job.
       * @default false
       */
      include_description: boolean;
      /** @description Opt-in semantic query. */
      semantic?: {
        /** @description Natural-language description of the jobs wanted. */
        query: string;
      };
    };
    /**
     * @description A job board of a company on one source platform, with the evidence that makes it this
     *     company's (`linked_by`, on companies of more than one board).
     */
    Board: {
      source: components['schemas']['SourceCode'];
      source_slug: string;
      /**
       * Format: uri
       * @description Native endpoint the board was last fetched from (absent before its first fetch).
       */
      source_endpoint?: string;
      /**
       * Format: date-time
       * @description Last successful crawl of the board (absent if it never answered).
       */
      verified_at?: string;
      /**
       * @description Crawl health: `ok` (last crawl succeeded), `suspect` (answered empty while jobs were
       *     open; confirming before closing them), `failing` (last crawls failed), `dead` (gone
       *     for good; its jobs are closed), `unknown` (not crawled yet).
       * @enum {string}
       */
      health: 'unknown' | 'ok' | 'suspect' | 'failing' | 'dead';
      /** @description Open jobs currently indexed from this board. */
      open_jobs: number;
      /**
       * @description The evidence this board shares with other boards of the company: a registrable domain
       *     (`domain`), a source tenant (`tenant`) or an operator mapping (`operator`). Names never
       *     link boards.
       */
      linked_by?: components['schemas']['IdentityEvidence'][];
    };
    /** @description One piece of identity evidence with its provenance. */
    IdentityEvidence: {
      /** @enum {string} */
      kind: 'domain' | 'tenant' | 'operator';
      value: string;
      source: components['schemas']['DerivationSource'];
      confidence: number;
    };
    /** @description Provenance of the company's derived members (`name`, `domain`, `countries`, `open_jobs`). */
    CompanyDerivations: {
      name?: components['schemas']['Derivation'];
      domain?: components['schemas']['Derivation'];
      countries?: components['schemas']['Derivation'];
      open_jobs?: components['schemas']['Derivation'];
    };
    /**
     * @description A company directory entry: one organization and all its boards. Boards are linked by strong
     *     evidence only (same registrable domain, same source tenant, an operator mapping), never by
     *     similar names, so two firms of the same name are two companies.
     */
    Company: {
      company_key: string;
      /** @description Display name (for unresolved companies, the opaque tenant identifier). */
      name: string;
      /**
       * Format: hostname
       * @description Registrable domain of the company's own web presence.
       */
      domain?: string;
      /** @description `false` when the display identity is still unresolved; such companies appear only with `include_unresolved=true`. */
      resolved: boolean;
      boards: components['schemas']['Board'][];
      open_jobs: number;
      /** @description Countries of the company's open jobs. */
      countries: components['schemas']['CountryCode'][];
      /**
       * Format: date-time
       * @description When the service first observed a job of the company.
       */
      first_seen?: string;
      /**
       * Format: date-time
       * @description Latest successful crawl of any of its boards.
       */
      last_seen?: string;
      derivations: components['schemas']['CompanyDerivations'];
    };
    /** @description A page of the company directory, ordered by `company_key`. */
    CompanyList: {
      data: components['schemas']['Company'][];
      /** @description Absent on the last page. */
      next_cursor?: string;
    };
    /**
     * @description Company profile. Every derived section carries its own `source` and `confidence`, and is
     *     omitted when there is no evidence for it (unknown means omitted).
     */
    CompanyProfile: {
      company_key: string;
      name: string;
      /** Format: hostname */
      domain?: string;
      resolved: boolean;
      /** @description Validated boards (platforms). */
      boards: components['schemas']['Board'][];
      open_jobs: number;
      countries: components['schemas']['CountryCode'][];
      /** Format: date-time */
      first_seen?: string;
      /** Format: date-time */
      last_seen?: string;
      derivations: components['schemas']['CompanyDerivations'];
      /**
       * @description Openings first observed per week over the last 12 weeks (oldest first; weeks end at the
       *     moment of the request), and the last 30 days against the 30 days before. `observed`;
       *     the confidence is the share of the 12 weeks the service has been watching the company
       *     (openings before the first crawl cannot be observed).
       */
      hiring_velocity?: {
        weeks: {
          /** Format: date-time */
          week_start: string;
          openings: number;
        }[];
        /** @constant */
        window_days: 30;
        current_window_openings: number;
        prior_window_openings: number;
        source: components['schemas']['DerivationSource'];
        confidence: number;
      };
      /** @description Distinct derived locations of open jobs with their counts, most jobs first, and the countries they add up to. */
      office_network?: {
        offices: {
          location: components['schemas']['Location'];
          open_jobs: number;
        }[];
        countries: {
          country_code: components['schemas']['CountryCode'];
          open_jobs: number;
        }[];
        source: components['schemas']['DerivationSource'];
        confidence: number;
      };
      /** @description Open jobs per department name as the source publishes it, most jobs first. */
      department_rollups?: {
        departments: {
          name: string;
          open_jobs: number;
        }[];
        source: components['schemas']['DerivationSource'];
        confidence: number;
      };
      /** @description Open jobs per derived career family (families with none omitted), most jobs first. */
      family_rollups?: {
        families: {
          career_family: components['schemas']['CareerFamily'];
          open_jobs: number;
        }[];
        source: components['schemas']['DerivationSource'];
        confidence: number;
      };
      /** @description Open jobs per `ai_work_arrangement` value (omitted when every one is unknown). */
      work_mode_distribution?: {
        remote: number;
        hybrid: number;
        on_site: number;
        unknown: number;
        source: components['schemas']['DerivationSource'];
        confidence: number;
      };
      /** @description Open-position summary with the most frequent titles; the records themselves are at `jobs_url`. */
      open_positions: {
        count: number;
        top_titles: {
          title: string;
          open_jobs: number;
        }[];
        /** @description Path of `GET /v1/companies/{company_key}/jobs` for this company. */
        jobs_url: string;
        source: components['schemas']['DerivationSource'];
        confidence: number;
      };
    };
    /**
     * @description Corpus statistics. Values the service has not measured are omitted; they are never
     *     inferred from global totals.
     */
    Stats: {
      synthetic?: components['schemas']['SyntheticFlag'];
      /** Format: date-time */
      generated_at: string;
      totals: {
        jobs_open: number;
        jobs_closed: number;
        /** @description Resolved companies with at least one validated board. */
        companies: number;
        boards: number;
        /** @description Sources with at least one board. */
        sources: number;
      };
      /**
       * @description The sources the service crawls (a connector reads the source's native public endpoint)
       *     and the evidence each connector rests on: `verified`, its tests run on real recordings
       *     of that endpoint; `unverified`, built from the platform's documented field names alone
       *     until a real recording exists. Codes of `SourceCode` not in `crawled` are not crawled.
       */
      source_coverage?: {
        crawled: components['schemas']['SourceCode'][];
        verified: components['schemas']['SourceCode'][];
        unverified: components['schemas']['SourceCode'][];
      };
      per_source: {
        source: components['schemas']['SourceCode'];
        jobs_open: number;
        boards: number;
        /** @description Share of open jobs with a description. */
        description_fill_rate?: number;
        /** @description Share of open jobs with `posted_at`. */
        posting_date_fill_rate?: number;
        /** @description Share of open jobs with `salary`. */
        salary_fill_rate?: number;
        /** @description Target interval between crawls of the source's boards (the median of their intervals). */
        refresh_cadence_seconds?: number;
        /**
         * Format: date-time
         * @description End of the last complete sweep: by this time every live board of the source had
         *     been crawled successfully (the oldest of their last successful crawls). Omitted
         *     while a live board has never been crawled successfully.
         */
        last_sweep_at?: string;
      }[];
      per_country: {
        country_code: components['schemas']['CountryCode'];
        jobs_open: number;
      }[];
      career_family_coverage?: {
        /** @description Share of open jobs with a family other than `unknown`. */
        classified_share: number;
        by_family: {
          [key: string]: number;
        };
      };
      /** @description Share of open jobs carrying each derived attribute. */
      enrichment_coverage?: {
        [key: string]: number;
      };
      /** @description Freshness percentiles at `generated_at`. A member without a sample is omitted. */
      freshness?: {
        board_crawl_age?: components['schemas']['FreshnessPercentiles'];
        first_seen_lag?: components['schemas']['FreshnessPercentiles'];
      };
    };
    /**
     * @description Percentiles in seconds. `board_crawl_age`: time since each board's last successful crawl,
     *     over boards that have had one (dead boards excluded). `first_seen_lag`: how long after the
     *     source's posting date we first observed an open job (`first_seen − posted_at`), over open
     *     jobs whose source publishes a posting date (negative lags, a posting date in the future of
     *     our observation, count as 0).
     */
    FreshnessPercentiles: {
      p50_seconds: number;
      p90_seconds: number;
      p99_seconds: number;
      sample_size: number;
    };
    /**
     * @description First-observed openings of a company in the current window against the prior window of the
     *     same length. An observation count, not a forecast.
     */
    PostingVelocity: {
      company_key: string;
      window_days: number;
      current_window: components['schemas']['CountWindow'];
      prior_window: components['schemas']['CountWindow'];
      /**
       * @description current − prior openings. Omitted when the prior window starts before
       *     `evidence_boundary.observed_since`: we did not observe the whole prior window, so a
       *     comparison would pass our missing evidence off as a change in hiring.
       */
      change?: number;
      /** @description (current − prior) / prior; omitted when prior is 0 and when `change` is omitted. */
      change_ratio?: number;
      /** @description ISO weeks (Monday start, UTC) overlapping both windows, oldest first. */
      weekly: {
        /** Format: date */
        week_start: string;
        openings: number;
      }[];
      /** @description Limits of the evidence: openings before `observed_since` (first crawl of the company's boards) cannot be counted, so a window starting earlier undercounts. */
      evidence_boundary: {
        /** Format: date-time */
        observed_since: string;
        /** @description `true` when both windows start at or after `observed_since`. */
        windows_fully_observed: boolean;
      };
    };
    CountWindow: {
      /**
       * Format: date-time
       * @description Inclusive.
       */
      start: string;
      /**
       * Format: date-time
       * @description Exclusive.
       */
      end: string;
      /** @description Jobs whose `first_seen` falls in the window. */
      openings: number;
    };
    /** @description The filters applied (echo of the request). */
    TimeToFillFilters: {
      company_key?: string;
      country?: components['schemas']['CountryCode'];
      family?: components['schemas']['CareerFamily'];
      source?: components['schemas']['SourceCode'];
    };
    /**
     * @description Posting-duration proxy over a cohort: the postings first observed in the window
     *     (`window_start` ≤ `first_seen` < `window_end`). A posting's duration runs from `first_seen`
     *     to its definitive closure at the source (`removed_from_board` or `expired_by_source`).
     *     `board_dead` closures are not definitive: a board that vanished or failed says nothing
     *     about when its postings were filled, and one dead board would add a block of identical
     *     durations; such postings, like the ones still open, are right-censored (known to have
     *     lasted at least until their closure or `window_end`). Fewer than 30 definitive closures →
     *     the `insufficient_data` variant, never an estimate.
     */
    TimeToFill: components['schemas']['TimeToFillResult'] | components['schemas']['TimeToFillInsufficient'];
    TimeToFillResult: {
      /** @constant */
      status: 'ok';
      filters: components['schemas']['TimeToFillFilters'];
      window_days: number;
      /** Format: date-time */
      window_start: string;
      /** Format: date-time */
      window_end: string;
      /** @description Postings of the cohort closed definitively (the percentiles' sample). */
      sample_size: number;
      /** @description Postings of the cohort still open or closed with `board_dead` (right-censored). */
      censored_count: number;
      /** @description Median duration of the closed postings (linear interpolation between order statistics). */
      median_days: number;
      p25_days: number;
      p75_days: number;
      p90_days: number;
      /**
       * @description Kaplan–Meier estimate over the whole cohort (closed postings are events, the others are
       *     censored): the smallest duration at which the estimated share still open falls to 0.5
       *     or below. Closed-only percentiles understate durations when many postings are still
       *     open; this median does not. `median_days` is omitted when the estimated share still
       *     open never falls to 0.5 within the window (the median is then longer than anything
       *     observed: `at_least_days`).
       */
      censored_median: {
        /** @constant */
        method: 'kaplan_meier';
        reached: boolean;
        median_days?: number;
        /** @description When not reached, the longest duration observed in the cohort. */
        at_least_days?: number;
        /** @description Estimated share of the cohort still open at the longest observed duration. */
        survival_at_end?: number;
      };
      /** @constant */
      minimum_sample_size: 30;
    };
    TimeToFillInsufficient: {
      /** @constant */
      status: 'insufficient_data';
      filters: components['schemas']['TimeToFillFilters'];
      window_days: number;
      /** Format: date-time */
      window_start: string;
      /** Format: date-time */
      window_end: string;
      /** @description Postings of the cohort closed definitively. */
      sample_size: number;
      censored_count: number;
      /** @constant */
      minimum_sample_size: 30;
    };
    HiringBreakdown: {
      /** @description Source code, country code or career-family code. */
      key: string;
      /** @description Jobs whose `first_seen` is in the quarter. */
      first_observed_postings: number;
      /** @description Jobs definitively closed at the source in the quarter. */
      closed_postings: number;
      /** @description Median first-seen-to-closure days of the closed postings; omitted below 30 closures. */
      median_duration_days?: number;
    };
    /**
     * @description Present only when the corpus includes synthetic demo data (see *Synthetic demo data*): the
     *     figures then describe generated postings, not the job market.
     * @constant
     */
    SyntheticFlag: true;
    /**
     * @description Quarterly report of first-observed posting volume and duration signals by ATS, country and
     *     career family. A quarter that has not ended is `partial: true`: counts cover
     *     `period_start` to `measured_through` and are never projected.
     */
    StateOfHiring: {
      synthetic?: components['schemas']['SyntheticFlag'];
      quarter: string;
      partial: boolean;
      /**
       * Format: date-time
       * @description Inclusive, UTC quarter start.
       */
      period_start: string;
      /**
       * Format: date-time
       * @description Exclusive, UTC quarter end.
       */
      period_end: string;
      /**
       * Format: date-time
       * @description Observations up to this time are included.
       */
      measured_through: string;
      /** Format: date-time */
      generated_at: string;
      totals: {
        first_observed_postings: number;
        closed_postings: number;
        median_duration_days?: number;
      };
      by_source: components['schemas']['HiringBreakdown'][];
      by_country: components['schemas']['HiringBreakdown'][];
      by_family: components['schemas']['HiringBreakdown'][];
    };
    /** @description The latest retained, complete, measured data-quality report. */
    DataQualityReport: {
      report_id: string;
      /** Format: date-time */
      generated_at: string;
      /**
       * Format: date-time
       * @description Time of the corpus state that was measured.
       */
      corpus_as_of: string;
      metrics: {
        /**
         * @description Metric name: `precision` and `recall` of a derived attribute on the labelled
         *     sample; `description_fill_rate`, `posting_date_fill_rate`, `salary_fill_rate` and
         *     `location_parse_rate` (per source and overall); `duplicate_group_rate`;
         *     `close_reason_share`; `crawl_success_rate`; `board_crawl_age_p50`/`_p90`;
         *     `receipt_coverage`.
         */
        metric: string;
        /** @description `all`; a source code for a per-source value; a derived attribute for `precision` and `recall`; a close reason for `close_reason_share`. */
        scope: string;
        value: number;
        /** @enum {string} */
        unit: 'ratio' | 'seconds' | 'count';
        sample_size: number;
        /** @description How the value was measured. */
        method?: string;
      }[];
    };
    DatasetSummary: {
      /** Format: date */
      snapshot_date: string;
      /** Format: date-time */
      created_at: string;
      row_count: number;
      part_count: number;
      bytes: number;
    };
    /** @description Verified, immutable daily snapshots of the active corpus (open jobs), newest first; retained 90 days. */
    DatasetIndex: {
      data: components['schemas']['DatasetSummary'][];
    };
    /**
     * @description Manifest of one snapshot: Parquet parts behind short-lived signed URLs. All URLs expire
     *     together at `expires_at` (1 hour after the request); request the manifest again for fresh
     *     URLs. Verify each part with `sha256` and `bytes`.
     */
    DatasetManifest: {
      /** Format: date */
      snapshot_date: string;
      /** Format: date-time */
      created_at: string;
      /** @constant */
      format: 'parquet';
      /** @description Column names, the `Job` members in export order (nested values as Parquet structs and lists). */
      columns: components['schemas']['ExportColumn'][];
      row_count: number;
      /** @description Highest change-feed `seq` reflected in the snapshot; resume the change feed with `since_seq` = this value. */
      change_seq: number;
      parts: {
        /** Format: uri */
        url: string;
        rows: number;
        sha256: string;
        bytes: number;
      }[];
      /** Format: date-time */
      expires_at: string;
    };
    /**
     * @description An outbound delivery destination. It receives the change feed (upserts and tombstones, in
     *     `seq` order) from the moment it is first enabled. Secret settings are never returned:
     *     `config` is redacted.
     */
    Destination: {
      /** Format: uuid */
      id: string;
      /** @enum {string} */
      kind: 'postgres' | 'webhook';
      name: string;
      /**
       * @description Created `disabled`. A failed run is retried with exponential backoff (30 s doubling to
       *     at most 30 min between runs); after 10 consecutive failed runs the service disables it
       *     (`disabled_reason` = `consecutive_failures`) and delivery waits for an enable.
       * @enum {string}
       */
      state: 'enabled' | 'disabled';
      /**
       * @description Present when `state` is `disabled`.
       * @enum {string}
       */
      disabled_reason?: 'created' | 'user' | 'consecutive_failures';
      config:
        components['schemas']['WebhookConfigRedacted'] | components['schemas']['PostgresConfigRedacted'];
      filters?: components['schemas']['DestinationFilters'];
      /**
       * @description Webhook only, and only in the response that created or rotated it (never again): the
       *     Standard Webhooks signing secret (`whsec_` + base64 of 32 random bytes). Such responses
       *     carry `Cache-Control: no-store`.
       */
      signing_secret?: string;
      /** @description Postgres only, present while the first-enable backfill of the open corpus is not complete. */
      backfill_pending?: boolean;
      /** @description Failed runs since the last successful run; cleared by enable. */
      consecutive_failures: number;
      /** @description Highest change-feed `seq` acknowledged by the destination. */
      last_delivered_seq?: number;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /**
       * Format: date-time
       * @description Start of the most recent run; omitted before the first run.
       */
      last_run_at?: string;
    };
    WebhookConfigRedacted: {
      /**
       * Format: uri
       * @description Target URL without user information, query string or fragment.
       */
      url: string;
      /** @description Last four characters of the current signing secret. */
      secret_hint: string;
    };
    PostgresConfigRedacted: {
      host: string;
      port: number;
      database: string;
      user: string;
      table: string;
      /** @enum {string} */
      sslmode: 'require' | 'verify-ca' | 'verify-full';
      /**
       * @description Four hex characters of a keyed hash of the stored password: changes when the password
       *     is replaced, reveals nothing of it.
       */
      password_hint: string;
    };
    /**
     * @description Webhook target. Each delivery is `POST <url>` with a JSON body
     *     `{"destination_id", "run_id", "from_seq", "to_seq", "events": [ChangeEvent, …]}` (at most
     *     500 events of the change feed, in `seq` order, those matching the destination's filters;
     *     `from_seq` < every `seq` ≤ `to_seq`), signed per Standard Webhooks: headers `webhook-id`,
     *     `webhook-timestamp` (unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA-256 of
     *     "<id>.<timestamp>.<body>">`, space-separated when two secrets are valid during a rotation).
     *     A 2xx answer acknowledges every event of the delivery; redirects are not followed (a 3xx
     *     fails the run), 408/429/5xx and network errors are retried with exponential backoff and
     *     jitter (Retry-After honoured, up to 60 s), each call has a 10 s deadline. Delivery is at
     *     least once: a batch that may not have been acknowledged is sent again with the same
     *     `webhook-id` and the same events, so receivers deduplicate by `webhook-id` (or by `seq`).
     *     Webhook destinations receive changes only (no backfill): bootstrap from the active feed or
     *     a dataset snapshot. The URL must be `https` and must not resolve to a private, loopback,
     *     link-local, CGNAT or metadata address.
     */
    WebhookConfig: {
      /** Format: uri */
      url: string;
    };
    /**
     * @description Customer Postgres target (TLS always). The service creates `table` if absent with columns
     *     `job_key text primary key, seq bigint not null, deleted boolean not null, job jsonb,
     *     updated_at timestamptz not null`, and beside it `<table>_deliveries` (`destination_id uuid,
     *     batch bigint, run_id uuid, to_seq bigint, backfill_after text, rows integer, committed_at
     *     timestamptz`, key `(destination_id, batch)`), one row per committed batch, written in the
     *     same transaction as the batch: the position delivery resumes from, so a batch is never
     *     applied twice nor skipped; `rows` counts the change events the batch acknowledged (the
     *     run's `destination_acknowledged` is their sum). Identifiers are used as written (quoted). A row is written only
     *     when the incoming `seq` is newer than the row's. `job` is the job as the change feed carries
     *     it. An open job matching the filters is upserted with `deleted = false`; when a delivered
     *     job closes, is removed (tombstone; `job` becomes null) or stops matching the filters, its
     *     row is kept with `deleted = true` — so the rows with `deleted = false` are exactly the
     *     matching open jobs. The role needs CREATE on the schema (or the tables created beforehand)
     *     and INSERT, UPDATE, SELECT on them. The host must not resolve to a private, loopback,
     *     link-local, CGNAT or metadata address.
     */
    PostgresConfig: {
      host: string;
      /** @default 5432 */
      port: number;
      database: string;
      user: string;
      /** @description Stored encrypted, never returned. */
      password: string;
      /** @description Table name, optionally schema-qualified; at most 52 characters, so `<table>_deliveries` fits Postgres' 63. */
      table: string;
      /**
       * @default verify-full
       * @enum {string}
       */
      sslmode: 'require' | 'verify-ca' | 'verify-full';
    };
    /**
     * @description Which jobs a destination receives, with the active feed's semantics (each filter
     *     validated as its query parameter is). Absent filters match every job; jobs of unresolved
     *     companies are excluded unless `include_unresolved` is true, and duplicates (non-representative
     *     members of a duplicate group) when `exclude_duplicates` is true.
     */
    DestinationFilters: {
      source?: components['schemas']['SourceCode'][];
      country?: string[];
      /** @description Title grammar expression, as the `title` query parameter (422 naming the position of the first problem). */
      title?: string;
      /** @default false */
      exclude_duplicates: boolean;
      /** @default false */
      include_unresolved: boolean;
    };
    /** @description Body of destination creation, discriminated by `kind`. */
    DestinationCreate:
      components['schemas']['WebhookDestinationCreate'] | components['schemas']['PostgresDestinationCreate'];
    WebhookDestinationCreate: {
      /** @constant */
      kind: 'webhook';
      name: string;
      config: components['schemas']['WebhookConfig'];
      filters?: components['schemas']['DestinationFilters'];
    };
    PostgresDestinationCreate: {
      /** @constant */
      kind: 'postgres';
      name: string;
      config: components['schemas']['PostgresConfig'];
      filters?: components['schemas']['DestinationFilters'];
    };
    /**
     * @description Body of destination update, discriminated by `kind`, which must equal the destination's
     *     kind (it cannot change; a different kind → 422 `const`). `name` replaces the name;
     *     `config`, when present, replaces the whole stored configuration (a Postgres password
     *     included; a webhook keeps its signing secret unless `rotate_secret` is true; a Postgres
     *     destination pointed at another host, port, database or table starts over there with a
     *     backfill as of the latest `seq`); `filters`,
     *     when present, replace the filters and apply to events delivered from then on. At least one
     *     member besides `kind` is needed (422 `minProperties` otherwise).
     */
    DestinationUpdate:
      components['schemas']['WebhookDestinationUpdate'] | components['schemas']['PostgresDestinationUpdate'];
    WebhookDestinationUpdate: {
      /** @constant */
      kind: 'webhook';
      name?: string;
      config?: components['schemas']['WebhookConfig'];
      filters?: components['schemas']['DestinationFilters'];
      /**
       * @description Generates a new signing secret, returned once as `signing_secret`.
       * @constant
       */
      rotate_secret?: true;
    };
    PostgresDestinationUpdate: {
      /** @constant */
      kind: 'postgres';
      name?: string;
      config?: components['schemas']['PostgresConfig'];
      filters?: components['schemas']['DestinationFilters'];
    };
    DestinationList: {
      data: components['schemas']['Destination'][];
    };
    /** @description One delivery run of a destination. At most one run per destination is in progress at a time. */
    DeliveryRun: {
      /** Format: uuid */
      id: string;
      /** Format: uuid */
      destination_id: string;
      /** @enum {string} */
      status: 'running' | 'succeeded' | 'failed';
      /** Format: date-time */
      started_at: string;
      /**
       * Format: date-time
       * @description Omitted while running.
       */
      finished_at?: string;
      /** @description Deliveries cover events with `seq` > `from_seq`. */
      from_seq?: number;
      /** @description Highest `seq` read for this run. */
      to_seq?: number;
      /** @description Events read from the change ledger for this run. */
      source_acknowledged: number;
      /** @description Events the destination acknowledged (2xx for webhooks, committed rows for Postgres). */
      destination_acknowledged: number;
      /** @description Bounded, redacted report (no secrets, no payloads). */
      report: {
        attempts: number;
        /**
         * @description Present on failure.
         * @enum {string}
         */
        error_class?:
          | 'connect'
          | 'timeout'
          | 'tls'
          | 'auth'
          | 'http_status'
          | 'rejected'
          | 'address_blocked'
          | 'internal';
        /** @description Last webhook response status. */
        http_status?: number;
        /** @description Redacted message. */
        message?: string;
      };
    };
    /** @description Most recent runs first; runs are retained 30 days. */
    DeliveryRunList: {
      data: components['schemas']['DeliveryRun'][];
    };
    CheckoutRequest: {
      /**
       * Format: email
       * @description Billing email of the new account.
       */
      email: string;
      /** @enum {string} */
      plan: 'starter' | 'growth' | 'scale';
      /**
       * Format: uri
       * @description Where the hosted checkout sends the customer back. On success the service appends `checkout=success&claim_token=<token>`; on cancellation `checkout=cancelled`.
       */
      return_url: string;
    };
    Checkout: {
      /**
       * Format: uri
       * @description Hosted checkout page; redirect the customer here.
       */
      checkout_url: string;
      /** @description Single-use token for `POST /v1/billing/claim`. Returned once here, and carried in the success return URL. */
      claim_token: string;
      /**
       * Format: date-time
       * @description When the claim token expires (7 days after creation). The hosted checkout page itself expires after 24 hours.
       */
      expires_at: string;
    };
    WebhookAck: {
      /** @constant */
      received: true;
      event_id: string;
      /** @description `true` when the event id was already processed (no effect). */
      duplicate: boolean;
      /** @description `false` for event types the service ignores. */
      handled: boolean;
    };
    ClaimRequest: {
      /** @description The `claim_token` of the checkout; never echoed in errors. */
      claim_token: string;
    };
    /** @description The first key of a newly activated account. The raw `key` is returned exactly once. */
    ClaimedKey: {
      /** @description The raw API key. Returned exactly once; store it now. */
      key: string;
      /** Format: uuid */
      id: string;
      /** @description Always `default` for the first key. */
      label: string;
      /** @description Last four characters of the key. */
      hint: string;
      /** @enum {string} */
      status: 'active' | 'revoked';
      /** Format: date-time */
      created_at: string;
      /**
       * Format: date-time
       * @description The latest authenticated request with this key, recorded in batches (it trails the request by about a second). Omitted when never used.
       */
      last_used_at?: string;
      /**
       * Format: date-time
       * @description Present when revoked.
       */
      revoked_at?: string;
      /** @description `true` on the key that authenticated this request; omitted otherwise. */
      current?: boolean;
      /** Format: uuid */
      account_id: string;
      /** @enum {string} */
      plan: 'starter' | 'growth' | 'scale';
    };
    PortalRequest: {
      /**
       * Format: uri
       * @description Where the portal's return link leads; default is the service's configured account page.
       */
      return_url?: string;
    };
    PortalSession: {
      /**
       * Format: uri
       * @description Hosted billing-portal session (short-lived, single use).
       */
      portal_url: string;
    };
    /** @description Compatibility request body (a JSON object is required). The intended member is `email`, recorded with the key when given and not verified; other members are accepted and ignored. */
    CompatibilityKeyRequest: {
      /** Format: email */
      email?: string;
    } & {
      [key: string]: unknown;
    };
    CompatibilityKey: {
      /** @description Raw compatibility key, returned once. */
      key: string;
      /** @constant */
      type: 'compat';
      /** Format: date-time */
      created_at: string;
      /** @description `false` while paid enforcement is active (the default): the key then unlocks no production endpoint. Deployments that switch enforcement off (trials, staging) issue compatibility keys on the Starter plan and answer `true`. */
      production_access: boolean;
    };
    /** @description Non-secret key metadata. Raw key material is never returned here. */
    AccountKey: {
      /** Format: uuid */
      id: string;
      /** @description Omitted when the key has no label. */
      label?: string;
      /** @description Last four characters of the key. */
      hint: string;
      /** @enum {string} */
      status: 'active' | 'revoked';
      /** Format: date-time */
      created_at: string;
      /**
       * Format: date-time
       * @description The latest authenticated request with this key, recorded in batches (it trails the request by about a second). Omitted when never used.
       */
      last_used_at?: string;
      /**
       * Format: date-time
       * @description Present when revoked.
       */
      revoked_at?: string;
      /** @description `true` on the key that authenticated this request; omitted otherwise. */
      current?: boolean;
    };
    AccountKeyList: {
      /** @description Every key of the account, active first, then by `created_at`. */
      data: components['schemas']['AccountKey'][];
    };
    AccountKeyCreate: {
      label?: string;
    };
    /** @description A new key. The raw `key` is returned exactly once (`Cache-Control: no-store`). */
    IssuedKey: {
      /** @description The raw API key. Returned exactly once; store it now. */
      key: string;
      /** Format: uuid */
      id: string;
      /** @description Omitted when the key has no label. */
      label?: string;
      /** @description Last four characters of the key. */
      hint: string;
      /** @enum {string} */
      status: 'active' | 'revoked';
      /** Format: date-time */
      created_at: string;
      /**
       * Format: date-time
       * @description The latest authenticated request with this key, recorded in batches (it trails the request by about a second). Omitted when never used.
       */
      last_used_at?: string;
      /**
       * Format: date-time
       * @description Present when revoked.
       */
      revoked_at?: string;
      /** @description `true` on the key that authenticated this request; omitted otherwise. */
      current?: boolean;
      /**
       * Format: uuid
       * @description Present on rotation: the key this one replaces (still active until revoked).
       */
      replaces_key_id?: string;
    };
    UsageDay: {
      /** Format: date */
      date: string;
      /** @description Authenticated requests of the account that day (UTC). */
      requests: number;
      /** @description Allowance units consumed that day. */
      jobs_returned: number;
    };
    AccountUsage: {
      /** Format: uuid */
      account_id: string;
      /** @enum {string} */
      plan: 'starter' | 'growth' | 'scale';
      /** @enum {string} */
      subscription_status:
        | 'active'
        | 'trialing'
        | 'past_due'
        | 'canceled'
        | 'unpaid'
        | 'incomplete'
        | 'incomplete_expired'
        | 'paused';
      /** @description Entitlements of the plan, plus `service` for approved service accounts. */
      entitlements?: (
        | 'production'
        | 'descriptions'
        | 'export_descriptions'
        | 'semantic_search'
        | 'datasets'
        | 'destinations'
        | 'service'
      )[];
      /** Format: date-time */
      period_start: string;
      /** Format: date-time */
      period_end: string;
      allowance: {
        limit: number;
        used: number;
        remaining: number;
      };
      /** @description Every day of the current billing period up to today (UTC), oldest first. */
      daily: components['schemas']['UsageDay'][];
      /** @description The last 50 authenticated requests of the past 7 days, newest first. */
      recent_activity: {
        /** Format: date-time */
        occurred_at: string;
        /** Format: uuid */
        key_id: string;
        key_hint: string;
        method: string;
        /** @description Path without query string. */
        path: string;
        status: number;
        jobs_returned: number;
      }[];
    };
    DailyUsage: {
      /** Format: date */
      date_from: string;
      /** Format: date */
      date_to: string;
      /** @description One entry per day from `date_from` to `date_to` inclusive (zeros included), oldest first. */
      data: components['schemas']['UsageDay'][];
    };
    /**
     * @description The 256 segments, in `segment_id` order. Deterministic: the same corpus gives the same
     *     bytes (no time of the request in it).
     */
    SitemapIndex: {
      /**
       * Format: date-time
       * @description Latest `last_modified` over all segments; omitted when every segment is empty.
       */
      last_modified?: string;
      data: {
        segment_id: string;
        /**
         * Format: uri-reference
         * @description Path of the segment, `/v1/sitemaps/<segment_id>`.
         */
        url: string;
        job_count: number;
        /**
         * Format: date-time
         * @description Latest `last_modified` in the segment; omitted when empty.
         */
        last_modified?: string;
      }[];
    };
    /** @description Active (open), deduplicated job keys of one segment, ordered by `job_key`. */
    SitemapSegment: {
      segment_id: string;
      job_count: number;
      /**
       * Format: date-time
       * @description Omitted when the segment is empty.
       */
      last_modified?: string;
      data: {
        job_key: string;
        /**
         * Format: date-time
         * @description Last change of the job.
         */
        last_modified: string;
      }[];
    };
    ComponentCheck: {
      /** @enum {string} */
      status: 'up' | 'down';
      /** @description Round-trip time of the probe; omitted when it did not complete. */
      latency_ms?: number;
      /** @description Short, non-sensitive reason when `down` (for example `timeout`, `connection refused`). */
      error?: string;
    };
    /**
     * @example {
     *       "status": "degraded",
     *       "checks": {
     *         "elasticsearch": {
     *           "status": "up",
     *           "latency_ms": 3.2
     *         },
     *         "postgres": {
     *           "status": "down",
     *           "error": "connection refused"
     *         }
     *       },
     *       "version": "1.0.0"
     *     }
     */
    Health: {
      /**
       * @description `degraded` when any check is `down`.
       * @enum {string}
       */
      status: 'ok' | 'degraded';
      checks: {
        elasticsearch: components['schemas']['ComponentCheck'];
        postgres: components['schemas']['ComponentCheck'];
      };
      /** @description Version of the running service build (not the interface version, which is `X-Service-Schema-Version`). */
      version: string;
    };
    /**
     * @description One JSON-RPC 2.0 message (request, notification or response) of the MCP Streamable HTTP
     *     transport, for example `{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}`. A body that
     *     is not one JSON object (malformed JSON, a batch) is answered `400` with a JSON-RPC error
     *     (`-32700` or `-32600`), never a problem; other JSON-RPC errors are JSON-RPC error
     *     responses.
     */
    McpMessage: Record<string, never>;
    /**
     * @description One JSON-RPC 2.0 response of the MCP server: `result` (the method's result, for
     *     `tools/call` a `CallToolResult` with `content`, `structuredContent` and `isError`) or
     *     `error` (`code`, `message`, optional `data`).
     */
    JsonRpcResponse: {
      /** @constant */
      jsonrpc: '2.0';
      id?: string | number | null;
      result?: Record<string, never>;
      error?: {
        code: number;
        message: string;
        data?: unknown;
      };
    };
    /**
     * @description Exportable `Job` member.
     * @enum {string}
     */
    ExportColumn:
      | 'job_key'
      | 'title'
      | 'organization'
      | 'url'
      | 'status'
      | 'first_seen'
      | 'posted_at'
      | 'valid_through'
      | 'closed_at'
      | 'close_reason'
      | 'source'
      | 'source_slug'
      | 'source_endpoint'
      | 'directory_verified_at'
      | 'company_key'
      | 'company_domain'
      | 'department'
      | 'locations_derived'
      | 'remote_derived'
      | 'ai_work_arrangement'
      | 'employment_type'
      | 'career_family'
      | 'skill_clusters'
      | 'language'
      | 'salary'
      | 'security_clearance'
      | 'visa_sponsorship'
      | 'experience_level'
      | 'duplicate_group'
      | 'derivations'
      | 'description_text';
  };
  responses: {
    /**
     * @description `webhook_signature_invalid`: the billing webhook has no valid `Stripe-Signature` header;
     *     `webhook_payload_invalid`: the body is signed but is not a whole event (no id, type or
     *     `created`, or a handled type without its object). Billing webhook only; a body that is not
     *     valid JSON is a 422 everywhere else.
     */
    BadRequest: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/webhook-signature-invalid",
         *       "title": "Invalid webhook signature",
         *       "status": 400,
         *       "detail": "No valid Stripe-Signature for this payload.",
         *       "instance": "/v1/billing/webhook",
         *       "code": "webhook_signature_invalid",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11"
         *     }
         */
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `api_key_required`: no `X-API-Key` header where a key is needed. `invalid_api_key`: the key
     *     is malformed (pattern or checksum; rejected before any lookup), unknown or revoked.
     */
    Unauthorized: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'WWW-Authenticate': components['headers']['WWW-Authenticate'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/invalid-api-key",
         *       "title": "Invalid API key",
         *       "status": 401,
         *       "detail": "The API key is malformed, unknown or revoked.",
         *       "instance": "/v1/jobs/abc123",
         *       "code": "invalid_api_key",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11"
         *     }
         */
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `allowance_exhausted`: the account's monthly allowance (jobs returned) is used up, or an
     *     export part needs more rows than remain. `upgrade_url` leads to a plan change; the
     *     allowance resets at `resets_at`. There are no automatic overages.
     */
    AllowanceExhausted: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/allowance-exhausted",
         *       "title": "Monthly allowance exhausted",
         *       "status": 402,
         *       "detail": "All 100000 jobs of this billing period have been returned. Upgrade, or wait for the reset.",
         *       "instance": "/v1/jobs/search",
         *       "code": "allowance_exhausted",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11",
         *       "upgrade_url": "https://billing.example.com/p/session/abc",
         *       "allowance_limit": 100000,
         *       "allowance_used": 100000,
         *       "resets_at": "2025-07-01T00:00:00Z"
         *     }
         */
        'application/problem+json': components['schemas']['AllowanceExhaustedProblem'];
      };
    };
    /**
     * @description `plan_required`: the key's plan lacks the needed entitlement (`required_entitlement`,
     *     `upgrade_url`), or the key is a compatibility key. `subscription_inactive`: the account's
     *     subscription is not active (`portal_path` tells where to fix billing).
     *     `service_key_required`: the operation needs an approved service account.
     */
    Forbidden: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['PlanRequiredProblem'];
      };
    };
    /** @description `not_found`: the resource does not exist (or is hidden, see the operation). */
    NotFound: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `method_not_allowed`: the path exists but not with this method. `Allow` lists the path's methods, with `HEAD` where there is `GET`, and `OPTIONS` (which answers `204` with the same `Allow`). Applies to every path of this document. */
    MethodNotAllowed: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        Allow: components['headers']['Allow'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description Conflict with the current state. The operation lists which codes apply. Retryable codes
     *     (`destination_busy`, `claim_pending`) carry `Retry-After`; the others need a change first
     *     (`last_active_key`, `key_limit_reached`, `destination_limit_reached`).
     */
    Conflict: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `claim_token_used`: the claim token was already exchanged. `claim_token_expired`: it is past its `expires_at`. */
    Gone: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'Cache-Control': components['headers']['Cache-Control-No-Store'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `origin_forbidden`: a browser origin other than the deployment's own (DNS-rebinding protection of `/mcp`). */
    OriginForbidden: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'] & {
          /** @constant */
          status?: 403;
          /** @constant */
          code?: 'origin_forbidden';
        };
      };
    };
    /** @description `dataset_url_invalid`: the signature does not match the part's path and expiry (an altered or foreign URL); request the manifest again. */
    DatasetUrlInvalid: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'] & {
          /** @constant */
          status?: 403;
          /** @constant */
          code?: 'dataset_url_invalid';
        };
      };
    };
    /** @description `dataset_url_expired`: the signed dataset part URL is past its `expires`; request the manifest again. */
    DatasetUrlExpired: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `export_cursor_expired`: the export's point-in-time view has ended; start again at part 1 without a cursor. */
    ExportCursorExpired: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `change_feed_expired`: `since_seq` is older than the 30-day retention. The body says how to re-bootstrap. */
    ChangeFeedExpired: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/change-feed-expired",
         *       "title": "Change feed position expired",
         *       "status": 410,
         *       "detail": "since_seq 1200 is older than the 30-day retention (oldest accepted: 98211). Record latest_seq, reload a dataset snapshot or a full export, then resume with since_seq=latest_seq.",
         *       "instance": "/v1/feed/changes",
         *       "code": "change_feed_expired",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11",
         *       "oldest_seq": 98211,
         *       "latest_seq": 1520334
         *     }
         */
        'application/problem+json': components['schemas']['ChangeFeedExpiredProblem'];
      };
    };
    /** @description `payload_too_large`: the request body exceeds 1 MiB. */
    PayloadTooLarge: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `malformed_request`: the request is not valid HTTP/1.1 (request line, header or framing).
     *     Answered on any path before the request is read, so the problem has no `instance`; the
     *     connection is closed (`Connection: close`).
     */
    MalformedRequest: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/malformed-request",
         *       "title": "Malformed request",
         *       "status": 400,
         *       "detail": "The request is not valid HTTP/1.1 (request line, header or framing)",
         *       "code": "malformed_request",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11"
         *     }
         */
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `request_timeout`: the request was not received completely in time. No `instance`; the connection is closed. */
    RequestTimeout: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `uri_too_long`: the request target (path and query) is longer than 12 KiB (12,288 bytes), on any path. Every query parameter is bounded well below it. */
    UriTooLong: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `header_fields_too_large`: the request line and headers together are larger than 16 KiB.
     *     Answered on any path before the request is read, so the problem has no `instance`; the
     *     connection is closed (`Connection: close`).
     */
    HeaderFieldsTooLarge: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `unsupported_media_type`: the request body is not `application/json`. */
    UnsupportedMediaType: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `validation_error`, as `ValidationFailed`; on this list operation `detail[].type` may also be
     *     `cursor_invalid` — a cursor the service never issued, altered or unreadable (for example
     *     `cursor=0`) — or `cursor_mismatch` — a cursor issued for other filters (see *Cursors*), with
     *     `loc` `["query", "cursor"]` (`["body", "cursor"]` for typed search).
     */
    CursorValidationFailed: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/validation-error",
         *       "title": "Request validation failed",
         *       "status": 422,
         *       "code": "validation_error",
         *       "detail": [
         *         {
         *           "loc": [
         *             "query",
         *             "cursor"
         *           ],
         *           "msg": "Cursor is not one this service issued (altered or truncated)",
         *           "type": "cursor_invalid",
         *           "input": "0"
         *         }
         *       ],
         *       "instance": "/v1/feed/expired",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11"
         *     }
         */
        'application/problem+json': components['schemas']['ValidationError'];
      };
    };
    /** @description `validation_error`: parameters or body failed validation (including unknown query parameters and cursor errors). `detail` is an array of items; see the `ValidationError` schema. */
    ValidationFailed: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/validation-error",
         *       "title": "Request validation failed",
         *       "status": 422,
         *       "code": "validation_error",
         *       "detail": [
         *         {
         *           "loc": [
         *             "query",
         *             "limit"
         *           ],
         *           "msg": "Input should be less than or equal to 1000",
         *           "type": "less_than_equal",
         *           "input": "5000",
         *           "ctx": {
         *             "le": 1000
         *           }
         *         },
         *         {
         *           "loc": [
         *             "query",
         *             "colour"
         *           ],
         *           "msg": "Unknown query parameter",
         *           "type": "extra_forbidden",
         *           "input": "blue"
         *         }
         *       ],
         *       "instance": "/v1/jobs/search",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11"
         *     }
         */
        'application/problem+json': components['schemas']['ValidationError'];
      };
    };
    /** @description `rate_limited`: the bucket's limit per minute is exceeded. `Retry-After` equals `X-RateLimit-Reset`; `X-RateLimit-Remaining` is 0. */
    TooManyRequests: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'Retry-After': components['headers']['Retry-After-Required'];
        'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
        'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
        'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "type": "/problems/rate-limited",
         *       "title": "Rate limit exceeded",
         *       "status": 429,
         *       "detail": "Limit of 60 requests per minute reached for bucket search.",
         *       "instance": "/v1/jobs/search",
         *       "code": "rate_limited",
         *       "request_id": "3f1c2a9e-5b7d-4c1e-9a0f-2d6b8e4c7a11"
         *     }
         */
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /** @description `not_implemented`: the operation is part of the contract but not implemented yet (`x-implemented: false`). The problem carries `operation_id`. */
    NotImplemented: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `upstream_unavailable` as everywhere (with `Retry-After`), or `billing_unavailable`: this
     *     deployment has no billing provider configured. That is not a passing state, so that answer
     *     carries no `Retry-After`.
     */
    BillingServiceUnavailable: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'Retry-After': components['headers']['Retry-After'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
    /**
     * @description `upstream_unavailable`: search or database is unavailable, timed out or overloaded. A
     *     partial result is never returned and nothing is consumed. Retry after `Retry-After` seconds.
     */
    ServiceUnavailable: {
      headers: {
        'X-Request-Id': components['headers']['X-Request-Id'];
        'Retry-After': components['headers']['Retry-After-Required'];
        [name: string]: unknown;
      };
      content: {
        'application/problem+json': components['schemas']['Problem'];
      };
    };
  };
  parameters: {
    /** @description Page size. Integer from 1 to 1000; default 100. */
    Limit: number;
    /** @description Opaque cursor: the `next_cursor` of the previous page, passed back unchanged with the same filters. At most 2048 characters. A cursor whose filters differ from this request's → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`. */
    Cursor: string;
    /** @description Include jobs (and companies) whose company display identity is still unresolved (an opaque tenant identifier instead of a name). Hidden by default. Without it, a job or company of an unresolved company answers 404 on detail operations. */
    IncludeUnresolved: boolean;
    /** @description Job status filter: `open` (default), `closed`, or `all`. At most 500 characters. */
    JobStatus: 'open' | 'closed' | 'all';
    /** @description Window ending now: `1h`, `6h`, `24h` (default), `7d` or `31d` (31 × 24 hours). At most 16 characters. */
    TimeFrame: '1h' | '6h' | '24h' | '7d' | '31d';
    /**
     * @description Free text matched (analyzed, case-insensitive, all words required) over title, company name and description. At most 500 characters. Searching descriptions does not return them; see `include_description`.
     * @example data engineer
     */
    Q: string;
    /**
     * @description Boolean title grammar: an OR of AND groups with negation. Operators `!` (not), `&` (and),
     *     `|` (or); precedence `!` then `&` then `|`; no parentheses. Each term is a
     *     case-insensitive substring of the title; whitespace around a term is trimmed and spaces
     *     inside a term are part of it. The operators must be URL-encoded (`&` as `%26`, `|` as
     *     `%7C`, `!` as `%21`).
     *
     *     Example: `engineer&!manager|data scientist` (decoded) matches titles containing
     *     "engineer" but not "manager", or containing "data scientist".
     *
     *     At most 500 characters and 32 terms. An empty term, a dangling operator or more than 32
     *     terms → 422, item `type: title_grammar`, `loc: ["query", "title"]`, `ctx.position` = the
     *     0-based character offset of the error.
     * @example engineer&!manager|data scientist
     */
    Title: string;
    /** @description csv of career-family codes. At most 500 characters. */
    FamilyCsv: (
      | 'engineering'
      | 'data_ai_analytics'
      | 'product_strategy'
      | 'design_research'
      | 'go_to_market'
      | 'business_operations'
      | 'finance_risk'
      | 'people_talent'
      | 'legal_policy'
      | 'administration'
      | 'general_professional'
      | 'unknown'
    )[];
    /**
     * @description csv of ISO 3166-1 alpha-2 country codes, upper case (`US,DE`). Matches jobs with at least one derived location in one of the countries. At most 500 characters.
     * @example [
     *       "US",
     *       "DE"
     *     ]
     */
    CountryCsv: string[];
    /**
     * @description csv of canonical source codes (lower case); see schema `SourceCode` for the 59 codes. At most 500 characters.
     * @example [
     *       "greenhouse",
     *       "lever"
     *     ]
     */
    SourceCsv: (
      | 'greenhouse'
      | 'lever'
      | 'ashby'
      | 'workday'
      | 'smartrecruiters'
      | 'workable'
      | 'recruitee'
      | 'personio'
      | 'bamboohr'
      | 'teamtailor'
      | 'breezy'
      | 'jazzhr'
      | 'jobvite'
      | 'icims'
      | 'taleo'
      | 'successfactors'
      | 'oracle_cloud'
      | 'paylocity'
      | 'rippling'
      | 'pinpoint'
      | 'gem'
      | 'eightfold'
      | 'phenom'
      | 'avature'
      | 'cornerstone'
      | 'adp'
      | 'paycom'
      | 'dayforce'
      | 'join'
      | 'softgarden'
      | 'trakstar'
      | 'hireology'
      | 'applicantpro'
      | 'pageup'
      | 'comeet'
      | 'polymer'
      | 'jobscore'
      | 'zoho_recruit'
      | 'freshteam'
      | 'keka'
      | 'darwinbox'
      | 'kula'
      | 'manatal'
      | 'clearcompany'
      | 'hirehive'
      | 'gohire'
      | 'recooty'
      | 'crelate'
      | 'hibob'
      | 'deel'
      | 'getro'
      | 'jobsoid'
      | 'traffit'
      | 'emply'
      | 'niceboard'
      | 'sensehq'
      | 'loxo'
      | 'flatchr'
      | 'bullhorn'
    )[];
    /** @description csv of canonical source codes to exclude. At most 500 characters. */
    ExcludeSourceCsv: (
      | 'greenhouse'
      | 'lever'
      | 'ashby'
      | 'workday'
      | 'smartrecruiters'
      | 'workable'
      | 'recruitee'
      | 'personio'
      | 'bamboohr'
      | 'teamtailor'
      | 'breezy'
      | 'jazzhr'
      | 'jobvite'
      | 'icims'
      | 'taleo'
      | 'successfactors'
      | 'oracle_cloud'
      | 'paylocity'
      | 'rippling'
      | 'pinpoint'
      | 'gem'
      | 'eightfold'
      | 'phenom'
      | 'avature'
      | 'cornerstone'
      | 'adp'
      | 'paycom'
      | 'dayforce'
      | 'join'
      | 'softgarden'
      | 'trakstar'
      | 'hireology'
      | 'applicantpro'
      | 'pageup'
      | 'comeet'
      | 'polymer'
      | 'jobscore'
      | 'zoho_recruit'
      | 'freshteam'
      | 'keka'
      | 'darwinbox'
      | 'kula'
      | 'manatal'
      | 'clearcompany'
      | 'hirehive'
      | 'gohire'
      | 'recooty'
      | 'crelate'
      | 'hibob'
      | 'deel'
      | 'getro'
      | 'jobsoid'
      | 'traffit'
      | 'emply'
      | 'niceboard'
      | 'sensehq'
      | 'loxo'
      | 'flatchr'
      | 'bullhorn'
    )[];
    /**
     * @description csv of company domains (hostnames, matched exactly against `company_domain`, case insensitive; subdomains do not match their parent). At most 2000 characters.
     * @example [
     *       "stripe.com"
     *     ]
     */
    DomainCsv: string[];
    /** @description csv of company names, each matched exactly against `organization` (case-insensitive). A name containing a comma cannot be expressed; use `domain` instead. At most 2000 characters. */
    OrganizationCsv: string[];
    /** @description csv of employment types; matches jobs having any of them. At most 500 characters. */
    EmploymentTypeCsv: (
      'FULL_TIME' | 'PART_TIME' | 'CONTRACTOR' | 'TEMPORARY' | 'INTERN' | 'VOLUNTEER' | 'PER_DIEM' | 'OTHER'
    )[];
    /** @description csv of experience levels (`intern`, `entry`, `mid`, `senior`, `lead`, `executive`). Jobs whose level is unknown match none. At most 500 characters. */
    ExperienceLevelCsv: ('intern' | 'entry' | 'mid' | 'senior' | 'lead' | 'executive')[];
    /** @description csv of skill-cluster tags (lower-case slugs as they appear in `skill_clusters`); matches jobs having any of them. At most 500 characters. */
    SkillClusterCsv: string[];
    /**
     * @description City name, matched case- and accent-insensitively against `locations_derived[].city` (whole name, not substring). At most 200 characters.
     * @example Berlin
     */
    City: string;
    /** @description Company or organization name match (analyzed, case-insensitive, all words required) against `organization`. At most 500 characters. */
    Company: string;
    /**
     * @description Company domain (hostname), matched exactly against `company_domain`, case-insensitive. At most 253 characters.
     * @example stripe.com
     */
    CompanyDomain: string;
    /** @description `only`: jobs with `remote_derived: true`. `exclude`: jobs whose `remote_derived` is `false` or unknown. Omitted: no remote filter. At most 500 characters. */
    Remote: 'only' | 'exclude';
    /** @description Work arrangement derived by a language model: `remote`, `hybrid`, `on_site` or `unknown` (`unknown` matches jobs the model could not classify, whose `ai_work_arrangement` is omitted). */
    AiWorkArrangement: 'remote' | 'hybrid' | 'on_site' | 'unknown';
    /** @description Posting language, ISO 639-1 code in lower case (`en`, `de`). */
    Language: string;
    /** @description `true`: only jobs with salary data. `false`: only jobs without. Omitted: both. */
    HasSalary: boolean;
    /** @description Jobs whose published `salary.min` is at least this value, compared in the posting's own currency and period; combine with `salary_currency` and `salary_period` for a meaningful comparison. Jobs without `salary.min` never match. At least 0. */
    SalaryMinGte: number;
    /** @description Jobs whose published `salary.max` is at most this value, compared in the posting's own currency and period; combine with `salary_currency` and `salary_period`. Jobs without `salary.max` never match. At least 0. */
    SalaryMaxLte: number;
    /** @description Jobs whose salary is published in this ISO 4217 currency (upper case, `USD`). */
    SalaryCurrency: string;
    /** @description Jobs whose salary is published per this period. */
    SalaryPeriod: 'hour' | 'day' | 'week' | 'month' | 'year';
    /** @description `true`: the posting explicitly requires a security clearance. `false`: not known to require one, which includes postings that do not mention it. */
    SecurityClearance: boolean;
    /** @description Tri-state. `true`: the posting explicitly offers visa sponsorship. `false`: the posting explicitly rules it out. Postings that say nothing match neither value. */
    VisaSponsorship: boolean;
    /**
     * @description Inclusive lower bound (RFC 3339 with offset) on the job's posting time: `posted_at` when the source published one, otherwise `first_seen`.
     * @example 2025-01-01T00:00:00Z
     */
    PostedSince: string;
    /** @description Exclusive upper bound (RFC 3339 with offset) on the job's posting time (`posted_at`, or `first_seen` when the source published none). */
    PostedBefore: string;
    /** @description Collapse each cross-location duplicate group (`duplicate_group`) to one representative job (the earliest `first_seen`, then the smallest `job_key`). */
    ExcludeDuplicates: boolean;
    /** @description Return `description_text` on each job. Requires the `descriptions` entitlement (every paid plan): 401 `api_key_required` without a key, 403 otherwise. */
    IncludeDescription: boolean;
    /** @description Fixed inclusive lower bound on `first_seen` (RFC 3339 with offset). When given, it replaces the lower bound of `time_frame` (`time_frame` is then ignored); with cursors it gives exactly-once consumption. */
    FirstSeenGte: string;
    /** @description `none` (default): no descriptions. `text`: each job carries `description_text`. */
    DescriptionFormat: 'none' | 'text';
    /** @description Stable key of the job (`job_key` of search and feed results). */
    JobKeyPath: string;
    /** @description Key of the company (`company_key` of the directory and of jobs). */
    CompanyKeyPath: string;
    /** @description Id of the destination. */
    DestinationIdPath: string;
    /** @description Id of the account key (`id` in key metadata). */
    KeyIdPath: string;
    /**
     * @description UTC date of the snapshot (`YYYY-MM-DD`).
     * @example 2025-06-01
     */
    SnapshotDatePath: string;
    /**
     * @description Segment id: two lower-case hexadecimal characters, `00` to `ff` (256 segments). A job belongs to the segment named by the first two hex characters of SHA-256(`job_key`).
     * @example 3f
     */
    SegmentIdPath: string;
  };
  requestBodies: never;
  headers: {
    /** @description Request id; echoes a valid client-supplied `X-Request-Id` (`^[A-Za-z0-9._:-]{1,128}$`), otherwise a generated UUID v4. Also in every problem's `request_id`. */
    'X-Request-Id': string;
    /** @description Semantic version of the interface (this document's `info.version`). On every successful response. */
    'X-Service-Schema-Version': string;
    /** @description `true` on every response while the corpus includes synthetic demo data (see *Synthetic demo data*); absent otherwise. */
    'X-Corpus-Synthetic': 'true';
    /** @description Requests per minute allowed in the operation's rate-limit bucket. */
    'X-RateLimit-Limit': number;
    /** @description Requests left in the current window after this one. */
    'X-RateLimit-Remaining': number;
    /** @description Delta seconds until the current window resets (not an epoch time). On 429 it equals `Retry-After`. */
    'X-RateLimit-Reset': number;
    /** @description Seconds to wait before retrying (delta seconds). Sent with the retryable codes of a response (see its description). */
    'Retry-After': number;
    /** @description Seconds to wait before retrying (delta seconds). Always sent with this response. */
    'Retry-After-Required': number;
    /** @description Methods the path supports, comma-separated. */
    Allow: string;
    /** @description Always `no-store`; the response carries secret material or single-use state. */
    'Cache-Control-No-Store': 'no-store';
    /** @description `attachment; filename="<name>"`. */
    'Content-Disposition': string;
    /** @description `<…&part=N+1>; rel="next"` when a further export part exists. */
    Link: string;
    /** @description Number of the part in this response. */
    'X-Export-Part': number;
    /** @description Total number of parts of this export at the time of the request. */
    'X-Export-Part-Count': number;
    /** @description `ApiKey header="X-API-Key"`. */
    'WWW-Authenticate': string;
    /** @description Path of the created resource. */
    Location: string;
  };
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Health report. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
    };
  };
  getOpenApi: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The OpenAPI document. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': Record<string, never>;
        };
      };
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
    };
  };
  previewJobs: {
    parameters: {
      query?: {
        /** @description Work arrangement derived by a language model: `remote`, `hybrid`, `on_site` or `unknown` (`unknown` matches jobs the model could not classify, whose `ai_work_arrangement` is omitted). */
        ai_work_arrangement?: components['parameters']['AiWorkArrangement'];
        /**
         * @description City name, matched case- and accent-insensitively against `locations_derived[].city` (whole name, not substring). At most 200 characters.
         * @example Berlin
         */
        city?: components['parameters']['City'];
        /**
         * @description csv of ISO 3166-1 alpha-2 country codes, upper case (`US,DE`). Matches jobs with at least one derived location in one of the countries. At most 500 characters.
         * @example [
         *       "US",
         *       "DE"
         *     ]
         */
        country?: components['parameters']['CountryCsv'];
        /** @description csv of employment types; matches jobs having any of them. At most 500 characters. */
        employment_type?: components['parameters']['EmploymentTypeCsv'];
        /** @description Number of jobs, 1 to 10; default 10. */
        limit?: number;
        /**
         * @description Inclusive lower bound (RFC 3339 with offset) on the job's posting time: `posted_at` when the source published one, otherwise `first_seen`.
         * @example 2025-01-01T00:00:00Z
         */
        posted_since?: components['parameters']['PostedSince'];
        /**
         * @description Free text matched (analyzed, case-insensitive, all words required) over title, company name and description. At most 500 characters. Searching descriptions does not return them; see `include_description`.
         * @example data engineer
         */
        q?: components['parameters']['Q'];
        /**
         * @description csv of canonical source codes (lower case); see schema `SourceCode` for the 59 codes. At most 500 characters.
         * @example [
         *       "greenhouse",
         *       "lever"
         *     ]
         */
        source?: components['parameters']['SourceCsv'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Up to 10 open jobs. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PreviewList'];
        };
      };
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  searchJobs: {
    parameters: {
      query?: {
        /**
         * @description Free text matched (analyzed, case-insensitive, all words required) over title, company name and description. At most 500 characters. Searching descriptions does not return them; see `include_description`.
         * @example data engineer
         */
        q?: components['parameters']['Q'];
        /**
         * @description Boolean title grammar: an OR of AND groups with negation. Operators `!` (not), `&` (and),
         *     `|` (or); precedence `!` then `&` then `|`; no parentheses. Each term is a
         *     case-insensitive substring of the title; whitespace around a term is trimmed and spaces
         *     inside a term are part of it. The operators must be URL-encoded (`&` as `%26`, `|` as
         *     `%7C`, `!` as `%21`).
         *
         *     Example: `engineer&!manager|data scientist` (decoded) matches titles containing
         *     "engineer" but not "manager", or containing "data scientist".
         *
         *     At most 500 characters and 32 terms. An empty term, a dangling operator or more than 32
         *     terms → 422, item `type: title_grammar`, `loc: ["query", "title"]`, `ctx.position` = the
         *     0-based character offset of the error.
         * @example engineer&!manager|data scientist
         */
        title?: components['parameters']['Title'];
        /** @description csv of career-family codes. At most 500 characters. */
        family?: components['parameters']['FamilyCsv'];
        /**
         * @description csv of ISO 3166-1 alpha-2 country codes, upper case (`US,DE`). Matches jobs with at least one derived location in one of the countries. At most 500 characters.
         * @example [
         *       "US",
         *       "DE"
         *     ]
         */
        country?: components['parameters']['CountryCsv'];
        /**
         * @description City name, matched case- and accent-insensitively against `locations_derived[].city` (whole name, not substring). At most 200 characters.
         * @example Berlin
         */
        city?: components['parameters']['City'];
        /**
         * @description csv of canonical source codes (lower case); see schema `SourceCode` for the 59 codes. At most 500 characters.
         * @example [
         *       "greenhouse",
         *       "lever"
         *     ]
         */
        source?: components['parameters']['SourceCsv'];
        /** @description Company or organization name match (analyzed, case-insensitive, all words required) against `organization`. At most 500 characters. */
        company?: components['parameters']['Company'];
        /**
         * @description Company domain (hostname), matched exactly against `company_domain`, case-insensitive. At most 253 characters.
         * @example stripe.com
         */
        company_domain?: components['parameters']['CompanyDomain'];
        /** @description `only`: jobs with `remote_derived: true`. `exclude`: jobs whose `remote_derived` is `false` or unknown. Omitted: no remote filter. At most 500 characters. */
        remote?: components['parameters']['Remote'];
        /** @description Work arrangement derived by a language model: `remote`, `hybrid`, `on_site` or `unknown` (`unknown` matches jobs the model could not classify, whose `ai_work_arrangement` is omitted). */
        ai_work_arrangement?: components['parameters']['AiWorkArrangement'];
        /** @description csv of employment types; matches jobs having any of them. At most 500 characters. */
        employment_type?: components['parameters']['EmploymentTypeCsv'];
        /** @description csv of experience levels (`intern`, `entry`, `mid`, `senior`, `lead`, `executive`). Jobs whose level is unknown match none. At most 500 characters. */
        experience_level?: components['parameters']['ExperienceLevelCsv'];
        /** @description csv of skill-cluster tags (lower-case slugs as they appear in `skill_clusters`); matches jobs having any of them. At most 500 characters. */
        skill_cluster?: components['parameters']['SkillClusterCsv'];
        /** @description Posting language, ISO 639-1 code in lower case (`en`, `de`). */
        language?: components['parameters']['Language'];
        /** @description Job status filter: `open` (default), `closed`, or `all`. At most 500 characters. */
        status?: components['parameters']['JobStatus'];
        /** @description `true`: only jobs with salary data. `false`: only jobs without. Omitted: both. */
        has_salary?: components['parameters']['HasSalary'];
        /** @description Jobs whose published `salary.min` is at least this value, compared in the posting's own currency and period; combine with `salary_currency` and `salary_period` for a meaningful comparison. Jobs without `salary.min` never match. At least 0. */
        salary_min_gte?: components['parameters']['SalaryMinGte'];
        /** @description Jobs whose published `salary.max` is at most this value, compared in the posting's own currency and period; combine with `salary_currency` and `salary_period`. Jobs without `salary.max` never match. At least 0. */
        salary_max_lte?: components['parameters']['SalaryMaxLte'];
        /** @description Jobs whose salary is published in this ISO 4217 currency (upper case, `USD`). */
        salary_currency?: components['parameters']['SalaryCurrency'];
        /** @description Jobs whose salary is published per this period. */
        salary_period?: components['parameters']['SalaryPeriod'];
        /** @description `true`: the posting explicitly requires a security clearance. `false`: not known to require one, which includes postings that do not mention it. */
        security_clearance?: components['parameters']['SecurityClearance'];
        /** @description Tri-state. `true`: the posting explicitly offers visa sponsorship. `false`: the posting explicitly rules it out. Postings that say nothing match neither value. */
        visa_sponsorship?: components['parameters']['VisaSponsorship'];
        /**
         * @description Inclusive lower bound (RFC 3339 with offset) on the job's posting time: `posted_at` when the source published one, otherwise `first_seen`.
         * @example 2025-01-01T00:00:00Z
         */
        posted_since?: components['parameters']['PostedSince'];
        /** @description Exclusive upper bound (RFC 3339 with offset) on the job's posting time (`posted_at`, or `first_seen` when the source published none). */
        posted_before?: components['parameters']['PostedBefore'];
        /** @description Collapse each cross-location duplicate group (`duplicate_group`) to one representative job (the earliest `first_seen`, then the smallest `job_key`). */
        exclude_duplicates?: components['parameters']['ExcludeDuplicates'];
        /** @description Return `description_text` on each job. Requires the `descriptions` entitlement (every paid plan): 401 `api_key_required` without a key, 403 otherwise. */
        include_description?: components['parameters']['IncludeDescription'];
        /** @description Include jobs (and companies) whose company display identity is still unresolved (an opaque tenant identifier instead of a name). Hidden by default. Without it, a job or company of an unresolved company answers 404 on detail operations. */
        include_unresolved?: components['parameters']['IncludeUnresolved'];
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description Opaque cursor: the `next_cursor` of the previous page, passed back unchanged with the same filters. At most 2048 characters. A cursor whose filters differ from this request's → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`. */
        cursor?: components['parameters']['Cursor'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of jobs; `next_cursor` when more results exist. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobList'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  searchJobsTyped: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['JobSearchRequest'];
      };
    };
    responses: {
      /** @description Search result. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SearchResult'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  exportJobs: {
    parameters: {
      query?: {
        /** @description csv of columns to export, in order; see schema items. At most 1000 characters. */
        columns?: (
          | 'job_key'
          | 'title'
          | 'organization'
          | 'url'
          | 'status'
          | 'first_seen'
          | 'posted_at'
          | 'valid_through'
          | 'closed_at'
          | 'close_reason'
          | 'source'
          | 'source_slug'
          | 'source_endpoint'
          | 'directory_verified_at'
          | 'company_key'
          | 'company_domain'
          | 'department'
          | 'locations_derived'
          | 'remote_derived'
          | 'ai_work_arrangement'
          | 'employment_type'
          | 'career_family'
          | 'skill_clusters'
          | 'language'
          | 'salary'
          | 'security_clearance'
          | 'visa_sponsorship'
          | 'experience_level'
          | 'duplicate_group'
          | 'derivations'
          | 'description_text'
        )[];
        /**
         * @description csv of ISO 3166-1 alpha-2 country codes, upper case (`US,DE`). Matches jobs with at least one derived location in one of the countries. At most 500 characters.
         * @example [
         *       "US",
         *       "DE"
         *     ]
         */
        country?: components['parameters']['CountryCsv'];
        /** @description Opaque export cursor from the previous part's `Link: rel="next"`, passed back unchanged with the same filters and the `part` it names. At most 2048 characters. Other filters or another part → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`; an ended view → 410 `export_cursor_expired`. */
        cursor?: string;
        /** @description Collapse each cross-location duplicate group (`duplicate_group`) to one representative job (the earliest `first_seen`, then the smallest `job_key`). */
        exclude_duplicates?: components['parameters']['ExcludeDuplicates'];
        /** @description `csv`, `ndjson` (default) or `parquet`. */
        format?: 'csv' | 'ndjson' | 'parquet';
        /** @description Part number, from 1; default 1. Always 1 for `parquet`. */
        part?: number;
        /**
         * @description Inclusive lower bound (RFC 3339 with offset) on the job's posting time: `posted_at` when the source published one, otherwise `first_seen`.
         * @example 2025-01-01T00:00:00Z
         */
        posted_since?: components['parameters']['PostedSince'];
        /**
         * @description csv of canonical source codes (lower case); see schema `SourceCode` for the 59 codes. At most 500 characters.
         * @example [
         *       "greenhouse",
         *       "lever"
         *     ]
         */
        source?: components['parameters']['SourceCsv'];
        /** @description Job status filter: `open` (default), `closed`, or `all`. At most 500 characters. */
        status?: components['parameters']['JobStatus'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One export part (or the Parquet artifact), streamed. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Content-Disposition': components['headers']['Content-Disposition'];
          'X-Export-Part': components['headers']['X-Export-Part'];
          'X-Export-Part-Count': components['headers']['X-Export-Part-Count'];
          Link: components['headers']['Link'];
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
          'application/x-ndjson': string;
          'application/vnd.apache.parquet': string;
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      410: components['responses']['ExportCursorExpired'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getJob: {
    parameters: {
      query?: {
        /** @description Include jobs (and companies) whose company display identity is still unresolved (an opaque tenant identifier instead of a name). Hidden by default. Without it, a job or company of an unresolved company answers 404 on detail operations. */
        include_unresolved?: components['parameters']['IncludeUnresolved'];
      };
      header?: never;
      path: {
        /** @description Stable key of the job (`job_key` of search and feed results). */
        job_key: components['parameters']['JobKeyPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The job. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Job'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listCompanies: {
    parameters: {
      query?: {
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description Opaque cursor: the `next_cursor` of the previous page, passed back unchanged with the same filters. At most 2048 characters. A cursor whose filters differ from this request's → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`. */
        cursor?: components['parameters']['Cursor'];
        /**
         * @description csv of canonical source codes (lower case); see schema `SourceCode` for the 59 codes. At most 500 characters.
         * @example [
         *       "greenhouse",
         *       "lever"
         *     ]
         */
        source?: components['parameters']['SourceCsv'];
        /**
         * @description csv of ISO 3166-1 alpha-2 country codes, upper case (`US,DE`). Matches jobs with at least one derived location in one of the countries. At most 500 characters.
         * @example [
         *       "US",
         *       "DE"
         *     ]
         */
        country?: components['parameters']['CountryCsv'];
        /** @description Only companies with at least this many open jobs. Default 0, at most 1000000. */
        min_open_jobs?: number;
        /** @description Include jobs (and companies) whose company display identity is still unresolved (an opaque tenant identifier instead of a name). Hidden by default. Without it, a job or company of an unresolved company answers 404 on detail operations. */
        include_unresolved?: components['parameters']['IncludeUnresolved'];
        /** @description `jsonl`: stream the full filtered catalog as NDJSON instead of a page. */
        export?: 'jsonl';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of companies, or (with `export=jsonl`) the streamed catalog. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CompanyList'];
          'application/x-ndjson': string;
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getCompany: {
    parameters: {
      query?: {
        /** @description Include jobs (and companies) whose company display identity is still unresolved (an opaque tenant identifier instead of a name). Hidden by default. Without it, a job or company of an unresolved company answers 404 on detail operations. */
        include_unresolved?: components['parameters']['IncludeUnresolved'];
      };
      header?: never;
      path: {
        /** @description Key of the company (`company_key` of the directory and of jobs). */
        company_key: components['parameters']['CompanyKeyPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The profile. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CompanyProfile'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listCompanyJobs: {
    parameters: {
      query?: {
        /** @description Job status filter: `open` (default), `closed`, or `all`. At most 500 characters. */
        status?: components['parameters']['JobStatus'];
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description Opaque cursor: the `next_cursor` of the previous page, passed back unchanged with the same filters. At most 2048 characters. A cursor whose filters differ from this request's → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`. */
        cursor?: components['parameters']['Cursor'];
        /** @description Include jobs (and companies) whose company display identity is still unresolved (an opaque tenant identifier instead of a name). Hidden by default. Without it, a job or company of an unresolved company answers 404 on detail operations. */
        include_unresolved?: components['parameters']['IncludeUnresolved'];
      };
      header?: never;
      path: {
        /** @description Key of the company (`company_key` of the directory and of jobs). */
        company_key: components['parameters']['CompanyKeyPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of jobs. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JobList'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getStats: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Statistics. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Corpus-Synthetic': components['headers']['X-Corpus-Synthetic'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Stats'];
        };
      };
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getPostingVelocity: {
    parameters: {
      query?: {
        /** @description Length of each window in days, 1 to 365; default 30. */
        window_days?: number;
      };
      header?: never;
      path: {
        /** @description Key of the company (`company_key` of the directory and of jobs). */
        company_key: components['parameters']['CompanyKeyPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Posting velocity. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PostingVelocity'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getTimeToFill: {
    parameters: {
      query?: {
        /** @description One company key. */
        company_key?: string;
        /** @description One ISO 3166-1 alpha-2 code, upper case. */
        country?: string;
        /** @description One career-family code. */
        family?:
          | 'engineering'
          | 'data_ai_analytics'
          | 'product_strategy'
          | 'design_research'
          | 'go_to_market'
          | 'business_operations'
          | 'finance_risk'
          | 'people_talent'
          | 'legal_policy'
          | 'administration'
          | 'general_professional'
          | 'unknown';
        /** @description One canonical source code. */
        source?:
          | 'greenhouse'
          | 'lever'
          | 'ashby'
          | 'workday'
          | 'smartrecruiters'
          | 'workable'
          | 'recruitee'
          | 'personio'
          | 'bamboohr'
          | 'teamtailor'
          | 'breezy'
          | 'jazzhr'
          | 'jobvite'
          | 'icims'
          | 'taleo'
          | 'successfactors'
          | 'oracle_cloud'
          | 'paylocity'
          | 'rippling'
          | 'pinpoint'
          | 'gem'
          | 'eightfold'
          | 'phenom'
          | 'avature'
          | 'cornerstone'
          | 'adp'
          | 'paycom'
          | 'dayforce'
          | 'join'
          | 'softgarden'
          | 'trakstar'
          | 'hireology'
          | 'applicantpro'
          | 'pageup'
          | 'comeet'
          | 'polymer'
          | 'jobscore'
          | 'zoho_recruit'
          | 'freshteam'
          | 'keka'
          | 'darwinbox'
          | 'kula'
          | 'manatal'
          | 'clearcompany'
          | 'hirehive'
          | 'gohire'
          | 'recooty'
          | 'crelate'
          | 'hibob'
          | 'deel'
          | 'getro'
          | 'jobsoid'
          | 'traffit'
          | 'emply'
          | 'niceboard'
          | 'sensehq'
          | 'loxo'
          | 'flatchr'
          | 'bullhorn';
        /** @description Window in days, 1 to 365; default 90. */
        window_days?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Result, or the insufficient-data variant. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['TimeToFill'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getStateOfHiring: {
    parameters: {
      query?: {
        /**
         * @description UTC calendar quarter, `YYYY-Qn`.
         * @example 2025-Q1
         */
        quarter?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'X-Corpus-Synthetic': components['headers']['X-Corpus-Synthetic'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['StateOfHiring'];
        };
      };
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDataQuality: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The report. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DataQualityReport'];
        };
      };
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getActiveFeed: {
    parameters: {
      query?: {
        /** @description Window ending now: `1h`, `6h`, `24h` (default), `7d` or `31d` (31 × 24 hours). At most 16 characters. */
        time_frame?: components['parameters']['TimeFrame'];
        /** @description Fixed inclusive lower bound on `first_seen` (RFC 3339 with offset). When given, it replaces the lower bound of `time_frame` (`time_frame` is then ignored); with cursors it gives exactly-once consumption. */
        first_seen_gte?: components['parameters']['FirstSeenGte'];
        /**
         * @description csv of ISO 3166-1 alpha-2 country codes, upper case (`US,DE`). Matches jobs with at least one derived location in one of the countries. At most 500 characters.
         * @example [
         *       "US",
         *       "DE"
         *     ]
         */
        country?: components['parameters']['CountryCsv'];
        /**
         * @description csv of canonical source codes (lower case); see schema `SourceCode` for the 59 codes. At most 500 characters.
         * @example [
         *       "greenhouse",
         *       "lever"
         *     ]
         */
        source?: components['parameters']['SourceCsv'];
        /** @description csv of canonical source codes to exclude. At most 500 characters. */
        exclude_source?: components['parameters']['ExcludeSourceCsv'];
        /**
         * @description csv of company domains (hostnames, matched exactly against `company_domain`, case insensitive; subdomains do not match their parent). At most 2000 characters.
         * @example [
         *       "stripe.com"
         *     ]
         */
        domain?: components['parameters']['DomainCsv'];
        /** @description csv of company names, each matched exactly against `organization` (case-insensitive). A name containing a comma cannot be expressed; use `domain` instead. At most 2000 characters. */
        organization?: components['parameters']['OrganizationCsv'];
        /**
         * @description Boolean title grammar: an OR of AND groups with negation. Operators `!` (not), `&` (and),
         *     `|` (or); precedence `!` then `&` then `|`; no parentheses. Each term is a
         *     case-insensitive substring of the title; whitespace around a term is trimmed and spaces
         *     inside a term are part of it. The operators must be URL-encoded (`&` as `%26`, `|` as
         *     `%7C`, `!` as `%21`).
         *
         *     Example: `engineer&!manager|data scientist` (decoded) matches titles containing
         *     "engineer" but not "manager", or containing "data scientist".
         *
         *     At most 500 characters and 32 terms. An empty term, a dangling operator or more than 32
         *     terms → 422, item `type: title_grammar`, `loc: ["query", "title"]`, `ctx.position` = the
         *     0-based character offset of the error.
         * @example engineer&!manager|data scientist
         */
        title?: components['parameters']['Title'];
        /** @description Collapse each cross-location duplicate group (`duplicate_group`) to one representative job (the earliest `first_seen`, then the smallest `job_key`). */
        exclude_duplicates?: components['parameters']['ExcludeDuplicates'];
        /** @description `none` (default): no descriptions. `text`: each job carries `description_text`. */
        description_format?: components['parameters']['DescriptionFormat'];
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description Opaque cursor: the `next_cursor` of the previous page, passed back unchanged with the same filters. At most 2048 characters. A cursor whose filters differ from this request's → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`. */
        cursor?: components['parameters']['Cursor'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of newly indexed jobs. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActiveFeedPage'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  countActiveFeed: {
    parameters: {
      query?: {
        /**
         * @description csv of ISO 3166-1 alpha-2 country codes, upper case (`US,DE`). Matches jobs with at least one derived location in one of the countries. At most 500 characters.
         * @example [
         *       "US",
         *       "DE"
         *     ]
         */
        country?: components['parameters']['CountryCsv'];
        /**
         * @description csv of company domains (hostnames, matched exactly against `company_domain`, case insensitive; subdomains do not match their parent). At most 2000 characters.
         * @example [
         *       "stripe.com"
         *     ]
         */
        domain?: components['parameters']['DomainCsv'];
        /** @description Collapse each cross-location duplicate group (`duplicate_group`) to one representative job (the earliest `first_seen`, then the smallest `job_key`). */
        exclude_duplicates?: components['parameters']['ExcludeDuplicates'];
        /** @description csv of canonical source codes to exclude. At most 500 characters. */
        exclude_source?: components['parameters']['ExcludeSourceCsv'];
        /** @description Fixed inclusive lower bound on `first_seen` (RFC 3339 with offset). When given, it replaces the lower bound of `time_frame` (`time_frame` is then ignored); with cursors it gives exactly-once consumption. */
        first_seen_gte?: components['parameters']['FirstSeenGte'];
        /** @description csv of company names, each matched exactly against `organization` (case-insensitive). A name containing a comma cannot be expressed; use `domain` instead. At most 2000 characters. */
        organization?: components['parameters']['OrganizationCsv'];
        /**
         * @description csv of canonical source codes (lower case); see schema `SourceCode` for the 59 codes. At most 500 characters.
         * @example [
         *       "greenhouse",
         *       "lever"
         *     ]
         */
        source?: components['parameters']['SourceCsv'];
        /** @description Window ending now: `1h`, `6h`, `24h` (default), `7d` or `31d` (31 × 24 hours). At most 16 characters. */
        time_frame?: components['parameters']['TimeFrame'];
        /**
         * @description Boolean title grammar: an OR of AND groups with negation. Operators `!` (not), `&` (and),
         *     `|` (or); precedence `!` then `&` then `|`; no parentheses. Each term is a
         *     case-insensitive substring of the title; whitespace around a term is trimmed and spaces
         *     inside a term are part of it. The operators must be URL-encoded (`&` as `%26`, `|` as
         *     `%7C`, `!` as `%21`).
         *
         *     Example: `engineer&!manager|data scientist` (decoded) matches titles containing
         *     "engineer" but not "manager", or containing "data scientist".
         *
         *     At most 500 characters and 32 terms. An empty term, a dangling operator or more than 32
         *     terms → 422, item `type: title_grammar`, `loc: ["query", "title"]`, `ctx.position` = the
         *     0-based character offset of the error.
         * @example engineer&!manager|data scientist
         */
        title?: components['parameters']['Title'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The count. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ActiveFeedCount'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getExpiredFeed: {
    parameters: {
      query?: {
        /** @description Window ending now: `1h`, `6h`, `24h` (default), `7d` or `31d` (31 × 24 hours). At most 16 characters. */
        time_frame?: components['parameters']['TimeFrame'];
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description Opaque cursor: the `next_cursor` of the previous page, passed back unchanged with the same filters. At most 2048 characters. A cursor whose filters differ from this request's → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`. */
        cursor?: components['parameters']['Cursor'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of closed jobs. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ExpiredJobList'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getModifiedFeed: {
    parameters: {
      query?: {
        /** @description Window ending now: `1h`, `6h`, `24h` (default), `7d` or `31d` (31 × 24 hours). At most 16 characters. */
        time_frame?: components['parameters']['TimeFrame'];
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
        /** @description Opaque cursor: the `next_cursor` of the previous page, passed back unchanged with the same filters. At most 2048 characters. A cursor whose filters differ from this request's → 422 `cursor_mismatch`; an altered or unreadable cursor → 422 `cursor_invalid`. */
        cursor?: components['parameters']['Cursor'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of modifications. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ModifiedJobList'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      422: components['responses']['CursorValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getChangeFeed: {
    parameters: {
      query?: {
        /** @description Return events with `seq` greater than this; default 0. */
        since_seq?: number;
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChangeFeedPage'];
        };
      };
      401: components['responses']['Unauthorized'];
      402: components['responses']['AllowanceExhausted'];
      403: components['responses']['Forbidden'];
      410: components['responses']['ChangeFeedExpired'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listDatasets: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The index. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DatasetIndex'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDataset: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description UTC date of the snapshot (`YYYY-MM-DD`).
         * @example 2025-06-01
         */
        snapshot_date: components['parameters']['SnapshotDatePath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The manifest. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DatasetManifest'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  downloadDatasetPart: {
    parameters: {
      query: {
        /** @description Expiry of the URL, Unix seconds (from the manifest). */
        expires: number;
        /** @description Hex HMAC-SHA256 of the path and `expires` (from the manifest). */
        signature: string;
      };
      header?: never;
      path: {
        /**
         * @description UTC date of the snapshot (`YYYY-MM-DD`).
         * @example 2025-06-01
         */
        snapshot_date: components['parameters']['SnapshotDatePath'];
        /** @description Part number, from 1. */
        part: number;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The part. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Content-Disposition': components['headers']['Content-Disposition'];
          [name: string]: unknown;
        };
        content: {
          'application/vnd.apache.parquet': string;
        };
      };
      403: components['responses']['DatasetUrlInvalid'];
      404: components['responses']['NotFound'];
      410: components['responses']['DatasetUrlExpired'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listDestinations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The destinations. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DestinationList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createDestination: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DestinationCreate'];
      };
    };
    responses: {
      /** @description Created (disabled). */
      201: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          Location: components['headers']['Location'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Destination'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDestination: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the destination. */
        destination_id: components['parameters']['DestinationIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The destination. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Destination'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  deleteDestination: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the destination. */
        destination_id: components['parameters']['DestinationIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted; no body. */
      204: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content?: never;
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  updateDestination: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the destination. */
        destination_id: components['parameters']['DestinationIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['DestinationUpdate'];
      };
    };
    responses: {
      /** @description The updated destination. */
      200: {
        headers: {
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Destination'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  enableDestination: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the destination. */
        destination_id: components['parameters']['DestinationIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The enabled destination. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Destination'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  disableDestination: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the destination. */
        destination_id: components['parameters']['DestinationIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The disabled destination. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Destination'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listDestinationRuns: {
    parameters: {
      query?: {
        /** @description Page size. Integer from 1 to 1000; default 100. */
        limit?: components['parameters']['Limit'];
      };
      header?: never;
      path: {
        /** @description Id of the destination. */
        destination_id: components['parameters']['DestinationIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The runs. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DeliveryRunList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createCheckout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.com",
         *       "plan": "growth",
         *       "return_url": "https://example.com/welcome"
         *     }
         */
        'application/json': components['schemas']['CheckoutRequest'];
      };
    };
    responses: {
      /** @description Checkout created. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Checkout'];
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['BillingServiceUnavailable'];
    };
  };
  receiveBillingWebhook: {
    parameters: {
      query?: never;
      header: {
        /** @description Stripe signature header (`t=…,v1=…`) over the raw body. Required — an unsigned payload is rejected. The service checks it itself, so a missing header answers like an invalid one, 400 `webhook_signature_invalid` (not 422). */
        'Stripe-Signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      /** @description Event received. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookAck'];
        };
      };
      400: components['responses']['BadRequest'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['BillingServiceUnavailable'];
    };
  };
  claimKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ClaimRequest'];
      };
    };
    responses: {
      /** @description Key issued. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ClaimedKey'];
        };
      };
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      410: components['responses']['Gone'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['BillingServiceUnavailable'];
    };
  };
  createPortalSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['PortalRequest'];
      };
    };
    responses: {
      /** @description Session created. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PortalSession'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['BillingServiceUnavailable'];
    };
  };
  issueCompatibilityKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CompatibilityKeyRequest'];
      };
    };
    responses: {
      /** @description Compatibility key issued. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CompatibilityKey'];
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getAccountUsage: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Usage. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountUsage'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listAccountKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The keys. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountKeyList'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  createAccountKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['AccountKeyCreate'];
      };
    };
    responses: {
      /** @description Key created. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IssuedKey'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  rotateAccountKey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Replacement key created. */
      201: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          'Cache-Control': components['headers']['Cache-Control-No-Store'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['IssuedKey'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      409: components['responses']['Conflict'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  revokeAccountKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Id of the account key (`id` in key metadata). */
        key_id: components['parameters']['KeyIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked key's metadata. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['AccountKey'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getDailyUsage: {
    parameters: {
      query?: {
        /** @description First day (UTC), inclusive. */
        date_from?: string;
        /** @description Last day (UTC), inclusive. */
        date_to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Daily usage. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['DailyUsage'];
        };
      };
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  listSitemaps: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The index. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SitemapIndex'];
        };
      };
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  getSitemapSegment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /**
         * @description Segment id: two lower-case hexadecimal characters, `00` to `ff` (256 segments). A job belongs to the segment named by the first two hex characters of SHA-256(`job_key`).
         * @example 3f
         */
        segment_id: components['parameters']['SegmentIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The segment. */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SitemapSegment'];
        };
      };
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      501: components['responses']['NotImplemented'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
  mcpRequest: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['McpMessage'];
      };
    };
    responses: {
      /** @description One JSON-RPC response (a result or a JSON-RPC error). */
      200: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          'X-RateLimit-Limit': components['headers']['X-RateLimit-Limit'];
          'X-RateLimit-Remaining': components['headers']['X-RateLimit-Remaining'];
          'X-RateLimit-Reset': components['headers']['X-RateLimit-Reset'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JsonRpcResponse'];
        };
      };
      /** @description Notification or response accepted; no body. */
      202: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          'X-Service-Schema-Version': components['headers']['X-Service-Schema-Version'];
          [name: string]: unknown;
        };
        content?: never;
      };
      /**
       * @description The transport refused the message: an unsupported `MCP-Protocol-Version`, or a body
       *     that is not a JSON-RPC 2.0 message (JSON-RPC error `-32000`, `-32600` or `-32700`,
       *     `id` null).
       */
      400: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JsonRpcResponse'];
        };
      };
      403: components['responses']['OriginForbidden'];
      /** @description `Accept` does not list both `application/json` and `text/event-stream` (JSON-RPC error `-32000`). */
      406: {
        headers: {
          'X-Request-Id': components['headers']['X-Request-Id'];
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['JsonRpcResponse'];
        };
      };
      413: components['responses']['PayloadTooLarge'];
      415: components['responses']['UnsupportedMediaType'];
      422: components['responses']['ValidationFailed'];
      429: components['responses']['TooManyRequests'];
      503: components['responses']['ServiceUnavailable'];
    };
  };
}

/** Query parameters whose schema has a default, per operation (the validator fills them in). */
export interface QueryDefaults {
  getHealth: never;
  getOpenApi: never;
  previewJobs: 'limit';
  searchJobs: 'status' | 'exclude_duplicates' | 'include_description' | 'include_unresolved' | 'limit';
  searchJobsTyped: never;
  exportJobs: 'exclude_duplicates' | 'format' | 'part' | 'status';
  getJob: 'include_unresolved';
  listCompanies: 'limit' | 'min_open_jobs' | 'include_unresolved';
  getCompany: 'include_unresolved';
  listCompanyJobs: 'status' | 'limit' | 'include_unresolved';
  getStats: never;
  getPostingVelocity: 'window_days';
  getTimeToFill: 'window_days';
  getStateOfHiring: never;
  getDataQuality: never;
  getActiveFeed: 'time_frame' | 'exclude_duplicates' | 'description_format' | 'limit';
  countActiveFeed: 'exclude_duplicates' | 'time_frame';
  getExpiredFeed: 'time_frame' | 'limit';
  getModifiedFeed: 'time_frame' | 'limit';
  getChangeFeed: 'since_seq' | 'limit';
  listDatasets: never;
  getDataset: never;
  downloadDatasetPart: never;
  listDestinations: never;
  createDestination: never;
  getDestination: never;
  deleteDestination: never;
  updateDestination: never;
  enableDestination: never;
  disableDestination: never;
  listDestinationRuns: 'limit';
  createCheckout: never;
  receiveBillingWebhook: never;
  claimKey: never;
  createPortalSession: never;
  issueCompatibilityKey: never;
  getAccountUsage: never;
  listAccountKeys: never;
  createAccountKey: never;
  rotateAccountKey: never;
  revokeAccountKey: never;
  getDailyUsage: never;
  listSitemaps: never;
  getSitemapSegment: never;
  mcpRequest: never;
}
