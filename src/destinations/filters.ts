/**
 * A destination's filters as a predicate over stored jobs, with the active feed's semantics
 * (search/job-query.ts) apart from status, which the caller judges: sources, countries of the derived locations, the title
 * grammar, duplicates only when asked, unresolved companies only when asked (rule 5 of Job).
 * Delivery judges each change event's document with it, in process: no Elasticsearch round trip.
 */
import type { DestinationFilters } from '../domain/destinations.js';
import type { StoredJob } from '../domain/job.js';
import { parseTitleExpression, titleMatches } from '../search/title-grammar.js';

/** Whether a job passes the filters (status aside); throws TitleGrammarError on a bad title. */
export function jobMatcher(filters: DestinationFilters): (job: StoredJob) => boolean {
  const title = filters.title === undefined ? undefined : parseTitleExpression(filters.title);
  const sources = filters.source === undefined ? undefined : new Set(filters.source);
  const countries = filters.country === undefined ? undefined : new Set(filters.country);
  return (job) =>
    (filters.include_unresolved === true || job.company_resolved) &&
    (filters.exclude_duplicates !== true || job.is_duplicate_representative) &&
    (sources === undefined || sources.has(job.source)) &&
    (countries === undefined ||
      job.locations_derived.some(
        (location) => location.country_code !== null && countries.has(location.country_code),
      )) &&
    (title === undefined || titleMatches(job.title, title));
}
