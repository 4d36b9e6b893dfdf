/**
 * The projector applies sequenced ledger events to Elasticsearch, in seq order, with external
 * versioning on the job's revision: replays are harmless and an older write can never overwrite a
 * newer one. Its checkpoint advances only after a batch has fully landed; if Elasticsearch is down,
 * ingestion keeps committing and the projector catches up later (invariant 3).
 */
import type { estypes } from '@elastic/elasticsearch';
import type { Database, Queryable } from '../db/database.js';
import { LedgerRepository, type LedgerEvent } from '../db/ledger.js';
import type { EsClient } from '../search/client.js';
import { toIndexDocument } from '../search/document.js';

export const ES_PROJECTION = 'elasticsearch';

export interface ProjectionResult {
  applied: number;
  /** Events skipped because the index already held that revision or a newer one. */
  stale: number;
  checkpoint: number;
}

export async function checkpointOf(db: Queryable, name = ES_PROJECTION): Promise<number> {
  return new LedgerRepository(db).checkpoint(name);
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
    // One projector per ledger: a session lock, so taken and released on this task's one connection.
    const ledger = new LedgerRepository(task);
    const locked = await ledger.tryLockProjector();
    const result: ProjectionResult = {
      applied: 0,
      stale: 0,
      checkpoint: await ledger.checkpoint(ES_PROJECTION),
    };
    if (!locked) return result;
    try {
      for (let batch = 0; batch < (options.maxBatches ?? Number.POSITIVE_INFINITY); batch += 1) {
        const events = await ledger.read(result.checkpoint, batchSize);
        if (events.length === 0) break;
        result.stale += await applyToIndex(es, index, events, now().toISOString());
        result.applied += events.length;
        const last = events[events.length - 1];
        if (last !== undefined) {
          await ledger.saveCheckpoint(ES_PROJECTION, last.seq);
          result.checkpoint = last.seq;
        }
      }
    } finally {
      await ledger.unlockProjector();
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
