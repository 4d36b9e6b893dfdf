/**
 * Taleo Business Edition (TBE) career websites ("CWS v2"), HTML read with htmlparser2. Taleo
 * Enterprise careersections are another product (most have moved to Oracle Recruiting Cloud,
 * `oracle_cloud`) and are not read here.
 *
 * Board slug: `{host}/{shard path}/{ORG}/{cws}`, e.g. `phh.tbe.taleo.net/phh04/NFINDY/37` (the
 * shard host and path, the company code and the career-website number all differ per tenant and
 * come from the board's own address). An `endpointOverride` replaces `https://{host}` for
 * fetching; public URLs stay on the Taleo host.
 *
 *   list   `GET https://{host}/{shard}/ats/careers/v2/searchResults?org={ORG}&cws={cws}`: one block
 *          `.oracletaleocwsv2-accordion-head-info` per job, its `a.viewJobLink` pointing at
 *          `…/viewRequisition?org={ORG}&cws={cws}&rid={rid}` (rid: the posting id; the link text:
 *          the title). Recorded (an excerpt of three rows).
 *   pages  10 rows a page. A page links its next one (`a.jscroll-next`, relative), and that link
 *          answers only within the session the first page opened (its `JSESSIONID` cookie), as a
 *          public client measured live; so the walk is serial, follows each page's own link with
 *          the first page's cookies, and ends on a page without one (a linked page without rows
 *          is a session not kept: an error, not the end). A full page without a link
 *          is followed by the form public scrapers report,
 *          `searchResults?next&rowFrom={n}&act=search&sortColumn=null&sortOrder=null&org=…&cws=…`
 *          (unrecorded; the endpoint reference says "no paging seen"). A next page that adds no
 *          new row after a full page means the paging is not what we read it as: the crawl fails
 *          rather than keep ten rows and close the rest of the board.
 *   detail `GET` of each row's `viewRequisition` URL. The page's header (`.well
 *          .oracletaleocwsv2-job-description`) labels the tenant's fields, `<span class="small">
 *          Label</span><strong>Value</strong>`: the place ("Primary Work Location", "Location"),
 *          department, employment type, pay. Without a JSON-LD description, the description is
 *          `[name=cwsJobDescription]`, or on a second layout (13-17 boards a run, as a public
 *          client counted) the `section` of the body column. The schema.org `JobPosting`
 *          JSON-LD, on most pages but not all (9 of 15 tenants in that client's sample), adds
 *          `datePosted` ("2025-07-28 00:00:00.0", or Java's "Thu Jul 02 00:00:00 GMT 2026"),
 *          `validThrough`, `employmentType`, `hiringOrganization`,
 *          `baseSalary`, `jobLocationType`, and an address that can be the employer's seat rather
 *          than the job's (recorded: a remote field role whose JSON-LD names the Cambridge HQ, the
 *          header "Remote - US"), so the labelled place comes first. Recorded: two live pages, one
 *          per layout. A detail that is gone (404/410) keeps the row.
 *
 * Not read: the row's unlabelled `<div tabindex="0">` cells. Their columns are chosen per tenant
 * (the recording shows location, department, schedule; public scrapers show other tenants with a
 * department code first, or the requisition number), and the page does not label them: reading
 * them by position would be guessing. Place, employment type and dates come from the requisition
 * page.
 * A page without readable rows is an empty board only when it is a CWS v2 page (its
 * `oracletaleocwsv2-` classes) that says so ("no jobs/positions/openings/results"); anything else
 * is a changed shape. Not published on the list: dates, salary, a requisition number apart from
 * `rid` (where a tenant shows one, it is an unlabelled cell).
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import {
  type BoardRef,
  type Connector,
  type CrawlResult,
  type HttpClient,
  type HttpResponse,
  type SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  cookiesSet,
  fetchOk,
  location,
  locations,
  mapLimited,
  posting,
  prune,
  salary,
  fetchDetailHtml,
} from './common.js';
import { jobPostingOf, jsonLdEmploymentTypes, jsonLdLocations, jsonLdSalary } from './json-ld.js';
import { asStr, obj, str, type JsonObject } from './json.js';
import { hasClass, innerSource, textOf } from './html-dom.js';

/** Rows on a full results page, as public scrapers report it. */
export const TALEO_PAGE_SIZE = 10;
/** 10 rows a page: 5,000 postings; a walk past that is a runaway. */
const MAX_PAGES = 500;
const EMPTY_BOARD = /\bno\s+(?:open\s+|current\s+)?(?:jobs|positions|openings|results|opportunities)\b/i;

type Element = ReturnType<typeof DomUtils.findAll>[number];

/** A parsed board slug. */
export interface TaleoSite {
  host: string;
  /** The shard path segment, e.g. "phh04". */
  shard: string;
  org: string;
  cws: string;
}

/** Reads `{host}/{shard}/{ORG}/{cws}`; throws on anything else so a bad directory row is loud. */
export function parseTaleoSlug(slug: string): TaleoSite {
  const match = /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)\/([A-Za-z0-9]+)\/([A-Za-z0-9_]+)\/(\d{1,6})$/i.exec(slug);
  if (match === null)
    throw new Error(`Invalid taleo board slug ${JSON.stringify(slug)} (want host/shard/ORG/cws)`);
  const [, host = '', shard = '', org = '', cws = ''] = match;
  return { host: host.toLowerCase(), shard, org, cws };
}

/** One row of the results pages. */
export interface TaleoRow {
  rid: string;
  title: string;
  /** The row's `viewRequisition` link, absolute, on the Taleo host. */
  url: string;
  /** The results page the row was read from. */
  listUrl: string;
}

/** Taleo Business Edition: the results pages, then the JSON-LD of every requisition page. */
export const taleoConnector: Connector = {
  source: 'taleo',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const site = parseTaleoSlug(board.slug);
    const base = baseUrl(board, `https://${site.host}`);
    const results = `${base}/${site.shard}/ats/careers/v2/searchResults`;
    const firstUrl = `${results}?org=${encodeURIComponent(site.org)}&cws=${site.cws}`;
    const rows = await resultRows(board, http, site, results, firstUrl);
    const postings = await mapLimited(rows, async (row) => {
      const target = new URL(row.url);
      const detailUrl = `${base}${target.pathname}${target.search}`;
      const html = await fetchDetailHtml(http, board, detailUrl);
      const ld = jobPostingOf(html);
      const page = html === undefined ? {} : readTaleoJobPage(html);
      const read = ld !== undefined || Object.keys(page).length > 0;
      return parseTaleoPosting(row, ld, read ? detailUrl : row.listUrl, page);
    });
    return { endpoint: firstUrl, postings };
  },
};

async function resultRows(
  board: BoardRef,
  http: HttpClient,
  site: TaleoSite,
  results: string,
  firstUrl: string,
): Promise<TaleoRow[]> {
  const byRid = new Map<string, TaleoRow>();
  const first = await fetchPage(board, http, site, firstUrl, { first: true });
  const session = cookiesSet(first.response);
  let page = first.page;
  let pageUrl = firstUrl;
  for (const row of page.rows) byRid.set(row.rid, row);
  for (let count = 1; count < MAX_PAGES; count++) {
    const url =
      page.next ??
      (page.rows.length === TALEO_PAGE_SIZE
        ? `${results}?next&rowFrom=${byRid.size}&act=search&sortColumn=null&sortOrder=null` +
          `&org=${encodeURIComponent(site.org)}&cws=${site.cws}`
        : undefined);
    if (url === undefined) return [...byRid.values()];
    // The link is relative to the page it is on, and stays on the host we fetch from.
    const target = new URL(url, pageUrl);
    const nextUrl = `${new URL(results).origin}${target.pathname}${target.search}`;
    const before = byRid.size;
    const linked = page.next !== undefined;
    ({ page } = await fetchPage(board, http, site, nextUrl, { first: false, cookie: session }));
    pageUrl = nextUrl;
    for (const row of page.rows) if (!byRid.has(row.rid)) byRid.set(row.rid, row);
    if (page.rows.length > 0 && byRid.size === before) {
      throw new UnexpectedResponseError(
        nextUrl,
        'the next page repeats rows already read: paging not understood',
      );
    }
    // A page the previous one linked to promises rows: empty, the session was not honoured.
    if (page.rows.length === 0 && linked) {
      throw new UnexpectedResponseError(
        nextUrl,
        'the linked next page has no rows: the session was not kept',
      );
    }
    if (page.rows.length === 0) return [...byRid.values()];
  }
  throw new UnexpectedResponseError(firstUrl, `more than ${MAX_PAGES} pages`);
}

/** One results page; later pages carry the session (`cookie`) the first one opened. */
async function fetchPage(
  board: BoardRef,
  http: HttpClient,
  site: TaleoSite,
  url: string,
  { first, cookie }: { first: boolean; cookie?: string | undefined },
): Promise<{ page: TaleoResultsPage; response: HttpResponse }> {
  const headers: Record<string, string> = {
    accept: 'text/html',
    ...(cookie === undefined ? {} : { cookie }),
  };
  const response = await fetchOk(http, board, url, { headers });
  const page = parseTaleoResults(response.text, url, site);
  // A CWS v2 page without rows: on the first page only when it says the board is empty; past the
  // end of a paged board it is the end. Without the CWS v2 markup it is not a results page.
  if (page.rows.length > 0 || (page.cwsPage && (!first || page.saysEmpty))) return { page, response };
  throw new UnexpectedResponseError(
    url,
    page.cwsPage
      ? 'no .oracletaleocwsv2-accordion-head-info row and no "no jobs" notice'
      : 'not a Taleo CWS v2 results page',
  );
}

/** What one results page holds. */
export interface TaleoResultsPage {
  rows: TaleoRow[];
  /** The page carries CWS v2 markup (an `oracletaleocwsv2-` class). */
  cwsPage: boolean;
  /** The page's text says there are no jobs. */
  saysEmpty: boolean;
  /** The page's link to its next page (`a.jscroll-next`), as written (relative). */
  next?: string;
}

/** Reads one results page; `url` is where it was fetched (the rows' `listUrl`). */
export function parseTaleoResults(html: string, url: string, site: TaleoSite): TaleoResultsPage {
  const doc = parseDocument(html);
  const blocks = DomUtils.findAll((el) => hasClass(el, 'oracletaleocwsv2-accordion-head-info'), doc.children);
  const rows = new Map<string, TaleoRow>();
  for (const block of blocks) {
    const row = resultRow(block, url, site);
    if (row !== undefined && !rows.has(row.rid)) rows.set(row.rid, row);
  }
  const cwsPage =
    DomUtils.findOne(
      (el) => (el.attribs.class ?? '').split(/\s+/).some((name) => name.startsWith('oracletaleocwsv2-')),
      doc.children,
    ) !== null;
  const nextLink = DomUtils.findOne((el) => el.name === 'a' && hasClass(el, 'jscroll-next'), doc.children);
  const next = nextLink === null ? undefined : DomUtils.getAttributeValue(nextLink, 'href');
  return {
    rows: [...rows.values()],
    cwsPage,
    saysEmpty: EMPTY_BOARD.test(textOf(doc)),
    ...(next === undefined || next === '' ? {} : { next }),
  };
}

/** The row of one head-info block: its `viewRequisition` link of this org and career website. */
function resultRow(block: Element, listUrl: string, site: TaleoSite): TaleoRow | undefined {
  const link = DomUtils.findOne(
    (el) =>
      el.name === 'a' && hasClass(el, 'viewJobLink') && (el.attribs.href ?? '').includes('viewRequisition'),
    block.children,
  );
  if (link === null) return undefined;
  const target = absolute(DomUtils.getAttributeValue(link, 'href'), `https://${site.host}/`);
  if (target === undefined || !target.pathname.endsWith('/viewRequisition')) return undefined;
  const rid = target.searchParams.get('rid') ?? '';
  const sameBoard =
    (target.searchParams.get('org') ?? '').toLowerCase() === site.org.toLowerCase() &&
    target.searchParams.get('cws') === site.cws;
  const title = textOf(link);
  if (!/^\d+$/.test(rid) || !sameBoard || title === '') return undefined;
  return { rid, title, url: target.href, listUrl };
}

/** What a requisition page states in its markup, each member only when the page has it. */
export interface TaleoJobPage {
  location?: string;
  department?: string;
  employment?: string;
  payText?: string;
  descriptionHtml?: string;
}

/** Header labels read, by what they say (lower case), most specific first. */
const LOCATION_LABELS = ['primary work location', 'primary location', 'location'];
const EMPLOYMENT_LABELS = ['employment type', 'job type'];
const PAY_LABEL = /\b(?:salary|pay range|compensation)\b/i;
const PAY_BOUND = /\b(?:low|high|min(?:imum)?|max(?:imum)?)\b/i;

/** Reads a requisition page's labelled header and description (see the module comment). */
export function readTaleoJobPage(html: string): TaleoJobPage {
  const doc = parseDocument(html, { withStartIndices: true, withEndIndices: true });
  const labels = new Map<string, string>();
  const header = DomUtils.findOne(
    (el) => hasClass(el, 'well') && hasClass(el, 'oracletaleocwsv2-job-description'),
    doc.children,
  );
  for (const label of header === null
    ? []
    : DomUtils.findAll((el) => el.name === 'span' && hasClass(el, 'small'), header.children)) {
    const value = DomUtils.nextElementSibling(label);
    const name = textOf(label).toLowerCase();
    if (value?.name === 'strong' && textOf(value) !== '' && !labels.has(name))
      labels.set(name, textOf(value));
  }
  const pick = (names: readonly string[]): string | undefined =>
    names.map((name) => labels.get(name)).find((value) => value !== undefined);
  const pay = [...labels].find(([name]) => PAY_LABEL.test(name) && !PAY_BOUND.test(name))?.[1];
  const body =
    DomUtils.findOne((el) => DomUtils.getAttributeValue(el, 'name') === 'cwsJobDescription', doc.children) ??
    secondLayoutBody(doc);
  const description = body === null ? '' : innerSource(html, body).trim();
  return prune({
    location: pick(LOCATION_LABELS),
    department: labels.get('department'),
    employment: pick(EMPLOYMENT_LABELS),
    payText: pay,
    descriptionHtml: description === '' ? undefined : description,
  });
}

/** The second layout's description: the body column's `section`, its focusable block. */
function secondLayoutBody(doc: ReturnType<typeof parseDocument>): Element | null {
  const column = DomUtils.findOne((el) => hasClass(el, 'col-md-8'), doc.children);
  const section = column === null ? null : DomUtils.findOne((el) => el.name === 'section', column.children);
  return section === null
    ? null
    : DomUtils.findOne((el) => DomUtils.getAttributeValue(el, 'tabindex') === '0', section.children);
}

/**
 * Maps a results row with what its requisition page states: the labelled place before the
 * JSON-LD's address, the JSON-LD's description and dates, the markup's where it has none.
 */
export function parseTaleoPosting(
  row: TaleoRow,
  ld: JsonObject | undefined,
  endpoint: string,
  page: TaleoJobPage = {},
): SourcePosting {
  const ldSalary = jsonLdSalary(obj(ld, 'baseSalary'));
  return posting({
    nativeId: row.rid,
    title: row.title,
    url: row.url,
    sourceEndpoint: endpoint,
    organization: asStr(ld?.hiringOrganization) ?? str(obj(ld, 'hiringOrganization'), 'name'),
    descriptionHtml: str(ld, 'description') ?? page.descriptionHtml,
    locations:
      page.location !== undefined ? locations([location({ text: page.location })]) : jsonLdLocations(ld),
    postedAt: taleoDate(str(ld, 'datePosted')),
    validThrough: taleoDate(str(ld, 'validThrough')),
    department: page.department,
    employmentTypes: page.employment !== undefined ? [page.employment] : jsonLdEmploymentTypes(ld),
    workplaceType: str(ld, 'jobLocationType'),
    salary: ldSalary ?? (page.payText === undefined ? undefined : salary({ text: page.payText })),
  });
}

const JAVA_DATE = /^([A-Za-z]{3}) ([A-Za-z]{3}) (\d{1,2}) (\d{1,2}:\d{2}:\d{2}) ([A-Za-z]{1,4}) (\d{4})$/;

/**
 * A JSON-LD date: ISO forms ("2025-07-28 00:00:00.0") through the shared parser, and the
 * `java.util.Date` text some TBE tenants print ("Thu Jul 02 00:00:00 GMT 2026"), rearranged into
 * the RFC 822 order that parser reads (same fields, same zone).
 */
function taleoDate(value: string | undefined): string | undefined {
  const java = JAVA_DATE.exec(value ?? '');
  if (java === null) return parseSourceDate(value);
  const [, weekday = '', month = '', day = '', time = '', zone = '', year = ''] = java;
  return parseSourceDate(`${weekday}, ${day} ${month} ${year} ${time} ${zone}`);
}

function absolute(href: string | undefined, base: string): URL | undefined {
  if (href === undefined || href.trim() === '') return undefined;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}
