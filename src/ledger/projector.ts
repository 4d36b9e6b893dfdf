/**
 * The projector applies sequenced ledger events to Elasticsearch, in seq order, with external
 * versioning on the job's revision: replays are harmless and an older write can never overwrite a
 * newer one. Its checkpoint advances only after a batch has fully landed; if Elasticsearch is down,
 * ingestion keeps committing and the projector catches up later (invariant 3).
 */
import type { estypes } from '@elastic/elasticsearch';
import type { Database, Queryable } from '../db/database.js';
import type { EsClient } from '../search/client.js';
import { toIndexDocument } from '../search/document.js';
import { readEvents, type LedgerEvent } from './ledger.js';

export const ES_PROJECTION = 'elasticsearch';

export interface ProjectionResult {
  applied: number;
  /** Events skipped because the index already held that revision or a newer one. */
  stale: number;
  checkpoint: number;
}

export async function checkpointOf(db: Queryable, name = ES_PROJECTION): Promise<number> {
  const row = await db.oneOrNone<{ seq: number }>(
    'SELECT seq::float8 AS seq FROM projector_checkpoints WHERE name = $1',
    [name],
  );
  return row?.seq ?? 0;
}

async function saveCheckpoint(db: Queryable, seq: number, name = ES_PROJECTION): Promise<void> {
  await db.none(
    `INSERT INTO projector_checkpoints (name, seq) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET seq = GREATEST(projector_checkpoints.seq, EXCLUDED.seq), updated_at = now()`,
    [name, seq],
  );
}

/**
 * Projects sequenced events until none are left (or `maxBatches`). Only one projector runs at a
 * time per database (session advisory lock); a second caller returns immediately with nothing applied.
 */
export async function projectPending(
  db: Database,
  es: EsClient,
  index: string,
  options: { batchSize?: number; maxBatches?: number; now?: () => Date } = {},
): Promise<ProjectionResult> {
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? (() => new Date());
  return db.task('project', async (task) => {
    // One projector per ledger: the lock is scoped to the schema the ledger lives in.
    const { locked } = await task.one<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock(hashtext('ledger:projector:' || current_schema())) AS locked`,
    );
    const result: ProjectionResult = { applied: 0, stale: 0, checkpoint: await checkpointOf(task) };
    if (!locked) return result;
    try {
      for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch += 1) {
        const events = await readEvents(task, result.checkpoint, batchSize);
        if (events.length === 0) break;
        result.stale += await applyToIndex(es, index, events, now().toISOString());
        result.applied += events.length;
        const last = events[events.length - 1];
        if (last !== undefined) {
          await saveCheckpoint(task, last.seq);
          result.checkpoint = last.seq;
        }
      }
    } finally {
      await task.any(`SELECT pg_advisory_unlock(hashtext('ledger:projector:' || current_schema()))`);
    }
    return result;
  });
}

/** One bulk request for a batch; returns how many were stale. Any other failure throws (checkpoint stays). */
export async function applyToIndex(
  es: EsClient,
  index: string,
  events: LedgerEvent[],
  indexedAt: string,
): Promise<number> {
  const operations: estypes.BulkRequest['operations'] = [];
  for (const event of events) {
    const versioning = {
      _index: index,
      _id: event.job_key,
      version: event.revision,
      version_type: 'external' as const,
    };
    if (event.kind === 'upsert' && event.document !== null) {
      operations.push({ index: versioning }, toIndexDocument(event.document, indexedAt));
    } else {
      operations.push({ delete: versioning });
    }
  }
  const response = await es.bulk({ operations, refresh: false });
  let stale = 0;
  for (const item of response.items) {
    const result = item.index ?? item.delete;
    if (result === undefined) continue;
    if (result.error === undefined) continue;
    if (result.status === 409 || (item.delete !== undefined && result.status === 404)) {
      stale += 1;
      continue;
    }
    throw new Error(
      `Projection failed for ${result._id ?? '?'}: ${result.error.type}: ${result.error.reason ?? ''}`,
    );
  }
  return stale;
}
