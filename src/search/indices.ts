/**
 * Index names, composable templates and the alias that searches use. The alias `<prefix>` points at
 * exactly one `<prefix>-v<N>` at any time; reindexing builds the next generation beside it and swaps
 * the alias in one atomic call, so searches never see a half-built index.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { errors, type estypes } from '@elastic/elasticsearch';
import type { IndexLayout } from '../config.js';
import { UpstreamUnavailableError } from '../domain/errors.js';
import { closePit, type EsClient } from './client.js';
import { documentFromHit, WHOLE_DOCUMENT, type HitFetch } from './document.js';

const TEMPLATES_DIR = fileURLToPath(new URL('../../index-templates/', import.meta.url));

export interface IndexNames {
  alias: string;
  /** Shards and replicas of the generations created from now on (replicas also apply in place). */
  layout: IndexLayout;
  settingsComponent: string;
  mappingsComponent: string;
  indexTemplate: string;
  indexPattern: string;
  indexName(generation: number): string;
  generationOf(index: string): number | undefined;
}

/** One primary and no replica: a single node (development, the test suite's own node). */
export const SINGLE_NODE: IndexLayout = { shards: 1, replicas: 0 };

export function indexNames(prefix: string, layout: IndexLayout = SINGLE_NODE): IndexNames {
  const pattern = new RegExp(`^${prefix.replace(/[-]/g, '\\-')}-v(\\d+)$`);
  return {
    alias: prefix,
    layout,
    settingsComponent: `${prefix}-settings`,
    mappingsComponent: `${prefix}-mappings`,
    indexTemplate: `${prefix}-template`,
    indexPattern: `${prefix}-v*`,
    indexName: (generation) => `${prefix}-v${generation}`,
    generationOf: (index) => {
      const match = pattern.exec(index);
      return match?.[1] === undefined ? undefined : Number(match[1]);
    },
  };
}

interface ComponentFile {
  _meta?: Record<string, unknown>;
  template: estypes.IndicesIndexState;
}

interface IndexTemplateFile {
  _meta?: Record<string, unknown>;
  priority: number;
  version: number;
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(`${TEMPLATES_DIR}${file}`, 'utf8')) as unknown;
}

interface TemplateFiles {
  settings: ComponentFile;
  mappings: ComponentFile;
  template: IndexTemplateFile;
}

async function readTemplates(): Promise<TemplateFiles> {
  return {
    settings: (await readJson('jobs-settings.json')) as ComponentFile,
    mappings: (await readJson('jobs-mappings.json')) as ComponentFile,
    template: (await readJson('jobs.json')) as IndexTemplateFile,
  };
}

/**
 * The deadline of index management (templates, index creation, mappings, settings, aliases,
 * refresh, deletion): these change cluster state, and creating an index also waits for its primary
 * shard to start, which on a loaded node takes longer than a search's deadline (a 5 s create timed
 * out in a CI run). Elasticsearch's own acknowledgement and health timeouts are 30 s, so it answers
 * (acknowledged or not) before the client gives up.
 */
export const CLUSTER_CHANGE = { requestTimeout: 40_000 };

/** The index settings that say `layout` (replicas as a count, or as an auto-expand range). */
export function layoutSettings(layout: IndexLayout): estypes.IndicesIndexSettings {
  return {
    number_of_shards: layout.shards,
    ...replicaSettings(layout),
  };
}

function replicaSettings(layout: IndexLayout): estypes.IndicesIndexSettings {
  return typeof layout.replicas === 'number'
    ? { number_of_replicas: layout.replicas, auto_expand_replicas: 'false' }
    : { auto_expand_replicas: layout.replicas.autoExpand };
}

/**
 * Installs (or updates) the component templates and the index template from index-templates/, the
 * settings component carrying the configured layout (index-templates/ holds no shard counts).
 */
export async function installTemplates(es: EsClient, names: IndexNames): Promise<TemplateFiles> {
  const files = await readTemplates();
  const { settings, mappings, template } = files;
  const settingsTemplate: estypes.IndicesIndexState = {
    ...settings.template,
    settings: { ...settings.template.settings, ...layoutSettings(names.layout) },
  };
  await es.cluster.putComponentTemplate(
    { name: names.settingsComponent, template: settingsTemplate, _meta: settings._meta },
    CLUSTER_CHANGE,
  );
  await es.cluster.putComponentTemplate(
    { name: names.mappingsComponent, template: mappings.template, _meta: mappings._meta },
    CLUSTER_CHANGE,
  );
  await es.indices.putIndexTemplate(
    {
      name: names.indexTemplate,
      index_patterns: [names.indexPattern],
      composed_of: [names.settingsComponent, names.mappingsComponent],
      priority: template.priority,
      version: template.version,
      _meta: template._meta,
    },
    CLUSTER_CHANGE,
  );
  return files;
}

/** The concrete index behind the alias, if the alias exists. */
export async function currentIndex(es: EsClient, names: IndexNames): Promise<string | undefined> {
  const exists = await es.indices.existsAlias({ name: names.alias });
  if (!exists) return undefined;
  const aliases = await es.indices.getAlias({ name: names.alias });
  const indices = Object.keys(aliases);
  if (indices.length !== 1) {
    throw new Error(`Alias ${names.alias} must point at exactly one index, found: ${indices.join(', ')}`);
  }
  return indices[0];
}

/**
 * Installs templates and makes sure the alias points at an index (creating generation 1). An
 * existing index gets the template's mappings applied in place: fields added to the template are
 * added to the live index (ES allows additive changes); an incompatible change fails with a pointer
 * to `npm run reindex`. Its replicas follow the configured layout in place too (ES copies them in
 * the background); its shard count cannot change in place (see shardDrift).
 */
export async function ensureJobsIndex(es: EsClient, names: IndexNames): Promise<string> {
  const templates = await installTemplates(es, names);
  const existing = await currentIndex(es, names);
  if (existing !== undefined) {
    await applyMappings(es, existing, templates.mappings.template.mappings ?? {});
    await applyReplicas(es, existing, names.layout);
    return existing;
  }
  const index = names.indexName(1);
  try {
    await es.indices.create({ index, aliases: { [names.alias]: { is_write_index: true } } }, CLUSTER_CHANGE);
  } catch (error) {
    // Another starter won the race; the alias check below tells whether it finished.
    if (!isAlreadyExists(error)) throw error;
  }
  await es.cluster.health({ index, wait_for_status: 'yellow', timeout: '30s' }, CLUSTER_CHANGE);
  const current = await currentIndex(es, names);
  if (current === undefined) throw new Error(`Index ${index} exists but alias ${names.alias} does not`);
  return current;
}

/** Sets the live index's replicas when they differ from the layout (a no-op otherwise). */
async function applyReplicas(es: EsClient, index: string, layout: IndexLayout): Promise<void> {
  const live = await liveLayout(es, index);
  const wanted = layout.replicas;
  const same =
    typeof wanted === 'number'
      ? live.autoExpand === undefined && live.replicas === wanted
      : live.autoExpand === wanted.autoExpand;
  if (!same)
    await es.indices.putSettings({ index, settings: { index: replicaSettings(layout) } }, CLUSTER_CHANGE);
}

interface LiveLayout {
  shards: number;
  replicas: number;
  /** The auto-expand range when one is set. */
  autoExpand?: string;
}

async function liveLayout(es: EsClient, index: string): Promise<LiveLayout> {
  const response = await es.indices.getSettings(
    { index, name: 'index.number_of_*,index.auto_expand_replicas', flat_settings: true },
    CLUSTER_CHANGE,
  );
  const settings: Record<string, unknown> = response[index]?.settings ?? {};
  const autoExpand = settings['index.auto_expand_replicas'];
  return {
    shards: Number(settings['index.number_of_shards'] ?? 1),
    replicas: Number(settings['index.number_of_replicas'] ?? 0),
    ...(typeof autoExpand === 'string' && autoExpand !== 'false' ? { autoExpand } : {}),
  };
}

/**
 * The live index's primary shard count when it differs from the configured one (undefined when they
 * agree or there is no index yet): shards are fixed for an index's life, so the change takes effect
 * with the next generation (`npm run reindex`).
 */
export async function shardDrift(
  es: EsClient,
  names: IndexNames,
): Promise<{ index: string; live: number; configured: number } | undefined> {
  const index = await currentIndex(es, names);
  if (index === undefined) return undefined;
  const { shards } = await liveLayout(es, index);
  return shards === names.layout.shards
    ? undefined
    : { index, live: shards, configured: names.layout.shards };
}

async function applyMappings(
  es: EsClient,
  index: string,
  mappings: estypes.MappingTypeMapping,
): Promise<void> {
  try {
    await es.indices.putMapping({ index, ...mappings }, CLUSTER_CHANGE);
  } catch (error) {
    if (!(error instanceof errors.ResponseError)) throw error;
    throw new IncompatibleMappingsError(index, error);
  }
}

/** The live index cannot take the template's mappings in place: it needs a new generation. */
export class IncompatibleMappingsError extends Error {
  constructor(index: string, cause: errors.ResponseError) {
    super(
      `The index template's mappings cannot be applied to ${index} in place (${cause.message}); build a new generation with npm run reindex`,
      { cause },
    );
  }
}

function isAlreadyExists(error: unknown): boolean {
  return error instanceof errors.ResponseError && error.message.includes('resource_already_exists_exception');
}

/** Removes every generation, the alias and the templates of one index family (tests, benchmarks). */
export async function dropIndexFamily(es: EsClient, names: IndexNames): Promise<void> {
  await es.indices.delete(
    { index: names.indexPattern, allow_no_indices: true, expand_wildcards: 'all' },
    CLUSTER_CHANGE,
  );
  await es.indices.deleteIndexTemplate({ name: names.indexTemplate }, CLUSTER_CHANGE);
  await es.cluster.deleteComponentTemplate(
    { name: `${names.settingsComponent},${names.mappingsComponent}` },
    CLUSTER_CHANGE,
  );
}

export interface ReindexProgress {
  copied: number;
  total: number;
}

export interface ReindexResult {
  from: string;
  to: string;
  copied: number;
  /** Documents found newer in the target than in the source (a writer got there first). */
  skippedAsOlder: number;
  caughtUp: number;
  deletedOld: boolean;
}

export interface ReindexOptions {
  batchSize?: number;
  deleteOld?: boolean;
  onProgress?: (progress: ReindexProgress) => void;
  now?: () => Date;
  /** How long the new generation's replicas may take to start before the swap is given up. */
  replicaWaitMs?: number;
}

/**
 * Builds the next generation from the current templates and swaps the alias atomically.
 * The copy streams with a point-in-time and search_after in bounded batches (this ES distribution
 * has no _reindex module, and streaming also gives progress and flat memory). Writes use external
 * versioning on `revision`, so a newer document written by the projector is never overwritten; after
 * the swap, documents the old index received during the copy are caught up the same way.
 */
export async function reindexJobs(
  es: EsClient,
  names: IndexNames,
  options: ReindexOptions = {},
): Promise<ReindexResult> {
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? (() => new Date());
  const templates = await installTemplates(es, names);
  const from = await currentIndex(es, names);
  if (from === undefined) throw new Error(`Alias ${names.alias} does not exist; nothing to reindex`);
  const to = names.indexName((await maxGeneration(es, names)) + 1);
  const startedAt = now();

  // No refresh and no replica while copying (Elastic's advice for bulk loads: every document is
  // written once, and the replicas are copied from the finished primaries as files afterwards).
  const copying = { refresh_interval: '-1', ...replicaSettings({ ...names.layout, replicas: 0 }) };
  await es.indices.create({ index: to, settings: { index: copying } }, CLUSTER_CHANGE);
  await es.cluster.health({ index: to, wait_for_status: 'yellow', timeout: '30s' }, CLUSTER_CHANGE);
  await es.indices.refresh({ index: from }, CLUSTER_CHANGE);
  const total = (await es.count({ index: from })).count;
  let copied = 0;
  let skippedAsOlder = 0;
  for await (const batch of scanIndex(es, from, { pageSize: batchSize })) {
    skippedAsOlder += await bulkCopy(es, to, batch);
    copied += batch.length;
    options.onProgress?.({ copied, total });
  }
  // Back to the template's refresh interval (ES default when the template sets none) and replicas.
  const refreshInterval = templates.settings.template.settings?.refresh_interval ?? '1s';
  await es.indices.putSettings(
    {
      index: to,
      settings: { index: { refresh_interval: refreshInterval, ...replicaSettings(names.layout) } },
    },
    CLUSTER_CHANGE,
  );
  await es.indices.refresh({ index: to }, CLUSTER_CHANGE);
  await awaitReplicas(es, to, names.layout, options.replicaWaitMs ?? 30 * 60_000);
  const landed = (await es.count({ index: to })).count;
  if (landed < total)
    throw new Error(`Reindex verification failed: ${to} has ${landed} of ${total} documents`);

  await es.indices.updateAliases(
    {
      actions: [
        { remove: { index: from, alias: names.alias } },
        { add: { index: to, alias: names.alias, is_write_index: true } },
      ],
    },
    CLUSTER_CHANGE,
  );

  let caughtUp = 0;
  await es.indices.refresh({ index: from }, CLUSTER_CHANGE);
  const since: estypes.QueryDslQueryContainer = { range: { indexed_at: { gte: startedAt.toISOString() } } };
  for await (const batch of scanIndex(es, from, { pageSize: batchSize, query: since })) {
    caughtUp += batch.length - (await bulkCopy(es, to, batch));
  }
  if (caughtUp > 0) await es.indices.refresh({ index: to }, CLUSTER_CHANGE);

  if (options.deleteOld === true) await es.indices.delete({ index: from }, CLUSTER_CHANGE);
  return { from, to, copied, skippedAsOlder, caughtUp, deletedOld: options.deleteOld === true };
}

/**
 * Waits until the replicas the cluster can hold are started: green when there are data nodes enough
 * for every copy (always so for an auto-expand range), else yellow with nothing still initializing.
 * The alias then swaps to an index that serves with the same redundancy as the one it replaces.
 */
async function awaitReplicas(
  es: EsClient,
  index: string,
  layout: IndexLayout,
  deadlineMs: number,
): Promise<void> {
  const dataNodes = (await es.cluster.health({}, CLUSTER_CHANGE)).number_of_data_nodes;
  const reachable = typeof layout.replicas !== 'number' || layout.replicas < dataNodes;
  const until = Date.now() + deadlineMs;
  for (;;) {
    const health = await es.cluster.health(
      {
        index,
        wait_for_status: reachable ? 'green' : 'yellow',
        wait_for_no_initializing_shards: true,
        timeout: '30s',
      },
      CLUSTER_CHANGE,
    );
    if (!health.timed_out) return;
    if (Date.now() > until)
      throw new Error(
        `Replicas of ${index} not started within ${deadlineMs / 1000} s (${health.status}, ${health.initializing_shards} initializing, ${health.unassigned_shards} unassigned)`,
      );
  }
}

async function maxGeneration(es: EsClient, names: IndexNames): Promise<number> {
  const indices = await es.indices.get({
    index: names.indexPattern,
    allow_no_indices: true,
    expand_wildcards: 'all',
  });
  return Math.max(0, ...Object.keys(indices).map((index) => names.generationOf(index) ?? 0));
}

type Hit = estypes.SearchHit<Record<string, unknown>>;

export interface ScanOptions {
  pageSize: number;
  query?: estypes.QueryDslQueryContainer;
  /** What each hit carries; default the whole document (WHOLE_DOCUMENT, read back with documentFromHit). */
  fetch?: HitFetch;
}

/**
 * Streams the documents of an index page by page under one point in time (every page sees the same
 * instant). A timed-out or partial page is a 503: a scan never silently skips documents.
 */
export async function* scanIndex<T = Record<string, unknown>>(
  es: EsClient,
  index: string,
  options: ScanOptions,
): AsyncGenerator<estypes.SearchHit<T>[]> {
  const pit = await es.openPointInTime({ index, keep_alive: '5m' });
  let pitId = pit.id;
  let searchAfter: estypes.SortResults | undefined;
  try {
    for (;;) {
      const page = await es.search<T>(
        {
          pit: { id: pitId, keep_alive: '5m' },
          size: options.pageSize,
          // Storage order: the cheapest total order.
          sort: [{ _shard_doc: 'asc' }],
          track_total_hits: false,
          timeout: '30s',
          allow_partial_search_results: false,
          ...(options.query === undefined ? {} : { query: options.query }),
          ...(options.fetch ?? WHOLE_DOCUMENT),
          ...(searchAfter === undefined ? {} : { search_after: searchAfter }),
        },
        // The client waits a little longer than the server-side timeout, so a slow page is a timed-out answer.
        { requestTimeout: 35_000 },
      );
      if (page.timed_out || page._shards.failed > 0) throw new UpstreamUnavailableError(5);
      if (page.pit_id !== undefined) pitId = page.pit_id;
      const hits = page.hits.hits;
      if (hits.length === 0) return;
      yield hits;
      searchAfter = hits[hits.length - 1]?.sort;
    }
  } finally {
    await closePit(es, pitId);
  }
}

/** Copies a batch with external versioning; returns how many were skipped because the target is newer. */
async function bulkCopy(es: EsClient, index: string, hits: Hit[]): Promise<number> {
  const operations: estypes.BulkRequest['operations'] = [];
  for (const hit of hits) {
    const document = documentFromHit(hit);
    const revision = document.revision;
    const versioned =
      typeof revision === 'number' ? { version: revision, version_type: 'external_gte' as const } : {};
    operations.push({ index: { _index: index, _id: hit._id, ...versioned } }, document);
  }
  // Thousands of whole documents while the new generation merges: far beyond the API's deadline.
  const response = await es.bulk({ operations, refresh: false, timeout: '2m' }, { requestTimeout: 130_000 });
  let skipped = 0;
  for (const item of response.items) {
    const result = item.index;
    if (result?.error === undefined) continue;
    if (result.status === 409) skipped += 1;
    else
      throw new Error(
        `Bulk copy failed for ${result._id ?? '?'}: ${result.error.type}: ${result.error.reason ?? ''}`,
      );
  }
  return skipped;
}
