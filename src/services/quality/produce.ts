/**
 * The data-quality report: produced by the worker on a schedule and by `npm run quality:report`
 * (one function for both), served as it was stored. A report row is started, measured, then
 * completed with its body in one update, so a run that fails mid-way leaves only an incomplete row,
 * which is never served and is dropped after a day. Producing reads the labelled set through the
 * connectors and the gazetteer; the API only serves (reports.ts), so it never loads them.
 */
import { randomBytes } from 'node:crypto';
import type { QualityRepository } from '../../db/quality.js';
import type { Logger } from '../../lib/logger.js';
import type { EnrichmentAccuracy } from './enrichment-accuracy.js';
import { measureTestAccuracy } from './set-accuracy.js';
import { assembleMetrics } from './metrics.js';
import type { DataQualityReport } from './reports.js';

/**
 * About how many open jobs' documents are read for receipt coverage: the only measurement that
 * needs the documents (no generated column carries the receipt), and reading a million of them
 * takes tens of seconds; ten thousand give the share within about ±1 %.
 */
export const RECEIPT_SAMPLE = 10_000;

export interface ProduceOptions {
  /** Completed reports kept; older ones are deleted after this one completes. */
  retained: number;
  receiptSample?: number;
  /** The labelled-sample accuracy (default: the rules on the repository's sample); undefined → left out. */
  accuracy?: () => Promise<EnrichmentAccuracy | undefined>;
  logger?: Pick<Logger, 'warn'>;
}

type ReportStore = Pick<QualityRepository, 'start' | 'startIfDue' | 'measure' | 'complete' | 'prune'>;

/** Sortable by start time (fixed-width UTC ISO), unique by its random suffix. */
export function newReportId(now: Date, suffix: string = randomBytes(4).toString('hex')): string {
  return `${now.toISOString()}-${suffix}`;
}

/** Measures and stores one report now. */
export async function produceQualityReport(
  store: ReportStore,
  options: ProduceOptions,
): Promise<DataQualityReport> {
  const reportId = newReportId(new Date());
  await store.start(reportId);
  return measureAndComplete(store, reportId, options);
}

/**
 * The worker's step: a report only when none started within `intervalSeconds` (so restarts and a
 * second worker keep the cadence); undefined when none was due. A failed run counts as started,
 * so it is retried one interval later rather than in a tight loop.
 */
export async function produceDueQualityReport(
  store: ReportStore,
  options: ProduceOptions & { intervalSeconds: number },
): Promise<DataQualityReport | undefined> {
  const reportId = newReportId(new Date());
  if (!(await store.startIfDue(reportId, options.intervalSeconds))) return undefined;
  return measureAndComplete(store, reportId, options);
}

async function measureAndComplete(
  store: ReportStore,
  reportId: string,
  options: ProduceOptions,
): Promise<DataQualityReport> {
  const accuracy = await (options.accuracy ?? (() => labelledAccuracy(options.logger)))();
  const facts = await store.measure(options.receiptSample ?? RECEIPT_SAMPLE);
  const metrics = assembleMetrics(facts, accuracy);
  const generatedAt = await store.complete(reportId, facts.corpus_as_of, { metrics });
  if (generatedAt === null) throw new Error(`data-quality report ${reportId} vanished before it completed`);
  await store.prune(options.retained);
  return { report_id: reportId, generated_at: generatedAt, corpus_as_of: facts.corpus_as_of, metrics };
}

/**
 * The rules' accuracy on the held-out test split of the labelled set, which lives with the tests: a
 * deployment without it (the container image copies dist/ only) reports the other metrics and says
 * why these are missing.
 */
async function labelledAccuracy(
  logger: Pick<Logger, 'warn'> | undefined,
): Promise<EnrichmentAccuracy | undefined> {
  try {
    return await measureTestAccuracy();
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    logger?.warn(
      { err: error },
      'labelled sample not found: data-quality report without precision and recall',
    );
    return undefined;
  }
}
