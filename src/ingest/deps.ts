/** Wires ingestion from Config: polite HTTP client, connectors on the given clock, enrichment. */
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import { createConnectors } from './connectors/index.js';
import {
  enrich,
  OpenAICompatibleWorkArrangementClassifier,
  RulesWorkArrangementClassifier,
  type WorkArrangementClassifier,
} from './enrich/index.js';
import { createHttpClient } from './http.js';
import type { IngestDeps } from './pipeline.js';
import { politeHttpClient } from './politeness.js';

/** The work-arrangement classifier: a language model when LLM_BASE_URL is set, deterministic rules otherwise. */
export function workArrangementClassifier(config: Config, logger?: Logger): WorkArrangementClassifier {
  if (config.llm === undefined) return new RulesWorkArrangementClassifier();
  return new OpenAICompatibleWorkArrangementClassifier({
    ...config.llm,
    onFallback: (reason) => logger?.warn({ reason }, 'work-arrangement model unavailable; rules used'),
  });
}

export function createIngestDeps(db: Database, config: Config, clock: Clock, logger?: Logger): IngestDeps {
  const http = politeHttpClient(
    createHttpClient({
      timeoutMs: config.ingest.httpTimeoutMs,
      maxAttempts: config.ingest.httpMaxAttempts,
      userAgent: config.ingest.userAgent,
    }),
    config.ingest.hostMinIntervalMs,
  );
  const workArrangement = workArrangementClassifier(config, logger);
  return {
    db,
    http,
    connectors: createConnectors({ clock }),
    enrich: (input) => enrich(input, { workArrangement }),
    clock,
    policy: {
      deadAfterFailures: config.ingest.deadAfterFailures,
      emptyConfirmations: config.ingest.emptyConfirmations,
    },
  };
}
