/**
 * Rippling ATS public board: `GET https://api.rippling.com/platform/api/ats/v1/board/{slug}/jobs`
 * returns a bare array of `{uuid, name, department{label}, url, workLocation{label}}`, one row per
 * work location of a job (a public client measured 141 of 143 multi-row jobs differing only in
 * `workLocation`), and `GET …/board/{slug}/jobs/{uuid}` one job's detail, read once per job (at
 * most four at a time, mapLimited): `name`, `companyName`, `description{company, role}` (HTML:
 * the employer's introduction, then the role, as the job page shows them), `workLocations`
 * (texts), `department{name}`, `employmentType{label, id}` (`id` is the tenant's words,
 * "Fixed-Term Employee: Salaried, full-time"; `label` a six-value code, "SALARIED_FT"; both are
 * kept), `createdOn` (read as the posting date: the detail publishes no other) and
 * `payRangeDetails[]` (`rangeStart`/`rangeEnd`, `currency`, `frequency` per location). A job's
 * rows make one posting: its places are the detail's, else every row's.
 * The v2 board list (`…/v2/board/{slug}/jobs`, what Rippling's own embed calls) answers
 * `{items: [{id, name, url, department{name}, locations[{name, city, state, stateCode, country,
 * countryCode, workplaceType}], language}], page, totalPages}`; its items are read too (a real one
 * is in the labelled set), structured places and workplace included.
 * Recordings: a trimmed board list (test/fixtures/ats/rippling) and, in the labelled set
 * (test/fixtures/labelled/wave2/raw/rippling), list entries with their whole detail (acrn), a
 * detail cut by its recorder (blackrockneurotech), one reduced to its dates and pay, and a v2 list.
 * A detail that is gone (404) leaves the list rows as they are; another failure fails the crawl.
 * Not read: `activeJobApplication` (the form), `board` (logo), `unlistedFromSearch` (the job is on
 * the board list all the same), EEOC flags.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  arrayPayload,
  baseUrl,
  countryCode,
  fetchDetailJson,
  fetchJson,
  location,
  locations,
  mapLimited,
  posting,
  postingHead,
  safeSlug,
  salary,
  sections,
} from './common.js';
import { arr, isObject, num, obj, str } from './json.js';

const DEFAULT_BASE = 'https://api.rippling.com';
/** Rippling's job ids are UUIDs; anything else is not put into a detail URL. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const bareList = arrayPayload('jobs');

/**
 * The v1 bare array, or the v2 `{items: [...]}` page; a v2 answer of several pages is its first
 * page only (the v1 address takes no page), so it says so.
 */
function listItems(payload: unknown, url: string): { rows: unknown[]; truncated?: string } {
  if (!isObject(payload) || !Array.isArray(payload.items)) return { rows: bareList(payload, url) };
  const pages = num(payload, 'totalPages') ?? 1;
  const rows = arr(payload, 'items');
  return pages > 1 ? { rows, truncated: `page 1 of ${String(pages)} read` } : { rows };
}

/** A row's job id: `uuid` (v1) or `id` (v2). */
function jobIdOf(row: unknown): string | undefined {
  return str(row, 'uuid') ?? str(row, 'id');
}

/** Rippling: the board's job list, then one detail request per job (not per location row). */
export const ripplingConnector: Connector = {
  source: 'rippling',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const listUrl = `${baseUrl(board, DEFAULT_BASE)}/platform/api/ats/v1/board/${safeSlug(board)}/jobs`;
    const jobs = new Map<string, unknown[]>();
    const list = listItems(await fetchJson(http, board, listUrl), listUrl);
    for (const row of list.rows) {
      const id = jobIdOf(row);
      if (id !== undefined) jobs.set(id, [...(jobs.get(id) ?? []), row]);
    }
    const postings = await mapLimited([...jobs], async ([uuid, [row, ...siblings]]) => {
      const detailUrl = UUID.test(uuid) ? `${listUrl}/${uuid}` : undefined;
      const detail = detailUrl === undefined ? undefined : await fetchDetailJson(http, board, detailUrl);
      // A detail of another job is not this one's: the rows are kept alone.
      const matches = isObject(detail) && str(detail, 'uuid') === uuid;
      return parseRipplingJob(
        row,
        matches && detailUrl !== undefined ? detailUrl : listUrl,
        matches ? detail : undefined,
        siblings,
      );
    });
    return {
      endpoint: listUrl,
      postings: postings.flatMap((p) => p ?? []),
      ...(list.truncated === undefined ? {} : { truncated: list.truncated }),
    };
  },
};

/**
 * Maps one list row (v1 or v2) and, when it was read, its detail; `siblings` are the job's other
 * location rows (v1 lists a job once per work location).
 */
export function parseRipplingJob(
  raw: unknown,
  endpoint: string,
  detail?: unknown,
  siblings: readonly unknown[] = [],
): SourcePosting | undefined {
  const head = postingHead(
    jobIdOf(raw),
    str(detail, 'name') ?? str(raw, 'name'),
    str(raw, 'url') ?? str(detail, 'url'),
    endpoint,
  );
  if (head === undefined) return undefined;
  const description = obj(detail, 'description');
  const places = arr(detail, 'workLocations').flatMap((place) => (typeof place === 'string' ? [place] : []));
  const rowPlaces = [raw, ...siblings].flatMap((row) => str(obj(row, 'workLocation'), 'label') ?? []);
  const structured = arr(raw, 'locations');
  const workplaces = new Set(structured.flatMap((place) => str(place, 'workplaceType') ?? []));
  const employment = obj(detail, 'employmentType');
  return posting({
    ...head,
    organization: str(detail, 'companyName')?.trim(),
    descriptionHtml: sections([{ html: str(description, 'company') }, { html: str(description, 'role') }]),
    locations: locations(
      places.length > 0
        ? places.map((text) => location({ text }))
        : structured.length > 0
          ? structured.map(structuredPlace)
          : [...new Set(rowPlaces)].map((text) => location({ text })),
    ),
    postedAt: parseSourceDate(str(detail, 'createdOn')),
    department:
      str(obj(detail, 'department'), 'name') ??
      str(obj(raw, 'department'), 'label') ??
      str(obj(raw, 'department'), 'name'),
    // The tenant's words first ("Fixed-Term Employee: Salaried, full-time" says fixed-term too),
    // then the code, which reads the same on every tenant.
    employmentTypes: [...new Set([str(employment, 'id'), str(employment, 'label')].flatMap((v) => v ?? []))],
    // One workplace for every place of a v2 item; mixed ones say nothing for the job as a whole.
    workplaceType: workplaces.size === 1 ? [...workplaces][0] : undefined,
    language: str(raw, 'language'),
    salary: payRange(arr(detail, 'payRangeDetails')),
  });
}

/** A v2 list place: `{name, city, state, stateCode, country, countryCode}`. */
function structuredPlace(place: unknown): ReturnType<typeof location> {
  return location({
    text: str(place, 'name'),
    city: str(place, 'city'),
    region: str(place, 'stateCode') ?? str(place, 'state'),
    countryCode: countryCode(str(place, 'countryCode')),
  });
}

/**
 * The published pay: one range per location; the ranges in the currency and frequency most of
 * them share (the first range's on a tie) are spanned, lowest start to highest end. A public
 * client saw three USD yearly ranges beside one CAD range on one job: spanning all four would have
 * called a Canadian figure dollars.
 */
function payRange(ranges: unknown[]): ReturnType<typeof salary> {
  const unitOf = (range: unknown): string =>
    `${str(range, 'currency') ?? ''} ${str(range, 'frequency') ?? ''}`;
  const counts = new Map<string, number>();
  for (const range of ranges) counts.set(unitOf(range), (counts.get(unitOf(range)) ?? 0) + 1);
  const [first] = ranges;
  if (first === undefined) return undefined;
  const most = Math.max(...counts.values());
  const unit =
    counts.get(unitOf(first)) === most ? unitOf(first) : [...counts].find(([, n]) => n === most)?.[0];
  const same = ranges.filter((range) => unitOf(range) === unit);
  const starts = same.flatMap((r) => num(r, 'rangeStart') ?? []);
  const ends = same.flatMap((r) => num(r, 'rangeEnd') ?? []);
  return salary({
    min: starts.length > 0 ? Math.min(...starts) : undefined,
    max: ends.length > 0 ? Math.max(...ends) : undefined,
    currency: str(same[0], 'currency'),
    periodRaw: str(same[0], 'frequency'),
  });
}
