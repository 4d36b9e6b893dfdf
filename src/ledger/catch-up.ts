/** Catching the projection up: sequence, then project until every committed ledger event is searchable. */
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { EsClient } from '../search/client.js';
import { latestSeq } from './ledger.js';
import { projectPending, type ProjectionResult } from './projector.js';
import { sequenceCommitted } from './sequencer.js';

/**
 * Sequences and projects until every ledger event committed before the call is searchable. Another
 * projector may hold the projection lock meanwhile; then this waits for it to pass the target.
 */
export async function catchUp(
  db: Database,
  es: EsClient,
  index: string,
  clock: Clock,
  deadlineMs = 120_000,
): Promise<ProjectionResult> {
  await sequenceCommitted(db, deadlineMs);
  const target = await latestSeq(db);
  const total: ProjectionResult = { applied: 0, stale: 0, checkpoint: 0 };
  const until = Date.now() + deadlineMs;
  for (;;) {
    const projected = await projectPending(db, es, index, { now: () => clock.now() });
    total.applied += projected.applied;
    total.stale += projected.stale;
    total.checkpoint = projected.checkpoint;
    if (projected.checkpoint >= target) return total;
    if (Date.now() > until) throw new Error(`projection did not reach seq ${target} within ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
