/**
 * JazzHR (formerly The Resumator) career sites, read as a visitor does:
 *   `GET https://{slug}.applytojob.com/apply` → the board page, every open job a link to its page,
 *   `https://{slug}.applytojob.com/apply/{code}/{title-slug}`, with its place (and department)
 *   beside it; then each job page, whose JSON-LD `JobPosting` holds the description, dates,
 *   employment type, address and experience (at most four pages at a time, mapLimited).
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
 * keeps the board's row; one whose JSON-LD names another job is ignored. Not published on these
 * pages: salary, a remote flag, a requisition id (`uniqueJobCode` is JazzHR's internal job id, kept
 * as the requisition id), the company name (the board's Organization block, read as its name).
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
import { jobPostingOf, jsonLdEmploymentTypes, jsonLdLocations } from './json-ld.js';
import { isObject, str, type JsonObject } from './json.js';
import { hasClass, textOf, closest, type HtmlElement } from './html-dom.js';

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
      const ld = jobPostingOf(await fetchDetailHtml(http, board, detailUrl));
      const mine = ld !== undefined && (str(ld, 'url') ?? '').includes(`/${row.code}`);
      return parseJazzHrPosting(row, mine ? ld : undefined, mine ? detailUrl : listUrl);
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

/** Maps a board row and, when one was read, the job page's JSON-LD. */
export function parseJazzHrPosting(
  row: JazzHrRow,
  ld: JsonObject | undefined,
  endpoint: string,
): SourcePosting {
  const places = jsonLdLocations(ld);
  return posting({
    nativeId: row.code,
    title: str(ld, 'title') ?? row.title,
    url: row.url,
    sourceEndpoint: endpoint,
    descriptionHtml: str(ld, 'description'),
    locations: places.length > 0 ? places : locations([location({ text: row.locationText })]),
    postedAt: parseSourceDate(str(ld, 'datePosted')),
    validThrough: parseSourceDate(str(ld, 'validThrough')),
    department: row.department,
    employmentTypes: jsonLdEmploymentTypes(ld),
    experience: str(ld, 'experienceRequirements'),
    requisitionId: str(ld, 'uniqueJobCode'),
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
