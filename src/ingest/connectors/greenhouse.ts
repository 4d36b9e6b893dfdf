/**
 * Greenhouse job board API: `GET https://boards-api.greenhouse.io/v1/boards/{slug}/jobs?content=true&pay_transparency=true`
 * returns every job in one response (`{jobs, meta}`; paging parameters are ignored), 404 for an
 * unknown board. `content` is entity-escaped HTML (`&lt;p&gt;`) and is decoded exactly once here.
 * `location.name` is free text that may name several places ("SF, NYC, SEA, CHI"); it is kept as one
 * location text, splitting is the location normalizer's job.
 *
 * Pay: `pay_input_ranges` (cents) comes only with `pay_transparency=true`, on the list as on the
 * detail (`…/jobs/{id}?pay_transparency=true`, `fetchGreenhouseJob`). Without it the list's jobs
 * carry no pay at all — which is how this connector read them until public clients' measurements
 * said otherwise (sarthakjain004/headstart: the parameter adds pay to 226 postings whose text
 * names none, for 5–11% more bytes; another client measured that without it the key is absent).
 */
import { unescapeHtmlEntities } from '../normalize/html.js';
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, HttpClient, SourcePosting, SourceSalary } from '../types.js';
import {
  baseUrl,
  envelopeArray,
  fetchDetailJson,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  salary,
  singleListConnector,
} from './common.js';
import { arr, isObject, num, obj, str, type JsonObject } from './json.js';

const DEFAULT_BASE = 'https://boards-api.greenhouse.io';

/** The board's list URL (with content) for a board, honouring `endpointOverride`. */
export function greenhouseListUrl(board: BoardRef): string {
  return `${baseUrl(board, DEFAULT_BASE)}/v1/boards/${safeSlug(board)}/jobs?content=true&pay_transparency=true`;
}

/** Greenhouse: one list request per board. */
export const greenhouseConnector: Connector = singleListConnector({
  source: 'greenhouse',
  listUrl: greenhouseListUrl,
  items: envelopeArray('jobs'),
  parse: parseGreenhouseJob,
});

/**
 * Fetches one job's detail with pay transparency, the only place Greenhouse publishes salary;
 * undefined when the job is gone (404).
 */
export async function fetchGreenhouseJob(
  board: BoardRef,
  jobId: string,
  http: HttpClient,
): Promise<SourcePosting | undefined> {
  if (!/^\d+$/.test(jobId)) throw new Error(`Invalid Greenhouse job id ${JSON.stringify(jobId)}`);
  const url = `${baseUrl(board, DEFAULT_BASE)}/v1/boards/${safeSlug(board)}/jobs/${jobId}?pay_transparency=true`;
  const payload = await fetchDetailJson(http, board, url);
  return payload === undefined ? undefined : parseGreenhouseJob(payload, url);
}

/** Maps one list entry or detail document; undefined when it lacks an id, a title or a URL. */
export function parseGreenhouseJob(job: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(job, 'id'), str(job, 'title'), str(job, 'absolute_url'), endpoint);
  if (head === undefined) return undefined;
  const content = str(job, 'content');
  return posting({
    ...head,
    organization: str(job, 'company_name'),
    descriptionHtml: content === undefined ? undefined : unescapeHtmlEntities(content),
    locations: locations([
      location({ text: str(obj(job, 'location'), 'name') }),
      // Offices carry a fuller address ("London, England, United Kingdom") when one is set.
      ...arr(job, 'offices').map((office) => location({ text: str(office, 'location') })),
    ]),
    postedAt: parseSourceDate(str(job, 'first_published')),
    updatedAt: parseSourceDate(str(job, 'updated_at')),
    validThrough: parseSourceDate(str(job, 'application_deadline')),
    department: str(arr(job, 'departments')[0], 'name'),
    employmentTypes: metadataValues(job, EMPLOYMENT_FIELD),
    workplaceType: metadataValues(job, WORKPLACE_FIELD)[0],
    salary: payRange(job),
    language: str(job, 'language'),
    requisitionId: str(job, 'requisition_id'),
  });
}

/**
 * Greenhouse has no employment or workplace field of its own: employers add custom fields
 * (`metadata`), each named as they like. The names seen on real boards: "Employment Type", "Req
 * Type" / "Requisition Type" ("FTE - Regular", "University - Graduating Intern"), "Job Type",
 * "Position Type", "Contract Type", "Worker Type", "Employment Status"; and "Location Type"
 * ("On-Site"), "Workplace Type", "Work Model", "Remote Status". Values are passed on unmapped (the
 * enrichment maps them); a field whose value is null says nothing.
 */
const EMPLOYMENT_FIELD =
  /^(?:employment|req|requisition|job|position|contract|worker)[ _-]?(?:type|status)$/i;
const WORKPLACE_FIELD =
  /^(?:location|workplace|work|remote|office|work ?place)[ _-]?(?:type|status|model|arrangement|policy)$/i;

/** The values (single or multiple select, or text) of the custom fields whose name matches. */
function metadataValues(job: unknown, name: RegExp): string[] {
  return arr(job, 'metadata')
    .filter((field): field is JsonObject => isObject(field) && name.test((str(field, 'name') ?? '').trim()))
    .flatMap((field) => {
      const value = field.value;
      if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
      return Array.isArray(value)
        ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '')
        : [];
    });
}

/** The first pay range of a list entry or detail asked with pay transparency, converted from cents. */
function payRange(job: unknown): SourceSalary | undefined {
  const range = arr(job, 'pay_input_ranges')[0];
  const min = num(range, 'min_cents');
  const max = num(range, 'max_cents');
  return salary({
    min: min === undefined ? undefined : min / 100,
    max: max === undefined ? undefined : max / 100,
    currency: str(range, 'currency_type'),
  });
}
