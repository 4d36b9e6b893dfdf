/**
 * The worker's loops: crawl due boards (per-board cadence, jittered, bounded concurrency, polite per
 * host), number settled ledger events, and project them into the index. Each loop survives its own
 * failures (logged, retried next tick) and stops when the signal aborts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../db/database.js';
import { CorpusRepository } from '../db/corpus.js';
import type { Logger } from '../lib/logger.js';
import { projectPending } from '../ledger/projector.js';
import { sequencePending, sequencerLag } from '../ledger/sequencer.js';
import type { EsClient } from '../search/client.js';
import type { IngestDeps } from '../ingest/crawl/pipeline.js';
import { crawlBoards } from '../ingest/crawl/boards.js';
import { purgeOldActivity } from '../services/activity.js';
import { purgeExpiredEvents } from '../services/feeds/changes.js';
import { advanceActiveFeedHorizon } from '../services/feeds/horizon.js';
import { embedMissing } from '../embeddings/index-embeddings.js';
import type { Embedder } from '../embeddings/service.js';
import type { AnalyticsService } from '../services/analytics.js';
import type { SitemapService } from '../services/sitemaps.js';
import type { StatsService } from '../services/stats.js';
import { QualityRepository } from '../db/quality.js';
import { produceDueQualityReport } from '../services/quality/produce.js';
import type { DeliveryService } from '../services/delivery.js';
import pLimit from 'p-limit';

export interface WorkerDeps {
  db: Database;
  es: EsClient;
  index: string;
  ingest: IngestDeps;
  logger: Logger;
  /** Present when an embedding model is configured: new and re-projected jobs get their vectors. */
  embedder?: Embedder;
  concurrency: number;
  /** Precomputed public reports: /v1/stats and the state-of-hiring quarters, refreshed every `everyMs`. */
  reports?: {
    stats: Pick<StatsService, 'refresh'>;
    sitemaps: Pick<SitemapService, 'refreshIndex'>;
    hiring: Pick<AnalyticsService, 'refreshHiringReports'>;
    everyMs: number;
  };
  /** Data-quality reports (config QUALITY_REPORT_INTERVAL_SECONDS, QUALITY_REPORTS_RETAINED); absent → none. */
  quality?: { intervalSeconds: number; retained: number };
  /** Outbound destinations; absent → no delivery from this worker. */
  deliveries?: DeliveryLoopDeps;
}

export interface DeliveryLoopDeps {
  service: Pick<DeliveryService, 'due' | 'deliver' | 'purgeRuns'>;
  /** Destinations delivered at once. */
  concurrency: number;
  pollMs: number;
}

export interface WorkerTicks {
  crawlMs: number;
  sequenceMs: number;
  projectMs: number;
  /** Active-feed horizon publication (bounds that feed's lag). */
  horizonMs: number;
  /** Change-feed retention purge. */
  purgeMs: number;
  /** Embedding of jobs without a vector. */
  embedMs: number;
  /** How often the worker checks whether a data-quality report is due (absent → the default). */
  qualityMs?: number;
}

const QUALITY_CHECK_MS = 60_000;

export const DEFAULT_TICKS: WorkerTicks = {
  crawlMs: 5000,
  sequenceMs: 500,
  projectMs: 1000,
  horizonMs: 1000,
  purgeMs: 3_600_000,
  embedMs: 2000,
  qualityMs: QUALITY_CHECK_MS,
};

/** Jobs embedded per pass (a few hundred milliseconds of model time on one thread). */
const EMBED_BATCH = 100;

/** Runs `step` every `intervalMs` until aborted; a failing step is logged and retried next tick. */
export async function runLoop(
  name: string,
  intervalMs: number,
  signal: AbortSignal,
  logger: Logger,
  step: () => Promise<void>,
): Promise<void> {
  while (!signal.aborted) {
    try {
      await step();
    } catch (error) {
      logger.warn({ err: error, loop: name }, 'worker loop step failed');
    }
    try {
      await sleep(intervalMs, undefined, { signal });
    } catch {
      return;
    }
  }
}

/** Starts every loop; resolves when all have stopped after `signal` aborts. */
export async function runWorker(
  deps: WorkerDeps,
  signal: AbortSignal,
  ticks: WorkerTicks = DEFAULT_TICKS,
): Promise<void> {
  const corpus = new CorpusRepository(deps.db);
  await Promise.all([
    runLoop('crawl', ticks.crawlMs, signal, deps.logger, async () => {
      const due = await corpus.claimDueBoards(deps.concurrency * 2);
      if (due.length === 0) return;
      const summaries = await crawlBoards(deps.ingest, due, deps.concurrency);
      for (const summary of summaries) deps.logger.info({ crawl: summary }, 'board crawled');
    }),
    runLedgerLoops(deps, signal, ticks),
    ...(deps.embedder === undefined ? [] : [runEmbedLoop(deps, deps.embedder, signal, ticks.embedMs)]),
    ...(deps.reports === undefined ? [] : [runReportsLoop(deps.reports, deps.logger, signal)]),
    ...(deps.quality === undefined ? [] : [runQualityLoop(deps, deps.quality, signal, ticks.qualityMs)]),
    ...(deps.deliveries === undefined ? [] : [runDeliveryLoop(deps.deliveries, deps.logger, signal)]),
  ]);
}

/**
 * Delivery to destinations: each tick runs the due ones, `concurrency` at a time (one run per
 * destination, whichever worker gets its lock), and once an hour drops run history past retention.
 */
export async function runDeliveryLoop(
  deps: DeliveryLoopDeps,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  const limit = pLimit(deps.concurrency);
  let purgedAt = 0;
  await runLoop('deliver', deps.pollMs, signal, logger, async () => {
    const due = await deps.service.due(deps.concurrency * 2);
    await Promise.all(due.map((id) => limit(() => deps.service.deliver(id))));
    if (Date.now() - purgedAt > 3_600_000) {
      purgedAt = Date.now();
      await deps.service.purgeRuns();
    }
  });
}

/**
 * Stats and the state-of-hiring reports, so that requests read them instead of computing them.
 * Refreshed at half the interval's age: a snapshot a request finds is then at most about one
 * interval old, and another worker's fresh snapshot is not recomputed.
 */
async function runReportsLoop(
  reports: NonNullable<WorkerDeps['reports']>,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  await runLoop('reports', reports.everyMs / 2, signal, logger, async () => {
    await reports.stats.refresh(0.5);
    await reports.sitemaps.refreshIndex(0.5);
    await reports.hiring.refreshHiringReports();
  });
}

/**
 * Data-quality reports at their cadence: the loop only checks whether one is due, so a restarted
 * worker neither adds a report nor waits a whole interval for the next.
 */
async function runQualityLoop(
  deps: Pick<WorkerDeps, 'db' | 'logger'>,
  quality: NonNullable<WorkerDeps['quality']>,
  signal: AbortSignal,
  checkMs: number = QUALITY_CHECK_MS,
): Promise<void> {
  const repository = new QualityRepository(deps.db);
  await runLoop('quality', checkMs, signal, deps.logger, async () => {
    const report = await produceDueQualityReport(repository, { ...quality, logger: deps.logger });
    if (report !== undefined)
      deps.logger.info(
        { report_id: report.report_id, metrics: report.metrics.length },
        'data-quality report completed',
      );
  });
}

/** Vectors for jobs that have none (new, or re-projected), a batch per pass until none is left. */
async function runEmbedLoop(
  deps: Pick<WorkerDeps, 'es' | 'index' | 'logger'>,
  embedder: Embedder,
  signal: AbortSignal,
  intervalMs: number,
): Promise<void> {
  await runLoop('embed', intervalMs, signal, deps.logger, async () => {
    let written = EMBED_BATCH;
    while (written > 0 && !signal.aborted)
      written = await embedMissing(deps.es, deps.index, embedder, EMBED_BATCH);
  });
}

/** The loops that carry committed events to every reader: sequencer, projector, horizon, purge. */
export async function runLedgerLoops(
  deps: Pick<WorkerDeps, 'db' | 'es' | 'index' | 'logger'>,
  signal: AbortSignal,
  ticks: Omit<WorkerTicks, 'crawlMs' | 'embedMs'> = DEFAULT_TICKS,
): Promise<void> {
  await Promise.all([
    runLoop('sequence', ticks.sequenceMs, signal, deps.logger, async () => {
      await sequencePending(deps.db);
      const lag = await sequencerLag(deps.db);
      if (lag.oldestSeconds > 60) deps.logger.warn({ lag }, 'change feed lag above 60 s');
    }),
    runLoop('project', ticks.projectMs, signal, deps.logger, async () => {
      const result = await projectPending(deps.db, deps.es, deps.index);
      if (result.applied > 0) deps.logger.info({ projection: result }, 'ledger projected');
    }),
    runLoop('horizon', ticks.horizonMs, signal, deps.logger, async () => {
      await advanceActiveFeedHorizon(deps.db, deps.es, deps.index);
    }),
    runLoop('purge', ticks.purgeMs, signal, deps.logger, async () => {
      const purged = await purgeExpiredEvents(deps.db);
      if (purged > 0) deps.logger.info({ purged }, 'change events past retention purged');
      const activity = await purgeOldActivity(deps.db);
      if (activity > 0) deps.logger.info({ activity }, 'request activity past 7 days purged');
    }),
  ]);
}
