/**
 * Rippling ATS public board: `GET https://api.rippling.com/platform/api/ats/v1/board/{slug}/jobs`
 * returns a bare array of `{uuid, name, department{label}, url, workLocation{label}}`. Our recorded
 * payload may have had keys trimmed, and it has no dates or descriptions (a per-job detail endpoint
 * `…/jobs/{uuid}` exists but is not recorded, so it is not read).
 */
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchJson,
  httpUrl,
  location,
  locations,
  posting,
  safeSlug,
} from './common.js';
import { obj, str } from './json.js';

const DEFAULT_BASE = 'https://api.rippling.com';

/** Rippling: one jobs request per board. */
export const ripplingConnector: Connector = {
  source: 'rippling',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const url = `${baseUrl(board, DEFAULT_BASE)}/platform/api/ats/v1/board/${safeSlug(board)}/jobs`;
    const payload = await fetchJson(http, board, url);
    if (!Array.isArray(payload)) throw new UnexpectedResponseError(url, 'expected an array of jobs');
    return { endpoint: url, postings: payload.flatMap((raw) => parseRipplingJob(raw, url) ?? []) };
  },
};

/** Maps one job. */
export function parseRipplingJob(raw: unknown, endpoint: string): SourcePosting | undefined {
  const nativeId = str(raw, 'uuid');
  const title = str(raw, 'name');
  const url = httpUrl(str(raw, 'url'));
  if (nativeId === undefined || title === undefined || url === undefined) return undefined;
  return posting({
    nativeId,
    title,
    url,
    sourceEndpoint: endpoint,
    locations: locations([location({ text: str(obj(raw, 'workLocation'), 'label') })]),
    department: str(obj(raw, 'department'), 'label'),
  });
}
