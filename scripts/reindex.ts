/**
 * `npm run reindex [-- --delete-old]`: builds <alias>-v(N+1) from the current templates, copies every
 * document with a progress bar, and swaps the alias atomically; searches keep answering throughout.
 * The new generation takes the configured layout (ES_SHARDS, ES_REPLICAS): its replicas are copied
 * after the documents, and the alias swaps once the ones the cluster can hold have started.
 */
import { parseArgs } from 'node:util';
import { SingleBar, Presets } from 'cli-progress';
import type { IndexLayout } from '../src/config.js';
import { reindexJobs } from '../src/search/indices.js';
import { scriptRuntime } from './lib/runtime.js';

const { values } = parseArgs({
  options: {
    'delete-old': { type: 'boolean', default: false },
    'batch-size': { type: 'string', default: '1000' },
  },
});
const batchSize = Number(values['batch-size']);
if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000) {
  process.stderr.write('--batch-size must be an integer from 1 to 10000\n');
  process.exit(64);
}
function layoutText(layout: IndexLayout): string {
  const replicas =
    typeof layout.replicas === 'number' ? layout.replicas : `auto ${layout.replicas.autoExpand}`;
  return `${layout.shards} shards, replicas ${replicas}`;
}

const runtime = await scriptRuntime();
const bar = new SingleBar(
  { format: 'reindex [{bar}] {percentage}% | {value}/{total} docs | eta {eta}s' },
  Presets.shades_classic,
);
let started = false;
try {
  const result = await reindexJobs(runtime.es, runtime.indices, {
    batchSize,
    deleteOld: values['delete-old'],
    onProgress: ({ copied, total }) => {
      if (!started) bar.start(total, 0);
      started = true;
      bar.update(copied);
    },
  });
  bar.stop();
  process.stdout.write(
    `alias ${runtime.indices.alias}: ${result.from} -> ${result.to} (${layoutText(runtime.indices.layout)}); copied ${result.copied}, ` +
      `kept newer ${result.skippedAsOlder}, caught up ${result.caughtUp}` +
      (result.deletedOld
        ? `, deleted ${result.from}\n`
        : `; ${result.from} kept (delete it with --delete-old next time)\n`),
  );
} finally {
  bar.stop();
  await runtime.close();
}
