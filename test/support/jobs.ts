import { readFileSync } from 'node:fs';
import type { StoredJob } from '../../src/domain/job.js';

/** The members the index mapping keeps out of `_source` (index-templates/jobs-mappings.json). */
export const SOURCE_EXCLUDES: readonly string[] =
  (
    JSON.parse(readFileSync('index-templates/jobs-mappings.json', 'utf8')) as {
      template: { mappings: { _source?: { excludes?: string[] } } };
    }
  ).template.mappings._source?.excludes ?? [];

/** A minimal valid stored job (open, resolved company, no derived attributes) with overrides. */
export function storedJob(key: string, extra: Partial<StoredJob> = {}): StoredJob {
  return {
    job_key: key,
    native_id: key,
    title: 'Engineer',
    organization: 'Acme',
    url: `https://jobs.example/${key}`,
    status: 'open',
    first_seen: '2026-01-01T00:00:00.000Z',
    source: 'greenhouse',
    source_slug: 'acme',
    source_endpoint: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs?content=true',
    directory_verified_at: '2026-01-01T00:00:00.000Z',
    locations_derived: [],
    company_resolved: true,
    is_duplicate_representative: true,
    revision: 1,
    ...extra,
  };
}
