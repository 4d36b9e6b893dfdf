/**
 * The rows of the connector contract suite (contract.test.ts), one per source code. Each row says
 * what the source answers natively: how it says "this board is gone", what an empty board looks
 * like (the envelope of a real recording with its list emptied, so the empty case is the source's
 * own shape and not a guess), and which recording to answer first when a later request fails.
 *
 * The suite iterates the connector registry, so a row for a source that is not registered yet is
 * simply unused, and a registered connector without a row fails the suite. Rows are built on
 * demand: a recording renamed under an unregistered row cannot break the suite of the others.
 */
import { readFileSync } from 'node:fs';
import { DomUtils, parseDocument } from 'htmlparser2';
import { arr, isObject, type JsonObject } from '../../../src/ingest/connectors/json.js';
import { WORKDAY_PAGE_SIZE } from '../../../src/ingest/connectors/workday.js';
import type { BoardRef } from '../../../src/ingest/types.js';
import { fixture, json, ok, status, type FakeResponse } from './fake-http.js';

/** The payload format of the source's list endpoint; it picks the default changed-shape bodies. */
export type PayloadFormat = 'json' | 'xml' | 'html';

export interface ContractCase {
  /** A board in the slug form the connector accepts; the suite's catch-all client ignores the URL. */
  readonly board: BoardRef;
  readonly format: PayloadFormat;
  /**
   * Answers, in order, to the first requests, for a connector that must read something before it
   * can ask for the list (e.g. a token on the board page). Used by the empty, changed-shape and
   * follow-up cases; the not-found, deadline and retries cases answer every request alike.
   */
  readonly setup?: readonly FakeResponse[];
  /** Every way the source says "this board does not exist"; each must give BoardNotFoundError. */
  readonly notFound: readonly FakeResponse[];
  /** The source's empty board, in every shape it serves one; each must give zero postings. */
  readonly empty: readonly FakeResponse[];
  /** Well-formed payloads of another shape, on top of the defaults for the format. */
  readonly extraShapes?: readonly FakeResponse[];
  /**
   * For connectors that make more requests after the list (pages, details): a first answer that
   * leads to many of them. After it every request fails transiently, and the crawl must stop.
   */
  readonly followUp?: FakeResponse;
}

/** A recorded JSON array payload's first object (the recorder dropped the envelope). */
function recordedArrayEntry(path: string): JsonObject {
  const payload: unknown = JSON.parse(fixture(path));
  const first: unknown = Array.isArray(payload) ? payload[0] : undefined;
  if (!isObject(first)) throw new Error(`${path} is not an array of objects`);
  return first;
}

/** A recorded JSON object payload, to reuse its envelope. */
function recordedObject(path: string): JsonObject {
  const payload: unknown = JSON.parse(fixture(path));
  if (!isObject(payload)) throw new Error(`${path} is not a JSON object`);
  return payload;
}

/** The first object of an array member of a recording (a list entry to copy). */
function firstObject(payload: unknown, key: string, path: string): JsonObject {
  const first = arr(payload, key)[0];
  if (!isObject(first)) throw new Error(`${path}: no object in "${key}"`);
  return first;
}

/** An object member of a recording (a nested envelope). */
function objectMember(payload: unknown, key: string, path: string): JsonObject {
  const member = isObject(payload) ? payload[key] : undefined;
  if (!isObject(member)) throw new Error(`${path}: no object "${key}"`);
  return member;
}

/**
 * A recorded XML feed with every `<tag>…</tag>` element removed: the feed's own envelope (root,
 * channel, title …) around no entries. Fails loudly if an element survives, so the empty case
 * cannot quietly test a non-empty feed.
 */
function withoutElements(path: string, tag: string): FakeResponse {
  const text = fixture(path).replace(new RegExp(`<${tag}>[\\s\\S]*?</${tag}>`, 'g'), '');
  if (text.includes(`<${tag}>`) || text.includes(`<${tag} `)) {
    throw new Error(`${path}: <${tag}> left after emptying`);
  }
  return { text };
}

/**
 * A recorded HTML list page whose first `<li class="job">` row is repeated `count` times with the
 * job id in its link replaced, so a connector that fetches a page per row has many to fetch.
 */
function repeatedRows(path: string, count: number): FakeResponse {
  const page = fixture(path);
  const row = /<li class="job">[\s\S]*?<\/li>/.exec(page)?.[0];
  const id = row === undefined ? undefined : /\/job\/([A-Za-z0-9_-]+)"/.exec(row)?.[1];
  if (row === undefined || id === undefined) throw new Error(`${path}: no job row to repeat`);
  const rows = Array.from({ length: count }, (_, i) => row.replace(`/job/${id}"`, `/job/x${i}"`)).join('\n');
  return { text: page.replace(/<li class="job">[\s\S]*<\/li>/, rows) };
}

/** `text` with `pattern` replaced; fails loudly when nothing matched, so a case cannot go stale quietly. */
function replaced(text: string, pattern: RegExp | string, by: string, path: string): string {
  const out = text.replace(pattern, by);
  if (out === text) throw new Error(`${path}: ${String(pattern)} matched nothing`);
  return out;
}

/**
 * A recorded Next.js page with its `__NEXT_DATA__` JSON replaced by `edit(data)`. The script is
 * found with the HTML parser; only its text is swapped, so the rest of the page stays as recorded.
 */
function withNextData(path: string, edit: (data: JsonObject) => JsonObject): FakeResponse {
  const page = fixture(path);
  const script = DomUtils.findOne(
    (el) => el.name === 'script' && DomUtils.getAttributeValue(el, 'id') === '__NEXT_DATA__',
    parseDocument(page).children,
  );
  const text = script === null ? '' : DomUtils.textContent(script);
  const data: unknown = text === '' ? undefined : JSON.parse(text);
  if (!isObject(data) || !page.includes(text)) throw new Error(`${path}: no __NEXT_DATA__ to edit`);
  return { text: page.replace(text, JSON.stringify(edit(data))) };
}

/** `initialState` of a `__NEXT_DATA__` object (JOIN's page state). */
function initialState(data: JsonObject, path: string): JsonObject {
  return objectMember(
    objectMember(objectMember(data, 'props', path), 'pageProps', path),
    'initialState',
    path,
  );
}

/**
 * Constructed: a Taleo results page of the recording's first row block repeated `count` times with
 * its `rid` replaced, so the crawl has that many requisition pages to fetch.
 */
function taleoRows(path: string, count: number): FakeResponse {
  const block = /<div class="oracletaleocwsv2-accordion-head-info">[\s\S]*?<\/div><\/div>/.exec(
    fixture(path),
  )?.[0];
  if (block === undefined || !block.includes('rid=17"')) throw new Error(`${path}: no row block to repeat`);
  const rows = Array.from({ length: count }, (_, i) => block.replace('rid=17"', `rid=${5000 + i}"`));
  return { text: `<html><body>\n${rows.join('\n')}\n</body></html>` };
}

/** How many list entries a follow-up answer holds: well above the connectors' detail concurrency. */
const FOLLOW_UP_ENTRIES = 40;

/** Page sizes the servers fix (not imported: those connectors may still change). */
const CORNERSTONE_PAGE = 25;
const DARWINBOX_PAGE = 100;
const ADP_MYJOBS_PAGE = 100;

/** `count` copies of a recorded entry, each made distinct by `vary`. */
function copies(entry: JsonObject, count: number, vary: (i: number) => JsonObject): JsonObject[] {
  return Array.from({ length: count }, (_, i) => ({ ...entry, ...vary(i) }));
}

/** A 404 without a body: the "gone" answer of most sources. */
const HTTP_404: FakeResponse = status(404);

/** An envelope source must not read a bare array (another shape) as an empty board. */
const BARE_ARRAY: FakeResponse = json([]);
/** A bare-array source must not read an object, even one holding an empty list, as an empty board. */
const OBJECT_WITH_EMPTY_LIST: FakeResponse = json({ jobs: [] });

/** XML feeds: a channel-less RSS document and an Atom feed are other shapes. */
const FEED_OTHER_SHAPES: readonly FakeResponse[] = [
  { text: '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"></rss>' },
  {
    text: '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Jobs</title></feed>',
  },
];

/** Contract rows keyed by source code (the registry key and `BoardRef.source`), built on demand. */
export const CONTRACT_CASES: Readonly<Record<string, () => ContractCase>> = {
  greenhouse: () => ({
    board: { source: 'greenhouse', slug: 'amplitude' },
    format: 'json',
    // The body Greenhouse sends with its 404.
    notFound: [status(404, '{"status":404,"error":"Job not found"}')],
    empty: [
      json({
        ...recordedObject('greenhouse/amplitude-jobs-content-2-of-list.json'),
        jobs: [],
        meta: { total: 0 },
      }),
    ],
    extraShapes: [BARE_ARRAY],
  }),
  lever: () => ({
    board: { source: 'lever', slug: 'palantir' },
    format: 'json',
    // Lever says "Document not found" in the body, with 200 or 404; the catch-all client gives the
    // same answer on the US and the EU host, so both hosts are asked and both say "gone".
    notFound: [
      json({ ok: false, error: 'Document not found' }),
      status(404, '{"ok":false,"error":"Document not found"}'),
      HTTP_404,
    ],
    empty: [json([])],
    extraShapes: [OBJECT_WITH_EMPTY_LIST],
  }),
  ashby: () => ({
    board: { source: 'ashby', slug: 'openevidence' },
    format: 'json',
    notFound: [HTTP_404],
    empty: [json({ ...recordedObject('ashby/openevidence-job-board-2.json'), jobs: [] })],
    extraShapes: [BARE_ARRAY],
  }),
  workday: () => {
    const path = 'workday/cxs-jobs-list-4-boston-with-facets.json';
    const recorded = recordedObject(path);
    const entry = firstObject(recorded, 'jobPostings', path);
    return {
      board: { source: 'workday', slug: 'acme.wd1/External' },
      format: 'json',
      notFound: [HTTP_404],
      // A board without postings reports total 0 and no facet values.
      empty: [json({ ...recorded, total: 0, jobPostings: [], facets: [] })],
      extraShapes: [BARE_ARRAY],
      // One full list page (20, the most Workday serves) that is the whole board, so no second
      // page is asked for; then one detail GET per posting.
      followUp: json({
        ...recorded,
        total: WORKDAY_PAGE_SIZE,
        jobPostings: copies(entry, WORKDAY_PAGE_SIZE, (i) => ({
          externalPath: `/job/x_${i}`,
          bulletFields: [`R${i}`],
        })),
      }),
    };
  },
  smartrecruiters: () => {
    const path = 'smartrecruiters/westerndigital-postings-list-3.json';
    const recorded = recordedObject(path);
    const entry = firstObject(recorded, 'content', path);
    return {
      board: { source: 'smartrecruiters', slug: 'WesternDigital' },
      format: 'json',
      notFound: [HTTP_404],
      empty: [json({ ...recorded, totalFound: 0, content: [] })],
      extraShapes: [BARE_ARRAY],
      // One list page with every posting, then one detail GET per posting.
      followUp: json({
        ...recorded,
        totalFound: FOLLOW_UP_ENTRIES,
        content: copies(entry, FOLLOW_UP_ENTRIES, (i) => ({ id: `74400000${i}` })),
      }),
    };
  },
  workable: () => ({
    board: { source: 'workable', slug: 'huggingface' },
    format: 'json',
    notFound: [HTTP_404],
    empty: [json({ ...recordedObject('workable/huggingface-widget-3-no-details.json'), jobs: [] })],
    extraShapes: [BARE_ARRAY],
  }),
  recruitee: () => ({
    board: { source: 'recruitee', slug: 'aikidosecurity' },
    format: 'json',
    notFound: [HTTP_404],
    // The recorded envelope is `{offers}` alone.
    empty: [json({ ...recordedObject('recruitee/aikidosecurity-offers-3.json'), offers: [] })],
    extraShapes: [BARE_ARRAY],
  }),
  personio: () => ({
    board: { source: 'personio', slug: 'demo' },
    format: 'xml',
    notFound: [HTTP_404],
    // `<workzag-jobs>` with no `<position>`.
    empty: [withoutElements('personio/demo-account-3-positions.xml', 'position')],
  }),
  bamboohr: () => {
    const recorded = recordedObject('bamboohr/careers-list-2-of-3.json');
    const entry = firstObject(recorded, 'result', 'bamboohr/careers-list-2-of-3.json');
    return {
      board: { source: 'bamboohr', slug: 'acme' },
      format: 'json',
      // The list endpoint is disputed (see the connector): its 404 is read as "gone" like elsewhere.
      notFound: [HTTP_404],
      empty: [json({ ...recorded, meta: { totalCount: 0 }, result: [] })],
      extraShapes: [BARE_ARRAY],
      // The list, then one detail per job.
      followUp: json({
        ...recorded,
        meta: { totalCount: FOLLOW_UP_ENTRIES },
        result: copies(entry, FOLLOW_UP_ENTRIES, (i) => ({ id: String(500 + i) })),
      }),
    };
  },
  teamtailor: () => ({
    board: { source: 'teamtailor', slug: 'upcloud' },
    format: 'xml',
    notFound: [HTTP_404],
    // The channel (title, link) with no `<item>`.
    empty: [withoutElements('teamtailor/upcloud-jobs-rss-2.xml', 'item')],
    extraShapes: FEED_OTHER_SHAPES,
    // The list, then its JSON feed.
    followUp: ok('teamtailor/upcloud-jobs-rss-2.xml'),
  }),
  breezy: () => ({
    board: { source: 'breezy', slug: 'breezy' },
    format: 'json',
    // Breezy's own signal is a 302 to its vendor site; a 404 falls under the common rule.
    notFound: [status(302, '', { location: 'https://breezy.hr/' }), HTTP_404],
    empty: [json([])],
    extraShapes: [OBJECT_WITH_EMPTY_LIST],
  }),
  icims: () => {
    const path = 'icims/jibe-careers-api-jobs-3-of-99-trimmed.json';
    return {
      board: { source: 'icims', slug: 'jobs.exeloncorp.com' },
      format: 'json',
      notFound: [HTTP_404],
      empty: [json({ ...recordedObject(path), totalCount: 0, count: 0, jobs: [] })],
      extraShapes: [BARE_ARRAY],
      // The recording holds 3 of 99 jobs, so page 2 is asked for.
      followUp: ok(path),
    };
  },
  successfactors: () => ({
    board: { source: 'successfactors', slug: 'careers.qorvo.com' },
    format: 'xml',
    notFound: [HTTP_404],
    empty: [withoutElements('successfactors/qorvo-careers-rss-2-desc-elided.xml', 'item')],
    extraShapes: FEED_OTHER_SHAPES,
  }),
  oracle_cloud: () => {
    const path = 'oracle_cloud/southernco-recruitingCEJobRequisitions-list-3-of-105.json';
    const recorded = recordedObject(path);
    const search = firstObject(recorded, 'items', path);
    const entry = firstObject(search, 'requisitionList', path);
    return {
      board: { source: 'oracle_cloud', slug: 'emje.fa.us6/CX_1001' },
      format: 'json',
      notFound: [HTTP_404],
      // The finder still answers one search result, with a zero count and an empty list.
      empty: [json({ ...recorded, items: [{ ...search, TotalJobsCount: 0, requisitionList: [] }] })],
      extraShapes: [BARE_ARRAY, json({ items: [] })],
      // One list page with every requisition, then one detail GET per requisition.
      followUp: json({
        ...recorded,
        items: [
          {
            ...search,
            TotalJobsCount: FOLLOW_UP_ENTRIES,
            requisitionList: copies(entry, FOLLOW_UP_ENTRIES, (i) => ({ Id: `9000${i}` })),
          },
        ],
      }),
    };
  },
  rippling: () => {
    const entry = recordedArrayEntry('rippling/rippling-board-2-trimmed.json');
    return {
      board: { source: 'rippling', slug: 'rippling' },
      format: 'json',
      notFound: [HTTP_404],
      empty: [json([])],
      extraShapes: [OBJECT_WITH_EMPTY_LIST],
      // The board list, then one detail per job (ids must be UUIDs to be asked for).
      followUp: json(
        copies(entry, FOLLOW_UP_ENTRIES, (i) => ({
          uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        })),
      ),
    };
  },
  pinpoint: () => ({
    board: { source: 'pinpoint', slug: 'workwithus' },
    format: 'json',
    notFound: [HTTP_404],
    // Served as `{data: [...]}`; the bare array (the recording's shape) is accepted too.
    empty: [json({ data: [] }), json([])],
    extraShapes: [json({ postings: [] })],
  }),
  gem: () => ({
    board: { source: 'gem', slug: 'gem' },
    format: 'json',
    notFound: [HTTP_404],
    empty: [json([])],
    extraShapes: [OBJECT_WITH_EMPTY_LIST],
  }),
  comeet: () => ({
    // The slug is `{companyUid}/{token}`.
    board: { source: 'comeet', slug: 'F6.003/6F329B2DE6379829B229B2037983E8B3E8B' },
    format: 'json',
    notFound: [HTTP_404],
    empty: [json([])],
    extraShapes: [OBJECT_WITH_EMPTY_LIST],
  }),

  // Connectors being written alongside (files in src/ingest/connectors/ not yet in index.ts):
  // unused until registered. Checked against the files as they stood when these rows were written.
  adp: () => {
    const path = 'adp/wfn-job-requisitions-list-3-keys-reduced.json';
    const recorded = recordedObject(path);
    const entry = firstObject(recorded, 'jobRequisitions', path);
    return {
      // The slug is `{cid}/{ccId}`.
      board: { source: 'adp', slug: 'c3f0e6a1-5b2d-4c1e-9f00-0123456789ab/9200000000000_1' },
      format: 'json',
      // The center's languages first (recorded: Cox & Palmer's content links, en_CA and fr_CA).
      setup: [json(recordedObject('adp/headstart-wfn-coxpalmer-manhattanlife.json').coxpalmer_locales)],
      notFound: [HTTP_404],
      // ADP leaves empty collections out, so an empty board may come without the array.
      empty: [
        json({ ...recorded, meta: { startSequence: 0, totalNumber: 0 }, jobRequisitions: [] }),
        json({ meta: { startSequence: 0, totalNumber: 0 } }),
      ],
      extraShapes: [BARE_ARRAY],
      // One list page with every requisition (totalNumber = entries), then one detail each.
      followUp: json({
        ...recorded,
        meta: { startSequence: 0, totalNumber: FOLLOW_UP_ENTRIES },
        jobRequisitions: copies(entry, FOLLOW_UP_ENTRIES, (i) => ({ itemID: `92000000${i}_1` })),
      }),
    };
  },
  dayforce: () => {
    const path = 'dayforce/aifire-geo-jobposting-search-3-of-189.json';
    return {
      board: { source: 'dayforce', slug: 'aifire' },
      format: 'json',
      notFound: [HTTP_404],
      empty: [json({ ...recordedObject(path), jobPostings: [], maxCount: 0, offset: 0, count: 0 })],
      extraShapes: [BARE_ARRAY],
      // The recording is 3 of 189, so the next page is asked for.
      followUp: ok(path),
    };
  },
  eightfold: () => {
    const path = 'eightfold/caci-pcsx-search-3-of-1758.json';
    const recorded = recordedObject(path);
    const data = objectMember(recorded, 'data', path);
    const entry = firstObject(data, 'positions', path);
    return {
      // `{host}/{domain}`. The first request is the PCSX search; a 403 there switches to
      // SmartApply v2, which the catch-all client then answers the same way.
      board: { source: 'eightfold', slug: 'caci/caci.com' },
      format: 'json',
      notFound: [HTTP_404],
      empty: [json({ ...recorded, data: { ...data, positions: [], count: 0 } })],
      extraShapes: [BARE_ARRAY, json({ status: 200, data: null })],
      // One PCSX page with every position (count = entries), then one detail per position.
      followUp: json({
        ...recorded,
        data: {
          ...data,
          count: FOLLOW_UP_ENTRIES,
          positions: copies(entry, FOLLOW_UP_ENTRIES, (i) => ({ id: 1443150000000 + i })),
        },
      }),
    };
  },
  jobscore: () => ({
    board: { source: 'jobscore', slug: 'jobscore' },
    format: 'json',
    notFound: [HTTP_404],
    empty: [json({ ...recordedObject('jobscore/jobscore-careers-feed-json-1.json'), jobs: [] })],
    extraShapes: [BARE_ARRAY],
  }),
  jobvite: () => {
    const path = 'jobvite/neogenomics-search-list-excerpt-3.html';
    return {
      board: { source: 'jobvite', slug: 'neogenomics' },
      format: 'html',
      notFound: [HTTP_404],
      // Constructed: no empty Jobvite board is recorded. The recorded list page with its rows
      // replaced by a "no jobs" notice, the empty board the connector documents.
      empty: [
        {
          text: replaced(
            fixture(path),
            /<li class="job">[\s\S]*<\/li>/,
            '<li>There are no jobs available at this time.</li>',
            path,
          ),
        },
      ],
      // A job list that holds no links and does not say the board is empty.
      extraShapes: [{ text: '<!DOCTYPE html><html><body><ul class="jv-job-list"></ul></body></html>' }],
      // One list page without pagination text (the whole board), then one job page per row.
      followUp: repeatedRows(path, FOLLOW_UP_ENTRIES),
    };
  },
  manatal: () => {
    const path = 'manatal/castelion-careers-page-jobs-page1-10-of-137.json';
    return {
      board: { source: 'manatal', slug: 'castelion-corporation' },
      format: 'json',
      // The body Manatal sends with the 404 of an unknown career page.
      notFound: [status(404, '{"detail":"No ClientPortalSettings matches the given query."}')],
      empty: [json({ ...recordedObject(path), count: 0, next: null, previous: null, results: [] })],
      extraShapes: [BARE_ARRAY],
      // Page 1 of 14 names page 2 in `next`.
      followUp: ok(path),
    };
  },
  pageup: () => ({
    board: { source: 'pageup', slug: '1083/cw/en' },
    format: 'xml',
    notFound: [HTTP_404],
    empty: [withoutElements('pageup/kinetic-1083-latest-jobs-rss-3.xml', 'item')],
    extraShapes: FEED_OTHER_SHAPES,
  }),
  polymer: () => {
    const path = 'polymer/cedar-list-items-plus-detail-1.json';
    const recorded = recordedObject(path);
    const row = firstObject(recorded, 'items', path);
    return {
      board: { source: 'polymer', slug: 'cedar' },
      format: 'json',
      notFound: [HTTP_404],
      // As served (`meta.is_last`), and the recording's own (composed) envelope emptied.
      empty: [json({ items: [], meta: { is_last: true } }), json({ ...recorded, items: [], details: {} })],
      extraShapes: [BARE_ARRAY],
      // One last list page with every row, then one detail per row.
      followUp: json({
        items: copies(row, FOLLOW_UP_ENTRIES, (i) => ({ id: 38000 + i })),
        meta: { is_last: true },
      }),
    };
  },
  sensehq: () => {
    const path = 'sensehq/zetwerk-careers-api-jobs-2.json';
    const data = objectMember(recordedObject(path), 'data', path);
    const row = firstObject(data, 'rows', path);
    return {
      board: { source: 'sensehq', slug: 'zetwerk' },
      format: 'json',
      notFound: [HTTP_404],
      empty: [json({ success: true, data: { ...data, rows: [], count: 0 } })],
      extraShapes: [BARE_ARRAY, json({ success: true, data: null })],
      // A page fuller than Sense's 10 rows and no count: the next page is asked for.
      followUp: json({ data: { rows: copies(row, FOLLOW_UP_ENTRIES, (i) => ({ id: 56000 + i })) } }),
    };
  },
  trakstar: () => {
    const opening = recordedArrayEntry('trakstar/exotel-jsapi-openings-objects-2.json');
    return {
      board: { source: 'trakstar', slug: 'exotel' },
      format: 'json',
      // Trakstar's own signal for an unknown client is a 400 naming `client_name`.
      notFound: [status(400, '{"client_name": "Invalid client name"}'), HTTP_404],
      // As documented (`{meta, objects}`). The recording is the bare `objects` array, which the
      // connector reads as a whole board, so an empty bare array is an empty board too.
      empty: [json({ meta: { limit: 100, offset: 0, total: 0 }, objects: [] }), json([])],
      // One page of a larger board (`meta.total` above what was served): the next page is asked for.
      followUp: json({
        meta: { limit: 100, offset: 0, total: 2 * FOLLOW_UP_ENTRIES },
        objects: copies(opening, FOLLOW_UP_ENTRIES, (i) => ({ id: `fk0z${i}` })),
      }),
    };
  },
  avature: () => {
    const path = 'avature/unifi-searchjobs-excerpt-3-of-720.html';
    const cards = /<article class="article article--result">[\s\S]*<\/article>/;
    return {
      board: { source: 'avature', slug: 'careers.unifiservice.com/careers' },
      format: 'html',
      notFound: [HTTP_404],
      // Constructed: no empty Avature portal is recorded. The recorded page without its cards and
      // with a legend that counts none.
      empty: [{ text: replaced(replaced(fixture(path), cards, '', path), /1-20\s+of 720/, '0', path) }],
      // The recorded page whose cards changed their markup (the card class renamed) while the
      // legend still says "1-20 of 720 results": an error, not an empty board.
      extraShapes: [{ text: replaced(fixture(path), /article--result/g, 'article--job', path) }],
    };
  },
  clearcompany: () => ({
    board: { source: 'clearcompany', slug: 'hbtbank' },
    format: 'xml',
    notFound: [HTTP_404],
    // `<source>` with its publisher lines and no `<job>`.
    empty: [withoutElements('clearcompany/hbtbank-hrmdirect-xml-feed-2-rows.xml', 'job')],
    extraShapes: FEED_OTHER_SHAPES,
  }),
  cornerstone: () => {
    const path = 'cornerstone/macom-rec-job-search-external-jobs-3.json';
    const recorded = recordedObject(path);
    const data = objectMember(recorded, 'data', path);
    const entry = firstObject(data, 'requisitions', path);
    const context = {
      corp: 'macomtech',
      cultureID: 1,
      cultureName: 'en-US',
      endpoints: { cloud: 'https://us.api.csod.com/', api: '/' },
      token: 'eyJhbGciOiJIUzUxMiJ9.payload.signature',
    };
    return {
      board: { source: 'cornerstone', slug: 'macomtech' },
      format: 'json',
      // The search needs the anonymous token the career-site page hands out: the first request is
      // that page (constructed like the unit test's, reduced to its `csod.context` script).
      setup: [
        {
          text: `<!DOCTYPE html><html><head><script type="text/javascript">csod.context=${JSON.stringify(context)};</script></head><body></body></html>`,
        },
      ],
      // A missing career site is a 404 of that first page.
      notFound: [HTTP_404],
      empty: [json({ ...recorded, data: { ...data, totalCount: 0, requisitions: [] } })],
      extraShapes: [BARE_ARRAY, json({ status: 'Error', data: { requisitions: [] } })],
      // A full page (25) of a larger board (`totalCount` above what was served): page 2 is asked for.
      followUp: json({
        ...recorded,
        data: {
          ...data,
          totalCount: 2 * CORNERSTONE_PAGE,
          requisitions: copies(entry, CORNERSTONE_PAGE, (i) => ({ requisitionId: 9000 + i })),
        },
      }),
    };
  },
  darwinbox: () => {
    const path = 'darwinbox/licious-candidateapi-jobs-2.json';
    const entry = recordedArrayEntry(path);
    return {
      board: { source: 'darwinbox', slug: 'licious' },
      format: 'json',
      // Darwinbox answers an unknown tenant with `{status: "error"}`; a 404 falls under the common rule.
      notFound: [json({ status: 'error' }), HTTP_404],
      // As served, and as recorded (the bare `data` array, which the connector reads too).
      empty: [json({ status: 'success', data: [], job_counts: 0 }), json([])],
      extraShapes: [json({ status: 'success', data: null })],
      // A full page is followed by a request for the next.
      followUp: json({ status: 'success', data: copies(entry, DARWINBOX_PAGE, (i) => ({ id: `a${i}` })) }),
    };
  },
  join: () => {
    const path = 'join/bexio-company-page-next-data-reduced-5-of-8.html';
    const withJobs = (edit: (state: JsonObject) => JsonObject): FakeResponse =>
      withNextData(path, (data) => ({
        props: { pageProps: { initialState: edit(initialState(data, path)) } },
      }));
    return {
      board: { source: 'join', slug: 'bexio' },
      format: 'html',
      notFound: [HTTP_404],
      // The recorded page state with no jobs and a pagination that counts none.
      empty: [
        withJobs((state) => ({
          ...state,
          jobs: { items: [], pagination: { page: 1, pageCount: 0, pageSize: 5, perPage: 5, total: 0 } },
        })),
      ],
      // A page whose state lost its jobs (the Next.js state changed shape).
      extraShapes: [withJobs((state) => ({ ...state, jobs: { total: 8 } }))],
      // The recorded page (2 pages) given a company id (constructed), so the API is asked for page 2.
      followUp: withJobs((state) => ({
        ...state,
        company: { ...objectMember(state, 'company', path), id: '4242' },
      })),
    };
  },
  paylocity: () => {
    const path = 'paylocity/fermi-board-all-pagedata.html';
    return {
      // The slug is the company GUID.
      board: { source: 'paylocity', slug: 'add565e9-4cee-4334-8182-9de221ffb9e4' },
      format: 'html',
      notFound: [HTTP_404],
      // The recorded board page with an empty `Jobs` array in its `window.pageData`.
      empty: [
        { text: replaced(fixture(path), /"Jobs":\[.*?\],"LeadJoinUrl"/s, '"Jobs":[],"LeadJoinUrl"', path) },
      ],
      // The recorded board (18 jobs), then one detail page per job.
      followUp: ok(path),
    };
  },
  phenom: () => {
    const path = 'phenom/cisco-widgets-refinesearch-2-of-1313.json';
    const recorded = recordedObject(path);
    const search = objectMember(recorded, 'refineSearch', path);
    const entry = firstObject(objectMember(search, 'data', path), 'jobs', path);
    const page = (jobs: JsonObject[]): FakeResponse =>
      json({ ...recorded, refineSearch: { ...search, totalHits: jobs.length, data: { jobs } } });
    return {
      board: { source: 'phenom', slug: 'careers.cisco.com/global/en' },
      format: 'json',
      notFound: [HTTP_404],
      empty: [page([])],
      extraShapes: [BARE_ARRAY, json({ refineSearch: { status: 200, totalHits: 0 } })],
      // One list page with every job (totalHits = entries), then one detail per job.
      followUp: page(copies(entry, FOLLOW_UP_ENTRIES, (i) => ({ jobId: `30000${i}` }))),
    };
  },
  zoho_recruit: () => {
    const path = 'zoho_recruit/pnbcsl-careers-hidden-jobs-input-reconstructed-2.html';
    return {
      board: { source: 'zoho_recruit', slug: 'pnbcsl.zohorecruit.in' },
      format: 'html',
      notFound: [HTTP_404],
      // The recorded page with the hidden `jobs` input holding an empty array.
      empty: [
        {
          text: replaced(
            fixture(path),
            /<input[^>]*id="jobs"[^>]*>/,
            '<input type="hidden" value="[]" id="jobs">',
            path,
          ),
        },
      ],
    };
  },
  // ADP Recruiting Management (myjobs.adp.com): the career site's session first, then the list.
  'adp:myjobs': () => {
    const recorded = JSON.parse(
      readFileSync(
        new URL(
          '../../fixtures/labelled/wave2/raw/adp/sarthakjain004__headstart__adp_recruiting_responses.json',
          import.meta.url,
        ),
        'utf8',
      ),
    ) as Record<string, JsonObject>;
    const site = recorded.site_churchmutual ?? {};
    const listPage = recorded.churchmutual_listing_top10_skip0 ?? {};
    const entry = firstObject(listPage, 'jobRequisitions', 'adp_recruiting_responses.json');
    return {
      board: { source: 'adp', slug: 'myjobs.adp.com/churchmutual' },
      format: 'json',
      setup: [json(site)],
      // The recorded answers of a site that is gone; a 404 of the site call.
      notFound: [HTTP_404, json(recorded.site_not_found), json(recorded.site_not_active)],
      empty: [json({ ...listPage, count: 0, jobRequisitions: [] })],
      extraShapes: [BARE_ARRAY, json({ count: 3, requisitions: [] })],
      // A full page of a larger site (count above what was served): the next page is asked for.
      followUp: json({
        count: 2 * ADP_MYJOBS_PAGE,
        jobRequisitions: copies(entry, ADP_MYJOBS_PAGE, (i) => ({ reqId: String(6000 + i) })),
      }),
    };
  },
  jazzhr: () => {
    const path = 'jazzhr/paradromicsinc-apply-board-reduced-1.html';
    return {
      board: { source: 'jazzhr', slug: 'paradromicsinc' },
      format: 'html',
      notFound: [HTTP_404],
      // Constructed: no empty JazzHR board is recorded. The recorded page with its job replaced by
      // a notice that nothing is open, the empty board the connector documents.
      empty: [
        {
          text: replaced(
            fixture(path),
            /<li class="list-group-item">[\s\S]*<\/li>\n<\/ul>/,
            '</ul><p>There are no current openings.</p>',
            path,
          ),
        },
      ],
      // A job list without job links (and no word that it is empty), and the keyed API's answer.
      extraShapes: [
        { text: '<!DOCTYPE html><html><body><ul class="list-group"></ul></body></html>' },
        ok('jazzhr/jobs-list-2-jobs.json'),
      ],
      // The board page with many jobs, then one job page per job.
      followUp: {
        text: replaced(
          fixture(path),
          /<li class="list-group-item">[\s\S]*<\/li>\n<\/ul>/,
          `${Array.from(
            { length: FOLLOW_UP_ENTRIES },
            (_, i) =>
              `<li class="list-group-item"><h3><a href="https://paradromicsinc.applytojob.com/apply/Job${String(i).padStart(4, '0')}AB/Job">Job ${i}</a></h3></li>`,
          ).join('\n')}\n</ul>`,
          path,
        ),
      },
    };
  },
  kula: () => {
    const path = 'kula/precision-neuroscience-board-cards-excerpt-3.html';
    return {
      board: { source: 'kula', slug: 'precision-neuroscience' },
      format: 'html',
      notFound: [HTTP_404],
      // Constructed: no empty Kula board is recorded. A page that says it has no open positions.
      empty: [
        {
          text: '<!DOCTYPE html><html><body><p class="chakra-text">There are no open positions right now.</p></body></html>',
        },
      ],
      // The recorded cards whose job links changed: cards without a readable job are not an empty board.
      extraShapes: [
        { text: replaced(fixture(path), /href="\/precision-neuroscience\//g, 'href="/jobs/', path) },
      ],
    };
  },
  taleo: () => {
    const path = 'taleo/nfindy-tbe-searchresults-excerpt-3.html';
    return {
      board: { source: 'taleo', slug: 'phh.tbe.taleo.net/phh04/NFINDY/37' },
      format: 'html',
      notFound: [HTTP_404],
      // Constructed: no empty TBE board is recorded. A CWS v2 page that says it has no positions.
      empty: [
        {
          text: '<html><body><div class="oracletaleocwsv2-search-results"><p>There are no open positions at this time.</p></div></body></html>',
        },
      ],
      // The recorded rows whose links lost their `viewJobLink` class.
      extraShapes: [{ text: replaced(fixture(path), /class="viewJobLink"/g, 'class="jobLink"', path) }],
      // More rows than a results page holds (no paging), then one requisition page per row.
      followUp: taleoRows(path, FOLLOW_UP_ENTRIES),
    };
  },
};
