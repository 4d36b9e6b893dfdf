import { expect } from 'chai';
import { databaseNow } from '../../src/db/database.js';
import { readFileSync } from 'node:fs';
import { CONNECTORS } from '../../src/ingest/connectors/index.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { crawlBoard, type IngestDeps } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { readEvents } from '../../src/ledger/ledger.js';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { testEnv } from './env.js';

interface GreenhouseList {
  jobs: Record<string, unknown>[];
  meta?: unknown;
}

const STRIPE = JSON.parse(
  readFileSync('test/fixtures/ats/greenhouse/stripe-jobs-list-no-content-6.json', 'utf8'),
) as GreenhouseList;
const LIST_PATH = '/gh/v1/boards/stripe-it/jobs';

describe('ingest through the real connectors, ledger and projector', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let deps: IngestDeps;
  let boardId: string;
  const clockNow = new Date('2026-09-01T00:00:00.000Z');

  const serve = (list: GreenhouseList): void => {
    server.set(LIST_PATH, { body: JSON.stringify(list) });
  };
  const states = async (): Promise<{ status: string; close_reason: string | null; title: string }[]> =>
    testEnv().runtime.database.db.any(
      `SELECT s.status, s.close_reason, s.document->>'title' AS title FROM job_state s
        WHERE s.board_id = $1 ORDER BY s.native_id`,
      [boardId],
    );
  const indexed = async (): Promise<Record<string, unknown>[]> => {
    const { es, indices } = testEnv().runtime;
    await catchUp(testEnv().runtime.database.db, es, indices.alias, { now: () => clockNow });
    await es.indices.refresh({ index: indices.alias });
    const result = await es.search<Record<string, unknown>>({
      index: indices.alias,
      size: 100,
      query: { term: { source_slug: 'stripe-it' } },
      sort: [{ native_id: 'asc' }],
    });
    return result.hits.hits.map((hit) => hit._source ?? {});
  };

  before(async () => {
    server = await startFixtureServer();
    const env = testEnv();
    deps = {
      ...createIngestDeps(env.runtime.database.db, env.config, { now: () => clockNow }, undefined, 0),
      connectors: CONNECTORS,
      policy: { deadAfterFailures: 2, emptyConfirmations: 2 },
    };
    boardId = await registerBoard(env.runtime.database.db, {
      line: 1,
      source: 'greenhouse',
      slug: 'stripe-it',
      endpoint: `${server.url}/gh`,
      company: 'Stripe',
      domain: 'stripe.com',
    });
  });

  after(async () => {
    await server.close();
  });

  /** The database clock, which lifecycle timestamps are read from (the crawl's recording time). */
  const dbNow = (): Promise<string> => databaseNow(testEnv().runtime.database.db);

  it('opens every posting with its receipt, and projects it into the index', async () => {
    serve(STRIPE);
    const from = await dbNow();
    const summary = await crawlBoard(deps, boardId);
    const to = await dbNow();
    expect(summary).to.deep.include({ outcome: 'ok', health: 'ok', fetched: 6, created: 6, closed: 0 });
    const docs = await indexed();
    expect(docs).to.have.length(6);
    for (const doc of docs) {
      expect(doc).to.include({
        source: 'greenhouse',
        source_slug: 'stripe-it',
        source_endpoint: `${server.url}${LIST_PATH}?content=true&pay_transparency=true`,
        status: 'open',
        organization: 'Stripe',
        company_key: 'stripe',
        company_domain: 'stripe.com',
      });
      const firstSeen = String(doc.first_seen);
      expect(firstSeen >= from && firstSeen <= to, `${from} ≤ ${firstSeen} ≤ ${to}`).to.equal(true);
      // One recording time per crawl transaction.
      expect(doc.first_seen).to.equal(docs[0]?.first_seen);
      expect(doc.directory_verified_at).to.be.a('string');
      expect(doc).not.to.have.property('closed_at');
      expect(doc).not.to.have.property('description_text');
    }
  });

  it('leaves an unchanged board alone', async () => {
    const summary = await crawlBoard(deps, boardId);
    expect(summary).to.deep.include({ created: 0, modified: 0, closed: 0, unchanged: 6 });
  });

  it('records a changed title as modified and a vanished posting as removed_from_board', async () => {
    const [first, second, ...rest] = STRIPE.jobs;
    serve({ ...STRIPE, jobs: [{ ...first, title: 'Staff Account Executive, Bridge' }, ...rest] });
    expect(second).not.to.equal(undefined);
    const from = await dbNow();
    const summary = await crawlBoard(deps, boardId);
    const to = await dbNow();
    expect(summary).to.deep.include({ modified: 1, closed: 1, unchanged: 4 });
    const docs = await indexed();
    const events = await readEvents(testEnv().runtime.database.db, 0, 100_000);
    const modified = events.find(
      (event) => event.change === 'modified' && event.document?.source_slug === 'stripe-it',
    );
    // The title changed, and so may attributes derived from it (e.g. experience level for "Staff").
    expect(modified?.changed_fields).to.include('title');
    expect(
      modified?.changed_fields.every((field) => ['title', 'experience_level', 'derivations'].includes(field)),
    ).to.equal(true);
    const closed = docs.filter((doc) => doc.status === 'closed');
    expect(closed).to.have.length(1);
    expect(closed[0]?.close_reason).to.equal('removed_from_board');
    const closedAt = String(closed[0]?.closed_at);
    expect(closedAt >= from && closedAt <= to, `${from} ≤ ${closedAt} ≤ ${to}`).to.equal(true);
    expect(docs.some((doc) => doc.title === 'Staff Account Executive, Bridge')).to.equal(true);
  });

  it('treats a sudden empty answer as suspect and closes nothing', async () => {
    serve({ jobs: [], meta: { total: 0 } });
    const summary = await crawlBoard(deps, boardId);
    expect(summary).to.deep.include({ health: 'suspect', closed: 0 });
    expect((await states()).filter((s) => s.status === 'open')).to.have.length(5);
  });

  it('reopens a posting that comes back', async () => {
    serve(STRIPE);
    const summary = await crawlBoard(deps, boardId);
    expect(summary).to.deep.include({ reopened: 1, modified: 1, health: 'ok' });
    expect((await states()).every((s) => s.status === 'open')).to.equal(true);
  });

  it('closes every open job as board_dead once the board is gone for good', async () => {
    server.remove(LIST_PATH);
    const first = await crawlBoard(deps, boardId);
    expect(first).to.deep.include({ outcome: 'not_found', health: 'failing', closed: 0 });
    const second = await crawlBoard(deps, boardId);
    expect(second).to.deep.include({ outcome: 'not_found', health: 'dead', closed: 6 });
    expect((await states()).map((s) => s.close_reason)).to.deep.equal(Array(6).fill('board_dead'));
    const docs = await indexed();
    expect(docs.every((doc) => doc.status === 'closed' && doc.close_reason === 'board_dead')).to.equal(true);
  });

  it('keeps ingesting while Elasticsearch is down; the projector catches up later', async () => {
    const env = testEnv();
    const other = await registerBoard(env.runtime.database.db, {
      line: 2,
      source: 'greenhouse',
      slug: 'stripe-it-2',
      endpoint: `${server.url}/gh2`,
      company: 'Stripe',
    });
    server.set('/gh2/v1/boards/stripe-it-2/jobs', { body: JSON.stringify(STRIPE) });
    const { createEsClient } = await import('../../src/search/client.js');
    const down = createEsClient({
      ...env.config.elasticsearch,
      nodes: ['http://127.0.0.1:1'],
      requestTimeoutMs: 500,
    });
    const summary = await crawlBoard(deps, other);
    expect(summary).to.deep.include({ created: 6 });
    let failed = false;
    try {
      await catchUp(env.runtime.database.db, down, env.runtime.indices.alias, { now: () => clockNow });
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    await down.close();
    await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, {
      now: () => clockNow,
    });
    await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
    const count = await env.runtime.es.count({
      index: env.runtime.indices.alias,
      query: { term: { source_slug: 'stripe-it-2' } },
    });
    expect(count.count).to.equal(6);
  });
});
