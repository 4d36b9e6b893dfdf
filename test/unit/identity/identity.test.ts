import { expect } from 'chai';
import {
  boardEvidence,
  crawlEvidence,
  isOpaqueSlug,
  linkKeys,
  namesTenant,
  registrableDomain,
} from '../../../src/ingest/identity/evidence.js';
import {
  assignKeys,
  clusterBoards,
  MAX_LINK_FANOUT,
  type BoardIdentityInput,
} from '../../../src/ingest/identity/cluster.js';
import { mergeRollups, velocity } from '../../../src/services/companies.js';

const board = (
  id: string,
  source: string,
  slug: string,
  extra: Partial<Parameters<typeof boardEvidence>[0]> = {},
  observed: ReturnType<typeof crawlEvidence> = [],
  companyKey = '',
): BoardIdentityInput => ({
  id,
  source,
  slug,
  companyKey,
  evidence: [...boardEvidence({ source, slug, ...extra }), ...observed],
});

describe('identity evidence', () => {
  it('reads registrable domains, never a platform, an IP or a bare reserved name', () => {
    expect(registrableDomain('https://careers.stripe.com/jobs/1')).to.equal('stripe.com');
    expect(registrableDomain('https://jobs.acme.co.uk/x')).to.equal('acme.co.uk');
    expect(registrableDomain('acme.github.io')).to.equal('acme.github.io');
    expect(registrableDomain('https://boards.greenhouse.io/stripe/jobs/1')).to.equal(undefined);
    expect(registrableDomain('https://exotel.hire.trakstar.com/jobs/1')).to.equal(undefined);
    expect(registrableDomain('https://acme.wd5.myworkdayjobs.com/x')).to.equal(undefined);
    expect(registrableDomain('http://127.0.0.1:4010/x')).to.equal(undefined);
    expect(registrableDomain('https://shop1.example.com/careers/1')).to.equal('shop1.example.com');
    expect(registrableDomain('https://example.com/')).to.equal(undefined);
    expect(registrableDomain('lever.co', { platforms: 'included' })).to.equal('lever.co');
  });

  it('sees the tenant named in a URL as the mark of a hosting platform', () => {
    expect(namesTenant('https://exotel.hire.somehost.com/jobs/1', 'exotel')).to.equal(true);
    expect(namesTenant('https://jobs.somehost.com/acme/123', 'acme')).to.equal(true);
    expect(namesTenant('https://stripe.com/jobs/search?gh_jid=1', 'stripe')).to.equal(false);
  });

  it('calls numeric, UUID, numbered and platform-tenant slugs opaque', () => {
    for (const slug of ['12345', 'careers-1234', '3f2b9c1e-8d7a-4b6c-9e5f-0a1b2c3d4e5f', 'a1b2c3d4e5f6a7b8'])
      expect(isOpaqueSlug('greenhouse', slug), slug).to.equal(true);
    expect(isOpaqueSlug('workday', 'nvidia.wd5/External')).to.equal(true);
    expect(isOpaqueSlug('lever', 'palantir')).to.equal(false);
  });

  it('links by domain only when most postings live there, and by tenant', () => {
    const urls = (...hosts: string[]) => hosts.map((host, i) => ({ url: `https://${host}/jobs/${i}` }));
    expect(
      linkKeys(crawlEvidence({ slug: 'a', postings: urls('acme.com', 'acme.com', 'other.org') })),
    ).to.deep.equal(['domain:acme.com']);
    expect(linkKeys(crawlEvidence({ slug: 'a', postings: urls('acme.com', 'other.org') }))).to.deep.equal([]);
    expect(linkKeys(boardEvidence({ source: 'workday', slug: 'AIG.wd1/early_careers' }))).to.deep.equal([
      'tenant:workday:aig',
    ]);
    expect(linkKeys(boardEvidence({ source: 'lever', slug: 'x', operatorCompany: 'Acme' }))).to.deep.equal([
      'operator:acme',
    ]);
  });
});

describe('identity clustering', () => {
  it('joins boards that share a domain or tenant, never boards that only share a name', () => {
    const companies = clusterBoards([
      board('1', 'greenhouse', 'acme', { operatorCompany: 'Acme', operatorDomain: 'acme.com' }),
      board(
        '2',
        'lever',
        'acme-inc',
        {},
        crawlEvidence({ slug: 'acme-inc', postings: [{ url: 'https://www.acme.com/j/1' }] }),
      ),
      board('3', 'ashby', 'acme', { operatorCompany: 'Acme', operatorDomain: 'acme.de' }),
      board('4', 'workday', 'acme.wd1/A'),
      board('5', 'workday', 'acme.wd3/B'),
    ]);
    expect(companies.map((company) => company.boards)).to.deep.equal([['1', '2'], ['3'], ['4', '5']]);
    const [acme, other, tenant] = companies;
    expect(acme?.resolved).to.equal(true);
    expect(acme?.links.get('2')?.map((item) => item.value)).to.deep.equal(['acme.com']);
    expect(other?.domain?.value).to.equal('acme.de');
    // An opaque tenant with neither a published name nor a domain stays unresolved.
    expect(tenant?.resolved).to.equal(false);
  });

  it('ignores a link key shared by more boards than a company has (an unlisted platform)', () => {
    const boards = [board('1', 'lever', 'a'), board('2', 'lever', 'b')];
    const shared = crawlEvidence({ slug: 'z', postings: [{ url: 'https://jobs.unlisted-platform.com/x' }] });
    for (const item of boards) item.evidence.push(...shared);
    const fanout = new Map([['domain:unlisted-platform.com', MAX_LINK_FANOUT + 1]]);
    expect(clusterBoards(boards, fanout)).to.have.length(2);
  });

  it('keeps the key most boards hold, renames a company that just became resolved, and tells namesakes apart', () => {
    const inputs = [
      board('1', 'greenhouse', 'acme', { operatorCompany: 'Acme', operatorDomain: 'acme.com' }, [], 'acme'),
      board('2', 'lever', 'acme', { operatorCompany: 'Acme', operatorDomain: 'acme.com' }, [], 'lever-acme'),
      board('3', 'ashby', 'acme', { operatorCompany: 'Acme', operatorDomain: 'acme.de' }, [], ''),
    ];
    const companies = clusterBoards(inputs);
    const keys = assignKeys(
      companies,
      new Map(inputs.map((input) => [input.id, input])),
      new Map([
        ['acme', { resolved: true }],
        ['lever-acme', { resolved: false }],
      ]),
      new Set(),
    );
    expect(keys).to.deep.equal(['acme', 'acme-acme-de']);
  });
});

describe('company profile arithmetic', () => {
  it('places openings in 12 weeks ending now and in the two 30-day windows', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const result = velocity(
      [
        { day: '2026-11-23', openings: 2 },
        { day: '2026-10-20', openings: 3 },
        { day: '2026-09-01', openings: 5 },
      ],
      now,
      Date.parse('2026-01-01T00:00:00Z'),
    );
    expect(result.weeks).to.have.length(12);
    expect(result.weeks[11]?.openings).to.equal(2);
    expect(result.weeks.reduce((sum, week) => sum + week.openings, 0)).to.equal(10);
    expect(result).to.include({ current_window_openings: 2, prior_window_openings: 3, confidence: 1 });
    expect(velocity([], now, now.getTime() - 42 * 86_400_000).confidence).to.equal(0.5);
  });

  it("counts the running UTC day's openings before its noon, and no day after now", () => {
    const morning = new Date('2026-11-27T00:20:00Z');
    const result = velocity(
      [
        { day: '2026-11-27', openings: 4 },
        { day: '2026-11-28', openings: 9 },
      ],
      morning,
      Date.parse('2026-01-01T00:00:00Z'),
    );
    expect(result.weeks[11]?.openings).to.equal(4);
    expect(result.current_window_openings).to.equal(4);
  });

  it('adds board rollups up, averaging derivation confidence by job', () => {
    const rollup = (jobs: number, confidence: number) => ({
      countries: ['US'],
      offices: [
        {
          city: 'Austin',
          country: 'United States',
          country_code: 'US',
          lat: 30.27,
          lng: -97.74,
          open_jobs: jobs,
        },
      ],
      departments: { Sales: jobs },
      work_modes: { remote: jobs },
      families: {},
      titles: { Engineer: jobs },
      derivations: { ai_work_arrangement: { jobs, confidence, source: 'rules' } },
    });
    const merged = mergeRollups([rollup(1, 1), null, rollup(3, 0.6)]);
    expect(merged.offices).to.deep.equal([{ ...rollup(4, 0).offices[0] }]);
    expect(merged.departments).to.deep.equal({ Sales: 4 });
    expect(merged.derivations.ai_work_arrangement?.confidence).to.be.closeTo(0.7, 1e-9);
  });
});
