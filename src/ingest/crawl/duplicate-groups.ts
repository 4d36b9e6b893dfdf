/**
 * Duplicate groups after job changes: every duplicate key a change touched is regrouped under its
 * lock, and membership changes are recorded as modifications (crawls and identity resolution).
 */
import type { Queryable } from '../../db/database.js';
import { CorpusRepository } from '../../db/corpus.js';
import type { StoredJob } from '../../domain/job.js';
import { appendEvents, type NewEvent } from '../../ledger/ledger.js';
import type { JobChange } from '../../domain/lifecycle.js';
import { regroup } from './duplicates.js';
import { changedPublicFields } from './lifecycle.js';

/** Regroups every duplicate key touched by this crawl; membership changes are recorded as modifications. */
export async function maintainDuplicates(
  tx: Queryable,
  changes: Pick<JobChange, 'duplicateKey' | 'previousDuplicateKey'>[],
  now: string,
): Promise<void> {
  const touched = new Set<string>();
  for (const change of changes) {
    if (change.duplicateKey !== undefined) touched.add(change.duplicateKey);
    if (change.previousDuplicateKey !== undefined) touched.add(change.previousDuplicateKey);
  }
  const corpus = new CorpusRepository(tx);
  for (const key of [...touched].sort()) {
    await corpus.lockDuplicateGroup(key);
    const members = await corpus.openDuplicates(key);
    const updates = regroup(key, members);
    const events: NewEvent[] = [];
    for (const update of updates) {
      const before = members.find((member) => member.job_key === update.job_key);
      const document: StoredJob = { ...update, revision: update.revision + 1, modified_at: now };
      // content_hash stays the crawl's: group membership is not source content.
      await corpus.saveDocument(document);
      events.push({
        jobKey: document.job_key,
        revision: document.revision,
        kind: 'upsert',
        change: 'modified',
        changedFields: before === undefined ? [] : changedPublicFields(before, document),
        document,
      });
    }
    await appendEvents(tx, events);
  }
}
