/**
 * BambooHR careers list: `GET https://{slug}.bamboohr.com/careers/list` (JSON `{meta, result}`).
 * The reference marks this endpoint as disputed (one scraper reports 404 since 2024, others still
 * use it; the alternative is the HTML `jobs/embed2.php` page plus a JSON detail per job). It is the
 * only BambooHR shape we hold a recorded payload for, so it is what this connector reads; a 404
 * from it is reported as board-not-found like everywhere else, which would surface a retired
 * endpoint as many "dead" BambooHR boards at once. The list has no dates and no description.
 * Ids and codes are strings; `locationType` is an undocumented code ("0") passed on as is.
 */
import type {
  BoardRef,
  Connector,
  CrawlResult,
  HttpClient,
  SourceLocation,
  SourcePosting,
} from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchJson,
  location,
  locations,
  posting,
  safeSlug,
} from './common.js';
import { arr, bool, isObject, obj, str } from './json.js';

/** BambooHR: one list request per company. */
export const bambooHrConnector: Connector = {
  source: 'bamboohr',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const host = `https://${safeSlug(board)}.bamboohr.com`;
    const url = `${baseUrl(board, host)}/careers/list`;
    const payload = await fetchJson(http, board, url);
    if (!isObject(payload) || !Array.isArray(payload.result)) {
      throw new UnexpectedResponseError(url, 'no "result" array');
    }
    const postings = arr(payload, 'result').flatMap((job) => parseBambooHrJob(job, host, url) ?? []);
    return { endpoint: url, postings };
  },
};

/** Maps one `result[]` entry; `publicBase` is `https://{slug}.bamboohr.com`. */
export function parseBambooHrJob(
  job: unknown,
  publicBase: string,
  endpoint: string,
): SourcePosting | undefined {
  const nativeId = str(job, 'id');
  const title = str(job, 'jobOpeningName');
  if (nativeId === undefined || title === undefined || !/^\d+$/.test(nativeId)) return undefined;
  return posting({
    nativeId,
    title,
    url: `${publicBase}/careers/${nativeId}`,
    sourceEndpoint: endpoint,
    locations: bambooLocations(job),
    department: str(job, 'departmentLabel'),
    employmentTypes: ['employmentStatusLabel', 'employmentType'].flatMap((key) => str(job, key) ?? []),
    workplaceType: str(job, 'locationType'),
    remote: bool(job, 'isRemote'),
  });
}

/** `location` (city/state) and the ATS location when it holds anything. */
function bambooLocations(job: unknown): SourceLocation[] {
  const place = obj(job, 'location');
  const ats = obj(job, 'atsLocation');
  return locations([
    location({ city: str(place, 'city'), region: str(place, 'state') }),
    location({
      city: str(ats, 'city'),
      region: str(ats, 'state') ?? str(ats, 'province'),
      country: str(ats, 'country'),
    }),
  ]);
}
