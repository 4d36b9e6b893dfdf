/**
 * The only reader of process.env. Everything is parsed and validated once at start-up; a bad value
 * fails fast with an error that names the variable, and the parsed Config is passed down explicitly.
 */

import { hkdfSync } from 'node:crypto';
import type { PlanCode } from './domain/plans.js';

export interface Config {
  http: {
    host: string;
    port: number;
    publicBaseUrl: string;
    /** PUBLIC_BASE_URL when set: absolute links (signed dataset URLs) use it, else the request's origin. */
    linkBaseUrl?: string;
    upgradeUrl: string;
    /** Where the billing portal's return link leads when the caller names none. */
    accountUrl: string;
    /**
     * Reverse proxies in front of the service whose X-Forwarded-For is trusted (0: none, the
     * socket address is the client). Keyless rate limits count per client address.
     */
    trustedProxyHops: number;
  };
  elasticsearch: {
    /**
     * The nodes the client sends requests to (ELASTICSEARCH_URL, comma-separated): a request to a
     * node that does not answer is retried once on another, and the dead node is left out until it
     * answers a ping again.
     */
    nodes: string[];
    indexPrefix: string;
    /** Shards and replicas of the index generations created from now on (ES_SHARDS, ES_REPLICAS). */
    layout: IndexLayout;
    requestTimeoutMs: number;
    /**
     * Deadline of the API's Elasticsearch reads on the request path (searches, feeds, export pages,
     * counts, points in time); requestTimeoutMs stays the deadline of everything else (index
     * management has its own longer one).
     */
    searchTimeoutMs: number;
    /** How long relevance walks starting one after another share a point in time (0: never). */
    pitShareMs: number;
  };
  postgres: {
    url: string;
    schema: string;
    statementTimeoutMs: number;
    /** Client-side deadline of a statement, or of getting a connection, in the API process. */
    requestTimeoutMs: number;
    poolSize: number;
  };
  secrets: { apiKeyPepper: string; cursorSecret: string };
  limits: {
    /**
     * Scales every per-minute rate limit of the OpenAPI document (1 = the published limits). For
     * staging and load tests only; production runs with 1.
     */
    rateLimitMultiplier: number;
    /**
     * While on, compatibility keys (POST /v1/keys) unlock no production endpoint. Off only for
     * trials and staging: new compatibility keys then get the Starter plan.
     */
    paidEnforcement: boolean;
  };
  /** Stripe; absent → the billing operations answer 503 billing_unavailable. */
  stripe?: StripeConfig;
  /** How often recent authenticated activity is written (in one batch). */
  activityFlushMs: number;
  /** Where dataset snapshots are written and served from. */
  datasetsDir: string;
  /** The company directory lists companies with a board crawled successfully within this many days. */
  directoryVerifiedDays: number;
  /**
   * How often the worker recomputes /v1/stats and the running quarter's state-of-hiring report
   * (seconds); requests recompute only when the stored one is older than twice this.
   */
  statsRefreshSeconds: number;
  /** Data-quality reports: how often the worker produces one, and how many completed ones are kept. */
  quality: { intervalSeconds: number; retained: number };
  /** The sentence-embedding model (semantic search); absent → semantic mode answers 503. */
  embedding?: { modelDir: string; threads: number };
  ingest: {
    httpTimeoutMs: number;
    httpMaxAttempts: number;
    /** Boards crawled at once by one worker. */
    concurrency: number;
    /** Threads that normalize and enrich postings (0 = on the main thread). */
    threads: number;
    /** Minimum spacing of requests to one host (politeness). */
    hostMinIntervalMs: number;
    userAgent: string;
    /** Consecutive not-found answers before a board is declared dead. */
    deadAfterFailures: number;
    /** Consecutive empty answers before an emptied board's jobs are closed. */
    emptyConfirmations: number;
  };
  destinations: DestinationsConfig;
  /** OpenAI-compatible endpoint for the work-arrangement classifier; absent → deterministic rules. */
  llm?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

/**
 * Primary shards of a new index generation (fixed for its life: changing it takes `npm run reindex`)
 * and its replicas: a count, or an auto-expand range (`0-1`, `1-all`) that follows the number of data
 * nodes. Replicas change in place (`npm run migrate`). The sizing rule is in docs/SCALING.md.
 */
export interface IndexLayout {
  shards: number;
  replicas: number | { autoExpand: string };
}

export interface StripeConfig {
  secretKey: string;
  /** Several secrets during a rotation of the endpoint's signing secret (comma-separated). */
  webhookSecrets: string[];
  /** Price id of each plan's monthly subscription. */
  prices: Record<PlanCode, string>;
  /** Another API address (stripe-mock in tests and the local stack); absent → api.stripe.com. */
  apiUrl?: string;
  timeoutMs: number;
}

export interface DestinationsConfig {
  /**
   * AES-256-GCM keys for destination secrets, by id; the first encrypts, every one decrypts (so a
   * key can be rotated: add a new one first, re-save, then drop the old). DESTINATION_KEYS is
   * `id:base64-of-32-bytes,…`; unset → one key `c0` derived from CURSOR_SECRET (HKDF).
   */
  keys: { id: string; key: Buffer }[];
  /**
   * Addresses (CIDRs) delivery may connect to although they are private or loopback. For the test
   * suite and local development only; empty in production.
   */
  allowedCidrs: string[];
  /** PEM file of an extra certificate authority trusted for deliveries (tests' self-signed receivers). */
  extraCaFile?: string;
  /** How often the worker looks for destinations with work (ms). */
  pollMs: number;
  /** Change events per webhook call (the contract's bound: 500). */
  batchSize: number;
  /** Change events (or backfilled jobs) per customer Postgres transaction. */
  postgresBatchSize: number;
  /** A run ends after this long even when events are left (the next run continues), so one destination cannot hold a worker slot. */
  runSeconds: number;
  /** Deadline of one webhook call or Postgres statement (ms). */
  callTimeoutMs: number;
  /** Destinations delivered at once by one worker. */
  concurrency: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Reads and validates the configuration from an environment map (process.env by default). */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const read = new EnvReader(env, problems);
  const host = read.string('HOST', '127.0.0.1');
  const port = read.int('PORT', 8080, 0, 65535);
  const linkBaseUrl = read.optionalUrl('PUBLIC_BASE_URL');
  const publicBaseUrl = linkBaseUrl ?? `http://${host}:${port}`;
  const config: Config = {
    http: {
      host,
      port,
      publicBaseUrl,
      ...(linkBaseUrl === undefined ? {} : { linkBaseUrl }),
      // Until a pricing page exists, the contract's plans table is the honest place to send people.
      upgradeUrl: read.optionalUrl('UPGRADE_URL') ?? `${publicBaseUrl}/openapi.json`,
      accountUrl: read.optionalUrl('ACCOUNT_URL') ?? publicBaseUrl,
      trustedProxyHops: read.int('TRUSTED_PROXY_HOPS', 0, 0, 10),
    },
    elasticsearch: {
      nodes: read.urlList('ELASTICSEARCH_URL'),
      indexPrefix: read.pattern('ES_INDEX_PREFIX', 'jobs', /^[a-z][a-z0-9_-]{0,100}$/),
      layout: {
        shards: read.int('ES_SHARDS', 1, 1, 1024),
        replicas: read.replicas('ES_REPLICAS'),
      },
      requestTimeoutMs: read.int('ES_REQUEST_TIMEOUT_MS', 5000, 100, 300_000),
      searchTimeoutMs: read.int('ES_SEARCH_TIMEOUT_MS', 2000, 100, 300_000),
      pitShareMs: read.int('SEARCH_PIT_SHARE_MS', 1000, 0, 60_000),
    },
    postgres: {
      url: read.url('DATABASE_URL'),
      schema: read.pattern('PG_SCHEMA', 'public', /^[a-z_][a-z0-9_]{0,62}$/),
      statementTimeoutMs: read.int('PG_STATEMENT_TIMEOUT_MS', 10_000, 100, 3_600_000),
      requestTimeoutMs: read.int('PG_REQUEST_TIMEOUT_MS', 1500, 100, 3_600_000),
      poolSize: read.int('PG_POOL_SIZE', 10, 1, 200),
    },
    secrets: {
      apiKeyPepper: read.secret('API_KEY_PEPPER'),
      cursorSecret: read.secret('CURSOR_SECRET'),
    },
    limits: {
      rateLimitMultiplier: read.int('RATE_LIMIT_MULTIPLIER', 1, 1, 1_000_000),
      paidEnforcement: read.bool('PAID_ENFORCEMENT', true),
    },
    ...stripeConfig(read),
    activityFlushMs: read.int('ACTIVITY_FLUSH_MS', 1000, 10, 60_000),
    datasetsDir: read.string('DATASETS_DIR', 'data/datasets'),
    directoryVerifiedDays: read.int('DIRECTORY_VERIFIED_DAYS', 30, 1, 3650),
    statsRefreshSeconds: read.int('STATS_REFRESH_SECONDS', 300, 5, 86_400),
    quality: {
      intervalSeconds: read.int('QUALITY_REPORT_INTERVAL_SECONDS', 3600, 60, 604_800),
      retained: read.int('QUALITY_REPORTS_RETAINED', 10, 1, 1000),
    },
    ...embeddingConfig(read),
    ingest: {
      httpTimeoutMs: read.int('CRAWL_HTTP_TIMEOUT_MS', 20_000, 100, 300_000),
      httpMaxAttempts: read.int('CRAWL_HTTP_MAX_ATTEMPTS', 4, 1, 10),
      concurrency: read.int('CRAWL_CONCURRENCY', 4, 1, 64),
      threads: read.int('INGEST_THREADS', 2, 0, 64),
      hostMinIntervalMs: read.int('CRAWL_HOST_MIN_INTERVAL_MS', 1000, 0, 60_000),
      userAgent: read.string('CRAWL_USER_AGENT', 'job-listings-data-service/1.0'),
      deadAfterFailures: read.int('BOARD_DEAD_AFTER_FAILURES', 3, 1, 100),
      emptyConfirmations: read.int('BOARD_EMPTY_CONFIRMATIONS', 3, 1, 100),
    },
    destinations: destinationsConfig(read, env),
    ...llmConfig(read),
    logLevel: read.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function embeddingConfig(read: EnvReader): Pick<Config, 'embedding'> {
  if (!read.present('EMBEDDING_MODEL_DIR')) return {};
  return {
    embedding: {
      modelDir: read.string('EMBEDDING_MODEL_DIR', ''),
      threads: read.int('EMBEDDING_THREADS', 1, 1, 16),
    },
  };
}

function stripeConfig(read: EnvReader): Pick<Config, 'stripe'> {
  if (!read.present('STRIPE_SECRET_KEY')) return {};
  const apiUrl = read.optionalUrl('STRIPE_API_URL');
  return {
    stripe: {
      secretKey: read.secret('STRIPE_SECRET_KEY', 8),
      webhookSecrets: read
        .secret('STRIPE_WEBHOOK_SECRET', 8)
        .split(',')
        .map((secret) => secret.trim())
        .filter((secret) => secret !== ''),
      prices: {
        starter: read.required('STRIPE_PRICE_STARTER'),
        growth: read.required('STRIPE_PRICE_GROWTH'),
        scale: read.required('STRIPE_PRICE_SCALE'),
      },
      ...(apiUrl === undefined ? {} : { apiUrl }),
      timeoutMs: read.int('STRIPE_TIMEOUT_MS', 10_000, 100, 120_000),
    },
  };
}

function destinationsConfig(read: EnvReader, env: Env): DestinationsConfig {
  const keys = read.keyList('DESTINATION_KEYS');
  const extraCaFile = read.string('DESTINATION_EXTRA_CA_FILE', '');
  return {
    keys:
      keys.length > 0 ? keys : [{ id: 'c0', key: deriveKey(env.CURSOR_SECRET ?? '', 'destination-secrets') }],
    allowedCidrs: read
      .string('DESTINATION_ALLOWED_CIDRS', '')
      .split(',')
      .map((cidr) => cidr.trim())
      .filter((cidr) => cidr !== ''),
    ...(extraCaFile === '' ? {} : { extraCaFile }),
    pollMs: read.int('DESTINATION_POLL_MS', 1000, 10, 600_000),
    batchSize: read.int('DESTINATION_BATCH_SIZE', 500, 1, 500),
    postgresBatchSize: read.int('DESTINATION_POSTGRES_BATCH_SIZE', 2000, 1, 20_000),
    runSeconds: read.int('DESTINATION_RUN_SECONDS', 60, 1, 3600),
    callTimeoutMs: read.int('DESTINATION_CALL_TIMEOUT_MS', 10_000, 100, 120_000),
    concurrency: read.int('DESTINATION_CONCURRENCY', 4, 1, 64),
  };
}

/** A 32-byte key derived from a configured secret for one purpose (HKDF-SHA-256). */
function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
}

function llmConfig(read: EnvReader): Pick<Config, 'llm'> {
  const baseUrl = read.optionalUrl('LLM_BASE_URL');
  if (baseUrl === undefined) return {};
  return {
    llm: {
      baseUrl,
      apiKey: read.string('LLM_API_KEY', ''),
      model: read.string('LLM_MODEL', 'gpt-4o-mini'),
      timeoutMs: read.int('LLM_TIMEOUT_MS', 10_000, 100, 120_000),
    },
  };
}

class EnvReader {
  constructor(
    private readonly env: Env,
    private readonly problems: string[],
  ) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value === '' ? undefined : value;
  }

  present(name: string): boolean {
    return this.raw(name) !== undefined;
  }

  required(name: string): string {
    const value = this.raw(name);
    if (value === undefined) this.problems.push(`${name} is required`);
    return value ?? '';
  }

  bool(name: string, fallback: boolean): boolean {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (value !== 'true' && value !== 'false')
      this.problems.push(`${name} must be true or false (got "${value}")`);
    return value === 'true';
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${value}")`);
      return fallback;
    }
    return parsed;
  }

  url(name: string): string {
    const value = this.raw(name);
    if (value === undefined) {
      this.problems.push(`${name} is required`);
      return '';
    }
    if (!URL.canParse(value)) this.problems.push(`${name} must be a URL`);
    return value;
  }

  /** A comma-separated list of at least one URL. */
  urlList(name: string): string[] {
    const value = this.raw(name);
    if (value === undefined) {
      this.problems.push(`${name} is required`);
      return [];
    }
    const urls = value.split(',').map((item) => item.trim());
    if (urls.some((url) => !URL.canParse(url)))
      this.problems.push(`${name} must be a URL or a comma-separated list of URLs`);
    return urls;
  }

  /** A replica count (0–32) or Elasticsearch's auto-expand range `<min>-<max|all>`; default 0. */
  replicas(name: string): IndexLayout['replicas'] {
    const value = this.raw(name);
    if (value === undefined) return 0;
    if (/^\d{1,2}$/.test(value) && Number(value) <= 32) return Number(value);
    const range = /^(\d{1,2})-(\d{1,2}|all)$/.exec(value);
    if (range !== null && (range[2] === 'all' || Number(range[1]) <= Number(range[2])))
      return { autoExpand: value };
    this.problems.push(
      `${name} must be a replica count from 0 to 32 or a range like 0-1 or 1-all (got "${value}")`,
    );
    return 0;
  }

  optionalUrl(name: string): string | undefined {
    const value = this.raw(name);
    if (value !== undefined && !URL.canParse(value)) this.problems.push(`${name} must be a URL`);
    return value?.replace(/\/$/, '');
  }

  pattern(name: string, fallback: string, re: RegExp): string {
    const value = this.raw(name) ?? fallback;
    if (!re.test(value)) this.problems.push(`${name} must match ${re.source} (got "${value}")`);
    return value;
  }

  /** Secrets are never echoed back in the error, only their problem. */
  secret(name: string, minLength = 32): string {
    const value = this.raw(name);
    if (value === undefined) {
      this.problems.push(`${name} is required (at least ${minLength} characters of random data)`);
      return '';
    }
    if (value.length < minLength) this.problems.push(`${name} must be at least ${minLength} characters long`);
    return value;
  }

  /** `id:base64,…` of 32-byte keys; never echoes a key in a problem. */
  keyList(name: string): { id: string; key: Buffer }[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    const keys: { id: string; key: Buffer }[] = [];
    for (const item of value.split(',')) {
      const [id = '', encoded = ''] = item.trim().split(':');
      const key = Buffer.from(encoded, 'base64');
      if (!/^[a-z0-9]{1,16}$/.test(id) || key.length !== 32)
        this.problems.push(
          `${name} must be a comma-separated list of id:base64-of-32-bytes (ids [a-z0-9]{1,16})`,
        );
      else keys.push({ id, key });
    }
    return keys;
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const match = allowed.find((candidate) => candidate === value);
    if (match === undefined)
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
    return match ?? fallback;
  }
}
