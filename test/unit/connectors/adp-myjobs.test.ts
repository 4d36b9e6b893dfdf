/**
 * ADP Recruiting Management: one real recording (test/fixtures/labelled/wave2/SOURCES-smb.md), whose
 * recorder kept each call's answer under a key of its own. The tests serve each answer at the
 * address the connector asks for; the addresses and headers are the public clients' (see the
 * connector), not part of the recording.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { adpConnector } from '../../../src/ingest/connectors/adp.js';
import {
  myJobsDomain,
  parseAdpMyJobsDetail,
  withAdpMyJobsDetail,
} from '../../../src/ingest/connectors/adp-myjobs.js';
import { UnexpectedResponseError } from '../../../src/ingest/connectors/common.js';
import { BoardNotFoundError, type BoardRef } from '../../../src/ingest/types.js';
import { FakeHttp, json, status, undefinedKeys } from './fake-http.js';

const RECORDED = JSON.parse(
  readFileSync(
    'test/fixtures/labelled/wave2/raw/adp/sarthakjain004__headstart__adp_recruiting_responses.json',
    'utf8',
  ),
) as Record<string, unknown>;
const answer = (key: string): unknown => {
  const value = RECORDED[key];
  if (value === undefined) throw new Error(`no recorded answer ${key}`);
  return value;
};

const BOARD: BoardRef = { source: 'adp', slug: 'myjobs.adp.com/churchmutual' };
const SITE = 'https://myjobs.adp.com/public/staffing/v1/career-site/churchmutual';
const REQUISITIONS = 'https://my.adp.com/myadp_prefix/mycareer/public/staffing/v1/job-requisitions';
const QUERY =
  '$select=reqId,jobTitle,publishedJobTitle,jobDescription,jobQualifications,workLevelCode,postingDate,' +
  'requisitionLocations,organizationalUnits,clientRequisitionID&$orderby=reqId&$top=50';
const page = (skip: number, origin = 'https://my.adp.com'): string =>
  `${REQUISITIONS.replace('https://my.adp.com', origin)}/apply-custom-filters?${QUERY}&$skip=${skip}`;
const detail = (reqId: string, origin = 'https://my.adp.com'): string =>
  `${REQUISITIONS.replace('https://my.adp.com', origin)}/search-meta/${reqId}`;
/** The requisition whose detail was recorded; every other one answers as a closed one does. */
const DETAILED = '5001222115706';
const reqIds = (key: string): string[] =>
  (answer(key) as { jobRequisitions: { reqId: string }[] }).jobRequisitions.map((row) => row.reqId);
const LISTED = [
  ...reqIds('churchmutual_listing_top10_skip0'),
  ...reqIds('churchmutual_listing_top10_skip10'),
];

/**
 * The site, the two recorded list pages (the server served 10 at a time to its recorder), the one
 * recorded detail, and the recorded answer for a closed requisition for the others.
 */
function churchMutual(base?: string): FakeHttp {
  const site = base === undefined ? SITE : `${base}/public/staffing/v1/career-site/churchmutual`;
  const origin = base ?? 'https://my.adp.com';
  const http = new FakeHttp()
    .on(site, json(answer('site_churchmutual')))
    .on(page(0, origin), json(answer('churchmutual_listing_top10_skip0')))
    .on(page(10, origin), json(answer('churchmutual_listing_top10_skip10')));
  for (const reqId of LISTED) {
    http.on(
      detail(reqId, origin),
      reqId === DETAILED
        ? json(answer('churchmutual_detail_5001222115706'))
        : status(400, JSON.stringify(answer('detail_closed'))),
    );
  }
  return http;
}

describe('adp connector: Recruiting Management (myjobs.adp.com)', () => {
  it('takes the site’s session, pages the requisitions until their count, and maps each', async () => {
    const http = churchMutual();
    const headers: Record<string, string>[] = [];
    const result = await adpConnector.crawl(BOARD, {
      request: (url, init) => {
        headers.push(init?.headers ?? {});
        return http.request(url, init);
      },
    });

    expect(http.urls.slice(0, 3)).to.deep.equal([SITE, page(0), page(10)]);
    expect(http.urls.slice(3)).to.have.members(LISTED.map((reqId) => detail(reqId)));
    // The list and the details are asked with the site's session, as the career page asks them.
    for (const sent of headers.slice(1)) {
      expect(sent).to.deep.include({
        myjobstoken: (answer('site_churchmutual') as { myJobsToken: string }).myJobsToken,
        orgoid: 'G37B9N5A9JS742KS',
        rolecode: 'manager',
        'accept-language': 'en-US',
      });
    }
    expect(result.endpoint).to.equal(page(0));
    expect(result.boardName).to.equal('Church Mutual Insurance, S.I.');
    expect(result.postings).to.have.length(19);
    const [intern] = result.postings;
    expect(intern).to.deep.include({
      nativeId: '5001227248706',
      title: 'Intern- IT Application Security',
      url: 'https://myjobs.adp.com/churchmutual/cx/job-details?reqId=5001227248706',
      sourceEndpoint: page(0),
      organization: 'Church Mutual Insurance, S.I.',
      postedAt: '2026-09-23T18:42:47.000Z',
      department: 'Internships',
      employmentTypes: ['Full-time'],
      requisitionId: '364',
    });
    expect(intern?.locations).to.deep.equal([
      { text: 'Milwaukee Office', city: 'Milwaukee', region: 'Wisconsin', country: 'United States' },
      { text: 'Merrill Office', city: 'Merrill', region: 'Wisconsin', country: 'United States' },
    ]);
    expect(intern?.descriptionHtml).to.match(/^<p><span><strong><span>What You'll Be Doing/);
    // The second page's requisitions carry qualifications too.
    expect(
      result.postings.some((p) => (p.descriptionHtml ?? '').includes('<h3>Qualifications</h3>')),
    ).to.equal(true);
    expect(undefinedKeys(result)).to.deep.equal([]);
    // Pay is published in the detail only: the tenant's text, as written, beside "Salaried".
    const detailed = result.postings.find((p) => p.nativeId === DETAILED);
    expect(detailed?.salary).to.deep.equal({ text: '107,000 to 160,400', periodRaw: 'Salaried' });
    expect(detailed?.employmentTypes).to.deep.equal(['Full-time']);
    // Closed since the list was read (400): the rows stay, without pay.
    expect(result.postings.filter((p) => p.salary !== undefined)).to.have.length(1);
  });

  it('reads the pay-transparency amounts of a detail, and its work level when the list has none', () => {
    const context = { domain: 'corpfollettexternal', endpoint: 'recorded' };
    const follett = parseAdpMyJobsDetail(answer('corpfollettexternal_detail_5001213128706'), context);
    expect(follett).to.deep.include({
      nativeId: '5001213128706',
      title: 'Lead Business Intelligence Engineer',
      url: 'https://myjobs.adp.com/corpfollettexternal/cx/job-details?reqId=5001213128706',
      employmentTypes: ['Full-time'],
      requisitionId: '26-30374',
      salary: { min: 40000, max: 141700, currency: 'USD', periodRaw: 'Salaried' },
    });
    expect(follett?.locations[0]).to.deep.include({ city: 'Westchester' });
    // A detail of another requisition adds nothing; a listed work level stands.
    const listed = {
      nativeId: '1',
      title: 'T',
      url: 'https://x.example/1',
      sourceEndpoint: 'e',
      locations: [],
    };
    expect(withAdpMyJobsDetail(listed, answer('corpfollettexternal_detail_5001213128706'))).to.deep.equal(
      listed,
    );
    const partTime = withAdpMyJobsDetail(
      { ...listed, nativeId: '5001213128706', employmentTypes: ['Part-time'] },
      answer('corpfollettexternal_detail_5001213128706'),
    );
    expect(partTime.employmentTypes).to.deep.equal(['Part-time']);
    expect(partTime.salary).to.deep.include({ min: 40000, max: 141700 });
  });

  it('fails the crawl when a detail fails otherwise (no posting silently without its pay)', async () => {
    const http = churchMutual();
    const failing = new FakeHttp().on(detail(DETAILED), status(500, 'oops'));
    const error = await adpConnector
      .crawl(BOARD, {
        request: (url, init) =>
          url === detail(DETAILED) ? failing.request(url, init) : http.request(url, init),
      })
      .catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnexpectedResponseError);
  });

  it('reads a site that is not found or not active (recorded bodies), or inactive, as a gone board', async () => {
    for (const body of [
      answer('site_not_found'),
      answer('site_not_active'),
      { ...(answer('site_churchmutual') as object), active: false },
    ]) {
      const error = await adpConnector
        .crawl(BOARD, new FakeHttp().on(SITE, json(body)))
        .catch((e: unknown) => e);
      expect(error).to.be.instanceOf(BoardNotFoundError);
    }
    const missing = await adpConnector
      .crawl(BOARD, new FakeHttp().on(SITE, status(404)))
      .catch((e: unknown) => e);
    expect(missing).to.be.instanceOf(BoardNotFoundError);
    // The recorded body under an error status (the status ADP sends with it is not recorded).
    const gone = await adpConnector
      .crawl(BOARD, new FakeHttp().on(SITE, status(400, JSON.stringify(answer('site_not_found')))))
      .catch((e: unknown) => e);
    expect(gone).to.be.instanceOf(BoardNotFoundError);
    const broken = await adpConnector
      .crawl(BOARD, new FakeHttp().on(SITE, status(500, 'oops')))
      .catch((e: unknown) => e);
    expect(broken).to.be.instanceOf(UnexpectedResponseError);
  });

  it('refuses a site without a session and a list of another shape', async () => {
    const { myJobsToken: _token, ...withoutToken } = answer('site_churchmutual') as Record<string, unknown>;
    const noToken = await adpConnector
      .crawl(BOARD, new FakeHttp().on(SITE, json(withoutToken)))
      .catch((e: unknown) => e);
    expect(noToken).to.be.instanceOf(UnexpectedResponseError);
    const shape = await adpConnector
      .crawl(
        BOARD,
        new FakeHttp().on(SITE, json(answer('site_churchmutual'))).on(page(0), json({ requisitions: [] })),
      )
      .catch((e: unknown) => e);
    expect(shape).to.be.instanceOf(UnexpectedResponseError);
  });

  it('reads the slug and honours the override for both hosts', async () => {
    expect(myJobsDomain('myjobs.adp.com/corpfollettexternal')).to.equal('corpfollettexternal');
    expect(myJobsDomain('G37B9N5A9JS742KS/ef2fe0fd')).to.equal(undefined);
    const base = 'http://127.0.0.1:4010/demo/adp/9';
    const result = await adpConnector.crawl({ ...BOARD, endpointOverride: base }, churchMutual(base));
    expect(result.postings).to.have.length(19);
    expect(result.postings[0]?.url).to.equal(
      'https://myjobs.adp.com/churchmutual/cx/job-details?reqId=5001227248706',
    );
  });
});
