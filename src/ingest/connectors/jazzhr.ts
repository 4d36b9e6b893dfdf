/**
 * JazzHR (formerly The Resumator) career sites, read as a visitor does:
 *   `GET https://{slug}.applytojob.com/apply` → the board page, every open job a link to its page,
 *   `https://{slug}.applytojob.com/apply/{code}/{title-slug}`, with its place (and department)
 *   beside it; then each job page (at most four at a time, mapLimited). The page states the job
 *   in its own markup in every theme — `#job-description` (or `#resumator-job-description`),
 *   `#resumator-job-employment` (custom themes: `#resumator-job-type`), `#resumator-job-experience`,
 *   the department and place by id or `title=` — and in a JSON-LD `JobPosting` only on some
 *   pages (a public client counted 69.7% of 1,526, varying per job, not per tenant). So the markup
 *   gives the description, employment type (JazzHR's own words, finer than the schema's enum:
 *   "Temporary to Full Time"), experience and department, and the JSON-LD what markup never
 *   states: dates, the address, the job code; the JSON-LD's text stands in where the markup has
 *   none.
 * Board slug: the applytojob.com subdomain (the account name); an `endpointOverride` replaces
 * `https://{slug}.applytojob.com`, job pages included (their published URLs stay as published).
 *
 * Recordings (test/fixtures/ats/jazzhr/SOURCES.md): a board page reduced to its list and a job page
 * reduced to its JSON-LD (Paradromics), both real; the same board's older embedded layout (a
 * `#jobs_table` whose rows link to `/apply/jobs/details/{code}`, RestoPros) is read too, and its
 * test is an excerpt transcribed from a public recording, marked as such. The public XML feed
 * (`app.jazz.co/feeds/export/jobs/{slug}`) that public scrapers name is not read: no recording of it
 * exists, and what we have of JazzHR's keyed REST API (`api.resumatorapi.com`) needs each employer's
 * key.
 *
 * A board page without a job link is an empty board only when it says no job is open; otherwise
 * it is a changed shape (an error, never an empty board that would close every job). Job ids are JazzHR's board codes (`ujxQN2lhPz`). A job page that is gone
 * keeps the board's row; one whose JSON-LD names another job is ignored. Pay only in the JSON-LD's
 * `baseSalary` (a public client found it on 25.8% of pages). Not published on these pages: a remote
 * flag, a requisition id (`uniqueJobCode` is JazzHR's internal job id, kept as the requisition id),
 * the company name (the board's Organization block, read as its name).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchDetailHtml,
  fetchOk,
  location,
  locations,
  mapLimited,
  posting,
  prune,
  safeSlug,
} from './common.js';
import { jobPostingOf, jsonLdEmploymentTypes, jsonLdLocations, jsonLdSalary } from './json-ld.js';
import { isObject, obj, str, type JsonObject } from './json.js';
import { closest, hasClass, innerSource, textOf, type HtmlElement } from './html-dom.js';

/** A JazzHR board code: letters and digits. */
const CODE = /^[A-Za-z0-9]{6,16}$/;

/** One job link of the board page. */
export interface JazzHrRow {
  code: string;
  title: string;
  /** The job's public page as linked (absolute). */
  url: string;
  /** The job page's path on the board host, fetched for the JSON-LD. */
  path: string;
  locationText?: string;
  department?: string;
}

/** JazzHR: the board page, then the JSON-LD of every job page. */
export const jazzHrConnector: Connector = {
  source: 'jazzhr',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const slug = safeSlug(board);
    const publicBase = `https://${slug}.applytojob.com`;
    const base = baseUrl(board, publicBase);
    const listUrl = `${base}/apply`;
    const response = await fetchOk(http, board, listUrl, { headers: { accept: 'text/html' } });
    const page = parseJazzHrBoard(response.text, listUrl, publicBase);
    const postings = await mapLimited(page.rows, async (row) => {
      const detailUrl = `${base}${row.path}`;
      const html = await fetchDetailHtml(http, board, detailUrl);
      const ld = jobPostingOf(html);
      // A page whose JSON-LD names another job is not this job's: the row stands alone.
      if (ld !== undefined && !(str(ld, 'url') ?? '').includes(`/${row.code}`))
        return parseJazzHrPosting(row, undefined, listUrl);
      const page = html === undefined ? {} : readJazzHrJobPage(html);
      // A page that names another job (its body class) is not this one's markup.
      const stated = page.code === undefined || page.code === row.code ? page : {};
      const read = ld !== undefined || Object.keys(stated).length > 0;
      return parseJazzHrPosting(row, ld, read ? detailUrl : listUrl, stated);
    });
    return prune({ endpoint: listUrl, postings, boardName: page.boardName });
  },
};

/** A board page that says it has no job open (the words JazzHR-hosted boards use are not recorded). */
const EMPTY_BOARD = /\bno\s+(?:current\s+|open\s+)?(?:jobs|positions|openings|job openings)\b/i;

/**
 * Reads the board page: the job links of its list (the responsive board's `ul.list-group`, the
 * embedded board's `#jobs_table`). No job link is an empty board only when the page says so;
 * otherwise it is a changed shape (UnexpectedResponseError).
 */
export function parseJazzHrBoard(
  html: string,
  url: string,
  publicBase: string,
): { rows: JazzHrRow[]; boardName?: string } {
  const doc = parseDocument(html);
  const lists = DomUtils.findAll(
    (el) =>
      hasClass(el, 'list-group') ||
      DomUtils.getAttributeValue(el, 'id') === 'jobs_table' ||
      DomUtils.getAttributeValue(el, 'id') === 'job_listings',
    doc.children,
  );
  const byCode = new Map<string, JazzHrRow>();
  for (const anchor of DomUtils.findAll((el) => el.name === 'a', lists)) {
    const row = jobRow(anchor, publicBase);
    if (row !== undefined && !byCode.has(row.code)) byCode.set(row.code, row);
  }
  const boardName = organizationName(doc);
  if (byCode.size === 0 && !EMPTY_BOARD.test(visibleText(doc))) {
    throw new UnexpectedResponseError(url, 'no job link on the board page, and no word that it is empty');
  }
  return { rows: [...byCode.values()], ...(boardName === undefined ? {} : { boardName }) };
}

/** A row from a link to a job page of this board (`/apply/{code}/…` or `/apply/jobs/details/{code}`). */
function jobRow(anchor: HtmlElement, publicBase: string): JazzHrRow | undefined {
  const href = DomUtils.getAttributeValue(anchor, 'href');
  if (href === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(href, publicBase);
  } catch {
    return undefined;
  }
  if (target.hostname.toLowerCase() !== new URL(publicBase).hostname) return undefined;
  const parts = target.pathname.split('/').filter((part) => part !== '');
  const code =
    parts[0] === 'apply' && parts[1] === 'jobs' && parts[2] === 'details'
      ? parts[3]
      : parts[0] === 'apply' && parts.length >= 2
        ? parts[1]
        : undefined;
  if (code === undefined || !CODE.test(code) || code === 'jobs' || code === 'confirm') return undefined;
  const title = textOf(anchor);
  if (title === '') return undefined;
  const row = closest(anchor, (el) => el.name === 'li' || el.name === 'tr') ?? anchor;
  const place = DomUtils.findAll((el) => el.name === 'li' || el.name === 'td', row.children).find(
    (cell) =>
      DomUtils.findOne((el) => hasClass(el, 'fa-map-marker'), cell.children) !== null ||
      (row.name === 'tr' && !DomUtils.existsOne((el) => el === anchor, cell.children)),
  );
  const department = DomUtils.findOne((el) => hasClass(el, 'resumator_department'), row.children);
  const locationText = place === undefined ? '' : textOf(place);
  const departmentText = department === null ? '' : textOf(department);
  return {
    code,
    title,
    url: target.href,
    path: target.pathname,
    ...(locationText === '' ? {} : { locationText }),
    ...(departmentText === '' ? {} : { department: departmentText }),
  };
}

/** What a job page states in its own markup, each member only when the page has it. */
export interface JazzHrJobPage {
  /** The job the page names in its body class (`job-{code}`), where it does. */
  code?: string;
  descriptionHtml?: string;
  employment?: string;
  experience?: string;
  department?: string;
  location?: string;
}

/** Reads a job page's markup (every JazzHR theme's ids and titles; see the module comment). */
export function readJazzHrJobPage(html: string): JazzHrJobPage {
  // Indices kept: the description is taken from the page's own text, not serialized again.
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const find = (test: (el: HtmlElement) => boolean): HtmlElement | undefined =>
    DomUtils.findOne(test, doc.children) ?? undefined;
  const byId = (...ids: string[]): HtmlElement | undefined =>
    find((el) => ids.includes(DomUtils.getAttributeValue(el, 'id') ?? ''));
  const byTitle = (title: string): HtmlElement | undefined =>
    find((el) => DomUtils.getAttributeValue(el, 'title') === title && el.name !== 'a');
  const description = byId('job-description', 'resumator-job-description');
  const descriptionHtml = description === undefined ? '' : innerSource(html, description).trim();
  const body = find((el) => el.name === 'body');
  const classes = body === undefined ? [] : (DomUtils.getAttributeValue(body, 'class') ?? '').split(/\s+/);
  const code = classes.find((name) => name.startsWith('job-'))?.slice('job-'.length);
  const fields: JazzHrJobPage = {
    code: code !== undefined && CODE.test(code) ? code : undefined,
    descriptionHtml: descriptionHtml === '' ? undefined : descriptionHtml,
    employment: labelled(byId('resumator-job-employment', 'resumator-job-type')),
    experience: labelled(byId('resumator-job-experience')),
    department: labelled(byId('resumator-job-department') ?? byTitle('Department')),
    location: labelled(byId('resumator-job-location') ?? byTitle('Location')),
  };
  return prune(fields);
}

/** An attribute's value: its text without the classic theme's `<strong>Type: </strong>` label. */
function labelled(el: HtmlElement | undefined): string | undefined {
  if (el === undefined) return undefined;
  const label = DomUtils.findOne((child) => child.name === 'strong', el.children, false);
  const text = textOf(el);
  const value = label === null ? text : text.slice(textOf(label).length).trim();
  return value === '' ? undefined : value;
}

/**
 * Maps a board row with what its job page states: the markup's description, employment type,
 * experience and department first, the JSON-LD's where the markup has none, and the JSON-LD's
 * dates, address and job code.
 */
export function parseJazzHrPosting(
  row: JazzHrRow,
  ld: JsonObject | undefined,
  endpoint: string,
  page: JazzHrJobPage = {},
): SourcePosting {
  const places = jsonLdLocations(ld);
  const listedPlace = row.locationText ?? page.location;
  return posting({
    nativeId: row.code,
    title: str(ld, 'title') ?? row.title,
    url: row.url,
    sourceEndpoint: endpoint,
    descriptionHtml: page.descriptionHtml ?? str(ld, 'description'),
    locations: places.length > 0 ? places : locations([location({ text: listedPlace })]),
    postedAt: parseSourceDate(str(ld, 'datePosted')),
    validThrough: parseSourceDate(str(ld, 'validThrough')),
    department: row.department ?? page.department,
    employmentTypes: page.employment !== undefined ? [page.employment] : jsonLdEmploymentTypes(ld),
    experience: page.experience ?? str(ld, 'experienceRequirements'),
    requisitionId: str(ld, 'uniqueJobCode'),
    salary: jsonLdSalary(obj(ld, 'baseSalary')),
  });
}

/**
 * The page's text without its scripts and styles (the board page carries ~80 KB of them): only
 * words a visitor reads may declare the board empty. Removes those elements from `doc`.
 */
function visibleText(doc: ReturnType<typeof parseDocument>): string {
  for (const el of DomUtils.findAll(
    (node) => node.name === 'script' || node.name === 'style',
    doc.children,
  )) {
    DomUtils.removeElement(el);
  }
  return DomUtils.textContent(doc);
}

/** The board's Organization JSON-LD name, when the page carries one. */
function organizationName(doc: ReturnType<typeof parseDocument>): string | undefined {
  for (const script of DomUtils.findAll(
    (el) => el.name === 'script' && DomUtils.getAttributeValue(el, 'type') === 'application/ld+json',
    doc.children,
  )) {
    try {
      const data: unknown = JSON.parse(DomUtils.textContent(script));
      if (isObject(data) && data['@type'] === 'Organization') return str(data, 'name')?.trim();
    } catch {
      // Another block; pages carry several.
    }
  }
  return undefined;
}
