/**
 * Avature career portals: HTML only (no public JSON endpoint is known), parsed with htmlparser2.
 *
 * Board slug: `{host}/{portal path}` (e.g. `careers.unifiservice.com/careers`, or
 * `acme.avature.net/en_US/careers`); a host alone means the `careers` portal, and a bare tenant
 * (`acme`) means `acme.avature.net/careers`. An `endpointOverride` replaces `https://{host}`.
 *
 *   list `GET https://{host}/{portal}/SearchJobs/` → the search page: `article.article--result`
 *        cards (or, on another template, `li.list__item` rows titled by `.list__item__text__title`:
 *        a public client's recording of Mettler-Toledo's 530 postings) and the results legend
 *        ("1-20 of 720 results", "1 - 6 of 999+ results", or "530 results"). The page's own next
 *        link (`.paginationNextLink`, on the link itself or on an `li` around it, as Siemens has
 *        it; tenants page with their own parameter, `folderOffset` there) is followed; without
 *        one, while the legend's total is larger than what was read, the next page is asked as
 *        `?jobOffset={read}` (the documented parameter). The walk stops at a page that adds no new
 *        posting (tenants that page otherwise repeat page one) and is bounded.
 *
 * Cards carry: the title link to `/{portal}/JobDetail/{slug}/{id}` (the id is the posting id),
 * `list-item-ref` ("Ref #13694", a requisition reference that differs from the URL id),
 * `list-item-posted` ("Posted 05-Oct-2026", read as that calendar date) and, per tenant template,
 * `list-item-location` or `list-item-jobCity/-jobState/-jobCountry`/`list-item-country`.
 * A page with neither the legend nor the results section is not the search page (the markup
 * changed or the portal path is wrong), and a first page whose legend counts results over no
 * readable card is changed card markup: UnexpectedResponseError, never an empty board.
 * Not read: descriptions. They are on the HTML detail page (label/value blocks whose labels vary
 * by tenant); we hold no recording of one, so no detail request is made yet. Not published on the
 * cards: employment type, department, salary, company name.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchOk,
  location,
  locations,
  posting,
  postingHead,
} from './common.js';

/** The DOM node types of htmlparser2 (its domhandler), named without importing that package. */
type Element = ReturnType<typeof DomUtils.findAll>[number];
type AnyNode = Parameters<typeof DomUtils.textContent>[0];

/** Guard against a portal whose next links never end. */
const MAX_PAGES = 500;

/** A parsed board slug. */
export interface AvaturePortal {
  host: string;
  /** Portal path without slashes at either end, e.g. "careers" or "en_US/careers". */
  portal: string;
}

/** Reads `{tenant}`, `{host}` or `{host}/{portal path}`; throws on anything else. */
export function parseAvatureSlug(slug: string): AvaturePortal {
  const match = /^([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?:\/([A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*))?$/i.exec(slug);
  if (match === null)
    throw new Error(`Invalid avature board slug ${JSON.stringify(slug)} (want host[/portal])`);
  const [, host = '', portal = 'careers'] = match;
  return { host: host.includes('.') ? host : `${host}.avature.net`, portal };
}

/** Avature: the SearchJobs pages of one portal. */
export const avatureConnector: Connector = {
  source: 'avature',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const portal = parseAvatureSlug(board.slug);
    const base = baseUrl(board, `https://${portal.host}`);
    const firstUrl = `${base}/${portal.portal}/SearchJobs/`;
    const seen = new Map<string, SourcePosting>();
    let url: string | undefined = firstUrl;
    for (let page = 0; page < MAX_PAGES && url !== undefined; page++) {
      const response = await fetchOk(http, board, url, { headers: { accept: 'text/html' } });
      const parsed = parseAvaturePage(response.text, url);
      // A first page whose legend counts results over no card we can read is changed card markup,
      // not an empty board: reading it as empty would close every job of the board. (A later page
      // without cards is the end of the walk.)
      if (page === 0 && parsed.postings.length === 0 && (parsed.total ?? 0) > 0)
        throw new UnexpectedResponseError(
          url,
          `the legend counts ${String(parsed.total)} results but no card was read`,
        );
      const before = seen.size;
      for (const card of parsed.postings) if (!seen.has(card.nativeId)) seen.set(card.nativeId, card);
      if (seen.size === before) break;
      url = nextPage(parsed, { base, firstUrl, read: seen.size });
    }
    return { endpoint: firstUrl, postings: [...seen.values()] };
  },
};

/** What one search page says. */
export interface AvaturePage {
  postings: SourcePosting[];
  /** The legend's total ("720", or 999 for "999+"), when shown. */
  total?: number;
  /** The page's own next link, when it has one. */
  next?: string;
}

/** The next page: the page's own link (moved onto `base`), else `jobOffset` while the total says more. */
function nextPage(
  page: AvaturePage,
  at: { base: string; firstUrl: string; read: number },
): string | undefined {
  if (page.next !== undefined) {
    const link = new URL(page.next);
    return `${at.base}${link.pathname}${link.search}`;
  }
  return page.total !== undefined && at.read < page.total ? `${at.firstUrl}?jobOffset=${at.read}` : undefined;
}

/** Parses one search page; `url` is the address it was fetched from (links resolve against it). */
export function parseAvaturePage(html: string, url: string): AvaturePage {
  const doc = parseDocument(html);
  const legend =
    DomUtils.findOne(hasClass('list-controls__text__legend'), doc.children) ??
    DomUtils.findOne(hasClass('list-controls__text'), doc.children);
  const results = DomUtils.findOne(hasClass('section__content__results'), doc.children);
  if (legend === null && results === null)
    throw new UnexpectedResponseError(url, 'no search results on the page');
  const cards = DomUtils.findAll(
    (el) => hasClass('article--result')(el) || (el.name === 'li' && hasClass('list__item')(el)),
    doc.children,
  );
  const nextLink = DomUtils.findOne(hasClass('paginationNextLink'), doc.children);
  // The class is on the link, or on the list item around it.
  const nextAnchor =
    nextLink === null || nextLink.attribs.href !== undefined
      ? nextLink
      : DomUtils.findOne((el) => el.name === 'a', nextLink.children);
  const next =
    nextAnchor === null ? undefined : absolute(DomUtils.getAttributeValue(nextAnchor, 'href'), url);
  const total = legend === null ? undefined : legendTotal(text(legend));
  return {
    postings: cards.flatMap((card) => parseAvatureCard(card, url) ?? []),
    ...(total === undefined ? {} : { total }),
    ...(next === undefined ? {} : { next }),
  };
}

/** Maps one result card. */
export function parseAvatureCard(card: Element, endpoint: string): SourcePosting | undefined {
  const titles = DomUtils.findAll(
    (el) => el.name === 'h3' || hasClass('list__item__text__title')(el),
    card.children,
  );
  const link = DomUtils.findOne(
    (el) => el.name === 'a' && (el.attribs.href ?? '').includes('/JobDetail/'),
    titles,
  );
  const href = link === null ? undefined : absolute(DomUtils.getAttributeValue(link, 'href'), endpoint);
  const id = href === undefined ? undefined : /\/JobDetail\/(?:[^/?#]+\/)?(\d+)\/?(?:[?#]|$)/.exec(href)?.[1];
  const head = postingHead(id, link === null ? undefined : text(link), href, endpoint);
  if (head === undefined) return undefined;
  const field = (name: string): string | undefined => {
    const el = DomUtils.findOne(hasClass(`list-item-${name}`), card.children);
    return el === null ? undefined : text(el);
  };
  return posting({
    ...head,
    locations: locations([
      location({
        text: field('location'),
        city: field('jobCity'),
        region: field('jobState'),
        country: field('jobCountry') ?? field('country'),
      }),
    ]),
    postedAt: postedDate(field('posted')),
    requisitionId: reference(field('ref')),
  });
}

/** "Ref #13694" → "13694" (the label is the template's, the number the tenant's). */
function reference(value: string | undefined): string | undefined {
  const ref = value?.replace(/^Ref\s*#\s*/i, '').trim();
  return ref === '' ? undefined : ref;
}

function hasClass(name: string): (el: Element) => boolean {
  return (el) => (el.attribs.class ?? '').split(/\s+/).includes(name);
}

/** Text content with whitespace collapsed; undefined when empty. */
function text(node: AnyNode): string | undefined {
  const value = DomUtils.textContent(node).replace(/\s+/g, ' ').trim();
  return value === '' ? undefined : value;
}

function absolute(href: string | undefined, base: string): string | undefined {
  if (href === undefined || href.trim() === '') return undefined;
  try {
    return new URL(href.trim(), base).href;
  } catch {
    return undefined;
  }
}

/** "1-20 of 720 results" → 720; "… of 999+ results" → 999 (a lower bound); "530 results" → 530. */
function legendTotal(legend: string | undefined): number | undefined {
  const match =
    /\bof\s+([\d,]+)\+?\s/i.exec(`${legend ?? ''} `) ?? /^([\d,]+)\+?\s+results?\b/i.exec(legend ?? '');
  return match === null ? undefined : Number((match[1] ?? '').replaceAll(',', ''));
}

/** "Posted 05-Oct-2026" → that calendar date; other wording is not read. */
function postedDate(value: string | undefined): string | undefined {
  const match = /^(?:Posted\s+)?(\d{1,2}-[A-Za-z]{3}-\d{4})$/i.exec(value ?? '');
  return match === null ? undefined : parseSourceDate(match[1]);
}
