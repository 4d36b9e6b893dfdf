/**
 * The job lifecycle's vocabulary, shared by ingestion (which decides changes), the ledger and
 * job_state (which record them) and the search projection (which indexes their documents).
 */
import type { JobStatus, StoredJob } from './job.js';

export interface StateRow {
  job_key: string;
  status: JobStatus | 'deleted';
  first_seen: string;
  content_hash: string;
  duplicate_key: string | null;
  revision: number;
  document: StoredDocument;
}

/** The document as stored in job_state and carried by ledger upserts. */
export type StoredDocument = StoredJob;

export type ChangeKind = 'created' | 'modified' | 'closed' | 'reopened';

export interface JobChange {
  change: ChangeKind;
  document: StoredDocument;
  contentHash: string;
  duplicateKey?: string;
  /** The duplicate key the job had before this change, so its old group is regrouped too. */
  previousDuplicateKey?: string;
  changedFields: string[];
}

export type BoardHealth = 'ok' | 'suspect' | 'failing' | 'dead';
