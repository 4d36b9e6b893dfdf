/**
 * The demo corpus: recorded native payloads (test/fixtures/ats) served by the local fixture server
 * and crawled through the real connectors, the same path production boards take. Each board's
 * endpoint override points at its own prefix on the fixture server.
 */
import { readFileSync } from 'node:fs';
import type { BoardLine } from '../../src/ingest/crawl/boards-file.js';
import type { FixtureServer } from './fixture-server.js';

interface DemoRoute {
  path: string;
  file: string;
  method?: string;
  contentType?: string;
}

interface DemoBoard {
  source: string;
  slug: string;
  company: string;
  domain: string;
  routes: DemoRoute[];
}

const XML = 'application/xml';
const HTML = 'text/html; charset=utf-8';

const DEMO_BOARDS: DemoBoard[] = [
  {
    source: 'greenhouse',
    slug: 'stripe',
    company: 'Stripe',
    domain: 'stripe.com',
    routes: [{ path: '/v1/boards/stripe/jobs', file: 'greenhouse/stripe-jobs-list-no-content-6.json' }],
  },
  {
    source: 'greenhouse',
    slug: 'amplitude',
    company: 'Amplitude',
    domain: 'amplitude.com',
    routes: [{ path: '/v1/boards/amplitude/jobs', file: 'greenhouse/amplitude-jobs-content-2-of-list.json' }],
  },
  {
    source: 'lever',
    slug: 'palantir',
    company: 'Palantir',
    domain: 'palantir.com',
    routes: [{ path: '/v0/postings/palantir', file: 'lever/palantir-postings-2.json' }],
  },
  {
    source: 'lever',
    slug: 'leverdemo',
    company: 'Lever Demo',
    domain: 'lever.co',
    routes: [{ path: '/v0/postings/leverdemo', file: 'lever/leverdemo-postings-6.json' }],
  },
  {
    source: 'ashby',
    slug: 'ramp',
    company: 'Ramp',
    domain: 'ramp.com',
    routes: [{ path: '/posting-api/job-board/ramp', file: 'ashby/ramp-job-board-6-no-compensation.json' }],
  },
  {
    source: 'ashby',
    slug: 'openevidence',
    company: 'OpenEvidence',
    domain: 'openevidence.com',
    routes: [{ path: '/posting-api/job-board/openevidence', file: 'ashby/openevidence-job-board-2.json' }],
  },
  {
    source: 'ashby',
    slug: 'highlightta',
    company: 'Highlight TA',
    domain: 'highlightta.com',
    routes: [{ path: '/posting-api/job-board/highlightta', file: 'ashby/highlightta-job-board-2.json' }],
  },
  {
    source: 'workable',
    slug: 'huggingface',
    company: 'Hugging Face',
    domain: 'huggingface.co',
    routes: [
      { path: '/api/v1/widget/accounts/huggingface', file: 'workable/huggingface-widget-3-no-details.json' },
    ],
  },
  {
    source: 'recruitee',
    slug: 'aikidosecurity',
    company: 'Aikido Security',
    domain: 'aikido.dev',
    routes: [{ path: '/api/offers/', file: 'recruitee/aikidosecurity-offers-3.json' }],
  },
  {
    source: 'personio',
    slug: 'laolaweb',
    company: 'laOlaWeb',
    domain: 'laolaweb.com',
    routes: [{ path: '/xml', file: 'personio/positions-11-with-salary.xml', contentType: XML }],
  },
  {
    source: 'teamtailor',
    slug: 'ferd',
    company: 'Ferd',
    domain: 'ferd.no',
    routes: [{ path: '/jobs.rss', file: 'teamtailor/ferd-jobs-rss-3-full.xml', contentType: XML }],
  },
  {
    source: 'teamtailor',
    slug: 'upcloud',
    company: 'UpCloud',
    domain: 'upcloud.com',
    routes: [{ path: '/jobs.rss', file: 'teamtailor/upcloud-jobs-rss-2.xml', contentType: XML }],
  },
  {
    source: 'breezy',
    slug: 'breezy-trial',
    company: 'Breezy Trial',
    domain: 'breezy.hr',
    routes: [{ path: '/json', file: 'breezy/breezy-trial-board-json-2.json' }],
  },
  {
    source: 'pinpoint',
    slug: 'workwithus',
    company: 'Pinpoint',
    domain: 'pinpointhq.com',
    routes: [{ path: '/postings.json', file: 'pinpoint/workwithus-postings-2-desc-truncated.json' }],
  },
  {
    source: 'gem',
    slug: 'gem',
    company: 'Gem',
    domain: 'gem.com',
    routes: [{ path: '/job_board/v0/gem/job_posts/', file: 'gem/gem-job-board-2-content-truncated.json' }],
  },
  {
    source: 'rippling',
    slug: 'rippling',
    company: 'Rippling',
    domain: 'rippling.com',
    routes: [
      { path: '/platform/api/ats/v1/board/rippling/jobs', file: 'rippling/rippling-board-2-trimmed.json' },
    ],
  },
  {
    source: 'successfactors',
    slug: 'careers.qorvo.com',
    company: 'Qorvo',
    domain: 'qorvo.com',
    routes: [
      { path: '/feeds/', file: 'successfactors/qorvo-careers-rss-2-desc-elided.xml', contentType: XML },
    ],
  },
  {
    source: 'smartrecruiters',
    slug: 'WesternDigital',
    company: 'Western Digital',
    domain: 'westerndigital.com',
    routes: [
      {
        path: '/v1/companies/WesternDigital/postings',
        file: 'smartrecruiters/westerndigital-postings-list-3.json',
      },
    ],
  },
  {
    source: 'workday',
    slug: 'acme.wd1/External',
    company: 'Acme Quant',
    domain: 'acmequant.example',
    routes: [
      {
        path: '/wday/cxs/acme/External/jobs',
        file: 'workday/cxs-jobs-list-4-boston-with-facets.json',
        method: 'POST',
      },
    ],
  },
  // Wave 2 connectors: one board per platform, each from its recording (routes ignore the query
  // string unless given with one; a page that repeats the last ends a connector's walk).
  {
    source: 'adp',
    slug: 'c3f0e6a1-5b2d-4c1e-9f00-0123456789ab/9200000000000_1',
    company: 'ADP Workforce Now tenant (recorded, unnamed)',
    domain: 'adp-tenant.example',
    routes: [
      {
        path: '/mascsr/default/careercenter/public/events/staffing/v1/job-requisitions',
        file: 'adp/wfn-job-requisitions-list-3-keys-reduced.json',
      },
    ],
  },
  {
    source: 'avature',
    slug: 'careers.unifiservice.com/careers',
    company: 'Unifi Aviation',
    domain: 'unifiservice.com',
    routes: [
      {
        path: '/careers/SearchJobs/',
        file: 'avature/unifi-searchjobs-excerpt-3-of-720.html',
        contentType: HTML,
      },
    ],
  },
  {
    source: 'clearcompany',
    slug: 'hbtbank',
    company: 'Heartland Bank and Trust',
    domain: 'hbtbank.com',
    routes: [
      {
        path: '/employment/xml.php',
        file: 'clearcompany/hbtbank-hrmdirect-xml-feed-2-rows.xml',
        contentType: XML,
      },
    ],
  },
  {
    source: 'darwinbox',
    slug: 'licious',
    company: 'Licious',
    domain: 'licious.in',
    routes: [
      {
        path: '/ms/candidateapi/job/alljobs',
        file: 'darwinbox/licious-candidateapi-jobs-2.json',
        method: 'POST',
      },
    ],
  },
  {
    source: 'dayforce',
    slug: 'aifire',
    company: 'AI Fire',
    domain: 'aifire.com',
    routes: [
      {
        path: '/api/geo/aifire/jobposting/search',
        file: 'dayforce/aifire-geo-jobposting-search-3-of-189.json',
        method: 'POST',
      },
    ],
  },
  {
    source: 'eightfold',
    slug: 'caci/caci.com',
    company: 'CACI',
    domain: 'caci.com',
    routes: [{ path: '/api/pcsx/search', file: 'eightfold/caci-pcsx-search-3-of-1758.json' }],
  },
  {
    source: 'jobscore',
    slug: 'jobscore',
    company: 'JobScore',
    domain: 'jobscore.com',
    routes: [{ path: '/jobs/jobscore/feed.json', file: 'jobscore/jobscore-careers-feed-json-1.json' }],
  },
  {
    source: 'jobvite',
    slug: 'neogenomics',
    company: 'NeoGenomics',
    domain: 'neogenomics.com',
    routes: [
      {
        path: '/neogenomics/search',
        file: 'jobvite/neogenomics-search-list-excerpt-3.html',
        contentType: HTML,
      },
      {
        path: '/neogenomics/job/oiiRyfwJ',
        file: 'jobvite/neogenomics-job-detail-jsonld-reconstructed.html',
        contentType: HTML,
      },
    ],
  },
  {
    source: 'manatal',
    slug: 'ghostwerks-llc',
    company: 'Ghostwerks',
    domain: 'ghostwerks.com',
    routes: [
      { path: '/api/v1.0/c/ghostwerks-llc/jobs/', file: 'manatal/ghostwerks-careers-page-jobs-6.json' },
    ],
  },
  {
    source: 'pageup',
    slug: '1083/cw/en',
    company: 'Kinetic',
    domain: 'kinetic.com.au',
    routes: [
      { path: '/1083/cw/en/rss', file: 'pageup/kinetic-1083-latest-jobs-rss-3.xml', contentType: XML },
    ],
  },
  {
    source: 'paylocity',
    slug: '3ecffcba-6b5a-4a7e-b71b-bbb54a4527ab',
    company: 'SendCutSend',
    domain: 'sendcutsend.com',
    routes: [
      {
        path: '/recruiting/jobs/All/3ecffcba-6b5a-4a7e-b71b-bbb54a4527ab',
        file: 'paylocity/sendcutsend-board-all-pagedata.html',
        contentType: HTML,
      },
      {
        path: '/recruiting/jobs/Details/4272751/3ecffcba-6b5a-4a7e-b71b-bbb54a4527ab',
        file: 'paylocity/sendcutsend-job-details-4272751.html',
        contentType: HTML,
      },
    ],
  },
  {
    source: 'phenom',
    slug: 'careers.cisco.com/global/en',
    company: 'Cisco',
    domain: 'cisco.com',
    routes: [{ path: '/widgets', file: 'phenom/cisco-widgets-refinesearch-2-of-1313.json', method: 'POST' }],
  },
  {
    source: 'polymer',
    slug: 'cedar',
    company: 'Cedar',
    domain: 'cedar.com',
    routes: [
      { path: '/v1/hire/organizations/cedar/jobs', file: 'polymer/cedar-list-items-plus-detail-1.json' },
    ],
  },
  {
    source: 'sensehq',
    slug: 'zetwerk',
    company: 'Zetwerk',
    domain: 'zetwerk.com',
    routes: [{ path: '/careers/api/jobs', file: 'sensehq/zetwerk-careers-api-jobs-2.json' }],
  },
  {
    source: 'trakstar',
    slug: 'exotel',
    company: 'Exotel',
    domain: 'exotel.com',
    routes: [{ path: '/v1/openings', file: 'trakstar/exotel-jsapi-openings-objects-2.json' }],
  },
  {
    source: 'zoho_recruit',
    slug: 'pnbcsl.zohorecruit.in',
    company: 'PNB Card Services',
    domain: 'pnbcsl.co.in',
    routes: [
      {
        path: '/jobs/Careers',
        file: 'zoho_recruit/pnbcsl-careers-hidden-jobs-input-reconstructed-2.html',
        contentType: HTML,
      },
    ],
  },
  // Wave 2, the rest: JazzHR, Cornerstone, Kula and Taleo.
  {
    // The board page and the job page, each reduced by its recorder (test/fixtures/ats/jazzhr).
    source: 'jazzhr',
    slug: 'paradromicsinc',
    company: 'Paradromics',
    domain: 'paradromics.com',
    routes: [
      { path: '/apply', file: 'jazzhr/paradromicsinc-apply-board-reduced-1.html', contentType: HTML },
      {
        path: '/apply/ujxQN2lhPz/Field-Clinical-SpecialistEngineer',
        file: 'jazzhr/paradromicsinc-job-page-jsonld-reduced.html',
        contentType: HTML,
      },
    ],
  },
  {
    source: 'cornerstone',
    // One career site (its list is recorded; a tenant board would probe every site first). The
    // job ads are not recorded: the fixture server's 404 leaves each requisition its list text.
    slug: 'macomtech/1',
    company: 'MACOM',
    domain: 'macom.com',
    routes: [
      // CONSTRUCTED, not recorded: the career-site bootstrap page (the anonymous token and the
      // regional API the connector reads first), written from the connector's documented shape.
      // It carries no job data; the jobs come from the recorded list response below.
      {
        path: '/ux/ats/careersite/1/home',
        file: 'cornerstone/CONSTRUCTED-bootstrap-macomtech.html',
        contentType: HTML,
      },
      {
        path: '/rec-job-search/external/jobs',
        file: 'cornerstone/macom-rec-job-search-external-jobs-3.json',
        method: 'POST',
      },
    ],
  },
  {
    source: 'kula',
    slug: 'precision-neuroscience',
    company: 'Precision Neuroscience',
    domain: 'precisionneuro.io',
    routes: [
      {
        path: '/precision-neuroscience',
        file: 'kula/precision-neuroscience-board-cards-excerpt-3.html',
        contentType: HTML,
      },
    ],
  },
  {
    // Three rows, fewer than a results page: no further page is asked for. The requisition pages
    // are unrecorded, so they answer 404 and the rows are kept as listed.
    source: 'taleo',
    slug: 'phh.tbe.taleo.net/phh04/NFINDY/37',
    company: 'Taleo Business Edition tenant NFINDY (recorded, unnamed)',
    domain: 'nfindy-tenant.example',
    routes: [
      {
        path: '/phh04/ats/careers/v2/searchResults',
        file: 'taleo/nfindy-tbe-searchresults-excerpt-3.html',
        contentType: HTML,
      },
    ],
  },
];

/** Serves every demo board on the fixture server and returns the boards to register. */
export function serveDemoCorpus(server: FixtureServer, fixturesDir = 'test/fixtures/ats'): BoardLine[] {
  return DEMO_BOARDS.map((board, index) => {
    const prefix = `/demo/${board.source}/${index}`;
    for (const route of board.routes) {
      server.set(
        `${prefix}${route.path}`,
        {
          body: readFileSync(`${fixturesDir}/${route.file}`, 'utf8'),
          ...(route.contentType === undefined ? {} : { contentType: route.contentType }),
        },
        route.method,
      );
    }
    return {
      line: index + 1,
      source: board.source,
      slug: board.slug,
      endpoint: `${server.url}${prefix}`,
      company: board.company,
      domain: board.domain,
    };
  });
}
