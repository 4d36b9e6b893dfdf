/**
 * BambooHR careers list: `GET https://{slug}.bamboohr.com/careers/list` (JSON `{meta, result}`).
 * The reference marks this endpoint as disputed (one scraper reports 404 since 2024, others still
 * use it; the alternative is the HTML `jobs/embed2.php` page plus a JSON detail per job). It is the
 * only BambooHR shape we hold a recorded payload for, so it is what this connector reads; a 404
 * from it is reported as board-not-found like everywhere else, which would surface a retired
 * endpoint as many "dead" BambooHR boards at once. The list has no dates and no description.
 * Ids and codes are strings. `locationType` is an undocumented code, read as BambooHR's own careers
 * widget shows it: "2" is hybrid (the widget prints "Egham, Surrey (Hybrid)" for the job whose list
 * entry says 2, sarthakjain004/headstart's recordings), "1" remote (every such entry has no city,
 * only a country, and one carries isRemote: true), "0" the default, in office (printed without a
 * label). Other codes are passed on as they are (the enrichment leaves them unmapped).
 */
import type { BoardRef, Connector, SourceLocation, SourcePosting } from '../types.js';
import {
  baseUrl,
  envelopeArray,
  location,
  locations,
  posting,
  safeSlug,
  singleListConnector,
} from './common.js';
import { bool, obj, str } from './json.js';

/** BambooHR: one list request per company. */
export const bambooHrConnector: Connector = singleListConnector({
  source: 'bamboohr',
  listUrl: (board) => `${baseUrl(board, publicHost(board))}/careers/list`,
  items: envelopeArray('result'),
  parse: (job, url, board) => parseBambooHrJob(job, publicHost(board), url),
});

/** `https://{slug}.bamboohr.com`: the default list host and, even with an override, the job pages' host. */
function publicHost(board: BoardRef): string {
  return `https://${safeSlug(board)}.bamboohr.com`;
}

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
    workplaceType: workplaceOf(str(job, 'locationType')),
    remote: bool(job, 'isRemote'),
  });
}

const LOCATION_TYPES: Record<string, string> = { '0': 'on_site', '1': 'remote', '2': 'hybrid' };

function workplaceOf(code: string | undefined): string | undefined {
  return code === undefined ? undefined : (LOCATION_TYPES[code] ?? code);
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
