/**
 * The public form of a job (OpenAPI Job): what the API answers and what destinations receive, so a
 * customer's copy holds exactly what the change feed carries.
 */
import type { Job } from './job.js';
import type { components } from '../openapi/types.js';

export type PublicJob = components['schemas']['Job'];

/**
 * The public members in the contract's order: publicJob's, and what the byte presenter
 * (presenters/job-bytes.ts) copies from Elasticsearch's answer, so both write the same JSON.
 */
export const PUBLIC_JOB_MEMBERS = [
  'job_key',
  'title',
  'organization',
  'url',
  'status',
  'first_seen',
  'posted_at',
  'valid_through',
  'closed_at',
  'close_reason',
  'source',
  'source_slug',
  'source_endpoint',
  'directory_verified_at',
  'company_key',
  'company_domain',
  'department',
  'locations_derived',
  'remote_derived',
  'description_text',
  'ai_work_arrangement',
  'employment_type',
  'career_family',
  'skill_clusters',
  'language',
  'salary',
  'security_clearance',
  'visa_sponsorship',
  'experience_level',
  'duplicate_group',
  'derivations',
] as const satisfies readonly (keyof PublicJob)[];

/**
 * The member the index document has right after the public ones (search/document.ts). A reader that
 * finds `_source` opening with `{"job_key":` and this member before the next hit knows the bytes
 * between are exactly the public members in contract order (the description excepted: it is not in
 * `_source`): an export's default-column NDJSON line is copied in one piece
 * (search/source-lines.ts). Documents indexed before it lack it and are read member by member.
 */
export const PUBLIC_END_MEMBER = 'public_members_end';

/** Compiles only while PUBLIC_JOB_MEMBERS names every member of the contract's Job. */
type Unlisted = Exclude<keyof PublicJob, (typeof PUBLIC_JOB_MEMBERS)[number]>;
export const PUBLIC_JOB_MEMBERS_COMPLETE: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * Exactly the public members, in the contract's order. Members the job lacks are undefined here and
 * absent on the wire (JSON drops them): unknown means omitted.
 */
export function publicJob(job: Job): PublicJob {
  return {
    job_key: job.job_key,
    title: job.title,
    organization: job.organization,
    url: job.url,
    status: job.status,
    first_seen: job.first_seen,
    posted_at: job.posted_at,
    valid_through: job.valid_through,
    closed_at: job.closed_at,
    close_reason: job.close_reason,
    source: job.source,
    source_slug: job.source_slug,
    source_endpoint: job.source_endpoint,
    directory_verified_at: job.directory_verified_at,
    company_key: job.company_key,
    company_domain: job.company_domain,
    department: job.department,
    locations_derived: job.locations_derived,
    remote_derived: job.remote_derived,
    description_text: job.description_text,
    ai_work_arrangement: job.ai_work_arrangement,
    employment_type: job.employment_type,
    career_family: job.career_family,
    skill_clusters: job.skill_clusters,
    language: job.language,
    salary: job.salary,
    security_clearance: job.security_clearance,
    visa_sponsorship: job.visa_sponsorship,
    experience_level: job.experience_level,
    duplicate_group: job.duplicate_group,
    derivations: job.derivations,
  };
}

/** A job as list-style feeds carry it: never the description. */
export function listedJob(job: Job): Omit<PublicJob, 'description_text'> {
  const { description_text: _description, ...listed } = publicJob(job);
  return listed;
}

/** A ledger event as the change feed and webhooks carry it (OpenAPI ChangeEvent). */
export function publicChangeEvent(event: {
  seq: number;
  kind: 'upsert' | 'tombstone';
  job_key: string;
  occurred_at: string;
  document: Job | null;
}): components['schemas']['ChangeEvent'] {
  return {
    seq: event.seq,
    type: event.kind,
    job_key: event.job_key,
    occurred_at: event.occurred_at,
    ...(event.document === null ? {} : { job: listedJob(event.document) }),
  };
}
