/**
 * Workable job widget API v1: `GET https://apply.workable.com/api/v1/widget/accounts/{slug}?details=true`
 * returns `{name, description, jobs}` with every published job and, with `details=true`, the
 * `description`/`requirements`/`benefits` HTML; 404 for an unknown account. The `shortcode` is the
 * stable id (it is what the public `…/j/{shortcode}` URL uses).
 *
 * Workable's v3 API (`/spi/v3/jobs`) needs an account token, so it is not used and no parser for
 * its shapes exists here. Locations marked `hidden: true` are left out: the employer chose not to
 * show them (e.g. an "EMEA Remote" job with a hidden Paris office).
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { Connector, SourceLocation, SourcePosting } from '../types.js';
import {
  baseUrl,
  countryCode,
  envelopeArray,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  sections,
  singleListConnector,
} from './common.js';
import { arr, bool, isObject, str } from './json.js';

const DEFAULT_BASE = 'https://apply.workable.com';

/** Workable: one widget request per account, details included. */
export const workableConnector: Connector = singleListConnector({
  source: 'workable',
  listUrl: (board) =>
    `${baseUrl(board, DEFAULT_BASE)}/api/v1/widget/accounts/${safeSlug(board)}?details=true`,
  items: envelopeArray('jobs'),
  parse: parseWorkableJob,
  boardName: (payload) => str(payload, 'name'),
});

/** Maps one job of the v1 widget payload. */
export function parseWorkableJob(job: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(
    str(job, 'shortcode'),
    str(job, 'title'),
    str(job, 'url') ?? str(job, 'shortlink'),
    endpoint,
  );
  if (head === undefined) return undefined;
  return posting({
    ...head,
    descriptionHtml: sections([
      { html: str(job, 'description') },
      { title: 'Requirements', html: str(job, 'requirements') },
      { title: 'Benefits', html: str(job, 'benefits') },
    ]),
    locations: workableLocations(job),
    postedAt: parseSourceDate(str(job, 'published_on')),
    department: str(job, 'department'),
    employmentTypes: [str(job, 'employment_type')].flatMap((value) => value ?? []),
    remote: bool(job, 'telecommuting'),
    experience: str(job, 'experience'),
  });
}

/** The visible `locations[]`; the flat city/state/country only when the list is absent. */
function workableLocations(job: unknown): SourceLocation[] {
  if (!isObject(job) || !Array.isArray(job.locations)) {
    return locations([
      location({ city: str(job, 'city'), region: str(job, 'state'), country: str(job, 'country') }),
    ]);
  }
  return locations(
    arr(job, 'locations')
      .filter((entry) => bool(entry, 'hidden') !== true)
      .map((entry) =>
        location({
          city: str(entry, 'city'),
          region: str(entry, 'region'),
          country: str(entry, 'country'),
          countryCode: countryCode(str(entry, 'countryCode')),
        }),
      ),
  );
}
