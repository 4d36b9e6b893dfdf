/**
 * iCIMS career sites served through Jibe ("careers-home"): `GET https://{host}/api/jobs?page={n}&limit=100`
 * returns `{totalCount, count, jobs: [{data: {…}}]}`; pages are 1-based and 100 is the largest page.
 * The board slug is the Jibe host (e.g. `jobs.example.com`). The classic iCIMS HTML portal
 * (`careers-{slug}.icims.com`, JSON-LD per job) is not read here.
 *
 * Keys read inside `data` (the recordings: a page trimmed to six keys in test/fixtures/ats/icims,
 * and whole pages of Garmin and Docusign in the labelled set, test/fixtures/labelled/wave2/raw/icims):
 * `req_id`/`slug` (id), `title`, `apply_url`, `description`, `responsibilities` and
 * `qualifications` (one description, in that order; HTML when they hold markup, else text),
 * `full_location` with `city`, `state`, `country` and `country_code`, `additional_locations` (each
 * with those members and `latitude`/`longitude`), `posted_date`,
 * `update_date`, `employment_type` ("FULL_TIME"), the first of `categories` (the department) and
 * `hiring_organization`. The numbered `tags1`…`tags9` are each tenant's own fields (Garmin's
 * `tags6` holds "On-site", Docusign's `tags2` "Remote"): their meaning is not published, so they
 * are not read.
 */
import { parseSourceDate } from '../normalize/dates.js';
import { saysRemote } from '../normalize/remote-text.js';
import type {
  BoardRef,
  Connector,
  CrawlResult,
  HttpClient,
  SourceLocation,
  SourcePosting,
  SourceSalary,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  coordinates,
  fetchJson,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  salary,
  sections,
  textSections,
} from './common.js';
import { arr, isObject, num, obj, str, strings } from './json.js';

const PAGE_SIZE = 100;
const MAX_PAGES = 200;

/** iCIMS (Jibe API): page through `/api/jobs`. */
export const icimsConnector: Connector = {
  source: 'icims',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const base = baseUrl(board, `https://${safeSlug(board)}`);
    const postings: SourcePosting[] = [];
    // A row is a (requisition, language) pair. Past row ~5,100 some boards answer every further
    // page with the same fixed page (a public client's measurement, sarthakjain004/headstart's Jibe
    // scraper: Costco, UHS): its rows would fill the count with repeats while the rest go unread.
    // A page that adds no new row ends the walk, said to be truncated.
    const rows = new Set<string>();
    let firstUrl = '';
    let truncated: string | undefined;
    for (let page = 1, seen = 0; page <= MAX_PAGES; page++) {
      const url = `${base}/api/jobs?page=${page}&limit=${PAGE_SIZE}`;
      if (page === 1) firstUrl = url;
      const payload = await fetchJson(http, board, url);
      if (!isObject(payload) || !Array.isArray(payload.jobs)) {
        throw new UnexpectedResponseError(url, 'no "jobs" array');
      }
      const jobs = arr(payload, 'jobs');
      seen += jobs.length;
      const known = rows.size;
      for (const parsed of jobs.flatMap((job) => parseJibeJob(obj(job, 'data'), url) ?? [])) {
        const row = `${parsed.nativeId}\u0000${parsed.language ?? ''}`;
        if (rows.has(row)) continue;
        rows.add(row);
        postings.push(parsed);
      }
      const total = num(payload, 'totalCount') ?? 0;
      if (jobs.length === 0 || seen >= total) break;
      if (rows.size === known) {
        truncated = `page ${String(page)} repeated rows already read, at ${String(rows.size)} of ${String(total)}`;
        break;
      }
      if (page === MAX_PAGES)
        truncated = `${String(MAX_PAGES)} pages read, ${String(rows.size)} of ${String(total)}`;
    }
    return { endpoint: firstUrl, postings, ...(truncated === undefined ? {} : { truncated }) };
  },
};

/** Maps the `data` object of one Jibe job. */
export function parseJibeJob(data: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(
    str(data, 'req_id') ?? str(data, 'slug'),
    str(data, 'title'),
    str(data, 'apply_url'),
    endpoint,
  );
  if (head === undefined) return undefined;
  const parts = [
    { html: str(data, 'description') },
    { title: 'Responsibilities', html: str(data, 'responsibilities') },
    { title: 'Qualifications', html: str(data, 'qualifications') },
  ];
  const markup = parts.some((part) => part.html !== undefined && MARKUP.test(part.html));
  const tags = JIBE_TAGS.flatMap((key) => strings(data, key).map((tag) => tag.trim()));
  const department = arr(data, 'categories')
    .map((category) => str(category, 'name'))
    .find((name) => name !== undefined);
  return posting({
    ...head,
    organization: str(data, 'hiring_organization'),
    descriptionHtml: markup ? sections(parts) : undefined,
    descriptionText: markup
      ? undefined
      : textSections(parts.map(({ title, html }) => ({ title, text: html }))),
    locations: locations([
      location({
        text: str(data, 'full_location'),
        city: str(data, 'city'),
        region: str(data, 'state'),
        country: str(data, 'country'),
        countryCode: str(data, 'country_code'),
      }),
      // The job's other places, each an address of its own (DocuSign: Seattle beside San Francisco).
      ...arr(data, 'additional_locations').map((place) => jibePlace(place)),
    ]),
    postedAt: parseSourceDate(str(data, 'posted_date')),
    updatedAt: parseSourceDate(str(data, 'update_date')),
    department: department?.trim(),
    employmentTypes: [str(data, 'employment_type'), ...tags.filter((tag) => SCHEDULE_TAG.test(tag))].flatMap(
      (value) => value ?? [],
    ),
    workplaceType: tags.find((tag) => WORKPLACE_TAG.test(tag)),
    // There is no remote field. `location_type` "ANY" is a vague place, not a remote one (a public
    // client's measurement over 2,966 such rows, sarthakjain004/headstart's Jibe scraper); the
    // location's own name says remote where it is ("US-WA-Remote (SEA Area)", "Japan-Remote").
    remote: saysRemote(str(data, 'location_name') ?? '') ? true : undefined,
    salary: jibeSalary(data),
    language: str(data, 'language'),
    requisitionId: str(data, 'req_id'),
  });
}

/**
 * Jibe's tenant fields `tags1`…`tags8` mean what each tenant makes them mean; a value that is
 * exactly a workplace or a schedule word is read as one (Garmin's tags6 "On-site", DocuSign's tags2
 * "Hybrid", UHS's tags1 "Per Diem"), anything else is left alone.
 */
const JIBE_TAGS = ['tags1', 'tags2', 'tags3', 'tags4', 'tags5', 'tags6', 'tags7', 'tags8'];
const WORKPLACE_TAG = /^(?:on[- ]?site|hybrid|remote|in[- ]office)$/i;
const SCHEDULE_TAG = /^(?:(?:regular )?(?:full|part)[- ]time|per diem|prn|temporary|seasonal)$/i;

/** One of `additional_locations`: its address members and coordinates. */
function jibePlace(place: unknown): SourceLocation | undefined {
  return location({
    city: str(place, 'city'),
    region: str(place, 'state'),
    country: str(place, 'country'),
    countryCode: str(place, 'country_code'),
    ...coordinates(place, 'latitude', 'longitude'),
  });
}

/**
 * Jibe's pay fields: a range (`salary_min_value`/`salary_max_value`) or one figure (`salary_value`,
 * PepsiCo's weekly pay), each 0 when unset, with `salary_frequency` and a currency that may be ''.
 */
function jibeSalary(data: unknown): SourceSalary | undefined {
  const amount = (key: string): number | undefined => {
    const value = num(data, key);
    return value !== undefined && value > 0 ? value : undefined;
  };
  const min = amount('salary_min_value');
  const max = amount('salary_max_value');
  const single = min === undefined && max === undefined ? amount('salary_value') : undefined;
  const currency = str(data, 'salary_currency')?.trim();
  return salary({
    min: min ?? single,
    max: max ?? single,
    currency: currency === '' ? undefined : currency,
    periodRaw: str(data, 'salary_frequency'),
  });
}

/** An element tag: the texts are HTML on some tenants, plain text on others. */
const MARKUP = /<[a-z][a-z0-9]*[\s>/]/i;
