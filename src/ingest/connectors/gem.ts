/**
 * Gem public job board: `GET https://api.gem.com/job_board/v0/{slug}/job_posts/` returns a bare
 * array in a Greenhouse-like shape, but ids are strings (legacy numeric ones and opaque base64-like
 * ones) and `content` is real HTML, not entity-escaped. Offices carry `location: {name}` objects.
 * Gem's other public interface (a GraphQL batch endpoint behind jobs.gem.com) is not used.
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { Connector, SourceLocation, SourcePosting } from '../types.js';
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
import { arr, obj, path, str } from './json.js';

const DEFAULT_BASE = 'https://api.gem.com';

/** Gem: one job_posts request per board. */
export const gemConnector: Connector = singleListConnector({
  source: 'gem',
  listUrl: (board) => `${baseUrl(board, DEFAULT_BASE)}/job_board/v0/${safeSlug(board)}/job_posts/`,
  items: arrayPayload('job posts'),
  parse: parseGemJobPost,
});

/** Maps one job post. */
export function parseGemJobPost(raw: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(raw, 'id'), str(raw, 'title'), str(raw, 'absolute_url'), endpoint);
  if (head === undefined) return undefined;
  return posting({
    ...head,
    descriptionHtml: str(raw, 'content'),
    locations: locations(placesOf(raw)),
    postedAt: parseSourceDate(str(raw, 'first_published_at')),
    updatedAt: parseSourceDate(str(raw, 'updated_at')),
    department: str(arr(raw, 'departments')[0], 'name'),
    employmentTypes: [str(raw, 'employment_type')].flatMap((value) => value ?? []),
    workplaceType: str(raw, 'location_type'),
    requisitionId: str(raw, 'requisition_id'),
  });
}

/**
 * The job's location and its offices' locations; when none has a name, the offices' own names
 * ("Miami, FL" beside `"location": {"name": ""}` on ResProp's board). An office's name is the
 * employer's label for it ("US", "Remote-India (PEO)" on Greenhouse, whose shape Gem's follows), so
 * it stands in only for a job that names no place at all.
 */
function placesOf(raw: unknown): (SourceLocation | undefined)[] {
  const offices = arr(raw, 'offices');
  const named = [
    str(obj(raw, 'location'), 'name'),
    ...offices.map((office) => str(path(office, 'location'), 'name')),
  ].flatMap((text) => (text === undefined ? [] : [location({ text })]));
  return named.length > 0 ? named : offices.map((office) => location({ text: str(office, 'name') }));
}
