/**
 * The synthetic corpus bench:companies and bench:analytics share: one company per board, mean board
 * size 18 (about 55k companies in 1M jobs), seed 42, loaded once through the ingest path (normalize →
 * enrich → lifecycle → ledger) and projected into Elasticsearch; re-runs find it in Postgres. The
 * schema must be migrated first.
 */
import type { Config } from '../../src/config.js';
import { createIngestDeps } from '../../src/ingest/crawl/deps.js';
import { loadBoards } from '../../src/ingest/crawl/boards.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { systemClock } from '../../src/lib/clock.js';
import type { Runtime } from '../../src/runtime.js';
import { ensureJobsIndex } from '../../src/search/indices.js';
import { syntheticBoardLines } from '../../test/support/synthetic.js';

/** Postings per synthetic board, on average: one company per board, so about jobs / 18 companies. */
export const MEAN_BOARD_SIZE = 18;
const SEED = 42;
/** Catch-up deadline of the projection of a whole corpus. */
const PROJECTION_MS = 3_600_000;

export interface CompanyCorpus {
  jobs: number;
  companies: number;
  indexed: number;
  /** Seconds the load took, when this run loaded the corpus. */
  loadSeconds?: number;
}

export async function ensureCompanyCorpus(
  runtime: Runtime,
  config: Config,
  jobs: number,
  prefix: string,
): Promise<CompanyCorpus> {
  const { db } = runtime.database;
  const { es } = runtime;
  const storedCounts = () =>
    db.one<{ jobs: number; companies: number }>(
      'SELECT (SELECT count(*)::int FROM job_state) AS jobs, (SELECT count(*)::int FROM companies) AS companies',
    );
  const indexedCount = async (): Promise<number> => {
    await es.indices.refresh({ index: runtime.indices.alias });
    return (await es.count({ index: runtime.indices.alias })).count;
  };
  await ensureJobsIndex(es, runtime.indices);
  let stored = await storedCounts();
  let loadSeconds: number | undefined;
  if (stored.jobs < jobs || stored.companies === 0) {
    process.stderr.write(
      `corpus has ${stored.jobs} jobs of ${stored.companies} companies; loading ${jobs} synthetic jobs ` +
        `(mean board size ${MEAN_BOARD_SIZE}) once (cached under ${prefix})\n`,
    );
    const started = performance.now();
    let boards = 0;
    let recorded = 0;
    let reported = started;
    const deps = createIngestDeps(db, config, systemClock);
    try {
      const lines = syntheticBoardLines({ seed: SEED, jobs, meanBoardSize: MEAN_BOARD_SIZE });
      await loadBoards(deps, lines, 4, (summary) => {
        boards += 1;
        recorded += summary.created + summary.modified + summary.unchanged;
        const now = performance.now();
        if (now - reported < 10_000) return;
        reported = now;
        const elapsed = (now - started) / 1000;
        process.stderr.write(
          `  ${recorded} jobs, ${boards} boards in ${elapsed.toFixed(0)} s (${(recorded / elapsed).toFixed(0)} jobs/s)\n`,
        );
      });
    } finally {
      await deps.close();
    }
    process.stderr.write(
      `  loaded in ${((performance.now() - started) / 1000).toFixed(0)} s; projecting into Elasticsearch\n`,
    );
    await catchUp(db, es, runtime.indices.alias, systemClock, PROJECTION_MS);
    loadSeconds = (performance.now() - started) / 1000;
    stored = await storedCounts();
  }
  let indexed = await indexedCount();
  if (indexed < stored.jobs) {
    // An interrupted projection: company jobs read the index.
    await catchUp(db, es, runtime.indices.alias, systemClock, PROJECTION_MS);
    indexed = await indexedCount();
  }
  return { ...stored, indexed, ...(loadSeconds === undefined ? {} : { loadSeconds }) };
}
