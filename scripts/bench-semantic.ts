/**
 * `npm run bench:semantic [-- --embedded 20000 --queries 100]`: on the cached synthetic corpus
 * (bench:ingest), gives the newest N jobs their vectors, then measures the query-embedding latency
 * (worker thread), kNN recall@10 of the int8-HNSW index against exact brute force over the same
 * vectors, and semantic search latency through the API (p50/p99).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { embedMissing } from '../src/embeddings/index-embeddings.js';
import { createServices, openRuntime } from '../src/runtime.js';
import { sortValuesOf, type SortValues } from '../src/search/cursor.js';
import { benchEnv, startApi } from './lib/api-process.js';

const { values } = parseArgs({
  options: {
    prefix: { type: 'string', default: 'bench-ingest' },
    embedded: { type: 'string', default: '20000' },
    queries: { type: 'string', default: '100' },
  },
});
const wanted = Number(values.embedded);
const queryCount = Number(values.queries);
const env = await benchEnv(values.prefix);
const runtime = openRuntime(loadConfig(env));
const { es } = runtime;
const index = runtime.indices.alias;
const HAS_VECTOR = { exists: { field: 'embedding' } };

const percentile = (samples: number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  const embedder = runtime.embedder;
  if (embedder === undefined) throw new Error('EMBEDDING_MODEL_DIR is not set (the dev stack sets it)');
  await es.indices.refresh({ index });
  let embedded = (await es.count({ index, query: HAS_VECTOR })).count;
  const started = performance.now();
  while (embedded < wanted) {
    const written = await embedMissing(es, index, embedder, 200);
    if (written === 0) break;
    embedded += written;
  }
  const embedSeconds = (performance.now() - started) / 1000;
  await es.indices.refresh({ index });
  embedded = (await es.count({ index, query: HAS_VECTOR })).count;

  // Every vector, for exact search.
  const keys: string[] = [];
  const vectors: number[][] = [];
  let after: SortValues | undefined;
  for (;;) {
    const page = await es.search<{ job_key: string; embedding: number[] }>({
      index,
      size: 5000,
      query: { bool: { filter: [HAS_VECTOR] } },
      sort: [{ job_key: { order: 'asc' } }],
      _source: { includes: ['job_key', 'embedding'] },
      ...(after === undefined ? {} : { search_after: after }),
    });
    for (const hit of page.hits.hits) {
      if (hit._source === undefined) continue;
      keys.push(hit._source.job_key);
      vectors.push(hit._source.embedding);
    }
    after = sortValuesOf(page.hits.hits.at(-1));
    if (page.hits.hits.length < 5000 || after === undefined) break;
  }

  // Queries: titles of other jobs of the corpus (not necessarily embedded), in plain words.
  const sample = await es.search<{ title: string }>({
    index,
    size: queryCount,
    query: {
      function_score: {
        query: { match_all: {} },
        functions: [{ random_score: { seed: 42, field: '_seq_no' } }],
      },
    },
    _source: { includes: ['title'] },
  });
  const texts = sample.hits.hits.map((hit) => hit._source?.title ?? 'software engineer');
  const embedMs: number[] = [];
  const queryVectors: number[][] = [];
  for (const text of texts) {
    const t = performance.now();
    const [vector] = await embedder.embed([text]);
    embedMs.push(performance.now() - t);
    if (vector !== undefined) queryVectors.push(vector);
  }

  let recallSum = 0;
  for (const query of queryVectors) {
    const exact = vectors
      .map((vector, at) => ({
        key: keys[at] ?? '',
        score: vector.reduce((sum, value, d) => sum + value * (query[d] ?? 0), 0),
      }))
      .sort((a, b) => b.score - a.score)
      .slice(0, 10)
      .map((entry) => entry.key);
    const knn = await es.search<{ job_key: string }>({
      index,
      size: 10,
      knn: { field: 'embedding', query_vector: query, k: 10, num_candidates: 100 },
      _source: { includes: ['job_key'] },
    });
    const found = new Set(knn.hits.hits.map((hit) => hit._source?.job_key));
    recallSum += exact.filter((key) => found.has(key)).length / 10;
  }

  // Through the API: a Growth key, semantic mode, limit 10.
  const { key } = await createServices(runtime).accounts.createActiveAccount({
    email: 'bench-semantic@example.com',
    plan: 'growth',
    isService: false,
  });
  const api = await startApi(env);
  const apiMs: number[] = [];
  try {
    for (const text of [...texts.slice(0, 10), ...texts]) {
      const t = performance.now();
      const response = await fetch(`${api.url}/v1/jobs/search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-API-Key': key },
        body: JSON.stringify({ semantic: { query: text }, limit: 10 }),
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${response.status} from the API`);
      apiMs.push(performance.now() - t);
    }
  } finally {
    api.stop();
  }
  const measured = apiMs.slice(10);
  process.stdout.write(
    [
      `bench:semantic — ${embedded.toLocaleString('en-US')} jobs with vectors (${values.prefix}; embedded this run in ${embedSeconds.toFixed(0)} s), ${queryVectors.length} queries`,
      `query embedding (worker thread): p50 ${percentile(embedMs, 50).toFixed(1)} ms, p99 ${percentile(embedMs, 99).toFixed(1)} ms`,
      `kNN recall@10 (int8 HNSW, 100 candidates) vs exact brute force: ${(recallSum / queryVectors.length).toFixed(3)}`,
      `semantic search via the API (limit 10): p50 ${percentile(measured, 50).toFixed(1)} ms, p99 ${percentile(measured, 99).toFixed(1)} ms`,
    ].join('\n') + '\n',
  );
} finally {
  await runtime.close();
}
