/**
 * The two-node Elasticsearch cluster of the scale-path suites (cluster.test.ts, processes.test.ts):
 * started on first use beside the run's single node, with small heaps and ports and data of its own,
 * and stopped by the root after-all hook (hooks.ts); its nodes also stop if this process dies
 * (parent-death signal). Node 0 is the only master-eligible one, so node 1 may stop and return.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startElasticsearchCluster,
  startElasticsearchNode,
  stopProcess,
  type EsCluster,
} from '../../scripts/lib/stack.js';

/** Heap per node: the suites' indices are a few thousand documents. */
const HEAP_MB = 512;

export interface TestCluster {
  /** Every node's URL, comma-separated (an ELASTICSEARCH_URL). */
  url: string;
  /** Node `n`'s own URL. */
  nodeUrl(n: number): string;
  /** Stops node `n` (SIGTERM, a clean leave) and resolves once its process is gone. */
  stopNode(n: number): Promise<void>;
  /** Starts node `n` again on its directory and ports; resolves once it answers with a cluster behind it. */
  startNode(n: number): Promise<void>;
}

let dir: string | undefined;
let cluster: EsCluster | undefined;
let starting: Promise<TestCluster> | undefined;

export function testCluster(): Promise<TestCluster> {
  starting ??= start();
  return starting;
}

async function start(): Promise<TestCluster> {
  dir = await mkdtemp(join(tmpdir(), 'jlds-cluster-'));
  const running = await startElasticsearchCluster({ dir, size: 2, heapMb: HEAP_MB, stopWithParent: true });
  cluster = running;
  const node = (n: number): EsCluster['nodes'][number] => {
    const found = running.nodes[n];
    if (found === undefined) throw new Error(`the cluster has no node ${n}`);
    return found;
  };
  return {
    url: running.url,
    nodeUrl: (n) => node(n).url,
    stopNode: async (n) => {
      await stopProcess(`Elasticsearch ${node(n).spec.name}`, node(n).pid);
    },
    startNode: async (n) => {
      const restarted = await startElasticsearchNode(node(n).spec);
      running.nodes[n] = { ...restarted, spec: node(n).spec };
    },
  };
}

/** Stops every node of the cluster (if one was started) and removes its files. */
export async function stopTestCluster(): Promise<void> {
  if (starting === undefined) return;
  await starting.catch(() => undefined);
  const nodes = cluster?.nodes ?? [];
  await Promise.all(nodes.map((node) => stopProcess(`Elasticsearch ${node.spec.name}`, node.pid)));
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  cluster = undefined;
  starting = undefined;
  dir = undefined;
}
