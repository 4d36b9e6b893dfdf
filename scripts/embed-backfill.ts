/**
 * `npm run embed:backfill`: vectors for every indexed job that has none, with progress. The worker
 * does the same continuously for new jobs; this catches up an existing corpus in one go.
 */
import { Presets, SingleBar } from 'cli-progress';
import { embedMissing } from '../src/embeddings/index-embeddings.js';
import { scriptRuntime } from './lib/runtime.js';

const BATCH = 200;
const runtime = await scriptRuntime();
try {
  const embedder = runtime.embedder;
  if (embedder === undefined) throw new Error('EMBEDDING_MODEL_DIR is not set (the dev stack sets it)');
  const index = runtime.indices.alias;
  // Searchable first: embedMissing finds documents by search.
  await runtime.es.indices.refresh({ index });
  const missing = (
    await runtime.es.count({ index, query: { bool: { must_not: [{ exists: { field: 'embedding' } }] } } })
  ).count;
  const bar = new SingleBar(
    { format: 'embed [{bar}] {percentage}% | {value}/{total} jobs | eta {eta}s' },
    Presets.shades_classic,
  );
  bar.start(missing, 0);
  const started = performance.now();
  let done = 0;
  for (let written = BATCH; written > 0;) {
    written = await embedMissing(runtime.es, index, embedder, BATCH);
    done += written;
    bar.update(done);
  }
  bar.stop();
  await runtime.es.indices.refresh({ index });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `embedded ${done} jobs in ${seconds.toFixed(1)} s (${(done / Math.max(seconds, 0.001)).toFixed(0)} jobs/s)\n`,
  );
} finally {
  await runtime.close();
}
