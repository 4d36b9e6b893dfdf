/**
 * Ashby posting API: `GET https://api.ashbyhq.com/posting-api/job-board/{slug}?includeCompensation=true`
 * returns `{apiVersion, jobs}` with every job (no paging); 404 for an unknown board.
 *
 * - `isListed: false` jobs are kept but marked `unlisted: true`: the lifecycle must know they still
 *   exist (so they are not "closed"), and the contract says unlisted postings are never ingested.
 * - An empty `jobs` array is returned as it is. Ashby also answers 200-empty when throttled, so
 *   deciding whether a suddenly empty board is real belongs to the lifecycle, not here.
 * - `isRemote` is read only when it is a boolean (it is often null and not always consistent with
 *   `workplaceType`, both are passed on unmapped).
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { Connector, SourceLocation, SourcePosting, SourceSalary } from '../types.js';
import {
  baseUrl,
  envelopeArray,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  salary,
  singleListConnector,
} from './common.js';
import { arr, bool, num, obj, path, str } from './json.js';

const DEFAULT_BASE = 'https://api.ashbyhq.com';

/** Ashby: one request per board, compensation included. */
export const ashbyConnector: Connector = singleListConnector({
  source: 'ashby',
  listUrl: (board) =>
    `${baseUrl(board, DEFAULT_BASE)}/posting-api/job-board/${safeSlug(board)}?includeCompensation=true`,
  items: envelopeArray('jobs'),
  parse: parseAshbyJob,
});

/** Maps one job of the job-board payload. */
export function parseAshbyJob(job: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(job, 'id'), str(job, 'title'), str(job, 'jobUrl'), endpoint);
  if (head === undefined) return undefined;
  // Every job carries both texts; the plain one stands in when the HTML is empty.
  const html = str(job, 'descriptionHtml');
  return posting({
    ...head,
    ...(html?.trim() ? { descriptionHtml: html } : { descriptionText: str(job, 'descriptionPlain') }),
    locations: locations([
      ashbyLocation(str(job, 'location'), job),
      ...arr(job, 'secondaryLocations').map((entry) => ashbyLocation(str(entry, 'location'), entry)),
    ]),
    postedAt: parseSourceDate(str(job, 'publishedAt')),
    department: str(job, 'department'),
    team: str(job, 'team'),
    employmentTypes: [str(job, 'employmentType')].flatMap((value) => value ?? []),
    workplaceType: str(job, 'workplaceType'),
    remote: bool(job, 'isRemote'),
    salary: salaryComponent(job),
    unlisted: bool(job, 'isListed') === false ? true : undefined,
  });
}

/** A location name with the structured `address.postalAddress` beside it (empty strings omitted). */
function ashbyLocation(text: string | undefined, holder: unknown): SourceLocation | undefined {
  const address = path(holder, 'address', 'postalAddress');
  return location({
    text,
    city: str(address, 'addressLocality'),
    region: str(address, 'addressRegion'),
    country: str(address, 'addressCountry'),
  });
}

/** The "Salary" summary component (other components are bonus, equity, commission …). */
function salaryComponent(job: unknown): SourceSalary | undefined {
  const component = arr(obj(job, 'compensation'), 'summaryComponents').find(
    (entry) => str(entry, 'compensationType') === 'Salary',
  );
  if (component === undefined) return undefined;
  return salary({
    min: num(component, 'minValue'),
    max: num(component, 'maxValue'),
    currency: str(component, 'currencyCode'),
    periodRaw: str(component, 'interval'),
  });
}
