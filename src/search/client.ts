import { Client } from '@elastic/elasticsearch';
import type { Config } from '../config.js';

export type EsClient = Client;

/** One client per process; every request carries an explicit deadline and no silent retries storm. */
export function createEsClient(config: Config['elasticsearch']): EsClient {
  return new Client({
    node: config.url,
    requestTimeout: config.requestTimeoutMs,
    maxRetries: 1,
    compression: false,
  });
}
