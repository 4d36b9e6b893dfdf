/** Liveness of the backing services, each probed with its own short deadline. */
import { ping, type Database } from '../db/database.js';
import { withDeadline } from '../lib/deadline.js';
import type { EsClient } from '../search/client.js';

export interface ComponentHealth {
  status: 'up' | 'down';
  latency_ms?: number;
  error?: string;
}

export interface HealthReport {
  status: 'ok' | 'degraded';
  checks: { elasticsearch: ComponentHealth; postgres: ComponentHealth };
}

const PROBE_DEADLINE_MS = 2000;

export class HealthService {
  constructor(
    private readonly es: EsClient,
    private readonly db: Database,
  ) {}

  async check(): Promise<HealthReport> {
    const [elasticsearch, postgres] = await Promise.all([
      probe(async () => {
        const health = await this.es.cluster.health({ timeout: '2s' }, { requestTimeout: PROBE_DEADLINE_MS });
        if (health.status === 'red') throw new Error('cluster status is red');
      }),
      probe(() => withDeadline(ping(this.db), PROBE_DEADLINE_MS, 'postgres')),
    ]);
    const status = elasticsearch.status === 'up' && postgres.status === 'up' ? 'ok' : 'degraded';
    return { status, checks: { elasticsearch, postgres } };
  }
}

async function probe(check: () => Promise<unknown>): Promise<ComponentHealth> {
  const started = performance.now();
  try {
    await check();
    return { status: 'up', latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch (error) {
    // Only a coarse reason: /healthz is public, internal messages stay in the logs.
    return { status: 'down', error: error instanceof Error ? error.name : 'unreachable' };
  }
}
