/**
 * `npm run eval:semantic`: retrieval quality of semantic search on the demo corpus (recorded ATS
 * payloads crawled through the real connectors into an index and schema of their own), with the
 * labelled natural-language queries of test/fixtures/semantic/queries.json. Prints recall@10 per
 * query and overall.
 */
import { readFileSync } from 'node:fs';
import { loadConfig } from '../src/config.js';
import { migrate } from '../src/db/migrate.js';
import { embedMissing } from '../src/embeddings/index-embeddings.js';
import { createIngestDeps } from '../src/ingest/crawl/deps.js';
import { catchUp } from '../src/ledger/catch-up.js';
import { crawlBoards, registerBoard } from '../src/ingest/crawl/boards.js';
import { systemClock } from '../src/lib/clock.js';
import { createServices, openRuntime } from '../src/runtime.js';
import { ensureJobsIndex } from '../src/search/indices.js';
import { serveDemoCorpus } from './lib/demo-corpus.js';
import { devEnv, devStackUp } from './lib/dev.js';
import { startFixtureServer } from './lib/fixture-server.js';

interface Labelled {
  query: string;
  relevant: string[];
}

const queries = JSON.parse(readFileSync('test/fixtures/semantic/queries.json', 'utf8')) as Labelled[];
const env = {
  ...(await devEnv(await devStackUp())),
  ES_INDEX_PREFIX: 'eval-semantic',
  PG_SCHEMA: 'eval_semantic',
  LOG_LEVEL: 'silent',
};
const config = loadConfig(env);
const runtime = openRuntime(config);
try {
  const embedder = runtime.embedder;
  if (embedder === undefined) throw new Error('EMBEDDING_MODEL_DIR is not set (the dev stack sets it)');
  await migrate(runtime.database.db, config.postgres.schema);
  await ensureJobsIndex(runtime.es, runtime.indices);
  const index = runtime.indices.alias;
  await runtime.es.indices.refresh({ index });
  if ((await runtime.es.count({ index })).count === 0) {
    const fixtures = await startFixtureServer();
    const ingest = createIngestDeps(runtime.database.db, config, systemClock, undefined, 0);
    try {
      const ids: string[] = [];
      for (const line of serveDemoCorpus(fixtures)) ids.push(await registerBoard(runtime.database.db, line));
      await crawlBoards(ingest, ids, 4);
      await catchUp(runtime.database.db, runtime.es, index, systemClock);
    } finally {
      await ingest.close();
      await fixtures.close();
    }
  }
  // Searchable first: embedMissing finds documents by search.
  await runtime.es.indices.refresh({ index });
  while ((await embedMissing(runtime.es, index, embedder, 200)) > 0);
  await runtime.es.indices.refresh({ index });
  const jobs = createServices(runtime).jobs;
  const open = (await runtime.es.count({ index, query: { term: { status: 'open' } } })).count;
  let total = 0;
  const lines: string[] = [];
  for (const labelled of queries) {
    const page = await jobs.semanticSearch({
      query: labelled.query,
      filters: {},
      limit: 10,
      include_description: false,
    });
    const found = new Set(page.jobs.map((job) => job.job_key));
    const hits = labelled.relevant.filter((key) => found.has(key)).length;
    const recall = hits / Math.min(labelled.relevant.length, 10);
    total += recall;
    const rank = page.jobs.findIndex((job) => labelled.relevant.includes(job.job_key));
    lines.push(
      `${recall.toFixed(2)}  first relevant at ${rank < 0 ? '-' : String(rank + 1)}  ${labelled.query}`,
    );
  }
  process.stdout.write(
    `${lines.join('\n')}\n\neval:semantic — ${queries.length} labelled queries over the demo corpus (${open} open jobs): ` +
      `mean recall@10 ${(total / queries.length).toFixed(3)}\n`,
  );
} finally {
  await runtime.close();
}
