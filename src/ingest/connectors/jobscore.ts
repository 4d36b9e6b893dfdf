/**
 * JobScore public job feed: `GET https://careers.jobscore.com/jobs/{company_code}/feed.json`
 * returns the whole board in one document (no paging): an envelope `{publisher, title,
 * company_name, company_code, company_url, jobs: [...], last_updated}`.
 *
 * Each job carries its opaque `id`, `title`, `detail_url` (the public posting page; published with
 * the feed's `?ref=rss&sid=…` tracking parameters, kept as published), full HTML `description`,
 * `department`, `location` (display text) with `city`, `state` and an ISO-2 `country`,
 * `experience_level`, `job_type` ("Full Time"), `remote` (a sentence such as "Yes | Can
 * telecommute / work remotely 100% of the time", passed on unmapped as the workplace value),
 * `opened_date` (when the job was opened: the posting date), `created_on` (the record's creation,
 * earlier than the opening, so not used) and `last_updated_date`.
 *
 * Not published in the recorded feed: salary (one scraper reports `public_salary_minimum`/`_maximum`
 * in cents on some boards; no recording shows them, so they are not read), a requisition id,
 * an expiry date, postal codes as a SourceLocation member (`postal_code` has no place here).
 */
import { parseSourceDate } from '../normalize/dates.js';
import type { Connector, SourcePosting } from '../types.js';
import {
  baseUrl,
  companyUrls,
  countryCode,
  envelopeArray,
  location,
  locations,
  posting,
  postingHead,
  safeSlug,
  singleListConnector,
} from './common.js';
import { str } from './json.js';

const DEFAULT_BASE = 'https://careers.jobscore.com';

/** JobScore: one feed request per company. */
export const jobScoreConnector: Connector = singleListConnector({
  source: 'jobscore',
  listUrl: (board) => `${baseUrl(board, DEFAULT_BASE)}/jobs/${safeSlug(board)}/feed.json`,
  items: envelopeArray('jobs'),
  parse: parseJobScoreJob,
  boardName: (payload) => str(payload, 'company_name'),
  companyUrls: (payload) => companyUrls([str(payload, 'company_url')]),
});

/** Maps one job of the feed. */
export function parseJobScoreJob(raw: unknown, endpoint: string): SourcePosting | undefined {
  const head = postingHead(str(raw, 'id'), str(raw, 'title'), str(raw, 'detail_url'), endpoint);
  if (head === undefined) return undefined;
  const country = str(raw, 'country');
  const code = countryCode(country);
  return posting({
    ...head,
    organization: str(raw, 'company_name'),
    descriptionHtml: str(raw, 'description'),
    locations: locations([
      location({
        text: str(raw, 'location'),
        city: str(raw, 'city'),
        region: str(raw, 'state'),
        // The feed publishes ISO-2 codes; anything else is passed on as a country name.
        country: code === undefined ? country : undefined,
        countryCode: code,
      }),
    ]),
    postedAt: parseSourceDate(str(raw, 'opened_date')),
    updatedAt: parseSourceDate(str(raw, 'last_updated_date')),
    department: str(raw, 'department'),
    employmentTypes: [str(raw, 'job_type')].flatMap((value) => value ?? []),
    workplaceType: str(raw, 'remote'),
    experience: str(raw, 'experience_level'),
  });
}
