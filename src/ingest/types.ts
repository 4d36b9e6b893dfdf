/**
 * The contracts between the ingest stages:
 *   connector (native payload → SourcePosting) → normalize (→ Job fields) → enrich (→ derived
 *   attributes with provenance) → lifecycle diff → ledger.
 * Connectors only parse: they never guess, derive or default. Anything the source did not publish
 * is left out of the SourcePosting.
 */
import type { Derivation, DerivedAttribute, DerivedAttributes } from '../domain/job.js';

/** A board to crawl: one tenant on one ATS. */
export interface BoardRef {
  source: string;
  slug: string;
  /**
   * Replaces the connector's default base URL (scheme, host, optional path prefix), e.g.
   * `http://127.0.0.1:4010/greenhouse` for a local fixture server. Paths are appended unchanged.
   */
  endpointOverride?: string;
}

/** A location as the source published it; every member optional. */
export interface SourceLocation {
  /** Free text, e.g. "Berlin; London; Munich" or "Remote - United States". */
  text?: string;
  /**
   * A place's name as a URL path writes it, every run of spaces and punctuation one hyphen
   * ("Raleigh-North-Carolina-United-States"; normalize/hyphenated-place.ts).
   */
  hyphenated?: string;
  city?: string;
  region?: string;
  /** Country name or code as published. */
  country?: string;
  /** ISO 3166-1 alpha-2 when the source gives one explicitly. */
  countryCode?: string;
  lat?: number;
  lng?: number;
}

export interface SourceSalary {
  min?: number;
  max?: number;
  /** ISO 4217 when the source gives one (or an unambiguous symbol mapped by the connector). */
  currency?: string;
  /** Native period/interval value, e.g. "per-year-salary", "HOURLY", "1 YEAR", "year". */
  periodRaw?: string;
  /** A display string when that is all the source has, e.g. "$0.05 – $0.06 / hour". */
  text?: string;
}

/** One posting as published by the source, typed but not interpreted. */
export interface SourcePosting {
  /** The source's own id for the posting, stable across crawls of the board. */
  nativeId: string;
  title: string;
  /** Public address of the posting (apply or detail page). */
  url: string;
  /** The URL actually fetched to obtain this posting (list or detail endpoint). */
  sourceEndpoint: string;
  /** Company name as published by the source. */
  organization?: string;
  /** Description HTML as published (entity-escaped HTML already unescaped once where the source double-escapes). */
  descriptionHtml?: string;
  /** Plain-text description, when the source publishes only text. */
  descriptionText?: string;
  locations: SourceLocation[];
  /** ISO 8601 with offset. */
  postedAt?: string;
  updatedAt?: string;
  /** Expiry published by the source (validThrough, endDate, close_at …). */
  validThrough?: string;
  department?: string;
  team?: string;
  /** Native employment-type values, unmapped (e.g. "FullTime", "fulltime_permanent", "Full-time"). */
  employmentTypes?: string[];
  /** Native workplace value, unmapped (e.g. "OnSite", "hybrid", "remote", "unspecified"). */
  workplaceType?: string;
  /** An explicit native remote flag. */
  remote?: boolean;
  /** Native seniority/experience value, unmapped. */
  experience?: string;
  salary?: SourceSalary;
  /** Native language code of the posting, when published. */
  language?: string;
  requisitionId?: string;
  /** The source itself marks the posting expired or inactive. */
  expired?: boolean;
  /** The source lists it but hides it (e.g. Ashby isListed:false): never ingested. */
  unlisted?: boolean;
}

/** Result of crawling one board. */
export interface CrawlResult {
  /** The list endpoint that was fetched (first page). */
  endpoint: string;
  postings: SourcePosting[];
  /** Company name from the board envelope, when the source publishes one. */
  boardName?: string;
  /**
   * The company's own web addresses as the source publishes them about the company (website,
   * custom careers site), never the ATS's own hosts: identity evidence for the directory.
   */
  companyUrls?: string[];
  /**
   * Why the walk stopped short of what the source says the board holds (a connector's page guard
   * reached while more was reported): the postings are some of the board's, so the lifecycle
   * closes none that is missing from them.
   */
  truncated?: string;
}

/** Minimal HTTP client the connectors use: deadlines, retries and backoff live behind it. */
export interface HttpClient {
  request(url: string, init?: HttpRequestInit): Promise<HttpResponse>;
}

export interface HttpRequestInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Follow redirects (default true); Breezy signals a missing tenant with a redirect. */
  followRedirects?: boolean;
}

export interface HttpResponse {
  status: number;
  url: string;
  /** Lower-case names; several `set-cookie` headers are one value, one cookie a line. */
  headers: Record<string, string>;
  text: string;
}

export interface Connector {
  readonly source: string;
  /** Fetches every posting of a board; throws BoardNotFoundError when the board does not exist. */
  crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult>;
}

/** The board is gone at the source (404/410, "Document not found", redirect to the vendor, …). */
export class BoardNotFoundError extends Error {
  constructor(
    readonly board: BoardRef,
    readonly endpoint: string,
    readonly signal: string,
  ) {
    super(`Board ${board.source}/${board.slug} not found at ${endpoint}: ${signal}`);
    this.name = 'BoardNotFoundError';
  }
}

/** Retries exhausted on 429/5xx/timeouts: try again later; closes nothing. */
export class TransientFetchError extends Error {
  constructor(
    readonly endpoint: string,
    readonly reason: string,
  ) {
    super(`Transient failure fetching ${endpoint}: ${reason}`);
    this.name = 'TransientFetchError';
  }
}

/** What enrichment sees of a posting. */
export interface EnrichInput {
  title: string;
  organization: string;
  descriptionText?: string;
  posting: SourcePosting;
}

/** Enrichment output: derived attributes and, for every one present, its provenance. */
export interface Enrichment extends DerivedAttributes {
  derivations: Partial<Record<DerivedAttribute, Derivation>>;
}
