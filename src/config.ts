/**
 * The only reader of process.env. Everything is parsed and validated once at start-up; a bad value
 * fails fast with an error that names the variable, and the parsed Config is passed down explicitly.
 */

export interface Config {
  http: { host: string; port: number; publicBaseUrl: string; upgradeUrl: string };
  elasticsearch: { url: string; indexPrefix: string; requestTimeoutMs: number };
  postgres: { url: string; schema: string; statementTimeoutMs: number; poolSize: number };
  secrets: { apiKeyPepper: string; cursorSecret: string };
  limits: {
    /**
     * Scales every per-minute rate limit of the OpenAPI document (1 = the published limits). For
     * staging and load tests only; production runs with 1.
     */
    rateLimitMultiplier: number;
  };
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
  /** OpenAI-compatible endpoint for the work-arrangement classifier; absent → deterministic rules. */
  llm?: { baseUrl: string; apiKey: string; model: string; timeoutMs: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
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
  const publicBaseUrl = read.optionalUrl('PUBLIC_BASE_URL') ?? `http://${host}:${port}`;
  const config: Config = {
    http: {
      host,
      port,
      publicBaseUrl,
      // Until a pricing page exists, the contract's plans table is the honest place to send people.
      upgradeUrl: read.optionalUrl('UPGRADE_URL') ?? `${publicBaseUrl}/openapi.json`,
    },
    elasticsearch: {
      url: read.url('ELASTICSEARCH_URL'),
      indexPrefix: read.pattern('ES_INDEX_PREFIX', 'jobs', /^[a-z][a-z0-9_-]{0,100}$/),
      requestTimeoutMs: read.int('ES_REQUEST_TIMEOUT_MS', 5000, 100, 300_000),
    },
    postgres: {
      url: read.url('DATABASE_URL'),
      schema: read.pattern('PG_SCHEMA', 'public', /^[a-z_][a-z0-9_]{0,62}$/),
      statementTimeoutMs: read.int('PG_STATEMENT_TIMEOUT_MS', 10_000, 100, 3_600_000),
      poolSize: read.int('PG_POOL_SIZE', 10, 1, 200),
    },
    secrets: {
      apiKeyPepper: read.secret('API_KEY_PEPPER'),
      cursorSecret: read.secret('CURSOR_SECRET'),
    },
    limits: { rateLimitMultiplier: read.int('RATE_LIMIT_MULTIPLIER', 1, 1, 1_000_000) },
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
    ...llmConfig(read),
    logLevel: read.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
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
  secret(name: string): string {
    const value = this.raw(name);
    if (value === undefined) {
      this.problems.push(`${name} is required (at least 32 characters of random data)`);
      return '';
    }
    if (value.length < 32) this.problems.push(`${name} must be at least 32 characters long`);
    return value;
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
