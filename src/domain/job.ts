/**
 * The Job model: the public shape (the OpenAPI `Job` schema, spec field names) and the internal
 * members the index carries beside it. "Unknown means omitted": every optional member is absent,
 * never null, unless the source published it or we derived it; only the five keys of a
 * `locations_derived` entry are always present and nullable.
 */
import type { SourceCode } from './sources.js';

export const JOB_STATUSES = ['open', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const CLOSE_REASONS = ['removed_from_board', 'board_dead', 'expired_by_source'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const WORK_ARRANGEMENTS = ['remote', 'hybrid', 'on_site', 'unknown'] as const;
export type WorkArrangement = (typeof WORK_ARRANGEMENTS)[number];

export const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

export const CAREER_FAMILIES = [
  'engineering',
  'data_ai_analytics',
  'product_strategy',
  'design_research',
  'go_to_market',
  'business_operations',
  'finance_risk',
  'people_talent',
  'legal_policy',
  'administration',
  'general_professional',
  'unknown',
] as const;
export type CareerFamily = (typeof CAREER_FAMILIES)[number];

export const EXPERIENCE_LEVELS = ['intern', 'entry', 'mid', 'senior', 'lead', 'executive'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];

export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** How a derived value was obtained (OpenAPI `DerivationSource`). */
export type DerivationSource = 'source_field' | 'rules' | 'language_model' | 'directory' | 'observed';

export interface Derivation {
  source: DerivationSource;
  /** 0..1; values read from a structured source field have confidence 1. */
  confidence: number;
}

export interface Location {
  city: string | null;
  country: string | null;
  country_code: string | null;
  lat: number | null;
  lng: number | null;
}

export interface Salary {
  min?: number;
  max?: number;
  currency: string;
  period: SalaryPeriod;
  annualized_min?: number;
  annualized_max?: number;
  source: 'source_field' | 'description_text';
}

/** Attributes derived by enrichment; each present one has an entry in `derivations`. */
export interface DerivedAttributes {
  locations_derived: Location[];
  remote_derived?: boolean;
  ai_work_arrangement?: WorkArrangement;
  employment_type?: EmploymentType[];
  career_family?: CareerFamily;
  skill_clusters?: string[];
  language?: string;
  salary?: Salary;
  security_clearance?: boolean;
  visa_sponsorship?: boolean;
  experience_level?: ExperienceLevel;
}

export type DerivedAttribute = keyof DerivedAttributes | 'company_key' | 'company_domain' | 'duplicate_group';

/** The public Job (OpenAPI `Job`). */
export interface Job extends DerivedAttributes {
  job_key: string;
  title: string;
  organization: string;
  url: string;
  status: JobStatus;
  first_seen: string;
  posted_at?: string;
  valid_through?: string;
  closed_at?: string;
  close_reason?: CloseReason;
  source: SourceCode;
  source_slug: string;
  source_endpoint: string;
  directory_verified_at: string;
  company_key?: string;
  company_domain?: string;
  department?: string;
  description_text?: string;
  duplicate_group?: string;
  derivations?: Partial<Record<DerivedAttribute, Derivation>>;
}

/** The job of record: the public members plus what the lifecycle and the directory need. */
export interface StoredJob extends Job {
  native_id: string;
  company_resolved: boolean;
  /** False only for non-representative members of a duplicate group. */
  is_duplicate_representative: boolean;
  modified_at?: string;
  /** Monotonic per job; the projector writes with external versioning on it. */
  revision: number;
}

/** The Elasticsearch document: the stored job plus fields only the index needs. */
export interface JobDocument extends StoredJob {
  /**
   * Always true, written right after the public members (search/document.ts): in `_source` the
   * bytes between the first member and this one are the job's public members in contract order.
   */
  public_members_end: true;
  /** Encoded character trigrams of the lower-cased title, in order (title grammar; see search/document.ts). */
  title_grams: string;
  title_short_grams: string[];
  location_points?: { lat: number; lon: number }[];
  /** Derived cities folded for case- and accent-insensitive matching (no asciifolding filter in our ES). */
  city_keys: string[];
  has_salary: boolean;
  indexed_at: string;
  embedding?: number[];
}
