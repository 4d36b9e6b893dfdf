/**
 * `npm run snapshot [-- --date YYYY-MM-DD] [--part-rows 250000]`: writes today's (UTC) verified,
 * immutable Parquet snapshot of the active corpus into DATASETS_DIR, records its manifest, then
 * deletes snapshots past the 90-day retention.
 */
import { parseArgs } from 'node:util';
import { buildSnapshot, purgeSnapshots, SNAPSHOT_PART_ROWS } from '../src/datasets/snapshot.js';
import { scriptRuntime } from './lib/runtime.js';

const { values } = parseArgs({
  options: {
    date: { type: 'string', default: new Date().toISOString().slice(0, 10) },
    'part-rows': { type: 'string', default: String(SNAPSHOT_PART_ROWS) },
  },
});
const partRows = Number(values['part-rows']);
if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date) || !Number.isInteger(partRows) || partRows < 1) {
  process.stderr.write('usage: npm run snapshot -- [--date YYYY-MM-DD] [--part-rows N]\n');
  process.exit(64);
}
const runtime = await scriptRuntime();
try {
  const deps = {
    db: runtime.database.db,
    es: runtime.es,
    index: runtime.indices.alias,
    dir: runtime.config.datasetsDir,
    parquet: runtime.parquet,
  };
  const snapshot = await buildSnapshot(deps, values.date, partRows);
  process.stdout.write(
    `snapshot ${snapshot.date}: ${snapshot.rowCount} rows in ${snapshot.parts.length} verified part(s) ` +
      `under ${runtime.config.datasetsDir}/${snapshot.date}, change_seq ${snapshot.changeSeq}\n`,
  );
  const purged = await purgeSnapshots(deps);
  if (purged.length > 0) process.stdout.write(`past retention, deleted: ${purged.join(', ')}\n`);
} finally {
  await runtime.close();
}
