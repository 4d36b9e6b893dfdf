/**
 * Rippling ATS public board: `GET https://api.rippling.com/platform/api/ats/v1/board/{slug}/jobs`
 * returns a bare array of `{uuid, name, department{label}, url, workLocation{label}}`, and
 * `GET …/board/{slug}/jobs/{uuid}` one job's detail, read for every listed job (at most four at a
 * time, mapLimited): `name`, `companyName`, `description{company, role}` (HTML: the employer's
 * introduction, then the role, as the job page shows them), `workLocations` (texts),
 * `department{name}`, `employmentType{label, id}` (`id` is the words, "Fixed-Term Employee:
 * Salaried, full-time"; `label` a code, "SALARIED_FT"), `createdOn` (read as the posting date: the
 * detail publishes no other) and `payRangeDetails[]` (`rangeStart`/`rangeEnd`, `currency`,
 * `frequency` per location). Recordings: a trimmed board list (test/fixtures/ats/rippling) and,
 * in the labelled set (test/fixtures/labelled/wave2/raw/rippling), list entries with their whole
 * detail (acrn), a detail cut by its recorder (blackrockneurotech) and one reduced to its dates and
 * pay. A detail that is gone (404) leaves the list row as it is; another failure fails the crawl.
 * Not read: `activeJobApplication` (the form), `board` (logo), `unlistedFromSearch` (the job is on
 * the board list all the same), EEOC flags.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  arrayPayload,
  baseUrl,
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

const listItems = arrayPayload('jobs');

/** Rippling: the board's job list, then one detail request per job. */
export const ripplingConnector: Connector = {
  source: 'rippling',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const listUrl = `${baseUrl(board, DEFAULT_BASE)}/platform/api/ats/v1/board/${safeSlug(board)}/jobs`;
    const rows = listItems(await fetchJson(http, board, listUrl), listUrl);
    const postings = await mapLimited(rows, async (row) => {
      const uuid = str(row, 'uuid');
      const detailUrl = uuid !== undefined && UUID.test(uuid) ? `${listUrl}/${uuid}` : undefined;
      const detail = detailUrl === undefined ? undefined : await fetchDetailJson(http, board, detailUrl);
      // A detail of another job is not this one's: the row is kept alone.
      const matches = isObject(detail) && str(detail, 'uuid') === uuid;
      return parseRipplingJob(
        row,
        matches && detailUrl !== undefined ? detailUrl : listUrl,
        matches ? detail : undefined,
      );
    });
    return { endpoint: listUrl, postings: postings.flatMap((p) => p ?? []) };
  },
};

/** Maps one list row and, when it was read, its detail. */
export function parseRipplingJob(
  raw: unknown,
  endpoint: string,
  detail?: unknown,
): SourcePosting | undefined {
  const head = postingHead(
    str(raw, 'uuid'),
    str(detail, 'name') ?? str(raw, 'name'),
    str(raw, 'url') ?? str(detail, 'url'),
    endpoint,
  );
  if (head === undefined) return undefined;
  const description = obj(detail, 'description');
  const places = arr(detail, 'workLocations').flatMap((place) => (typeof place === 'string' ? [place] : []));
  const employment = obj(detail, 'employmentType');
  return posting({
    ...head,
    organization: str(detail, 'companyName')?.trim(),
    descriptionHtml: sections([{ html: str(description, 'company') }, { html: str(description, 'role') }]),
    locations: locations(
      (places.length > 0 ? places : [str(obj(raw, 'workLocation'), 'label')]).map((text) =>
        location({ text }),
      ),
    ),
    postedAt: parseSourceDate(str(detail, 'createdOn')),
    department: str(obj(detail, 'department'), 'name') ?? str(obj(raw, 'department'), 'label'),
    employmentTypes: [str(employment, 'id') ?? str(employment, 'label')].flatMap((value) => value ?? []),
    salary: payRange(arr(detail, 'payRangeDetails')),
  });
}

/**
 * The published pay: one range per location; ranges in one currency and frequency are spanned
 * (lowest start to highest end), otherwise the first is kept.
 */
function payRange(ranges: unknown[]): ReturnType<typeof salary> {
  const [first] = ranges;
  if (first === undefined) return undefined;
  const currency = str(first, 'currency');
  const frequency = str(first, 'frequency');
  const alike = ranges.every((r) => str(r, 'currency') === currency && str(r, 'frequency') === frequency);
  const starts = (alike ? ranges : [first]).flatMap((r) => num(r, 'rangeStart') ?? []);
  const ends = (alike ? ranges : [first]).flatMap((r) => num(r, 'rangeEnd') ?? []);
  return salary({
    min: starts.length > 0 ? Math.min(...starts) : undefined,
    max: ends.length > 0 ? Math.max(...ends) : undefined,
    currency,
    periodRaw: frequency,
  });
}
