/** Wires ingestion from Config: polite HTTP client, connectors on the given clock, the prepare pool. */
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../lib/logger.js';
import { createConnectors } from '../connectors/index.js';
import { workArrangementClassifierFor, type ClassifierSettings } from '../enrich/classifier-settings.js';
import { enrich } from '../enrich/index.js';
import { createHttpClient } from '../fetch/http.js';
import { preparePosting, type IngestDeps } from './pipeline.js';
import { politeHttpClient } from '../fetch/politeness.js';
import { createPreparePool, type PrepareFn } from './prepare.js';

export interface IngestRuntime extends IngestDeps {
  /** Stops the prepare threads; call once when done. */
  close: () => Promise<void>;
}

/** Ingestion dependencies; `threads` overrides INGEST_THREADS (0 = prepare inline). */
export function createIngestDeps(
  db: Database,
  config: Config,
  clock: Clock,
  logger?: Logger,
  threads = config.ingest.threads,
): IngestRuntime {
  const http = politeHttpClient(
    createHttpClient({
      timeoutMs: config.ingest.httpTimeoutMs,
      maxAttempts: config.ingest.httpMaxAttempts,
      userAgent: config.ingest.userAgent,
    }),
    config.ingest.hostMinIntervalMs,
  );
  const settings: ClassifierSettings = config.llm === undefined ? {} : { llm: config.llm };
  let prepare: PrepareFn;
  let close = (): Promise<void> => Promise.resolve();
  if (threads > 0) {
    const pool = createPreparePool(threads, settings);
    prepare = pool.prepare;
    close = pool.close;
  } else {
    const workArrangement = workArrangementClassifierFor(settings, (reason) =>
      logger?.warn({ reason }, 'work-arrangement model unavailable; rules used'),
    );
    prepare = (posting, ctx) => preparePosting((input) => enrich(input, { workArrangement }), posting, ctx);
  }
  return {
    db,
    http,
    connectors: createConnectors({ clock }),
    prepare,
    clock,
    policy: {
      deadAfterFailures: config.ingest.deadAfterFailures,
      emptyConfirmations: config.ingest.emptyConfirmations,
    },
    close,
  };
}
