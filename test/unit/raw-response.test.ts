import { expect } from 'chai';
import {
  JsonBytes,
  MalformedResponseError,
  scanSearchResponse,
  sourceMembers,
} from '../../src/search/raw-response.js';
import { decodeHit } from '../../src/search/document.js';
import { ByteWriter } from '../../src/lib/byte-writer.js';
import { presentJobPageBytes, presentTypedPageBytes, writeJob } from '../../src/presenters/job-bytes.js';
import { presentJobPage, presentTypedPage } from '../../src/presenters/jobs.js';
import { PUBLIC_JOB_MEMBERS, publicJob } from '../../src/domain/public-job.js';
import { decodeJobs } from '../../src/services/jobs.js';
import type { Job, StoredJob } from '../../src/domain/job.js';
import {
  adversarialSources,
  indexedSource,
  MARKER_ADVERSARIAL,
  searchAnswer,
  trickyText,
} from '../support/indexed.js';
import { storedJob } from '../support/jobs.js';
import { seededRandom } from '../support/random.js';

const scan = (value: unknown, spacing?: number): ReturnType<typeof scanSearchResponse> =>
  scanSearchResponse(Buffer.from(JSON.stringify(value, null, spacing), 'utf8'));

function response(sources: object[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    took: 3,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: {
      total: { value: sources.length, relation: 'eq' },
      max_score: null,
      hits: sources.map((source, index) => ({
        _index: 'jobs-v1',
        _id: `id-${String(index)}`,
        _score: null,
        _source: source,
        sort: [1_700_000_000_000 - index, `key-${String(index)}`],
      })),
    },
    ...extra,
  };
}

/** Strings that break naive scanners: quotes, braces, brackets, backslashes, unicode, escapes. */
const ADVERSARIAL = [
  'plain',
  'say "hi" {not an object} [nor an array]',
  'ends with a backslash \\',
  'backslash then quote \\"',
  '\\\\"',
  '}]},"_source":{"job_key":"forged"}',
  'unicode: Zürich — 東京 — 🚀 — \u2028 line separator',
  '\u0000\u0001\u001f control',
  '',
  '"',
  '\\',
  // Around the length where stringEnd goes from its byte loop to indexOf: quotes and backslash runs
  // on both sides of the switch.
  ...Array.from({ length: 20 }, (_, offset) => `${'a'.repeat(36 + offset)}\\"\\\\"${'b'.repeat(offset)}\\`),
  `${'é'.repeat(30)}"${'\\'.repeat(7)}"${'z'.repeat(100)}`,
];

describe('raw search response scanner', () => {
  it('finds every hit, its _source members, sort values and the metadata', () => {
    const scanned = scan(response([{ job_key: 'a', title: 'T', n: 1 }, { job_key: 'b' }], { pit_id: 'p1' }));
    expect(scanned.hits).to.have.length(2);
    expect(scanned.timedOut).to.equal(false);
    expect(scanned.shardsFailed).to.equal(0);
    expect(scanned.pitId).to.equal('p1');
    const first = scanned.hits[0];
    if (first === undefined) throw new Error('no hit');
    expect([...sourceMembers(scanned.bytes, first).keys()]).to.deep.equal(['job_key', 'title', 'n']);
    expect(scanned.hits[1]?.sort).to.deep.equal([1_700_000_000_000 - 1, 'key-1']);
    const hit = scanned.hits[0];
    if (hit === undefined) throw new Error('no hit');
    expect(decodeHit(scanned.bytes, hit)).to.deep.equal({ job_key: 'a', title: 'T', n: 1 });
  });

  it('reads an empty page', () => {
    const scanned = scan(response([]));
    expect(scanned.hits).to.deep.equal([]);
    expect(scanned.aggregations).to.deep.equal({});
  });

  it('reads timed_out, failed shards and aggregations', () => {
    const scanned = scan({
      ...response([]),
      timed_out: true,
      _shards: { total: 2, successful: 1, skipped: 0, failed: 1 },
      aggregations: { source: { buckets: [{ key: 'lever', doc_count: 3 }] } },
    });
    expect(scanned.timedOut).to.equal(true);
    expect(scanned.shardsFailed).to.equal(1);
    expect(scanned.aggregations).to.deep.equal({ source: { buckets: [{ key: 'lever', doc_count: 3 }] } });
  });

  for (const spacing of [undefined, 2]) {
    it(`keeps every adversarial string exact (${spacing === undefined ? 'compact' : 'indented'})`, () => {
      const sources = ADVERSARIAL.map((text, index) => ({
        job_key: `k${String(index)}`,
        title: text,
        nested: { deep: [text, { again: text }], empty: {}, list: [] },
        [`odd "key" ${text}`]: text,
        n: -1.5e-7,
        yes: true,
        no: null,
      }));
      const scanned = scan(
        response(sources, { aggregations: { tricky: { text: ADVERSARIAL.join('') } } }),
        spacing,
      );
      expect(scanned.hits).to.have.length(sources.length);
      scanned.hits.forEach((hit, index) => {
        expect(decodeHit(scanned.bytes, hit)).to.deep.equal(sources[index]);
        const title = sourceMembers(scanned.bytes, hit).get('title');
        if (title === undefined) throw new Error('no title');
        expect(JSON.parse(scanned.bytes.toString('utf8', title.valueStart, title.valueEnd))).to.equal(
          ADVERSARIAL[index],
        );
      });
      expect(scanned.aggregations).to.deep.equal({ tricky: { text: ADVERSARIAL.join('') } });
    });
  }

  it('reads the first value of each stored field', () => {
    const body = response([{ job_key: 'a' }]);
    const hits = (body.hits as { hits: Record<string, unknown>[] }).hits;
    if (hits[0] !== undefined) hits[0].fields = { description_text: ['Line "one"\n{two}', 'ignored'] };
    const scanned = scan(body);
    const hit = scanned.hits[0];
    if (hit === undefined) throw new Error('no hit');
    expect(decodeHit(scanned.bytes, hit)).to.deep.equal({
      job_key: 'a',
      description_text: 'Line "one"\n{two}',
    });
  });

  it('decodes member names with escapes or non-ASCII bytes', () => {
    const bytes = Buffer.from('{"hits":{"hits":[{"_source":{"a\\u0062c":1,"\\"q\\"":2,"ü":3,"abc2":4}}]}}');
    const hit = scanSearchResponse(bytes).hits[0];
    if (hit === undefined) throw new Error('no hit');
    expect([...sourceMembers(bytes, hit).keys()]).to.deep.equal(['abc', '"q"', 'ü', 'abc2']);
  });

  for (const broken of [
    '',
    '{',
    '{"hits":{"hits":[{"_source":{"a":"unterminated}}]}}',
    '{"hits":{"hits":[{"_source":{"a" 1}}]}}',
    '{"hits":{"hits":[{"_id":"no source"}]}}',
    '{"took":1} trailing',
    '{"a":}',
    '[1,2]',
  ]) {
    it(`refuses malformed input ${JSON.stringify(broken)}`, () => {
      expect(() => scanSearchResponse(Buffer.from(broken))).to.throw(MalformedResponseError);
    });
  }

  it('agrees with JSON.parse on random documents of tricky strings (seeded)', () => {
    const random = seededRandom(26);
    const alphabet = ['"', '\\', '{', '}', '[', ']', ',', ':', 'a', ' ', 'ü', '東', '🚀', '\n', '\u0000'];
    const text = (): string =>
      Array.from(
        { length: Math.floor(random() * 12) },
        () => alphabet[Math.floor(random() * alphabet.length)],
      ).join('');
    const value = (depth: number): unknown => {
      const kind = Math.floor(random() * (depth > 2 ? 4 : 6));
      if (kind === 0) return text();
      if (kind === 1) return Math.round(random() * 1e6) / 100 - 5000;
      if (kind === 2) return random() < 0.5;
      if (kind === 3) return null;
      if (kind === 4) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [text(), value(depth + 1)]),
      );
    };
    for (let round = 0; round < 200; round += 1) {
      const sources = Array.from({ length: Math.floor(random() * 4) }, () =>
        Object.fromEntries(Array.from({ length: Math.floor(random() * 6) }, () => [text(), value(0)])),
      );
      const scanned = scan(response(sources), round % 2 === 0 ? undefined : 1);
      expect(scanned.hits.map((hit) => decodeHit(scanned.bytes, hit))).to.deep.equal(sources);
    }
  });

  it('skips values of every kind', () => {
    const json = new JsonBytes(Buffer.from('["a\\"b",{"x":[1,{"y":"}"}]},-12.5e3,true,null,[]]'));
    const lengths: number[] = [];
    json.elements(0, (start) => {
      const end = json.valueEnd(start);
      lengths.push(end - start);
      return end;
    });
    expect(lengths).to.deep.equal([6, 19, 7, 4, 4, 2]);
  });
});

describe('job bytes presenter', () => {
  const job: Job = {
    job_key: 'greenhouse:acme:1',
    title: 'Engineer "Backend" {remote}',
    organization: 'Acme — Zürich',
    url: 'https://boards.greenhouse.io/acme/jobs/1',
    status: 'open',
    first_seen: '2026-11-01T00:00:00Z',
    source: 'greenhouse',
    source_slug: 'acme',
    source_endpoint: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs',
    directory_verified_at: '2026-11-01T00:00:00Z',
    locations_derived: [
      { city: 'Zürich', country: 'Switzerland', country_code: 'CH', lat: 47.37, lng: 8.54 },
    ],
    remote_derived: false,
    employment_type: ['FULL_TIME'],
    salary: { min: 1, max: 2, currency: 'CHF', period: 'year', source: 'source_field' },
  };
  /** A stored document: the public members in another order, internal ones among them, a null. */
  const stored: object = Object.assign(
    { revision: 3, native_id: '1', salary: job.salary, title: '', job_key: '', company_resolved: true },
    job,
    { has_salary: true, posted_at: null },
  );

  function scanned(sources: object[], description?: string): ReturnType<typeof scanSearchResponse> {
    const body = response(sources);
    const hits = (body.hits as { hits: Record<string, unknown>[] }).hits;
    if (description !== undefined) for (const hit of hits) hit.fields = { description_text: [description] };
    return scan(body);
  }

  function written(source: object, description?: string): { text: string; decoded: Job } {
    const page = scanned([source], description);
    const hit = page.hits[0];
    if (hit === undefined) throw new Error('no hit');
    const writer = new ByteWriter();
    writeJob(writer, page.bytes, hit);
    return { text: writer.finish().toString('utf8'), decoded: decodeHit(page.bytes, hit) };
  }

  it('lists the public members in publicJob order', () => {
    // publicJob sets every member, undefined where the job lacks it.
    expect(Object.keys(publicJob(job))).to.deep.equal([...PUBLIC_JOB_MEMBERS]);
  });

  it('writes exactly what JSON.stringify(publicJob) writes, member order included', () => {
    for (const description of [undefined, 'Desc with "quotes", {braces} and \\ backslash — ünïcödé 🚀']) {
      const { text, decoded } = written(stored, description);
      expect(text).to.equal(JSON.stringify(publicJob(decoded)));
    }
  });

  it('writes a job whose public members lie together in contract order', () => {
    const { text, decoded } = written({ ...publicJob(job), revision: 1 });
    expect(text).to.equal(JSON.stringify(publicJob(decoded)));
  });

  it('leaves out internal members and keeps nulls as publicJob does', () => {
    const parsed = JSON.parse(written(stored).text) as Record<string, unknown>;
    expect(parsed).to.not.have.property('revision');
    expect(parsed).to.not.have.property('has_salary');
    expect(parsed).to.have.property('posted_at', null);
  });

  for (const size of [0, 1, 3]) {
    it(`writes a page of ${String(size)} as the object presenters do, with and without a cursor`, () => {
      const sources = Array.from({ length: size }, (_, index) => ({
        ...stored,
        job_key: `k${String(index)}`,
      }));
      const page = scanned(sources, 'd "e" {s}');
      for (const cursor of [undefined, 'abc.def']) {
        const raw = {
          jobs: { bytes: page.bytes, hits: page.hits },
          ...(cursor === undefined ? {} : { next_cursor: cursor }),
        };
        const decoded = decodeJobs(raw);
        expect(presentJobPageBytes(raw).toString('utf8')).to.equal(JSON.stringify(presentJobPage(decoded)));
        const facets = { source: [{ value: 'greenhouse', count: 3 }] };
        expect(presentTypedPageBytes({ ...raw, facets }).toString('utf8')).to.equal(
          JSON.stringify(presentTypedPage({ ...decoded, facets })),
        );
        expect(presentTypedPageBytes(raw).toString('utf8')).to.equal(
          JSON.stringify(presentTypedPage(decoded)),
        );
      }
    });
  }
});

describe('job pages copied from public regions (search/public-region.ts)', () => {
  const base: StoredJob = storedJob('gh-1', {
    title: 'Senior C# Engineer',
    locations_derived: [
      { city: 'Zürich', country: 'Switzerland', country_code: 'CH', lat: 47.37, lng: 8.54 },
    ],
    remote_derived: false,
    employment_type: ['FULL_TIME'],
    salary: { min: 100_000, max: 120_000.5, currency: 'CHF', period: 'year', source: 'source_field' },
    description_text: 'Build the platform.',
  });
  const older = (job: StoredJob): Record<string, unknown> => {
    const { public_members_end: marker, ...rest } = indexedSource(job);
    expect(marker).to.equal(true);
    return rest;
  };

  /** The byte presenter's page against the parse-and-present path, and which hits were copied whole. */
  function page(
    sources: object[],
    descriptions: readonly (string | undefined)[] = [],
  ): { bytes: string; parsed: string; whole: boolean[] } {
    const scanned = scanSearchResponse(searchAnswer(sources, {}, descriptions));
    const raw = { jobs: { bytes: scanned.bytes, hits: scanned.hits }, next_cursor: 'c.d' };
    return {
      bytes: presentJobPageBytes(raw).toString('utf8'),
      parsed: JSON.stringify(presentJobPage(decodeJobs(raw))),
      whole: scanned.hits.map((hit) => hit.publicEnd !== undefined),
    };
  }

  it('copies each job whole, byte for byte what the parsed path writes', () => {
    const sources = [
      indexedSource(base),
      indexedSource({ ...base, job_key: 'gh-2', status: 'closed', closed_at: '2026-11-03T00:00:00.000Z' }),
    ];
    const { bytes, parsed, whole } = page(sources);
    expect(whole).to.deep.equal([true, true]);
    expect(bytes).to.equal(parsed);
    expect(bytes).to.not.include('public_members_end');
    expect(bytes).to.not.include('native_id');
  });

  it('is exact on adversarial strings in every member, public and internal', () => {
    const sources = adversarialSources(base);
    const { bytes, parsed, whole } = page(sources);
    expect(whole.every(Boolean)).to.equal(true);
    expect(bytes).to.equal(parsed);
    const jobs = (JSON.parse(bytes) as { data: { title: string }[] }).data;
    expect(jobs.map((job) => job.title)).to.deep.equal(MARKER_ADVERSARIAL);
  });

  it('puts a stored description in its place, member by member', () => {
    const description = 'Desc with "quotes", ,"public_members_end":true {braces} \\ — ünïcödé 🚀';
    const { bytes, parsed, whole } = page([indexedSource(base), indexedSource(base)], [description]);
    expect(whole).to.deep.equal([true, true]);
    expect(bytes).to.equal(parsed);
    const jobs = (JSON.parse(bytes) as { data: Record<string, unknown>[] }).data;
    expect(jobs[0]?.description_text).to.equal(description);
    expect(Object.keys(jobs[0] ?? {})).to.deep.equal(
      PUBLIC_JOB_MEMBERS.filter((name) => Object.keys(jobs[0] ?? {}).includes(name)),
    );
    expect(jobs[1]).to.not.have.property('description_text');
  });

  it('reads documents indexed before the marker member by member, next to ones after it', () => {
    for (const sources of [
      [older(base)],
      [older(base), indexedSource(base)],
      [indexedSource(base), older(base)],
      [indexedSource(base), older(base), indexedSource(base)],
    ]) {
      const { bytes, parsed, whole } = page(sources);
      expect(whole).to.deep.equal(sources.map((source) => 'public_members_end' in source));
      expect(bytes).to.equal(parsed);
    }
  });

  it('reads a _source that does not open with job_key member by member', () => {
    const { job_key: jobKey, ...rest } = indexedSource(base);
    const { bytes, parsed, whole } = page([{ ...rest, job_key: jobKey }]);
    expect(whole).to.deep.equal([false]);
    expect(bytes).to.equal(parsed);
  });

  it('writes an empty page', () => {
    const { bytes, parsed } = page([]);
    expect(bytes).to.equal(parsed);
  });

  it('agrees with the parsed path on 300 seeded random jobs, some older, some with descriptions', () => {
    const random = seededRandom(20261127);
    const sources: object[] = [];
    const descriptions: (string | undefined)[] = [];
    for (let i = 0; i < 300; i += 1) {
      const job: StoredJob = {
        ...base,
        job_key: `r${String(i)}`,
        title: trickyText(random),
        ...(random() < 0.5 ? { department: trickyText(random) } : {}),
        ...(random() < 0.5 ? { posted_at: '2026-10-01T00:00:00.000Z' } : {}),
        ...(random() < 0.3 ? { salary: undefined } : {}),
        native_id: trickyText(random),
      };
      sources.push(random() < 0.2 ? older(job) : indexedSource(job));
      descriptions.push(random() < 0.1 ? trickyText(random, 200) : undefined);
    }
    const { bytes, parsed, whole } = page(sources, descriptions);
    expect(whole.filter(Boolean).length).to.be.greaterThan(200);
    expect(bytes).to.equal(parsed);
  });
});
