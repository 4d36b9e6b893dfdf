/**
 * Zoho Recruit career sites: `GET https://{host}/jobs/Careers` (hosts on the .com, .eu, .in, .com.au …
 * data centres, or a custom domain) server-renders every open job as an HTML-escaped JSON array in
 * `<input type="hidden" id="jobs" value="[…]">`; another hidden input carries
 * `{"org_info": {"company_name": …}}`. There is no paging and no XHR behind the page. Board slug:
 * the careers host, e.g. `pnbcsl.zohorecruit.in`. The page is read with htmlparser2, which also
 * decodes the attribute's entities; the JSON is then parsed as such.
 *
 * Our recording was reconstructed by the recorder: a minimal page holding just the two hidden
 * inputs, the JSON re-dumped and `Job_Description` shortened; the values are real.
 *
 * Record fields: `id` (a long numeric string), `Posting_Title` (`Job_Opening_Name` is the internal
 * name), `Job_Description` (HTML), `City` (sometimes a comma list of many cities, kept as location
 * text), `State`, `Country`, `Remote_Job`, `Job_Type` ("Full time", "Permanent"), `Work_Experience`
 * ("2 Years"), `Date_Opened` (YYYY-MM-DD; other tenants' date formats are not read), `Publish`,
 * `Is_Locked`, `Keep_on_Career_Site`, `Industry`. The posting page is the record's `$url` where a
 * tenant publishes one, else `https://{host}/jobs/Careers/{id}` (the title slug real links add is
 * cosmetic). A record with `Publish: false` is not published. `Is_Locked` and `Keep_on_Career_Site`
 * are flags whose meaning the source does not document, and `Industry` has no SourcePosting member:
 * none of the three is passed on.
 * Known limits of the source: the page embeds at most about 750 jobs and a larger board cannot be
 * read past that through any public surface; a page without the `jobs` input (Zoho's throttle page
 * among others) is refused rather than read as an empty board.
 * Not published on the list: salary (detail pages only, in a script not read here), department,
 * an update or expiry date, a requisition id.
 */
import { DomUtils, parseDocument } from 'htmlparser2';
import { parseSourceDate } from '../normalize/dates.js';
import type { BoardRef, Connector, CrawlResult, HttpClient, SourcePosting } from '../types.js';
import {
  UnexpectedResponseError,
  baseUrl,
  fetchOk,
  httpUrl,
  location,
  locations,
  posting,
  postingHead,
  prune,
  safeSlug,
} from './common.js';
import { asArray, bool, path, str } from './json.js';

/** Zoho Recruit: one careers page per board. */
export const zohoRecruitConnector: Connector = {
  source: 'zoho_recruit',
  async crawl(board: BoardRef, http: HttpClient): Promise<CrawlResult> {
    const host = safeSlug(board);
    const url = `${baseUrl(board, `https://${host}`)}/jobs/Careers`;
    const page = await fetchOk(http, board, url, { headers: { accept: 'text/html' } });
    const inputs = hiddenInputs(page.text);
    const jobs = asArray(parseJsonValue(inputs.get('jobs')));
    if (jobs === undefined)
      throw new UnexpectedResponseError(url, 'no hidden "jobs" input holding a JSON array');
    const companyName = [...inputs.values()]
      .map((value) => str(path(parseJsonValue(value), 'org_info'), 'company_name'))
      .find((name) => name !== undefined);
    return prune({
      endpoint: url,
      postings: jobs.flatMap((job) => parseZohoRecruitJob(job, host, url) ?? []),
      boardName: companyName,
    });
  },
};

/** Maps one record of the `jobs` array. */
export function parseZohoRecruitJob(job: unknown, host: string, endpoint: string): SourcePosting | undefined {
  const id = str(job, 'id');
  const published = httpUrl(str(job, '$url'));
  const url =
    published ?? (id === undefined ? undefined : `https://${host}/jobs/Careers/${encodeURIComponent(id)}`);
  const head = postingHead(id, str(job, 'Posting_Title') ?? str(job, 'Job_Opening_Name'), url, endpoint);
  if (head === undefined) return undefined;
  const city = str(job, 'City');
  // "Kolkata, Delhi, …, Kota" is a list of places, not one city: it stays text.
  const cityList = city?.includes(',') === true;
  return posting({
    ...head,
    descriptionHtml: str(job, 'Job_Description'),
    locations: locations([
      location({
        text: cityList ? city : undefined,
        city: cityList ? undefined : city,
        region: str(job, 'State'),
        country: str(job, 'Country'),
      }),
    ]),
    postedAt: parseSourceDate(str(job, 'Date_Opened')),
    employmentTypes: [str(job, 'Job_Type')].flatMap((value) => value ?? []),
    remote: bool(job, 'Remote_Job'),
    experience: str(job, 'Work_Experience'),
    unlisted: bool(job, 'Publish') === false ? true : undefined,
  });
}

/** The hidden inputs of the page by id, values entity-decoded. */
function hiddenInputs(html: string): Map<string, string> {
  const inputs = new Map<string, string>();
  for (const input of DomUtils.getElementsByTagName('input', parseDocument(html))) {
    const id = DomUtils.getAttributeValue(input, 'id');
    const value = DomUtils.getAttributeValue(input, 'value');
    const hidden = DomUtils.getAttributeValue(input, 'type')?.toLowerCase() === 'hidden';
    if (hidden && id !== undefined && value !== undefined && !inputs.has(id)) inputs.set(id, value);
  }
  return inputs;
}

function parseJsonValue(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}
