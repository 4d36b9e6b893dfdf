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
