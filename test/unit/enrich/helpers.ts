/** Builds EnrichInputs for the enrichment tests: a minimal posting plus the members a test sets. */
import type { EnrichInput, SourcePosting } from '../../../src/ingest/types.js';

export function posting(overrides: Partial<SourcePosting> = {}): SourcePosting {
  return {
    nativeId: '1',
    title: 'Job',
    url: 'https://jobs.example.com/1',
    sourceEndpoint: 'https://api.example.com/jobs',
    locations: [],
    ...overrides,
  };
}

/** An EnrichInput with the given title, description and posting members. */
export function input(
  title: string,
  descriptionText?: string,
  overrides: Partial<SourcePosting> = {},
): EnrichInput {
  const p = posting({ title, ...overrides });
  return descriptionText === undefined
    ? { title, organization: 'Example', posting: p }
    : { title, organization: 'Example', descriptionText, posting: p };
}
