import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crawlBoard } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { ensureJobsIndex, indexNames, type IndexNames } from '../../src/search/indices.js';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { createIngestDeps, type IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { JobSearchService } from '../../src/services/jobs.js';
import { serveDemoCorpus } from '../../scripts/lib/demo-corpus.js';
import { crawlBoards } from '../../src/ingest/crawl/boards.js';
import { advanceActiveFeedHorizon } from '../../src/services/feeds/horizon.js';
import { serve, testEnv, type TestEnv } from './env.js';

/** A fresh jobs index family (templates, alias, v1) of this run, for a test that owns its data. */
export async function createTempIndex(tag: string): Promise<IndexNames> {
  const names = indexNames(
    `${testEnv().config.elasticsearch.indexPrefix}-${tag}${randomBytes(2).toString('hex')}`,
  );
  await ensureJobsIndex(testEnv().runtime.es, names);
  return names;
}

/** Removes every index and template of a family made by createTempIndex (or indexNames). */
export { dropIndexFamily } from '../../src/search/indices.js';

/** An app whose job search reads `alias` (sharing points in time as configured unless told), and a Scale key. */
export async function serveOverIndex(
  alias: string,
  email: string,
  options: { pitShareMs?: number } = {},
): Promise<{ baseUrl: string; key: string }> {
  const env = testEnv();
  const jobs = new JobSearchService(env.runtime.es, alias, env.config.secrets.cursorSecret, {
    pitShareMs: options.pitShareMs ?? env.config.elasticsearch.pitShareMs,
  });
  const baseUrl = await serve({ ...env.services, jobs }, env.document);
  const { key } = await env.services.accounts.createActiveAccount({ email, plan: 'scale', isService: false });
  return { baseUrl, key };
}

/** What a crawl-driven test needs: a fixture server, inline ingestion, and a Starter key. */
export async function crawlFixture(
  email: string,
): Promise<{ server: FixtureServer; ingest: IngestRuntime; key: string }> {
  const env = testEnv();
  const server = await startFixtureServer();
  const ingest = createIngestDeps(env.runtime.database.db, env.config, systemClock, undefined, 0);
  const { key } = await env.services.accounts.createActiveAccount({
    email,
    plan: 'starter',
    isService: false,
  });
  return { server, ingest, key };
}

/**
 * Three recorded boards (Ashby, Greenhouse, Lever) served under `/<prefix>/`, crawled through the
 * real connectors, projected and searchable. Slugs are `<prefix>-ramp`, `<prefix>-stripe`, `<prefix>-lever`.
 */
export async function crawlSampleBoards(
  server: FixtureServer,
  ingest: IngestRuntime,
  prefix: string,
): Promise<void> {
  const env = testEnv();
  const boards = [
    ['ashby', 'ramp', 'ashby/ramp-job-board-6-no-compensation.json', 'posting-api/job-board'],
    ['greenhouse', 'stripe', 'greenhouse/stripe-jobs-list-no-content-6.json', 'v1/boards'],
    ['lever', 'lever', 'lever/leverdemo-postings-6.json', 'v0/postings'],
  ] as const;
  for (const [source, name, file, route] of boards) {
    const slug = `${prefix}-${name}`;
    const path = `/${prefix}/${route}/${slug}${source === 'greenhouse' ? '/jobs' : ''}`;
    server.set(path, { body: readFileSync(`test/fixtures/ats/${file}`, 'utf8') });
    const id = await registerBoard(env.runtime.database.db, {
      line: 1,
      source,
      slug,
      endpoint: `${server.url}/${prefix}`,
      company: `Sample ${slug}`,
    });
    await crawlBoard(ingest, id);
  }
  await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, systemClock);
  await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
}

/**
 * Every demo board served on `server`, registered in `env`'s schema, crawled through the real
 * connectors, projected and published to the active feed; returns the boards' ids.
 */
export async function crawlDemoCorpus(
  env: Pick<TestEnv, 'config' | 'runtime'>,
  server: FixtureServer,
): Promise<string[]> {
  const { db } = env.runtime.database;
  const ids: string[] = [];
  for (const line of serveDemoCorpus(server)) ids.push(await registerBoard(db, line));
  const ingest = createIngestDeps(db, env.config, systemClock, undefined, 0);
  await crawlBoards(ingest, ids, 4).finally(() => ingest.close());
  await catchUp(db, env.runtime.es, env.runtime.indices.alias, systemClock);
  await advanceActiveFeedHorizon(db, env.runtime.es, env.runtime.indices.alias);
  return ids;
}
