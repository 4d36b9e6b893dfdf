/**
 * BambooHR careers list: `GET https://{slug}.bamboohr.com/careers/list` (JSON `{meta, result}`).
 * The reference marks this endpoint as disputed (one scraper reports 404 since 2024, others still
 * use it; the alternative is the HTML `jobs/embed2.php` page plus a JSON detail per job). It is the
 * BambooHR list shape we hold recorded payloads for, so it is what this connector reads; a 404
 * from it is reported as board-not-found like everywhere else, which would surface a retired
 * endpoint as many "dead" BambooHR boards at once. The list has no dates and no description: each
 * job's detail, `GET https://{slug}.bamboohr.com/careers/{id}/detail` → `{meta, result:
 * {jobOpening}}` (recordings in the labelled set, test/fixtures/labelled/wave2/raw/bamboohr), is
 * read for every listed job, at most four at a time: `description` (HTML), `datePosted`,
 * `compensation` (a display string, "£28,090"), `minimumExperience`, `location` with `postalCode`
 * and `addressCountry`, and the list's own fields again. A detail that is gone keeps the list row;
 * a `jobOpeningStatus` other than "Open" marks the job inactive.
 * Ids and codes are strings. `locationType` is an undocumented code, read as BambooHR's own careers
 * widget shows it: "2" is hybrid (the widget prints "Egham, Surrey (Hybrid)" for the job whose list
 * entry says 2, sarthakjain004/headstart's recordings), "1" remote (every such entry has no city,
 * only a country, and one carries isRemote: true), "0" the default, in office (printed without a
 * label). Other codes are passed on as they are (the enrichment leaves them unmapped).
 */
import type {
  BoardRef,
  Connector,
  CrawlResult,
  HttpClient,
  SourceLocation,
  SourcePosting,
} from '../types.js';
import { parseSourceDate } from '../normalize/dates.js';
import {
  baseUrl,
  envelopeArray,
  fetchDetailJson,
  fetchJson,
  location,
  locations,
  mapLimited,
  posting,
  safeSlug,
  salary,
} from './common.js';
import { bool, obj, str } from './json.js';

const listItems = envelopeArray('result');
/** The detail endpoint answers JSON only to what looks like BambooHR's own page script. */
const DETAIL_HEADERS = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

/** BambooHR: the careers list, then one detail request per job. */
export const bambooHrConnector: Connector = {
  source: 'bamboohr',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const base = baseUrl(board, publicHost(board));
    const listUrl = `${base}/careers/list`;
    const rows = listItems(await fetchJson(http, board, listUrl), listUrl);
    const postings = await mapLimited(rows, async (row) => {
      const id = str(row, 'id');
      const detailUrl = id !== undefined && /^\d+$/.test(id) ? `${base}/careers/${id}/detail` : undefined;
      const answer =
        detailUrl === undefined
          ? undefined
          : await fetchDetailJson(http, board, detailUrl, { headers: DETAIL_HEADERS });
      const detail = obj(obj(answer, 'result'), 'jobOpening');
      // A detail of another job (its share URL names another id) is not this one's.
      const matches = detail !== undefined && shareUrlId(detail) === id;
      return parseBambooHrJob(
        row,
        publicHost(board),
        matches && detailUrl !== undefined ? detailUrl : listUrl,
        matches ? detail : undefined,
      );
    });
    return { endpoint: listUrl, postings: postings.flatMap((p) => p ?? []) };
  },
};

/** The id at the end of a detail's `jobOpeningShareUrl` (`…/careers/331`). */
function shareUrlId(detail: unknown): string | undefined {
  return /\/careers\/(\d+)\/?$/.exec(str(detail, 'jobOpeningShareUrl') ?? '')?.[1];
}

/** `https://{slug}.bamboohr.com`: the default list host and, even with an override, the job pages' host. */
function publicHost(board: BoardRef): string {
  return `https://${safeSlug(board)}.bamboohr.com`;
}

/**
 * Maps one `result[]` entry and, when it was read, the job's detail (`jobOpening`, a superset);
 * `publicBase` is `https://{slug}.bamboohr.com`. A detail read alone (no list row) is identified by
 * its share URL.
 */
export function parseBambooHrJob(
  job: unknown,
  publicBase: string,
  endpoint: string,
  detail?: unknown,
): SourcePosting | undefined {
  const nativeId = str(job, 'id') ?? shareUrlId(job);
  const title = str(detail, 'jobOpeningName') ?? str(job, 'jobOpeningName');
  if (nativeId === undefined || title === undefined || !/^\d+$/.test(nativeId)) return undefined;
  const field = (key: string): string | undefined => str(detail, key) ?? str(job, key);
  const status = field('jobOpeningStatus');
  return posting({
    nativeId,
    title,
    url: `${publicBase}/careers/${nativeId}`,
    sourceEndpoint: endpoint,
    descriptionHtml: str(detail, 'description') ?? str(job, 'description'),
    locations: bambooLocations(detail ?? job),
    postedAt: parseSourceDate(field('datePosted')),
    department: field('departmentLabel'),
    employmentTypes: ['employmentStatusLabel', 'employmentType'].flatMap((key) => field(key) ?? []),
    workplaceType: workplaceOf(field('locationType')),
    remote: bool(job, 'isRemote'),
    experience: field('minimumExperience'),
    salary: salary({ text: field('compensation') }),
    expired: status === undefined || status === 'Open' ? undefined : true,
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
    location({
      city: str(place, 'city'),
      region: str(place, 'state'),
      country: str(place, 'addressCountry'),
    }),
    location({
      city: str(ats, 'city'),
      region: str(ats, 'state') ?? str(ats, 'province'),
      country: str(ats, 'country'),
    }),
  ]);
}
