/**
 * Jobvite public career site (HTML; the JSON API is retired and the XML feed is keyed by a
 * `companyEId` that is not in the board address):
 *   list   `GET https://jobs.jobvite.com/{slug}/search?p={n}` (0-based pages of 50). Rows are links
 *          `/{slug}/job/{id}` inside `.jv-job-list` (the title is the link text, the location the
 *          row's `.jv-job-list-location`); `.jv-pagination-text` reads "1-50 of 120". Paging follows
 *          that text until its end reaches its total; a page without it is the whole list unless it
 *          is full (50 rows), which fails the crawl rather than read one page as the board.
 *   detail `GET https://jobs.jobvite.com/{slug}/job/{id}` for every posting: its schema.org
 *          `JobPosting` JSON-LD has the description (HTML), `datePosted`, `validThrough`,
 *          `employmentType`, `industry` (Jobvite's department/category), `jobLocation[].address`,
 *          `baseSalary` (often present with empty strings, which publish nothing),
 *          `hiringOrganization` (a plain string or an Organization) and `jobLocationType`.
 * A detail that is gone (404/410), lacks the JSON-LD or names another job keeps the list row.
 * The list is asked without following redirects: a departed tenant answers 302 to
 * `search.jobvite.com?invalid=1` (or a login wall, or the company's own site), and that is the
 * board gone, where following it read a marketing page as a changed shape on every crawl.
 * An `endpointOverride` replaces `https://jobs.jobvite.com` for fetching; public URLs stay there.
 *
 * The markup is read with htmlparser2, never with patterns over the HTML. An empty board is a
 * `.jv-job-list` without job links that says so ("no jobs/positions/openings"); a page without
 * the list, or a list without links that says nothing, is a changed shape.
 * Not published: a posting date on the list, salary on most boards, a requisition id (JSON-LD
 * `identifier` is the job id itself), a workplace value on most boards.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import {
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  mapLimited,
  fetchOnHost,
  location,
  locations,
  posting,
  safeSlug,
  fetchDetailHtml,
} from './common.js';
import { jobPostingOf, jsonLdEmploymentTypes, jsonLdLocations, jsonLdSalary } from './json-ld.js';
import { asStr, obj, str, type JsonObject } from './json.js';
import { hasClass, textOf, closest, type HtmlElement } from './html-dom.js';

const PUBLIC_BASE = 'https://jobs.jobvite.com';
/** Rows on a full list page. */
const PAGE_SIZE = 50;
/** 50 rows a page: 5,000 postings; a walk past that is a runaway. */
const MAX_PAGES = 100;
const EMPTY_BOARD = /\bno\s+(?:jobs|positions|openings)\b/i;

/** One row of the list pages. */
export interface JobviteRow {
  id: string;
  title: string;
  /** The job path, `/{slug}/job/{id}`. */
  path: string;
  locationText?: string;
  listUrl: string;
}

/** One list page: its rows and, when the page shows it, the "first-last of total" range. */
export interface JobviteListPage {
  rows: JobviteRow[];
  range?: { first: number; last: number; total: number };
}

/** Jobvite: list pages, then the JSON-LD of every job page. */
export const jobviteConnector: Connector = {
  source: 'jobvite',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const base = baseUrl(board, PUBLIC_BASE);
    const firstUrl = `${base}/${slug}/search?p=0`;
    const rows = await listRows(board, http, base, slug);
    const postings = await mapLimited(rows, async (row) => {
      const detailUrl = `${base}${row.path}`;
      const ld = jobPostingOf(await fetchDetailHtml(http, board, detailUrl));
      const identifier = asStr(ld?.identifier);
      const detail = identifier === undefined || identifier === row.id ? ld : undefined;
      return parseJobvitePosting(row, detail, detail === undefined ? row.listUrl : detailUrl);
    });
    return { endpoint: firstUrl, postings };
  },
};

async function listRows(
  board: BoardRef,
  http: HttpClient,
  base: string,
  slug: string,
): Promise<JobviteRow[]> {
  const byId = new Map<string, JobviteRow>();
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = `${base}/${slug}/search?p=${page}`;
    // A departed tenant answers 302 to `search.jobvite.com?invalid=1`, whose 200 page reads like
    // an empty board (a public client measured 83 of 517 tenants redirecting: 78 so, one to a login
    // wall, four to the company's own site): any redirect off the host is the board gone here.
    const response = await fetchOnHost(http, board, url, { headers: { accept: 'text/html' } });
    const listing = parseJobviteList(response.text, url, slug);
    for (const row of listing.rows) if (!byId.has(row.id)) byId.set(row.id, row);
    const range = listing.range;
    // A full page without its range cannot be told from the first of many: never a partial board.
    if (range === undefined && listing.rows.length >= PAGE_SIZE) {
      throw new UnexpectedResponseError(url, `${listing.rows.length} rows and no .jv-pagination-text`);
    }
    if (range === undefined || range.last >= range.total) return [...byId.values()];
    if (listing.rows.length === 0)
      throw new UnexpectedResponseError(url, 'a page inside the range has no rows');
  }
  throw new UnexpectedResponseError(`${base}/${slug}/search`, `more than ${MAX_PAGES} pages`);
}

/** Reads one list page; throws UnexpectedResponseError when it is neither a list nor an empty board. */
export function parseJobviteList(html: string, url: string, slug: string): JobviteListPage {
  const doc = parseDocument(html);
  const list = DomUtils.findOne((el) => hasClass(el, 'jv-job-list'), doc.children);
  if (list === null) throw new UnexpectedResponseError(url, 'no .jv-job-list on the page');
  const rows = DomUtils.findAll((el) => el.name === 'a', list.children).flatMap(
    (a) => listRow(a, url, slug) ?? [],
  );
  if (rows.length === 0 && !EMPTY_BOARD.test(textOf(list))) {
    throw new UnexpectedResponseError(
      url,
      '.jv-job-list has no job links and does not say the board is empty',
    );
  }
  const pagination = DomUtils.findOne((el) => hasClass(el, 'jv-pagination-text'), doc.children);
  // "1-50 of 166", and as a public client measured live: "1-50 of 2,831" (thousands grouped) and
  // "1-50 de 166" (the board's language); the word between is any, the groups' separator any.
  const match =
    pagination === null
      ? null
      : /^(\d[\d.,\s]*?)\s*[-–]\s*(\d[\d.,\s]*?)\s+\p{L}+\s+(\d[\d.,\s]*)$/u.exec(textOf(pagination));
  if (pagination !== null && match === null)
    throw new UnexpectedResponseError(url, 'unreadable .jv-pagination-text');
  const [, first = '0', last = '0', total = '0'] = match ?? [];
  const count = (digits: string): number => Number(digits.replace(/\D/g, ''));
  return match === null
    ? { rows }
    : { rows, range: { first: count(first), last: count(last), total: count(total) } };
}

/** A row from a job link on the board's own path; other links (apply, paging) are not rows. */
function listRow(anchor: HtmlElement, listUrl: string, slug: string): JobviteRow | undefined {
  const target = jobviteUrl(DomUtils.getAttributeValue(anchor, 'href'));
  const [, tenant = '', kind = '', id = '', ...rest] = target?.pathname.split('/') ?? [];
  const onBoard =
    tenant.toLowerCase() === slug.toLowerCase() && kind === 'job' && /^[A-Za-z0-9_-]+$/.test(id);
  if (!onBoard || rest.some((part) => part !== '')) return undefined;
  // Table layouts wrap the whole row in the link: the title is then its name cell.
  const nameCell = DomUtils.findOne((el) => hasClass(el, 'jv-job-list-name'), anchor.children);
  const title = textOf(nameCell ?? anchor);
  if (title === '') return undefined;
  const row = closest(anchor, (el) => el.name === 'li' || el.name === 'tr') ?? anchor;
  const cell = DomUtils.findOne((el) => hasClass(el, 'jv-job-list-location'), row.children);
  const locationText = cell === null ? '' : textOf(cell);
  const path = `/${tenant}/job/${id}`;
  return { id, title, path, listUrl, ...(locationText === '' ? {} : { locationText }) };
}

/** A link resolved against Jobvite's host; links to other hosts are not job rows. */
function jobviteUrl(href: string | undefined): URL | undefined {
  if (href === undefined) return undefined;
  try {
    const url = new URL(href, PUBLIC_BASE);
    return url.host === new URL(PUBLIC_BASE).host ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Maps a list row and, when one was read, the job page's JSON-LD. */
export function parseJobvitePosting(
  row: JobviteRow,
  ld: JsonObject | undefined,
  endpoint: string,
): SourcePosting {
  const known = jsonLdLocations(ld);
  return posting({
    nativeId: row.id,
    title: str(ld, 'title') ?? row.title,
    url: `${PUBLIC_BASE}${row.path}`,
    sourceEndpoint: endpoint,
    organization: asStr(ld?.hiringOrganization) ?? str(obj(ld, 'hiringOrganization'), 'name'),
    descriptionHtml: str(ld, 'description'),
    locations: known.length > 0 ? known : locations([location({ text: row.locationText })]),
    postedAt: parseSourceDate(str(ld, 'datePosted')),
    validThrough: parseSourceDate(str(ld, 'validThrough')),
    department: str(ld, 'industry'),
    employmentTypes: jsonLdEmploymentTypes(ld),
    workplaceType: str(ld, 'jobLocationType'),
    salary: jsonLdSalary(obj(ld, 'baseSalary')),
  });
}
