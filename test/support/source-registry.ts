/**
 * The ATS endpoint reference: for each of the 59 canonical source codes (src/domain/sources.ts),
 * what we know of its public endpoint. Production code never reads this; it lives here as
 * documented evidence, and test/unit/sources.test.ts keeps it complete (every code once, in the
 * canonical order) and in step with the connectors: `crawled` is true exactly when a connector
 * exists in `CONNECTORS` (src/ingest/connectors/index.ts). The other sources are listed so the
 * reference covers the whole API vocabulary, not because we fetch them.
 *
 * Endpoint templates: `{slug}` is the board slug as the directory stores it; other placeholders
 * (`{host}`, `{site}`, `{id}` …) are named in the notes. They come from the ATS endpoint reference
 * (compiled from public documentation and open-source scrapers); where a connector exists, its
 * template is the one the connector really requests.
 */
import type { SourceCode } from '../../src/domain/sources.js';

/** Payload format of the public endpoint (json-ld: schema.org JobPosting embedded in HTML pages). */
export type SourceFormat = 'json' | 'xml' | 'html' | 'json-ld';

/** How the list endpoint pages: not at all, by item offset, by page number, or by a continuation token. */
export type PagingStyle = 'none' | 'offset' | 'page' | 'token';

/** What the registry knows about one source. */
export interface SourceInfo {
  code: SourceCode;
  name: string;
  /** Public endpoint templates, list first. */
  endpoints: readonly string[];
  format: SourceFormat;
  paging: PagingStyle;
  notes: string;
  /** A connector exists for the source (it is in CONNECTORS). */
  crawled: boolean;
}

const ENTRIES: readonly SourceInfo[] = [
  {
    code: 'greenhouse',
    name: 'Greenhouse',
    endpoints: [
      'https://boards-api.greenhouse.io/v1/boards/{slug}/jobs?content=true',
      'https://boards-api.greenhouse.io/v1/boards/{slug}/jobs/{id}?pay_transparency=true',
    ],
    format: 'json',
    paging: 'none',
    notes:
      'All jobs in one response; content is entity-escaped HTML; 404 = no board; pay only on the detail.',
    crawled: true,
  },
  {
    code: 'lever',
    name: 'Lever',
    endpoints: [
      'https://api.lever.co/v0/postings/{slug}?mode=json',
      'https://api.eu.lever.co/v0/postings/{slug}?mode=json',
    ],
    format: 'json',
    paging: 'none',
    notes:
      'Bare array; EU boards on api.eu.lever.co; unknown site = {"ok":false,"error":"Document not found"}; createdAt in ms.',
    crawled: true,
  },
  {
    code: 'ashby',
    name: 'Ashby',
    endpoints: ['https://api.ashbyhq.com/posting-api/job-board/{slug}?includeCompensation=true'],
    format: 'json',
    paging: 'none',
    notes: '404 = no board; 200 with empty jobs when throttled; isListed:false jobs are hidden.',
    crawled: true,
  },
  {
    code: 'workday',
    name: 'Workday',
    endpoints: [
      'POST https://{tenant}.wd{N}.myworkdayjobs.com/wday/cxs/{tenant}/{site}/jobs',
      'GET https://{tenant}.wd{N}.myworkdayjobs.com/wday/cxs/{tenant}/{site}{externalPath}',
    ],
    format: 'json',
    paging: 'offset',
    notes:
      'Slug {tenant}.wd{N}/{site}; limit ≤ 20; total capped at 2,000 (split by facet); relative posted dates; some tenants need a CSRF token.',
    crawled: true,
  },
  {
    code: 'smartrecruiters',
    name: 'SmartRecruiters',
    endpoints: [
      'https://api.smartrecruiters.com/v1/companies/{slug}/postings?limit=100&offset={n}',
      'https://api.smartrecruiters.com/v1/companies/{slug}/postings/{id}',
    ],
    format: 'json',
    paging: 'offset',
    notes: 'Max 100 per page, totalFound; description and compensation only on the detail; jobAdUrl is null.',
    crawled: true,
  },
  {
    code: 'workable',
    name: 'Workable',
    endpoints: ['https://apply.workable.com/api/v1/widget/accounts/{slug}?details=true'],
    format: 'json',
    paging: 'none',
    notes:
      'Strict per-IP rate limits; the v3 jobs API is disputed for anonymous callers and the SPI needs a token.',
    crawled: true,
  },
  {
    code: 'recruitee',
    name: 'Recruitee',
    endpoints: ['https://{slug}.recruitee.com/api/offers/'],
    format: 'json',
    paging: 'none',
    notes: 'Custom careers domains serve the same /api/offers path; timestamps "YYYY-MM-DD HH:MM:SS UTC".',
    crawled: true,
  },
  {
    code: 'personio',
    name: 'Personio',
    endpoints: ['https://{slug}.jobs.personio.de/xml?language=en'],
    format: 'xml',
    paging: 'none',
    notes: 'Also on .jobs.personio.com; no URL in the feed (built as /job/{id}); JSON alternatives exist.',
    crawled: true,
  },
  {
    code: 'bamboohr',
    name: 'BambooHR',
    endpoints: [
      'https://{slug}.bamboohr.com/careers/list',
      'https://{slug}.bamboohr.com/careers/{id}/detail',
    ],
    format: 'json',
    paging: 'none',
    notes: 'Whether /careers/list still answers is disputed; the HTML alternative is /jobs/embed2.php.',
    crawled: true,
  },
  {
    code: 'teamtailor',
    name: 'Teamtailor',
    endpoints: ['https://{slug}.teamtailor.com/jobs.rss'],
    format: 'xml',
    paging: 'none',
    notes: 'RSS with the tt: namespace; the JSON API needs a key.',
    crawled: true,
  },
  {
    code: 'breezy',
    name: 'Breezy HR',
    endpoints: ['https://{slug}.breezy.hr/json'],
    format: 'json',
    paging: 'none',
    notes: '302 to breezy.hr = no tenant; 403 = edge rate limit; descriptions only on /p/{id} pages.',
    crawled: true,
  },
  {
    code: 'jazzhr',
    name: 'JazzHR',
    endpoints: [
      'https://{slug}.applytojob.com/apply/jobs',
      'https://{slug}.applytojob.com/apply/jobs/details/{id}',
      'https://app.jazz.co/feeds/export/jobs/{slug}',
    ],
    format: 'html',
    paging: 'none',
    notes:
      'Detail pages carry JSON-LD; an XML feed exists. Our recordings are of the keyed api.resumatorapi.com API, so no connector yet.',
    crawled: false,
  },
  {
    code: 'jobvite',
    name: 'Jobvite',
    endpoints: [
      'https://jobs.jobvite.com/{slug}/search?p={page}',
      'https://jobs.jobvite.com/{slug}/job/{id}',
    ],
    format: 'json-ld',
    paging: 'page',
    notes: '0-based pages of 50; the legacy XML feed reportedly redirects to a login.',
    crawled: true,
  },
  {
    code: 'icims',
    name: 'iCIMS',
    endpoints: [
      'https://{host}/api/jobs?page={n}&limit=100',
      'https://careers-{slug}.icims.com/jobs/search?ss=1&pr={page}&in_iframe=1',
    ],
    format: 'json',
    paging: 'page',
    notes:
      'Crawled through the Jibe careers API (slug = Jibe host, 1-based pages ≤ 100); classic portals are HTML with JSON-LD.',
    crawled: true,
  },
  {
    code: 'taleo',
    name: 'Taleo',
    endpoints: ['https://{phX}.tbe.taleo.net/{phXNN}/ats/careers/v2/searchResults?org={ORG}&cws={N}'],
    format: 'html',
    paging: 'none',
    notes: 'Taleo Enterprise tenants have moved to Oracle Cloud.',
    crawled: false,
  },
  {
    code: 'successfactors',
    name: 'SAP SuccessFactors',
    endpoints: ['https://{slug}/feeds/?locale=en_US', 'https://{slug}/sitemal.xml'],
    format: 'xml',
    paging: 'none',
    notes: 'Slug = career-site host; RSS with the location inside the title.',
    crawled: true,
  },
  {
    code: 'oracle_cloud',
    name: 'Oracle Recruiting Cloud',
    endpoints: [
      'https://{pod}.fa.{region}.oraclecloud.com/hcmRestApi/resources/latest/recruitingCEJobRequisitions?onlyData=true&expand=requisitionList&finder=findReqs;siteNumber={site},limit=200,offset={n}',
      'https://{pod}.fa.{region}.oraclecloud.com/hcmRestApi/resources/latest/recruitingCEJobRequisitionDetails?expand=all&onlyData=true&finder=ById;Id="{id}",siteNumber={site}',
    ],
    format: 'json',
    paging: 'offset',
    notes: 'Slug {pod}.fa.{region}/{site}; limit/offset must be inside the finder (else 25 rows).',
    crawled: true,
  },
  {
    code: 'paylocity',
    name: 'Paylocity',
    endpoints: [
      'https://recruiting.paylocity.com/recruiting/jobs/All/{uuid}',
      'https://recruiting.paylocity.com/recruiting/jobs/Details/{jobId}/{uuid}',
    ],
    format: 'html',
    paging: 'none',
    notes: 'Jobs embedded as window.pageData JSON; a JSON feed /recruiting/api/feed/jobs/{guid} is reported.',
    crawled: true,
  },
  {
    code: 'rippling',
    name: 'Rippling',
    endpoints: [
      'https://api.rippling.com/platform/api/ats/v1/board/{slug}/jobs',
      'https://api.rippling.com/platform/api/ats/v1/board/{slug}/jobs/{id}',
    ],
    format: 'json',
    paging: 'none',
    notes: 'The list has no dates or descriptions.',
    crawled: true,
  },
  {
    code: 'pinpoint',
    name: 'Pinpoint',
    endpoints: ['https://{slug}.pinpointhq.com/postings.json'],
    format: 'json',
    paging: 'none',
    notes: '{data: [...]}; compensation only when compensation_visible.',
    crawled: true,
  },
  {
    code: 'gem',
    name: 'Gem',
    endpoints: [
      'https://api.gem.com/job_board/v0/{slug}/job_posts/',
      'POST https://jobs.gem.com/api/public/graphql/batch',
    ],
    format: 'json',
    paging: 'none',
    notes: 'Greenhouse-like shape with string ids.',
    crawled: true,
  },
  {
    code: 'eightfold',
    name: 'Eightfold',
    endpoints: [
      'https://{host}/api/pcsx/search?domain={domain}&start={n}&sort_by=timestamp',
      'https://{host}/api/pcsx/position_details?position_id={id}',
    ],
    format: 'json',
    paging: 'offset',
    notes: '10 per page; the legacy /api/apply/v2/jobs answers 403 on some tenants.',
    crawled: true,
  },
  {
    code: 'phenom',
    name: 'Phenom',
    endpoints: ['POST https://{host}/widgets'],
    format: 'json',
    paging: 'offset',
    notes:
      'Slug {host}/{cc}/{lang}; refineSearch by from/size (100), no CSRF needed; jobDetail per job; a result window of 10,000.',
    crawled: true,
  },
  {
    code: 'avature',
    name: 'Avature',
    endpoints: ['https://{slug}.avature.net/careers/SearchJobs/?jobOffset={n}&jobRecordsPerPage=12'],
    format: 'html',
    paging: 'offset',
    notes: 'Some tenants reject HTTP/2 clients (406).',
    crawled: true,
  },
  {
    code: 'cornerstone',
    name: 'Cornerstone OnDemand',
    endpoints: [
      'https://{slug}.csod.com/ux/ats/careersite/{site}/home?c={slug}',
      'POST https://{region}.api.csod.com/rec-job-search/external/jobs',
    ],
    format: 'json',
    paging: 'page',
    notes: 'JWT from the career site (about 1 h); about 60 requests per minute.',
    crawled: true,
  },
  {
    code: 'adp',
    name: 'ADP Workforce Now',
    endpoints: [
      'https://workforcenow.adp.com/mascsr/default/careercenter/public/events/staffing/v1/job-requisitions?cid={cid}&ccId={ccId}&$skip={n}&$top=100',
    ],
    format: 'json',
    paging: 'offset',
    notes: 'Slug {cid}/{ccId}; meta.totalNumber; detail per requisition ({itemID}) for the description.',
    crawled: true,
  },
  {
    code: 'paycom',
    name: 'Paycom',
    endpoints: [
      'https://www.paycomonline.net/v4/ats/web.php/portal/{token}/career-page',
      'POST {service}/api/ats/job-posting-previews/search',
    ],
    format: 'json',
    paging: 'offset',
    notes: 'Session JWT from the portal page; skip/take 100.',
    crawled: false,
  },
  {
    code: 'dayforce',
    name: 'Dayforce',
    endpoints: ['POST https://jobs.dayforcehcm.com/api/geo/{namespace}/jobposting/search'],
    format: 'json',
    paging: 'offset',
    notes: 'paginationStart until maxCount; the JobFeeds endpoint is reported but unrecorded.',
    crawled: true,
  },
  {
    code: 'join',
    name: 'JOIN',
    endpoints: [
      'https://join.com/companies/{slug}',
      'https://join.com/api/public/companies/{companyId}/jobs?locale=en&page={n}&pageSize={pageSize}',
    ],
    format: 'json',
    paging: 'page',
    notes:
      'Page one and the company id from __NEXT_DATA__ of the company page; the API from page two, by pagination.pageCount.',
    crawled: true,
  },
  {
    code: 'softgarden',
    name: 'softgarden',
    endpoints: ['https://{slug}.career.softgarden.de/jobs.feed.json'],
    format: 'json',
    paging: 'none',
    notes: 'schema.org DataFeed.',
    crawled: false,
  },
  {
    code: 'trakstar',
    name: 'Trakstar Hire (Recruiterbox)',
    endpoints: ['https://jsapi.recruiterbox.com/v1/openings?client_name={slug}&offset={n}&limit=100'],
    format: 'json',
    paging: 'offset',
    notes: 'meta.total; unknown client = 400 {"client_name":"Invalid client name"}.',
    crawled: true,
  },
  {
    code: 'hireology',
    name: 'Hireology',
    endpoints: [
      'https://careers.hireology.com/{slug}/',
      'https://api.hireology.com/v2/public/careers/{slug}?page=1&page_size=1000',
    ],
    format: 'json',
    paging: 'page',
    notes: 'Bearer token taken from the careers page.',
    crawled: false,
  },
  {
    code: 'applicantpro',
    name: 'ApplicantPro',
    endpoints: ['https://{slug}.applicantpro.com/core/jobs/{domainId}?getParams={}'],
    format: 'json',
    paging: 'none',
    notes: 'Needs the domain id of the tenant.',
    crawled: false,
  },
  {
    code: 'pageup',
    name: 'PageUp',
    endpoints: ['https://careers.pageuppeople.com/{clientId}/{channel}/{locale}/rss'],
    format: 'xml',
    paging: 'none',
    notes: 'Slug {clientId}/{channel}/{locale}; the whole board in one RSS document (job: namespace fields).',
    crawled: true,
  },
  {
    code: 'comeet',
    name: 'Comeet',
    endpoints: ['https://www.comeet.co/careers-api/2.0/company/{uid}/positions?token={token}&details=true'],
    format: 'json',
    paging: 'none',
    notes: 'Slug {uid}/{token}; the token is public (COMPANY_DATA on the careers page).',
    crawled: true,
  },
  {
    code: 'polymer',
    name: 'Polymer',
    endpoints: ['https://api.polymer.co/v1/hire/organizations/{slug}/jobs?page={n}&per_page=50'],
    format: 'json',
    paging: 'page',
    notes: 'meta.is_last; detail /jobs/{id} for the description.',
    crawled: true,
  },
  {
    code: 'jobscore',
    name: 'JobScore',
    endpoints: ['https://careers.jobscore.com/jobs/{slug}/feed.json'],
    format: 'json',
    paging: 'none',
    notes: 'Also available as XML.',
    crawled: true,
  },
  {
    code: 'zoho_recruit',
    name: 'Zoho Recruit',
    endpoints: ['https://{slug}/jobs/Careers'],
    format: 'html',
    paging: 'none',
    notes:
      'Slug = the careers host (.com/.eu/.in data centres); jobs JSON in a hidden <input id="jobs">, at most about 750.',
    crawled: true,
  },
  {
    code: 'freshteam',
    name: 'Freshteam',
    endpoints: ['https://{slug}.freshteam.com/jobs'],
    format: 'html',
    paging: 'none',
    notes: '/api/job_postings needs a key; an invalid domain answers 200 with a wrapper.',
    crawled: false,
  },
  {
    code: 'keka',
    name: 'Keka',
    endpoints: ['https://{slug}.keka.com/careers/api/embedjobs/default/active/{orgId}'],
    format: 'json',
    paging: 'none',
    notes: 'Low confidence.',
    crawled: false,
  },
  {
    code: 'darwinbox',
    name: 'Darwinbox',
    endpoints: ['POST https://{host}.darwinbox.in/ms/candidateapi/job/alljobs?companyId=main'],
    format: 'json',
    paging: 'page',
    notes:
      '1-based pages of 100 in the body, until a short page; unknown tenant = {"status":"error"}; browsers only since about 2026-08 (403).',
    crawled: true,
  },
  {
    code: 'kula',
    name: 'Kula',
    endpoints: ['https://careers.kula.ai/{slug}'],
    format: 'html',
    paging: 'none',
    notes: '',
    crawled: false,
  },
  {
    code: 'manatal',
    name: 'Manatal',
    endpoints: ['https://www.careers-page.com/api/v1.0/c/{slug}/jobs/?page={n}'],
    format: 'json',
    paging: 'page',
    notes: '10 per page, `next` followed by its page number; salary only when is_salary_visible.',
    crawled: true,
  },
  {
    code: 'clearcompany',
    name: 'ClearCompany',
    endpoints: ['https://{slug}.hrmdirect.com/employment/xml.php'],
    format: 'xml',
    paging: 'none',
    notes:
      'HRM Direct XML feed: one row per requisition location; descriptionrich cut at about 1,000 characters. The careers-page JSON APIs are reported but unrecorded.',
    crawled: true,
  },
  {
    code: 'hirehive',
    name: 'HireHive',
    endpoints: ['https://{slug}.hirehive.com/api/v2/jobs?page={n}&page_size=20'],
    format: 'json',
    paging: 'page',
    notes: 'Also /api/v1/jobs.',
    crawled: false,
  },
  {
    code: 'gohire',
    name: 'GoHire',
    endpoints: ['https://api2.gohire.io/widget-jobs/{clientHash}'],
    format: 'json',
    paging: 'none',
    notes: '',
    crawled: false,
  },
  {
    code: 'recooty',
    name: 'Recooty',
    endpoints: ['https://standaloneapi.recooty.app/api/widget/{widgetId}?language=en'],
    format: 'json',
    paging: 'none',
    notes: '',
    crawled: false,
  },
  {
    code: 'crelate',
    name: 'Crelate',
    endpoints: ['https://jobs.crelate.com/portal/{slug}/rss'],
    format: 'xml',
    paging: 'none',
    notes: '',
    crawled: false,
  },
  {
    code: 'hibob',
    name: 'HiBob',
    endpoints: ['https://{slug}.careers.hibob.com/api/job-ad'],
    format: 'json',
    paging: 'none',
    notes: 'Needs a Referer from the board origin, else 401.',
    crawled: false,
  },
  {
    code: 'deel',
    name: 'Deel',
    endpoints: ['https://api-prod.letsdeel.com/guest/ats/organizations/{slug}/job_postings'],
    format: 'json',
    paging: 'none',
    notes: 'Low confidence; exact path unconfirmed.',
    crawled: false,
  },
  {
    code: 'getro',
    name: 'Getro',
    endpoints: ['POST https://api.getro.com/api/v2/collections/{networkId}/search/jobs'],
    format: 'json',
    paging: 'page',
    notes: 'Job-board networks rather than single employers.',
    crawled: false,
  },
  {
    code: 'jobsoid',
    name: 'Jobsoid',
    endpoints: ['https://{slug}.jobsoid.com/api/v1/jobs'],
    format: 'json',
    paging: 'none',
    notes: '',
    crawled: false,
  },
  {
    code: 'traffit',
    name: 'Traffit',
    endpoints: ['https://{slug}.traffit.com/public/job_posts/published'],
    format: 'json',
    paging: 'none',
    notes: '',
    crawled: false,
  },
  {
    code: 'emply',
    name: 'Emply',
    endpoints: ['POST https://{slug}.career.emply.com/api/integration/vacancy/get-page'],
    format: 'json',
    paging: 'page',
    notes: '',
    crawled: false,
  },
  {
    code: 'niceboard',
    name: 'Niceboard',
    endpoints: ['https://{slug}.niceboard.co/api/jobs'],
    format: 'json',
    paging: 'none',
    notes: '{jobs, count}.',
    crawled: false,
  },
  {
    code: 'sensehq',
    name: 'Sense',
    endpoints: ['https://{slug}.sensehq.com/careers/api/jobs?page={n}'],
    format: 'json',
    paging: 'page',
    notes: 'Jobs in data.rows[], 10 per 0-based page, data.count.',
    crawled: true,
  },
  {
    code: 'loxo',
    name: 'Loxo',
    endpoints: ['https://app.loxo.co/api/{slug}/jobs'],
    format: 'json',
    paging: 'none',
    notes: 'Unconfirmed; another source says the public board is HTML only.',
    crawled: false,
  },
  {
    code: 'flatchr',
    name: 'Flatchr',
    endpoints: ['https://careers.flatchr.io/company/{slug}.json'],
    format: 'json',
    paging: 'none',
    notes: '',
    crawled: false,
  },
  {
    code: 'bullhorn',
    name: 'Bullhorn',
    endpoints: ['https://public-rest{N}.bullhornstaffing.com/rest-services/{corpToken}/search/JobOrder'],
    format: 'json',
    paging: 'offset',
    notes: 'Needs the tenant corp token; start/count paging.',
    crawled: false,
  },
];

/** Registry entries by code, in the canonical order. */
export const SOURCES: ReadonlyMap<SourceCode, SourceInfo> = new Map(
  ENTRIES.map((entry) => [entry.code, entry]),
);
