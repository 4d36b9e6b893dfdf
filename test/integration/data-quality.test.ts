/**
 * The data-quality report through the real ingest path: recorded payloads crawled by the real
 * connectors (a board with descriptions and a cross-location duplicate, one that loses a posting,
 * one that dies, one that never answers), the report produced by the function the worker and
 * `npm run quality:report` share, and served by GET /v1/data-quality/current. Expected values are
 * computed here from the job documents and the boards table, not from the generated columns the
 * report reads.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { databaseNow } from '../../src/db/database.js';
import { QualityRepository } from '../../src/db/quality.js';
import { CONNECTORS } from '../../src/ingest/connectors/index.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { crawlBoard, type IngestDeps } from '../../src/ingest/crawl/pipeline.js';
import { systemClock } from '../../src/lib/clock.js';
import { measureTestAccuracy } from '../../src/services/quality/set-accuracy.js';
import { produceDueQualityReport, produceQualityReport } from '../../src/services/quality/produce.js';
import type { DataQualityReport, QualityMetric } from '../../src/services/quality/reports.js';
import { testEnv } from './env.js';
import { call, type Problem } from './http.js';

interface JobRow {
  status: string;
  close_reason: string | null;
  duplicate_key: string | null;
  document: Record<string, unknown>;
}

interface BoardRow {
  source: string;
  health: string;
  crawled: boolean;
  succeeded: boolean;
  age: number | null;
}

const fixture = (file: string): string => readFileSync(`test/fixtures/ats/${file}`, 'utf8');
const AMPLITUDE = JSON.parse(fixture('greenhouse/amplitude-jobs-content-2-of-list.json')) as {
  jobs: Record<string, unknown>[];
};
const STRIPE = JSON.parse(fixture('greenhouse/stripe-jobs-list-no-content-6.json')) as {
  jobs: Record<string, unknown>[];
};

const db = () => testEnv().runtime.database.db;

/** percentile_cont: linear interpolation between the order statistics around p·(n−1). */
function percentile(sorted: number[], p: number): number {
  const position = p * (sorted.length - 1);
  const low = sorted[Math.floor(position)] ?? Number.NaN;
  const high = sorted[Math.ceil(position)] ?? Number.NaN;
  return low + (high - low) * (position - Math.floor(position));
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value !== '';
}

/** metric@scope → [value, sample size], from the documents and the boards, at `asOf`. */
async function expectedMetrics(asOf: string): Promise<Map<string, [number, number]>> {
  const jobs = await db().any<JobRow>(
    `SELECT status, close_reason, duplicate_key, document FROM job_state WHERE status IN ('open', 'closed')`,
  );
  const open = jobs.filter((job) => job.status === 'open');
  const expected = new Map<string, [number, number]>();
  const rate = (metric: string, scope: string, hits: number, of: number): void => {
    if (of > 0) expected.set(`${metric}@${scope}`, [hits / of, of]);
  };
  const sources = [...new Set(open.map((job) => String(job.document.source)))];
  for (const scope of ['all', ...sources]) {
    const scoped = open.filter((job) => scope === 'all' || job.document.source === scope);
    const count = (test: (document: Record<string, unknown>) => boolean): number =>
      scoped.filter((job) => test(job.document)).length;
    rate(
      'description_fill_rate',
      scope,
      count((d) => 'description_text' in d),
      scoped.length,
    );
    rate(
      'posting_date_fill_rate',
      scope,
      count((d) => 'posted_at' in d),
      scoped.length,
    );
    rate(
      'salary_fill_rate',
      scope,
      count((d) => 'salary' in d),
      scoped.length,
    );
    const located = (d: Record<string, unknown>): boolean =>
      Array.isArray(d.locations_derived) &&
      d.locations_derived.some(
        (location: unknown) =>
          typeof location === 'object' &&
          location !== null &&
          'country_code' in location &&
          location.country_code !== null,
      );
    rate('location_parse_rate', scope, count(located), scoped.length);
  }
  const perKey = new Map<string, number>();
  for (const job of open)
    if (job.duplicate_key !== null) perKey.set(job.duplicate_key, (perKey.get(job.duplicate_key) ?? 0) + 1);
  const duplicated = open.filter(
    (job) => job.duplicate_key !== null && (perKey.get(job.duplicate_key) ?? 0) > 1,
  );
  rate('duplicate_group_rate', 'all', duplicated.length, open.length);
  const closed = jobs.filter((job) => job.status === 'closed');
  for (const reason of new Set(closed.map((job) => job.close_reason)))
    if (reason !== null)
      rate(
        'close_reason_share',
        reason,
        closed.filter((job) => job.close_reason === reason).length,
        closed.length,
      );
  const receipt = (d: Record<string, unknown>): boolean =>
    nonEmpty(d.source) &&
    nonEmpty(d.source_slug) &&
    nonEmpty(d.source_endpoint) &&
    nonEmpty(d.directory_verified_at);
  rate('receipt_coverage', 'all', open.filter((job) => receipt(job.document)).length, open.length);

  const boards = await db().any<BoardRow>(
    `SELECT source, health, last_crawl_at IS NOT NULL AS crawled,
            coalesce(last_success_at = last_crawl_at, false) AS succeeded,
            extract(epoch FROM $1::timestamptz - last_success_at)::float8 AS age
       FROM boards`,
    [asOf],
  );
  const live = boards.filter((board) => board.health !== 'dead');
  const crawled = live.filter((board) => board.crawled);
  for (const scope of ['all', ...new Set(crawled.map((board) => board.source))]) {
    const scoped = crawled.filter((board) => scope === 'all' || board.source === scope);
    rate('crawl_success_rate', scope, scoped.filter((board) => board.succeeded).length, scoped.length);
  }
  const ages = live
    .flatMap((board) => (board.age === null ? [] : [Math.max(0, board.age)]))
    .sort((a, b) => a - b);
  if (ages.length > 0) {
    expected.set('board_crawl_age_p50@all', [percentile(ages, 0.5), ages.length]);
    expected.set('board_crawl_age_p90@all', [percentile(ages, 0.9), ages.length]);
  }
  return expected;
}

function byKey(metrics: QualityMetric[]): Map<string, [number, number]> {
  return new Map(metrics.map((m) => [`${m.metric}@${m.scope}`, [m.value, m.sample_size]]));
}

describe('data-quality report', function () {
  this.timeout(180_000);
  let server: FixtureServer;
  let deps: IngestDeps;
  const ids = new Map<string, string>();
  const repository = (): QualityRepository => new QualityRepository(db());

  const register = async (name: string, source: string, slug: string): Promise<void> => {
    ids.set(name, await registerBoard(db(), { line: 1, source, slug, endpoint: `${server.url}/${name}` }));
  };
  const crawl = async (name: string, outcome: string): Promise<void> => {
    const summary = await crawlBoard(deps, ids.get(name) ?? '');
    expect(summary.outcome, JSON.stringify(summary)).to.equal(outcome);
  };
  const current = () => call('/v1/data-quality/current');
  const completedIds = async (): Promise<string[]> =>
    (
      await db().any<{ report_id: string }>(
        'SELECT report_id FROM quality_reports WHERE completed_at IS NOT NULL ORDER BY report_id',
      )
    ).map((row) => row.report_id);

  before(async () => {
    server = await startFixtureServer();
    deps = {
      ...createIngestDeps(db(), testEnv().config, systemClock, undefined, 0),
      connectors: CONNECTORS,
      policy: { deadAfterFailures: 2, emptyConfirmations: 2 },
    };
    const [first, second] = AMPLITUDE.jobs;
    // The same posting published for a second city: one cross-location duplicate pair.
    server.set('/dq-amp/v1/boards/dq-amplitude/jobs', {
      body: JSON.stringify({
        ...AMPLITUDE,
        jobs: [first, { ...first, id: 990001, location: { name: 'Paris, France' } }, second],
      }),
    });
    server.set('/dq-stripe/v1/boards/dq-stripe/jobs', { body: JSON.stringify(STRIPE) });
    server.set('/dq-lever/v0/postings/dq-lever', { body: fixture('lever/leverdemo-postings-6.json') });
    await register('dq-amp', 'greenhouse', 'dq-amplitude');
    await register('dq-stripe', 'greenhouse', 'dq-stripe');
    await register('dq-lever', 'lever', 'dq-lever');
    await register('dq-gone', 'greenhouse', 'dq-gone');
    await crawl('dq-amp', 'ok');
    await crawl('dq-stripe', 'ok');
    await crawl('dq-lever', 'ok');
    // A posting vanishes from a board (removed_from_board); a board disappears (board_dead after
    // two not-found answers); a board never answers (live, crawled, never successfully).
    server.set('/dq-stripe/v1/boards/dq-stripe/jobs', {
      body: JSON.stringify({ ...STRIPE, jobs: STRIPE.jobs.slice(1) }),
    });
    await crawl('dq-stripe', 'ok');
    server.remove('/dq-lever/v0/postings/dq-lever');
    await crawl('dq-lever', 'not_found');
    await crawl('dq-lever', 'not_found');
    await crawl('dq-gone', 'not_found');
  });

  after(async () => {
    await server.close();
  });

  it('answers 404 report_not_available while no report exists', async () => {
    const response = await current();
    expect(response.status).to.equal(404);
    expect((response.body as Problem).code).to.equal('report_not_available');
  });

  it('never serves a report whose measurement failed mid-way', async () => {
    const failing = Object.assign(repository(), {
      measure: (): Promise<never> => Promise.reject(new Error('database went away mid-measurement')),
    });
    let failure: unknown;
    await produceQualityReport(failing, { retained: 10 }).catch((error: unknown) => {
      failure = error;
    });
    expect(String(failure)).to.include('database went away');
    const rows = await db().any<{ completed_at: string | null; body: unknown }>(
      'SELECT completed_at, body FROM quality_reports',
    );
    expect(rows).to.deep.equal([{ completed_at: null, body: null }]);
    const response = await current();
    expect(response.status).to.equal(404);
    expect((response.body as Problem).code).to.equal('report_not_available');
  });

  it('serves the produced report, every metric as measured from the documents and boards', async () => {
    const from = await databaseNow(db());
    const produced = await produceQualityReport(repository(), { retained: 10 });
    const to = await databaseNow(db());
    expect(produced.corpus_as_of >= from && produced.corpus_as_of <= to, produced.corpus_as_of).to.equal(
      true,
    );
    expect(produced.generated_at >= produced.corpus_as_of && produced.generated_at <= to).to.equal(true);

    const response = await current();
    expect(response.status).to.equal(200);
    const served = response.body as DataQualityReport;
    expect(served).to.deep.equal(produced);

    const { precision, rest } = {
      precision: served.metrics.filter((m) => m.metric === 'precision' || m.metric === 'recall'),
      rest: served.metrics.filter((m) => m.metric !== 'precision' && m.metric !== 'recall'),
    };
    const expected = await expectedMetrics(served.corpus_as_of);
    const actual = byKey(rest);
    expect([...actual.keys()].sort()).to.deep.equal([...expected.keys()].sort());
    for (const [key, [value, sampleSize]] of expected) {
      const [got, gotSample] = actual.get(key) ?? [Number.NaN, -1];
      expect(gotSample, key).to.equal(sampleSize);
      if (key.startsWith('board_crawl_age')) expect(got, key).to.be.closeTo(value, 1e-6);
      else expect(got, key).to.equal(value);
    }
    // The corpus this test built shows up in it: a duplicate pair, each close reason, a failing board.
    expect(actual.get('duplicate_group_rate@all')?.[0]).to.be.greaterThan(0);
    expect(actual.has('close_reason_share@removed_from_board')).to.equal(true);
    expect(actual.has('close_reason_share@board_dead')).to.equal(true);
    expect(actual.get('crawl_success_rate@all')?.[0]).to.be.lessThan(1);
    expect(actual.get('receipt_coverage@all')?.[0]).to.equal(1);

    // Precision and recall are the held-out test split's, and only where their sample is not empty.
    const accuracy = await measureTestAccuracy();
    const expectedAccuracy = accuracy.attributes.flatMap((a) => [
      ...(a.precision === undefined ? [] : [[`precision@${a.attribute}`, a.precision, a.predicted]]),
      ...(a.recall === undefined ? [] : [[`recall@${a.attribute}`, a.recall, a.support]]),
    ]);
    expect(precision.map((m) => [`${m.metric}@${m.scope}`, m.value, m.sample_size])).to.deep.equal(
      expectedAccuracy,
    );
    expect(precision.some((m) => m.scope === 'security_clearance')).to.equal(false);
    for (const metric of served.metrics) expect(metric.method, metric.metric).to.be.a('string');
    expect(precision[0]?.method).to.include('held-out test split');
  });

  it('keeps the latest completed reports, drops abandoned ones after a day, and produces on schedule', async () => {
    await db().none(
      `INSERT INTO quality_reports (report_id, started_at, corpus_as_of)
       VALUES ('2000-01-01T00:00:00.000Z-abandoned', now() - interval '2 days', now() - interval '2 days')`,
    );
    const reports: DataQualityReport[] = [];
    for (let i = 0; i < 3; i += 1) reports.push(await produceQualityReport(repository(), { retained: 2 }));
    expect(await completedIds()).to.deep.equal(reports.slice(1).map((r) => r.report_id));
    const incomplete = await db().any<{ report_id: string }>(
      'SELECT report_id FROM quality_reports WHERE completed_at IS NULL',
    );
    // The failed run of an earlier test is younger than a day: kept (never served) until then.
    expect(incomplete.map((row) => row.report_id)).to.have.length(1);
    expect(incomplete[0]?.report_id).not.to.include('abandoned');
    expect(((await current()).body as DataQualityReport).report_id).to.equal(reports[2]?.report_id);

    // The worker's step: nothing while a report started within the interval, one once it is due.
    expect(await produceDueQualityReport(repository(), { retained: 2, intervalSeconds: 3600 })).to.equal(
      undefined,
    );
    await db().none(`UPDATE quality_reports SET started_at = started_at - interval '2 hours'`);
    const due = await produceDueQualityReport(repository(), { retained: 2, intervalSeconds: 3600 });
    expect(due?.report_id).to.be.a('string');
    expect(await completedIds()).to.deep.equal([reports[2]?.report_id, due?.report_id]);
  });
});
