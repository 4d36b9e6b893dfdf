/**
 * The out-of-sample labelled set (test/fixtures/labelled/wave2/): real postings found in public
 * recordings of native ATS payloads, labelled by reading them (never by running our rules), the
 * payloads kept verbatim under `raw/` with their provenance in `SOURCES-*.md`.
 *
 * A labelled posting is turned into what the pipeline would enrich by the platform's own item parser
 * (the connector's, so native fields are read exactly as a crawl reads them) applied to the recorded
 * payload: every object (JSON) or element (XML) of the file is offered to the parser and the one
 * whose native id the label names is kept. A platform whose connector reads a whole document (a
 * feed, or a page with its jobs in a script or hidden input) is crawled instead: its connector runs
 * against the recording (CRAWLED_PLATFORMS), every other request answered 404 (a detail page that
 * is gone, which the connector survives by keeping the list's data). Then the description is made
 * as the pipeline makes it (`descriptionOf`).
 *
 * Splits are by board, so no company's postings (their boilerplate, their title conventions) are on
 * both sides of a measurement: a board's split is fixed by a hash of `platform/board`, so a board
 * never moves when lines are added. `test` is for the final figure only.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { parseAshbyJob } from '../../ingest/connectors/ashby.js';
import { parseBambooHrJob } from '../../ingest/connectors/bamboohr.js';
import { parseBreezyPosition } from '../../ingest/connectors/breezy.js';
import { clearCompanyConnector } from '../../ingest/connectors/clearcompany.js';
import { parseComeetPosition } from '../../ingest/connectors/comeet.js';
import { parseXml } from '../../ingest/connectors/common.js';
import { parseGemJobPost } from '../../ingest/connectors/gem.js';
import { parseGreenhouseJob } from '../../ingest/connectors/greenhouse.js';
import { parseJibeJob } from '../../ingest/connectors/icims.js';
import { parseJobScoreJob } from '../../ingest/connectors/jobscore.js';
import { parseLeverPosting } from '../../ingest/connectors/lever.js';
import { parsePersonioPosition } from '../../ingest/connectors/personio.js';
import { parsePinpointPosting } from '../../ingest/connectors/pinpoint.js';
import { parseRecruiteeOffer } from '../../ingest/connectors/recruitee.js';
import { parseRipplingJob } from '../../ingest/connectors/rippling.js';
import { parseSmartRecruitersPosting } from '../../ingest/connectors/smartrecruiters.js';
import { parseSuccessFactorsItem } from '../../ingest/connectors/successfactors.js';
import { parseTeamtailorFeedItem, parseTeamtailorItem } from '../../ingest/connectors/teamtailor.js';
import { parseWorkableJob } from '../../ingest/connectors/workable.js';
import { parseWorkdayPosting, requisitionBullet } from '../../ingest/connectors/workday.js';
import { parseOracleRequisition } from '../../ingest/connectors/oracle-cloud.js';
import { parseAdpRequisition } from '../../ingest/connectors/adp.js';
import { parseAdpMyJobsDetail, parseAdpMyJobsRequisition } from '../../ingest/connectors/adp-myjobs.js';
import { parseDarwinboxJob } from '../../ingest/connectors/darwinbox.js';
import { parseDayforcePosting } from '../../ingest/connectors/dayforce.js';
import { parseEightfoldPosition } from '../../ingest/connectors/eightfold.js';
import { parseJoinJob, withJoinDetail } from '../../ingest/connectors/join.js';
import { parseManatalJob } from '../../ingest/connectors/manatal.js';
import { parsePageUpItem } from '../../ingest/connectors/pageup.js';
import { paylocityConnector } from '../../ingest/connectors/paylocity.js';
import { parsePhenomJob } from '../../ingest/connectors/phenom.js';
import { parsePolymerJob } from '../../ingest/connectors/polymer.js';
import { parseSenseHqJob } from '../../ingest/connectors/sensehq.js';
import { parseTrakstarOpening } from '../../ingest/connectors/trakstar.js';
import { zohoRecruitConnector } from '../../ingest/connectors/zoho-recruit.js';
import { descriptionOf } from '../../ingest/normalize/job.js';
import { parseJsonLines } from '../../lib/json.js';
import type { Connector, EnrichInput, HttpClient, SourcePosting } from '../../ingest/types.js';

export type Split = 'train' | 'dev' | 'test';

/** Shares of boards per split (by hash, so the posting shares only approach them). */
const SPLIT_BOUNDS: [Split, number][] = [
  ['train', 0.6],
  ['dev', 0.8],
  ['test', 1],
];

export interface LabelLine {
  id: string;
  platform: string;
  board: string;
  /** The recorded payload, relative to the set's directory. */
  file: string;
  native_id: string;
  title: string;
  has_description?: boolean;
  labels: Record<string, unknown>;
  notes?: string;
}

export interface SetPosting {
  line: LabelLine;
  split: Split;
  /** What the pipeline would enrich; absent when no parser of ours reads the recorded payload. */
  input?: EnrichInput;
  posting?: SourcePosting;
  /** Why there is no input (no parser for the platform, id not found in the payload). */
  unreadable?: string;
}

export const LABELLED_SET_DIR = new URL('../../../test/fixtures/labelled/wave2/', import.meta.url);

/** The split of a board: a stable hash of `platform/board` mapped onto the split shares. */
export function splitOf(platform: string, board: string): Split {
  const digest = createHash('sha256').update(`${platform}/${board.toLowerCase()}`).digest();
  const unit = digest.readUInt32BE(0) / 0x1_0000_0000;
  return SPLIT_BOUNDS.find(([, bound]) => unit < bound)?.[0] ?? 'test';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLabelLine(value: unknown): value is LabelLine {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.platform === 'string' &&
    typeof value.board === 'string' &&
    typeof value.file === 'string' &&
    typeof value.native_id === 'string' &&
    typeof value.title === 'string' &&
    isRecord(value.labels)
  );
}

/** One line per non-blank line of a labels file; a malformed line fails with its file and number. */
export function parseLabelLines(text: string, name: string): LabelLine[] {
  return parseJsonLines(text, isLabelLine, (line) => `${name}:${String(line)} is not a label line`);
}

/** One node of a payload, its endpoint, and the board (for parsers that build URLs from it). */
type ItemParser = (node: unknown, endpoint: string, board: string) => SourcePosting | undefined;

/** Where a parser needs the board's site, the labelled board stands in (URLs are not scored). */
const PLACEHOLDER_HOST = 'board.example';

/**
 * Per platform, the connector's item parser over one node of the payload. Parsers that take a list
 * entry and a detail get the node as both (a recorded detail holds what the entry holds and more).
 */
const ITEM_PARSERS: Record<string, ItemParser> = {
  greenhouse: parseGreenhouseJob,
  lever: parseLeverPosting,
  ashby: parseAshbyJob,
  workable: parseWorkableJob,
  recruitee: parseRecruiteeOffer,
  breezy: parseBreezyPosition,
  comeet: parseComeetPosition,
  pinpoint: parsePinpointPosting,
  // A list entry with its detail merged under `_detail` by the recorder, or a detail alone.
  rippling: (node, endpoint) =>
    parseRipplingJob(node, endpoint, isRecord(node) && isRecord(node._detail) ? node._detail : node),
  gem: parseGemJobPost,
  jobscore: parseJobScoreJob,
  icims: parseJibeJob,
  successfactors: parseSuccessFactorsItem,
  // An RSS item, or an item of the site's JSON feed (jobs.json).
  teamtailor: (node, endpoint) =>
    parseTeamtailorItem(node, endpoint) ?? parseTeamtailorFeedItem(node, endpoint),
  // A list entry, or a detail's jobOpening (identified by its share URL), read as its own detail.
  bamboohr: (node, endpoint) => parseBambooHrJob(node, 'https://example-board.bamboohr.com', endpoint, node),
  personio: (node, endpoint) =>
    parsePersonioPosition(node, 'https://example-board.jobs.personio.de', endpoint),
  smartrecruiters: (node, endpoint) => parseSmartRecruitersPosting(node, 'board', endpoint),
  workday: (node, endpoint) => {
    if (!isRecord(node) || !('jobPostingInfo' in node || 'externalPath' in node)) return undefined;
    // The connector's key: the list entry's requisition id bullet, else its path; a detail alone
    // has its requisition id.
    const info = isRecord(node.jobPostingInfo) ? node.jobPostingInfo : {};
    const reqId = typeof info.jobReqId === 'string' ? info.jobReqId : undefined;
    const path = typeof node.externalPath === 'string' ? node.externalPath : undefined;
    const key = requisitionBullet(node) ?? reqId ?? path;
    if (key === undefined) return undefined;
    return parseWorkdayPosting({
      key,
      entry: node,
      detail: node,
      publicUrl: 'https://example-board.myworkdayjobs.com/job',
      endpoint,
      now: new Date(0),
    });
  },
  oracle_cloud: (node, endpoint) =>
    parseOracleRequisition({
      entry: node,
      detail: node,
      publicBase: 'https://example-board.fa.oraclecloud.com/hcmUI/CandidateExperience/en/sites/CX/job',
      endpoint,
    }),
  // A Recruiting Management list row (it has a `reqId`) or detail (custom fields keyed by
  // `categoryCode`), else a Workforce Now requisition.
  adp: (node, endpoint, board) =>
    isRecord(node) && 'reqId' in node
      ? parseAdpMyJobsRequisition(node, { domain: board, endpoint })
      : isMyJobsDetail(node)
        ? parseAdpMyJobsDetail(node, { domain: board, endpoint })
        : parseAdpRequisition({
            entry: node,
            detail: node,
            center: { host: PLACEHOLDER_HOST, cid: board, ccId: board },
            endpoint,
          }),
  darwinbox: (node, endpoint) => parseDarwinboxJob(node, PLACEHOLDER_HOST, endpoint),
  dayforce: (node, endpoint, board) =>
    parseDayforcePosting(node, { namespace: board, boardCode: board }, endpoint),
  eightfold: (node, endpoint, board) =>
    parseEightfoldPosition(node, { host: PLACEHOLDER_HOST, domain: board }, endpoint),
  // The recorder (sarthakjain004/headstart) kept each job's detail text beside its API item as
  // `_description`: read as that job's detail answer.
  join: (node, endpoint, board) => {
    const listed = parseJoinJob(node, endpoint, board, undefined);
    if (listed === undefined || !isRecord(node) || !('_description' in node)) return listed;
    return withJoinDetail(listed, { description: node._description }, endpoint);
  },
  manatal: (node, endpoint, board) => parseManatalJob(node, endpoint, board),
  pageup: parsePageUpItem,
  phenom: (node, endpoint) =>
    parsePhenomJob(node, undefined, { host: PLACEHOLDER_HOST, country: 'us', lang: 'en' }, endpoint),
  polymer: (node, endpoint, board) => parsePolymerJob({ row: node, detail: node, slug: board, endpoint }),
  sensehq: (node, endpoint, board) => parseSenseHqJob(node, board, endpoint),
  trakstar: parseTrakstarOpening,
};

/**
 * A Recruiting Management detail's requisition: its custom string, code and amount fields are keyed
 * by `categoryCode`, where Workforce Now keys its string and code fields by `nameCode`.
 */
function isMyJobsDetail(node: unknown): boolean {
  if (!isRecord(node) || !('itemID' in node) || !isRecord(node.customFieldGroup)) return false;
  const group = node.customFieldGroup;
  const fields = ['stringFields', 'codeFields', 'amountFields'].flatMap((kind) => {
    const list = group[kind];
    return Array.isArray(list) ? list.filter(isRecord) : [];
  });
  return fields.length > 0 && fields.every((field) => 'categoryCode' in field && !('nameCode' in field));
}

/**
 * Platforms whose recordings are the document the connector fetches whole, with the board slug the
 * connector needs: the slug is a placeholder where the connector checks its shape (a Paylocity
 * company GUID), as the request goes to the recording anyway.
 */
const CRAWLED_PLATFORMS: Record<string, { connector: Connector; slug: (board: string) => string }> = {
  clearcompany: { connector: clearCompanyConnector, slug: (board) => board },
  paylocity: { connector: paylocityConnector, slug: () => '00000000-0000-4000-8000-000000000000' },
  zoho_recruit: { connector: zohoRecruitConnector, slug: (board) => `${board}.zohorecruit.com` },
};

/** Whether the set can read a platform's recordings at all. */
function readsPlatform(platform: string): boolean {
  return CRAWLED_PLATFORMS[platform] !== undefined || ITEM_PARSERS[platform] !== undefined;
}

/**
 * The postings a crawl of the recording finds, by native id and requisition id: the connector's
 * first request gets the recording, any later one (a detail page) a 404.
 */
export async function postingsOfCrawl(
  platform: string,
  text: string,
  file: string,
  board: string,
): Promise<Map<string, SourcePosting>> {
  const crawled = CRAWLED_PLATFORMS[platform];
  const found = new Map<string, SourcePosting>();
  if (crawled === undefined) return found;
  let served = false;
  const http: HttpClient = {
    request: (url) => {
      const first = !served;
      served = true;
      return Promise.resolve(
        first ? { status: 200, url, headers: {}, text } : { status: 404, url, headers: {}, text: '' },
      );
    },
  };
  const result = await crawled.connector.crawl(
    { source: platform, slug: crawled.slug(board), endpointOverride: `https://${PLACEHOLDER_HOST}` },
    http,
  );
  for (const posting of result.postings)
    for (const id of [posting.nativeId, posting.requisitionId]) if (id !== undefined) found.set(id, posting);
  if (found.size === 0) throw new Error(`${file}: the ${platform} connector read no posting from it`);
  return found;
}

/** Every object and array element of a parsed payload, depth first. */
function* nodes(value: unknown): Generator {
  if (Array.isArray(value)) {
    for (const item of value) yield* nodes(item);
  } else if (isRecord(value)) {
    yield value;
    for (const member of Object.values(value)) yield* nodes(member);
  }
}

function parsePayload(text: string, file: string): unknown {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return JSON.parse(text) as unknown;
  if (trimmed.startsWith('<'))
    return parseXml({ status: 200, url: file, headers: {}, text }, `labelled-set:${file}`);
  throw new Error(`${file}: neither JSON nor XML`);
}

/** The postings the platform's parser reads from a payload, by native id. */
export function postingsOfPayload(
  platform: string,
  text: string,
  file: string,
  board = 'board',
): Map<string, SourcePosting> {
  const parser = ITEM_PARSERS[platform];
  const found = new Map<string, SourcePosting>();
  if (parser === undefined) return found;
  const endpoint = `labelled-set:${file}`;
  for (const node of nodes(parsePayload(text, file))) {
    let parsed: SourcePosting | undefined;
    try {
      parsed = parser(node, endpoint, board);
    } catch {
      // Not an item of this platform (an envelope, a nested member): parsers refuse such shapes.
      continue;
    }
    if (parsed === undefined) continue;
    // Labels name a posting by the id its payload shows: the native id, or the requisition id.
    for (const id of new Set([parsed.nativeId, parsed.requisitionId])) {
      if (id === undefined) continue;
      const earlier = found.get(id);
      // A detail and its list entry both parse: the one that says more, with what only the other
      // says (a list's date or unit beside a detail's pay), as a crawl reading both has it.
      if (earlier === undefined) found.set(id, parsed);
      else if (JSON.stringify(parsed).length > JSON.stringify(earlier).length)
        found.set(id, { ...earlier, ...parsed });
      else found.set(id, { ...parsed, ...earlier });
    }
  }
  return found;
}

/** What the pipeline would enrich for `posting` (see crawl/pipeline.ts preparePosting). */
export function enrichInputOf(posting: SourcePosting, board: string): EnrichInput {
  const description = descriptionOf(posting);
  return {
    title: posting.title,
    organization: posting.organization ?? board,
    ...(description === undefined ? {} : { descriptionText: description }),
    posting,
  };
}

/** Reads every labels file of the set and the payloads they name. */
export async function readLabelledSet(dir: URL = LABELLED_SET_DIR): Promise<SetPosting[]> {
  const files = (await readdir(dir)).filter((name) => /^labels-.*\.jsonl$/.test(name)).sort();
  const lines: LabelLine[] = [];
  for (const name of files) lines.push(...parseLabelLines(await readFile(new URL(name, dir), 'utf8'), name));
  const payloads = new Map<string, Map<string, SourcePosting>>();
  const out: SetPosting[] = [];
  for (const line of lines) {
    const split = splitOf(line.platform, line.board);
    let postings = payloads.get(line.file);
    if (postings === undefined) {
      try {
        const text = await readFile(new URL(line.file, dir), 'utf8');
        postings =
          CRAWLED_PLATFORMS[line.platform] === undefined
            ? postingsOfPayload(line.platform, text, line.file, line.board)
            : await postingsOfCrawl(line.platform, text, line.file, line.board);
      } catch (error) {
        out.push({ line, split, unreadable: error instanceof Error ? error.message : String(error) });
        continue;
      }
      payloads.set(line.file, postings);
    }
    const posting = postings.get(line.native_id);
    if (posting === undefined) {
      const reason = !readsPlatform(line.platform)
        ? `no item parser for ${line.platform}`
        : `native id ${line.native_id} not read from ${line.file}`;
      out.push({ line, split, unreadable: reason });
      continue;
    }
    out.push({ line, split, posting, input: enrichInputOf(posting, line.board) });
  }
  return out;
}
