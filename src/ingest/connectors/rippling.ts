/**
 * Rippling ATS public board: `GET https://api.rippling.com/platform/api/ats/v1/board/{slug}/jobs`
 * returns a bare array of `{uuid, name, department{label}, url, workLocation{label}}`. Our recorded
 * payload may have had keys trimmed, and it has no dates or descriptions (a per-job detail endpoint
 * `…/jobs/{uuid}` exists but is not recorded, so it is not read).
 */
import type { Connector, SourcePosting } from '../types.js';
import {
  arrayPayload,
  baseUrl,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  singleListConnector,
} from './common.js';
import { obj, str } from './json.js';

const DEFAULT_BASE = 'https://api.rippling.com';

/** Rippling: one jobs request per board. */
export const ripplingConnector: Connector = singleListConnector({
  source: 'rippling',
  listUrl: (board) => `${baseUrl(board, DEFAULT_BASE)}/platform/api/ats/v1/board/${safeSlug(board)}/jobs`,
  items: arrayPayload('jobs'),
  parse: parseRipplingJob,
});

/** Maps one job. */
export function parseRipplingJob(raw: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(raw, 'uuid'), str(raw, 'name'), str(raw, 'url'), endpoint);
  if (head === undefined) return undefined;
  return posting({
    ...head,
    locations: locations([location({ text: str(obj(raw, 'workLocation'), 'label') })]),
    department: str(obj(raw, 'department'), 'label'),
  });
}
