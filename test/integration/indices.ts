import { randomBytes } from 'node:crypto';
import { ensureJobsIndex, indexNames, type IndexNames } from '../../src/search/indices.js';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { createIngestDeps, type IngestRuntime } from '../../src/ingest/deps.js';
import { systemClock } from '../../src/lib/clock.js';
import { JobSearchService } from '../../src/search/service.js';
import { serve, testEnv } from './env.js';

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

/** An app whose job search reads `alias`, and a Scale key to call it with. */
export async function serveOverIndex(
  alias: string,
  email: string,
): Promise<{ baseUrl: string; key: string }> {
  const env = testEnv();
  const jobs = new JobSearchService(env.runtime.es, alias, env.config.secrets.cursorSecret);
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
