/**
 * A synthetic corpus for scale tests and benchmarks: boards of realistic companies with postings
 * whose titles, locations, sources, salaries and descriptions follow plausible distributions.
 * Deterministic for a seed. The postings are SourcePostings, so they go through the same
 * normalize → enrich → lifecycle → ledger → projector path as crawled ones.
 */
import { Faker, en } from '@faker-js/faker';
import type { BoardLine } from '../../src/ingest/crawl/boards-file.js';
import type { SourceLocation, SourcePosting } from '../../src/ingest/types.js';

/** Source mix, roughly the share of boards per platform we see in public slug registries. */
const SOURCE_WEIGHTS: [string, number][] = [
  ['greenhouse', 30],
  ['lever', 14],
  ['ashby', 12],
  ['workday', 14],
  ['smartrecruiters', 8],
  ['workable', 6],
  ['recruitee', 4],
  ['personio', 4],
  ['teamtailor', 3],
  ['bamboohr', 3],
  ['breezy', 2],
];

const SENIORITY: [string, number][] = [
  ['', 40],
  ['Senior ', 25],
  ['Staff ', 5],
  ['Principal ', 3],
  ['Lead ', 5],
  ['Junior ', 6],
  ['Associate ', 6],
  ['Head of ', 2],
  ['Director, ', 3],
  ['Intern - ', 5],
];

const ROLES: [string, string[], number][] = [
  [
    'Software Engineer',
    ['Backend', 'Frontend', 'Full Stack', 'Platform', 'Infrastructure', 'Mobile', 'Payments', 'Security'],
    30,
  ],
  ['Data Engineer', ['Analytics', 'Streaming', 'Platform'], 6],
  ['Data Scientist', ['Growth', 'Risk', 'Marketplace'], 5],
  ['Machine Learning Engineer', ['NLP', 'Ranking', 'Computer Vision', 'LLM'], 5],
  ['Product Manager', ['Payments', 'Growth', 'Platform', 'AI'], 6],
  ['Product Designer', ['Web', 'Mobile', 'Design Systems'], 4],
  ['Account Executive', ['Enterprise', 'Mid-Market', 'SMB', 'EMEA'], 9],
  ['Customer Success Manager', ['Enterprise', 'Strategic'], 5],
  ['Marketing Manager', ['Product Marketing', 'Demand Generation', 'Brand'], 5],
  ['Recruiter', ['Technical', 'GTM', 'Executive'], 3],
  ['Financial Analyst', ['FP&A', 'Revenue', 'Treasury'], 3],
  ['Counsel', ['Commercial', 'Privacy', 'Employment'], 2],
  ['Operations Manager', ['Business Operations', 'Supply Chain', 'Workplace'], 4],
  ['Registered Nurse', ['ICU', 'Emergency', 'Oncology'], 4],
  ['Warehouse Associate', ['Night Shift', 'Day Shift'], 4],
];

const CITIES: SourceLocation[] = [
  { city: 'New York', region: 'NY', country: 'United States', countryCode: 'US' },
  { city: 'San Francisco', region: 'CA', country: 'United States', countryCode: 'US' },
  { city: 'Austin', region: 'TX', country: 'United States', countryCode: 'US' },
  { city: 'Seattle', region: 'WA', country: 'United States', countryCode: 'US' },
  { city: 'Chicago', region: 'IL', country: 'United States', countryCode: 'US' },
  { city: 'Boston', region: 'MA', country: 'United States', countryCode: 'US' },
  { city: 'Toronto', region: 'ON', country: 'Canada', countryCode: 'CA' },
  { city: 'London', country: 'United Kingdom', countryCode: 'GB' },
  { city: 'Dublin', country: 'Ireland', countryCode: 'IE' },
  { city: 'Berlin', country: 'Germany', countryCode: 'DE' },
  { city: 'Munich', country: 'Germany', countryCode: 'DE' },
  { city: 'Paris', country: 'France', countryCode: 'FR' },
  { city: 'Amsterdam', country: 'Netherlands', countryCode: 'NL' },
  { city: 'Stockholm', country: 'Sweden', countryCode: 'SE' },
  { city: 'Madrid', country: 'Spain', countryCode: 'ES' },
  { city: 'Bangalore', country: 'India', countryCode: 'IN' },
  { city: 'Singapore', country: 'Singapore', countryCode: 'SG' },
  { city: 'Sydney', country: 'Australia', countryCode: 'AU' },
  { city: 'São Paulo', country: 'Brazil', countryCode: 'BR' },
  { city: 'Tokyo', country: 'Japan', countryCode: 'JP' },
];

const CURRENCY: Record<string, { code: string; symbol: string; base: number }> = {
  US: { code: 'USD', symbol: '$', base: 120_000 },
  CA: { code: 'CAD', symbol: 'CA$', base: 105_000 },
  GB: { code: 'GBP', symbol: '£', base: 70_000 },
  IE: { code: 'EUR', symbol: '€', base: 75_000 },
  DE: { code: 'EUR', symbol: '€', base: 75_000 },
  FR: { code: 'EUR', symbol: '€', base: 65_000 },
  NL: { code: 'EUR', symbol: '€', base: 70_000 },
  ES: { code: 'EUR', symbol: '€', base: 50_000 },
};

/** English phrase banks: descriptions read like postings (language detection and enrichment see real prose). */
const ABOUT = [
  'We build software that thousands of businesses rely on every day.',
  'Our team is small, senior and deeply collaborative.',
  'We are a fast-growing company backed by leading investors.',
  'Our mission is to make work simpler for millions of people.',
  'We care about craft, ownership and clear communication.',
  'Our customers range from startups to some of the largest companies in the world.',
  'We have offices across North America and Europe and a strong remote culture.',
  'We ship often, measure everything and learn from our mistakes.',
];
const DUTIES = [
  'Design, build and operate services that handle millions of requests a day.',
  'Partner with product, design and data teams to plan the roadmap.',
  'Own projects from the first idea to production and beyond.',
  'Improve reliability, performance and observability of our systems.',
  'Mentor teammates and raise the bar through thoughtful code reviews.',
  'Work closely with customers to understand their needs.',
  'Build dashboards and models that guide decisions across the company.',
  'Drive pipeline generation and close new business with enterprise accounts.',
  'Create campaigns that reach new audiences and grow our brand.',
  'Run hiring processes that are fast, fair and welcoming.',
  'Prepare monthly forecasts and analyze variances with business partners.',
  'Keep our operations running smoothly as we scale.',
  'Provide excellent patient care in a fast-paced clinical environment.',
  'Pick, pack and ship customer orders accurately and safely.',
];
const REQUIREMENTS = [
  'Experience with TypeScript, Go, Python or Java.',
  'Strong knowledge of SQL and modern data warehouses.',
  'Experience with AWS, GCP or Azure and infrastructure as code.',
  'A track record of exceeding quota in a B2B sales role.',
  'Excellent written and verbal communication skills.',
  'Comfort with ambiguity and a bias for action.',
  'Experience with React and modern frontend tooling.',
  'A portfolio that shows strong interaction and visual design.',
  'Familiarity with machine learning frameworks such as PyTorch.',
  'A valid nursing license in the state of practice.',
  'Ability to lift up to 50 pounds and stand for long periods.',
  'A degree in finance, accounting or a related field.',
];
const BENEFITS = [
  'Comprehensive medical, dental and vision coverage.',
  'Generous paid time off and parental leave.',
  'A yearly learning and development budget.',
  'Equity in a fast-growing company.',
  'A home office stipend and flexible working hours.',
  'Retirement plan with company match.',
];

function sentences(faker: Faker, bank: string[], min: number, max: number): string {
  return faker.helpers.arrayElements(bank, { min, max }).join(' ');
}

export interface SyntheticBoard {
  source: string;
  slug: string;
  companyKey: string;
  companyName: string;
  domain: string;
  postings: SourcePosting[];
}

export interface SyntheticOptions {
  seed: number;
  jobs: number;
  /** Mean postings per board (boards vary around it). */
  meanBoardSize?: number;
  /** Fixed posting time base (ms since epoch) so runs are reproducible. */
  baseTime?: number;
}

function weighted<T>(faker: Faker, items: [T, number][]): T {
  return faker.helpers.weightedArrayElement(items.map(([value, weight]) => ({ value, weight })));
}

/** Boards with postings, `jobs` postings in total, lazily (bounded memory for millions of jobs). */
export function* syntheticBoards(options: SyntheticOptions): Generator<SyntheticBoard> {
  const faker = new Faker({ locale: [en] });
  faker.seed(options.seed);
  const mean = options.meanBoardSize ?? 80;
  const baseTime = options.baseTime ?? Date.UTC(2026, 0, 1);
  let remaining = options.jobs;
  let boardNo = 0;
  while (remaining > 0) {
    boardNo += 1;
    const size = Math.min(
      remaining,
      Math.max(1, Math.round(faker.number.float({ min: 0.1, max: 1.9 }) * mean)),
    );
    remaining -= size;
    const companyName = faker.company.name().replace(/[^\p{L}\p{N} &.,-]/gu, '');
    const slug = `${companyName.toLowerCase().replace(/[^a-z0-9]+/g, '')}${boardNo}`.slice(0, 60);
    const source = weighted(faker, SOURCE_WEIGHTS);
    const board: SyntheticBoard = {
      source,
      slug,
      companyKey: `syn-${boardNo}`,
      companyName,
      domain: `${slug}.example.com`,
      postings: [],
    };
    const home = faker.helpers.arrayElement(CITIES);
    for (let i = 0; i < size; i += 1) board.postings.push(posting(faker, board, home, i, baseTime));
    yield board;
  }
}

function posting(
  faker: Faker,
  board: SyntheticBoard,
  home: SourceLocation,
  i: number,
  baseTime: number,
): SourcePosting {
  const [role, specialties] = weighted<[string, string[]]>(
    faker,
    ROLES.map(([name, specs, weight]) => [[name, specs], weight]),
  );
  const seniority = weighted(faker, SENIORITY);
  const specialty = faker.datatype.boolean({ probability: 0.6 })
    ? `, ${faker.helpers.arrayElement(specialties)}`
    : '';
  const title = `${seniority}${role}${specialty}`;
  const location = faker.datatype.boolean({ probability: 0.7 }) ? home : faker.helpers.arrayElement(CITIES);
  const workplace = weighted(faker, [
    ['on-site', 50],
    ['hybrid', 30],
    ['remote', 20],
  ]);
  const currency = CURRENCY[location.countryCode ?? ''];
  const withSalary = currency !== undefined && faker.datatype.boolean({ probability: 0.45 });
  const min =
    currency === undefined
      ? 0
      : Math.round((currency.base * faker.number.float({ min: 0.6, max: 1.6 })) / 1000) * 1000;
  const max = Math.round((min * faker.number.float({ min: 1.1, max: 1.4 })) / 1000) * 1000;
  const nativeId = `${board.slug}-${i}`;
  const paragraphs = [
    `${board.companyName} is hiring a ${title} to join our ${faker.helpers.arrayElement(specialties)} team in ${location.city ?? 'our offices'}.`,
    sentences(faker, ABOUT, 3, 6),
    `What you will do: ${sentences(faker, DUTIES, 4, 8)}`,
    `What we look for: ${faker.number.int({ min: 1, max: 10 })}+ years of relevant experience. ${sentences(faker, REQUIREMENTS, 3, 7)}`,
    workplace === 'remote'
      ? 'This role is fully remote.'
      : workplace === 'hybrid'
        ? 'This is a hybrid role with three days a week in the office.'
        : 'This role is based in our office.',
    withSalary
      ? `The base salary range for this role is ${currency.symbol}${min.toLocaleString('en-US')} – ${currency.symbol}${max.toLocaleString('en-US')} per year.`
      : '',
    faker.datatype.boolean({ probability: 0.1 }) ? 'We are unable to sponsor visas for this position.' : '',
    `Benefits: ${sentences(faker, BENEFITS, 2, 6)}`,
  ].filter((p) => p !== '');
  const posted = new Date(baseTime - faker.number.int({ min: 0, max: 60 * 86_400_000 })).toISOString();
  return {
    nativeId,
    title,
    url: `https://${board.domain}/careers/${nativeId}`,
    sourceEndpoint: `https://synthetic.invalid/${board.source}/${board.slug}/jobs`,
    organization: board.companyName,
    descriptionHtml: paragraphs.map((p) => `<p>${p}</p>`).join('\n'),
    locations: [location],
    postedAt: posted,
    department: faker.helpers.arrayElement(specialties),
    employmentTypes: [
      seniority.startsWith('Intern')
        ? 'Intern'
        : weighted(faker, [
            ['Full-time', 90],
            ['Part-time', 5],
            ['Contract', 5],
          ]),
    ],
    workplaceType: workplace,
  };
}

/** Synthetic boards as operator board lines with their postings, ready for loadBoards. */
export function* syntheticBoardLines(
  options: SyntheticOptions,
): Generator<{ line: BoardLine; postings: SourcePosting[] }> {
  for (const board of syntheticBoards(options)) {
    yield {
      line: {
        line: 0,
        source: board.source,
        slug: board.slug,
        company: board.companyName,
        domain: board.domain,
      },
      postings: board.postings,
    };
  }
}

/**
 * syntheticBoardLines whose postings never expire by their own date: a test that plans its closures
 * (removed from the board at a later crawl) must not see others on the way in.
 */
export function undatedBoardLines(
  options: SyntheticOptions,
): { line: BoardLine; postings: SourcePosting[] }[] {
  return [...syntheticBoardLines(options)].map((board) => ({
    ...board,
    postings: board.postings.map((posting) => ({
      ...posting,
      expired: false,
      validThrough: '2099-01-01T00:00:00.000Z',
    })),
  }));
}
