/**
 * Kula career pages: `GET https://careers.kula.ai/{tenant}` (HTML, Next.js with Chakra UI), read
 * with htmlparser2. No public JSON endpoint is known. Board slug: the tenant path segment (e.g.
 * `precision-neuroscience`); an `endpointOverride` replaces `https://careers.kula.ai` for
 * fetching, public URLs stay there.
 *
 * The page renders one `.chakra-card` per job; our recording is an excerpt of three cards. The
 * live page also streams its data to the browser in a Next.js flight payload (`self.__next_f`),
 * reported by one public scraper with a `jobs` list; we hold no recording of it, so it is not read.
 * The cards' other classes are build hashes (`css-2vpafz`) that change with every Kula release, so
 * nothing is read by them. What a card is made of, and how each part is told apart:
 *   - the job link `a[href="/{tenant}/{id}"]` ("Apply Now"): the id and the public URL
 *     `https://careers.kula.ai/{tenant}/{id}`; a card without it is not a job;
 *   - the title: the card's first paragraph (`p.chakra-text`), alone in its own stack;
 *   - the department: the badge before the title (a span, no paragraph), when there is one;
 *   - the facts, the paragraphs after the title, each told by its content, not its place:
 *     pay "USD 96,000-120,000 / year" (currency, amounts, period; React's `<!-- -->` separators
 *     drop out of the text), the type line "Full Time • Hybrid" (employment type • workplace), and
 *     the locations "Santa Clara, California, United States; Addison, …" — the first fact that is
 *     neither of the others, split on ";". The card shows at most three places and then
 *     "+ 2 locations"; the rest are on the job page only, which is not requested (unrecorded), so
 *     such a posting carries the places shown. Any further fact is not read.
 * A page without job cards is an empty board only when it says so ("no open positions/jobs/
 * roles/openings"); otherwise (another layout, a throttle page, cards whose link changed) it is a
 * changed shape. The whole board is on one page as far as we know: no paging is reported.
 * Not published on the cards: descriptions, dates, a requisition id, the company name.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting, SourceSalary } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchOk,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  salary,
} from './common.js';
import { hasClass, textOf } from './html-dom.js';

const PUBLIC_BASE = 'https://careers.kula.ai';
const EMPTY_BOARD = /\bno\s+(?:open\s+|current\s+)?(?:jobs|positions|openings|roles|opportunities)\b/i;
/** "USD 96,000-120,000 / year" (a single amount is read as both ends). */
const PAY = /^([A-Z]{3})\s+([\d,]+(?:\.\d+)?)(?:\s*-\s*([\d,]+(?:\.\d+)?))?\s*\/\s*([A-Za-z][A-Za-z ]*)$/;
/** "+ 2 locations" closing a location list. */
const MORE_PLACES = /\s*\+\s*\d+\s+locations?\s*$/i;

type Element = ReturnType<typeof DomUtils.findAll>[number];

/** Kula: one career page per board. */
export const kulaConnector: Connector = {
  source: 'kula',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const tenant = safeSlug(board);
    const url = `${baseUrl(board, PUBLIC_BASE)}/${tenant}`;
    const response = await fetchOk(http, board, url, { headers: { accept: 'text/html' } });
    return { endpoint: url, postings: parseKulaPage(response.text, url, tenant) };
  },
};

/** Reads the career page; throws UnexpectedResponseError when it is neither a board nor an empty one. */
export function parseKulaPage(html: string, url: string, tenant: string): SourcePosting[] {
  const doc = parseDocument(html);
  const cards = DomUtils.findAll((el) => hasClass(el, 'chakra-card'), doc.children);
  const postings = cards.flatMap((card) => parseKulaCard(card, url, tenant) ?? []);
  if (postings.length === 0 && (cards.length > 0 || !EMPTY_BOARD.test(textOf(doc)))) {
    throw new UnexpectedResponseError(
      url,
      cards.length > 0 ? 'cards without a readable job link' : 'no job cards and no "no jobs" notice',
    );
  }
  return postings;
}

/** Maps one card; undefined when it has no job link or no title. */
export function parseKulaCard(card: Element, endpoint: string, tenant: string): SourcePosting | undefined {
  const link = DomUtils.findOne((el) => el.name === 'a' && jobId(el, tenant) !== undefined, card.children);
  const id = link === null ? undefined : jobId(link, tenant);
  const paragraphs = DomUtils.findAll((el) => el.name === 'p', card.children);
  const [titleParagraph, ...facts] = paragraphs;
  const head = postingHead(
    id,
    titleParagraph === undefined ? undefined : textOf(titleParagraph) || undefined,
    id === undefined ? undefined : `${PUBLIC_BASE}/${tenant}/${id}`,
    endpoint,
  );
  if (head === undefined || titleParagraph === undefined) return undefined;
  const texts = facts.map(textOf).filter((text) => text !== '');
  const pay = texts.map(payOf).find((value) => value !== undefined);
  const typeLine = texts.find((text) => typeLineOf(text) !== undefined);
  const type = typeLine === undefined ? undefined : typeLineOf(typeLine);
  const places = texts.find((text) => payOf(text) === undefined && typeLineOf(text) === undefined);
  return posting({
    ...head,
    locations: locations(
      (places?.replace(MORE_PLACES, '').split(';') ?? []).map((place) =>
        location({ text: place.trim() === '' ? undefined : place.trim() }),
      ),
    ),
    department: departmentOf(card, titleParagraph),
    employmentTypes: type?.employment === undefined ? [] : [type.employment],
    workplaceType: type?.workplace,
    salary: pay,
  });
}

/** The id of a link to `/{tenant}/{id}` (relative, or absolute on careers.kula.ai). */
function jobId(el: Element, tenant: string): string | undefined {
  const href = DomUtils.getAttributeValue(el, 'href');
  if (href === undefined) return undefined;
  let target: URL;
  try {
    target = new URL(href.trim(), `${PUBLIC_BASE}/`);
  } catch {
    return undefined;
  }
  if (target.origin !== PUBLIC_BASE) return undefined;
  const [, owner = '', id = '', ...rest] = target.pathname.split('/');
  const ours = owner.toLowerCase() === tenant.toLowerCase() && /^\d+$/.test(id);
  return ours && rest.every((part) => part === '') ? id : undefined;
}

/**
 * The department badge: the text of the card's content before the element holding the title,
 * when that content has no paragraph of its own.
 */
function departmentOf(card: Element, title: Element): string | undefined {
  for (let holder: Element = title; holder !== card;) {
    const parent = holder.parent;
    if (parent === null || !DomUtils.isTag(parent)) return undefined;
    const siblings = DomUtils.getSiblings(holder);
    const before = siblings.slice(0, siblings.indexOf(holder)).filter((node) => DomUtils.isTag(node));
    if (before.length > 0) {
      const hasParagraph = before.some((node) => DomUtils.getElementsByTagName('p', node).length > 0);
      const text = before.map(textOf).join(' ').trim();
      return hasParagraph || text === '' ? undefined : text;
    }
    holder = parent;
  }
  return undefined;
}

/** "USD 96,000-120,000 / year" → min, max, currency and period as published. */
function payOf(text: string): SourceSalary | undefined {
  const match = PAY.exec(text);
  if (match === null) return undefined;
  const [, currency, low = '', high, period] = match;
  const min = Number(low.replaceAll(',', ''));
  const max = high === undefined ? min : Number(high.replaceAll(',', ''));
  return salary({ min, max, currency, periodRaw: period?.trim() });
}

/** "Full Time • Hybrid" → its two halves; any other text is not the type line. */
function typeLineOf(text: string): { employment?: string; workplace?: string } | undefined {
  const parts = text.split('•').map((part) => part.trim());
  if (parts.length !== 2) return undefined;
  const [employment = '', workplace = ''] = parts;
  if (employment === '' && workplace === '') return undefined;
  return {
    ...(employment === '' ? {} : { employment }),
    ...(workplace === '' ? {} : { workplace }),
  };
}
