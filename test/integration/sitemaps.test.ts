/**
 * Sitemaps through the real ingest path: recorded payloads served by the fixture server, crawled by
 * the real connectors and resolved by the identity step, then read through the API without a key,
 * as a crawler reads it (index first, then every segment it links to). What should be listed is
 * computed here independently of the generated columns the service reads: from the job documents,
 * with the segment hashed in Node.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { CONNECTORS } from '../../src/ingest/connectors/index.js';
import { createIngestDeps, type IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { crawlBoards, registerBoard } from '../../src/ingest/crawl/boards.js';
import type { BoardLine } from '../../src/ingest/crawl/boards-file.js';
import type { IngestDeps } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';
import { call } from './http.js';

interface IndexBody {
  last_modified?: string;
  data: { segment_id: string; url: string; job_count: number; last_modified?: string }[];
}

interface SegmentBody {
  segment_id: string;
  job_count: number;
  last_modified?: string;
  data: { job_key: string; last_modified: string }[];
}

interface LeverPosting {
  id: string;
  text: string;
  [member: string]: unknown;
}

interface GreenhouseJob {
  id: number;
  location: { name: string };
  offices?: unknown;
  [member: string]: unknown;
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const fixture = (file: string): string => readFileSync(`test/fixtures/ats/${file}`, 'utf8');
const segmentOf = (jobKey: string): string =>
  createHash('sha256').update(jobKey, 'utf8').digest('hex').slice(0, 2);

const LEVER = JSON.parse(fixture('lever/leverdemo-postings-6.json')) as LeverPosting[];
/** The recorded postings and 40 more with their own ids and titles: enough keys to fill some segments twice. */
const LEVER_POSTINGS: LeverPosting[] = [
  ...LEVER,
  ...Array.from({ length: 40 }, (_, i) => {
    const base = LEVER[i % LEVER.length];
    if (base === undefined) throw new Error('fixture changed');
    return {
      ...base,
      id: `${base.id.slice(0, -4)}${i.toString(16).padStart(4, '0')}`,
      text: `${base.text} ${i}`,
    };
  }),
];
const AMPLITUDE = JSON.parse(fixture('greenhouse/amplitude-jobs-content-2-of-list.json')) as {
  jobs: GreenhouseJob[];
};

describe('sitemaps: segment index and segments', function () {
  this.timeout(180_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;
  let deps: IngestDeps;
  const ids = new Map<string, string>();

  const register = async (name: string, line: Omit<BoardLine, 'line' | 'endpoint'>): Promise<void> => {
    ids.set(
      name,
      await registerBoard(testEnv().runtime.database.db, {
        line: 1,
        endpoint: `${server.url}/${name}`,
        ...line,
      }),
    );
  };
  const crawl = async (...names: string[]): Promise<void> => {
    const summaries = await crawlBoards(
      deps,
      names.map((name) => ids.get(name) ?? ''),
      2,
    );
    for (const summary of summaries) expect(summary, JSON.stringify(summary)).to.include({ outcome: 'ok' });
    const { runtime } = testEnv();
    await catchUp(runtime.database.db, runtime.es, runtime.indices.alias, systemClock);
    // As the worker's reports loop does after the corpus changed: the index is a snapshot.
    await testEnv().services.sitemaps.refreshIndex(0);
  };

  /** The raw body too: determinism is about bytes. No key is sent: the sitemaps are public. */
  const fetchText = async (path: string): Promise<{ status: number; text: string }> => {
    const response = await fetch(`${testEnv().baseUrl}${path}`, { signal: AbortSignal.timeout(30_000) });
    return { status: response.status, text: await response.text() };
  };
  const getJson = async <T>(path: string): Promise<T> => {
    const { status, text } = await fetchText(path);
    expect(status, text).to.equal(200);
    return JSON.parse(text) as T;
  };
  const index = (): Promise<IndexBody> => getJson<IndexBody>('/v1/sitemaps');
  /** Every segment the index links to, by id. */
  const walk = async (): Promise<{ index: IndexBody; segments: Map<string, SegmentBody> }> => {
    const body = await index();
    const segments = new Map<string, SegmentBody>();
    for (const entry of body.data) segments.set(entry.segment_id, await getJson<SegmentBody>(entry.url));
    return { index: body, segments };
  };

  /**
   * What must be listed, from the documents: open, of a resolved company, and not a non-representative
   * duplicate. Each with its last change (modified_at, else first_seen).
   */
  const expected = async (): Promise<Map<string, string>> => {
    const rows = await testEnv().runtime.database.db.any<{
      job_key: string;
      status: string;
      resolved: unknown;
      representative: unknown;
      stamp: string;
    }>(
      `SELECT job_key, status, document->'company_resolved' AS resolved,
              document->'is_duplicate_representative' AS representative,
              coalesce(document->>'modified_at', document->>'first_seen') AS stamp
         FROM job_state`,
    );
    return new Map(
      rows
        .filter((row) => row.status === 'open' && row.resolved === true && row.representative !== false)
        .map((row) => [row.job_key, new Date(row.stamp).toISOString()]),
    );
  };
  const boardJobs = async (name: string): Promise<{ job_key: string; status: string; resolved: boolean }[]> =>
    testEnv().runtime.database.db.any(
      `SELECT job_key, status, (document->>'company_resolved')::boolean AS resolved
         FROM job_state WHERE board_id = $1 ORDER BY job_key`,
      [ids.get(name)],
    );

  /** The union of the segments is exactly the expected set, each key once, where SHA-256 puts it. */
  const checkCorpus = async (): Promise<{ index: IndexBody; segments: Map<string, SegmentBody> }> => {
    const walked = await walk();
    const want = await expected();
    expect(walked.index.data.map((entry) => entry.segment_id)).to.deep.equal(
      Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0')),
    );
    const seen = new Map<string, string>();
    for (const entry of walked.index.data) {
      expect(entry.url).to.equal(`/v1/sitemaps/${entry.segment_id}`);
      const segment = walked.segments.get(entry.segment_id);
      if (segment === undefined) throw new Error(`segment ${entry.segment_id} not fetched`);
      expect(segment.segment_id).to.equal(entry.segment_id);
      expect(segment.job_count).to.equal(segment.data.length);
      expect(entry.job_count, entry.segment_id).to.equal(segment.data.length);
      const keys = segment.data.map((item) => item.job_key);
      expect(keys, `segment ${entry.segment_id} ordered by job_key`).to.deep.equal(
        [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
      );
      const stamps = segment.data.map((item) => item.last_modified).sort();
      expect(segment.last_modified).to.equal(stamps[stamps.length - 1]);
      expect(entry.last_modified).to.equal(segment.last_modified);
      if (segment.data.length === 0) {
        expect(segment).to.not.have.property('last_modified');
        expect(entry).to.not.have.property('last_modified');
      }
      for (const item of segment.data) {
        expect(seen.has(item.job_key), `${item.job_key} listed twice`).to.equal(false);
        seen.set(item.job_key, item.last_modified);
        expect(segmentOf(item.job_key), item.job_key).to.equal(entry.segment_id);
        expect(item.last_modified).to.match(ISO_MS);
      }
    }
    expect([...seen.keys()].sort()).to.deep.equal([...want.keys()].sort());
    for (const [key, stamp] of want) expect(seen.get(key), key).to.equal(stamp);
    const latest = [...seen.values()].sort().pop();
    expect(walked.index.last_modified).to.equal(latest);
    return walked;
  };

  before(async () => {
    server = await startFixtureServer();
    const env = testEnv();
    ingest = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 0);
    deps = { ...ingest, connectors: CONNECTORS };
    server.set('/sm-lever/v0/postings/sm-lever', { body: JSON.stringify(LEVER_POSTINGS) });
    await register('sm-lever', {
      source: 'lever',
      slug: 'sm-lever',
      company: 'Sitemap Lever Co',
      domain: 'sitemap-lever.example',
    });
    // A posting published a second time for another city: a duplicate group of two.
    const [original, other] = AMPLITUDE.jobs;
    if (original === undefined || other === undefined) throw new Error('fixture changed');
    const berlin: GreenhouseJob = { ...original, id: original.id + 1, location: { name: 'Berlin, Germany' } };
    delete berlin.offices;
    server.set('/sm-dup/v1/boards/sm-dup/jobs', { body: JSON.stringify({ jobs: [original, other] }) });
    await register('sm-dup', {
      source: 'greenhouse',
      slug: 'sm-dup',
      company: 'Sitemap Dup',
      domain: 'sitemap-dup.example',
    });
    // An opaque Workday tenant nobody has named: its company stays unresolved.
    server.set(
      '/sm-opaque/wday/cxs/zq9931/Ext/jobs',
      { body: fixture('workday/cxs-jobs-list-4-boston-with-facets.json') },
      'POST',
    );
    await register('sm-opaque', { source: 'workday', slug: 'zq9931.wd5/Ext' });
    await crawl('sm-lever', 'sm-dup', 'sm-opaque');
    server.set('/sm-dup/v1/boards/sm-dup/jobs', {
      body: JSON.stringify({ jobs: [original, berlin, other] }),
    });
    await crawl('sm-dup');
  });

  after(async () => {
    await ingest.close();
    await server.close();
  });

  it('lists exactly the open, resolved, representative jobs, each once, in its SHA-256 segment', async () => {
    const { index: body } = await checkCorpus();
    const mine = (await boardJobs('sm-lever')).map((job) => job.job_key);
    expect(mine).to.have.length(LEVER_POSTINGS.length);
    const listed = body.data.reduce((sum, entry) => sum + entry.job_count, 0);
    expect(listed).to.be.at.least(mine.length);
    // Some segment holds two or more keys (ordering is exercised) and some are empty.
    expect(body.data.some((entry) => entry.job_count >= 2)).to.equal(true);
    expect(body.data.some((entry) => entry.job_count === 0)).to.equal(true);
  });

  it('lists one job of a duplicate group: its representative', async () => {
    const rows = await testEnv().runtime.database.db.any<{ job_key: string; representative: boolean }>(
      `SELECT job_key, (document->>'is_duplicate_representative')::boolean AS representative
         FROM job_state WHERE board_id = $1 AND document ? 'duplicate_group'`,
      [ids.get('sm-dup')],
    );
    expect(rows).to.have.length(2);
    for (const row of rows) {
      const segment = await getJson<SegmentBody>(`/v1/sitemaps/${segmentOf(row.job_key)}`);
      expect(
        segment.data.some((item) => item.job_key === row.job_key),
        row.job_key,
      ).to.equal(row.representative);
    }
  });

  it('leaves out the jobs of an unresolved company', async () => {
    const jobs = await boardJobs('sm-opaque');
    expect(jobs).to.have.length(4);
    for (const job of jobs) {
      expect(job).to.include({ status: 'open', resolved: false });
      const segment = await getJson<SegmentBody>(`/v1/sitemaps/${segmentOf(job.job_key)}`);
      expect(segment.data.map((item) => item.job_key)).to.not.include(job.job_key);
    }
  });

  it('answers byte-identical bodies for the same corpus', async () => {
    const first = await fetchText('/v1/sitemaps');
    const second = await fetchText('/v1/sitemaps');
    expect(first.status).to.equal(200);
    expect(second.text).to.equal(first.text);
    const busy = (JSON.parse(first.text) as IndexBody).data.find((entry) => entry.job_count >= 2);
    if (busy === undefined) throw new Error('no segment with two jobs');
    const a = await fetchText(busy.url);
    const b = await fetchText(busy.url);
    expect(a.status).to.equal(200);
    expect(b.text).to.equal(a.text);
  });

  it('answers every segment, an empty one with no data and no stamp', async () => {
    const empty = (await index()).data.find((entry) => entry.job_count === 0);
    if (empty === undefined) throw new Error('no empty segment');
    expect(await getJson<SegmentBody>(empty.url)).to.deep.equal({
      segment_id: empty.segment_id,
      job_count: 0,
      data: [],
    });
  });

  it('takes a closed job out of its segment and out of the counts', async () => {
    const closing = LEVER_POSTINGS.slice(-2);
    const before = await boardJobs('sm-lever');
    const beforeIndex = await index();
    server.set('/sm-lever/v0/postings/sm-lever', { body: JSON.stringify(LEVER_POSTINGS.slice(0, -2)) });
    await crawl('sm-lever');
    const after = await boardJobs('sm-lever');
    const closed = after.filter((job) => job.status === 'closed').map((job) => job.job_key);
    expect(closed).to.have.length(closing.length);
    for (const key of closed) expect(before.find((job) => job.job_key === key)?.status).to.equal('open');
    const { index: afterIndex, segments } = await checkCorpus();
    for (const key of closed) {
      const segmentId = segmentOf(key);
      expect(segments.get(segmentId)?.data.map((item) => item.job_key)).to.not.include(key);
      const countOf = (body: IndexBody): number =>
        body.data.find((entry) => entry.segment_id === segmentId)?.job_count ?? -1;
      const leaving = closed.filter((other) => segmentOf(other) === segmentId).length;
      expect(countOf(afterIndex), segmentId).to.equal(countOf(beforeIndex) - leaving);
    }
  });

  it('refuses a segment id that is not two lower-case hex characters with 422', async () => {
    for (const id of ['zz', '0', '000', 'FF']) {
      const response = await call(`/v1/sitemaps/${id}`);
      expect(response.status, id).to.equal(422);
      const body = response.body as { detail: { loc: (string | number)[] }[] };
      expect(body.detail[0]?.loc).to.deep.equal(['path', 'segment_id']);
    }
  });
});
