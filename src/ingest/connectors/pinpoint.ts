/**
 * Pinpoint public postings: `GET https://{slug}.pinpointhq.com/postings.json` returns
 * `{data: [...]}`. Our recorded payload is a bare array because the recorder dropped the wrapper;
 * both shapes are accepted (the array is the same list either way). Description parts are Trix
 * HTML (with `<!--block-->` comments) under their published headers. Compensation is used only
 * when `compensation_visible` is true: a hidden range is not published, whatever the JSON holds.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { Connector, SourcePosting, SourceSalary } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  salary,
  sections,
  singleListConnector,
} from './common.js';
import { asArray, bool, isObject, num, obj, path, str } from './json.js';

/** Description parts and the keys of their headers, in page order. */
const PARTS = [
  ['description', undefined],
  ['key_responsibilities', 'key_responsibilities_header'],
  ['skills_knowledge_expertise', 'skills_knowledge_expertise_header'],
  ['benefits', 'benefits_header'],
] as const;

/** Pinpoint: one postings request per company. */
export const pinpointConnector: Connector = singleListConnector({
  source: 'pinpoint',
  listUrl: (board) => `${baseUrl(board, `https://${safeSlug(board)}.pinpointhq.com`)}/postings.json`,
  items: postingsList,
  parse: parsePinpointPosting,
});

/** Maps one posting. */
export function parsePinpointPosting(raw: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(raw, 'id'), str(raw, 'title'), str(raw, 'url'), endpoint);
  if (head === undefined) return undefined;
  const job = obj(raw, 'job');
  const place = obj(raw, 'location');
  const visible = bool(raw, 'compensation_visible') === true;
  return posting({
    ...head,
    descriptionHtml: sections(
      PARTS.map(([key, header]) => ({
        title: header === undefined ? undefined : str(raw, header),
        html: str(raw, key),
      })),
    ),
    locations: locations([
      location({ text: str(place, 'name'), city: str(place, 'city'), region: str(place, 'province') }),
    ]),
    validThrough: parseSourceDate(str(raw, 'deadline_at')),
    department: str(path(job, 'department'), 'name'),
    // The code ("permanent_full_time", "hybrid") when present, else its label ("Permanent - Full
    // Time", "Hybrid"): a recorded page of the labelled set kept only the labels.
    employmentTypes: [str(raw, 'employment_type') ?? str(raw, 'employment_type_text')].flatMap(
      (value) => value ?? [],
    ),
    workplaceType: str(raw, 'workplace_type') ?? str(raw, 'workplace_type_text'),
    salary: visible ? compensation(raw) : undefined,
    requisitionId: str(job, 'requisition_id'),
  });
}

/** The published range; the display string ("£70,000 - £90,000 / year") only when there are no amounts. */
function compensation(raw: unknown): SourceSalary | undefined {
  const min = num(raw, 'compensation_minimum');
  const max = num(raw, 'compensation_maximum');
  return salary({
    min,
    max,
    currency: str(raw, 'compensation_currency'),
    periodRaw: str(raw, 'compensation_frequency'),
    text: min === undefined && max === undefined ? str(raw, 'compensation') : undefined,
  });
}

/** The postings of either payload shape: `{data: [...]}` as served, or the bare array. */
function postingsList(payload: unknown, url: string): unknown[] {
  const list = asArray(payload) ?? (isObject(payload) ? asArray(payload.data) : undefined);
  if (list === undefined) throw new UnexpectedResponseError(url, 'expected {data: [...]} or an array');
  return list;
}
