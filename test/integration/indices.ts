import { randomBytes } from 'node:crypto';
import { ensureJobsIndex, indexNames, type IndexNames } from '../../src/search/indices.js';
import type { EsClient } from '../../src/search/client.js';
import { testEnv } from './env.js';

/** A fresh jobs index family (templates, alias, v1) of this run, for a test that owns its data. */
export async function createTempIndex(tag: string): Promise<IndexNames> {
  const names = indexNames(
    `${testEnv().config.elasticsearch.indexPrefix}-${tag}${randomBytes(2).toString('hex')}`,
  );
  await ensureJobsIndex(testEnv().runtime.es, names);
  return names;
}

/** Removes every index and template of a family made by createTempIndex (or indexNames). */
export async function dropIndexFamily(es: EsClient, names: IndexNames): Promise<void> {
  await es.indices.delete({ index: names.indexPattern, allow_no_indices: true, expand_wildcards: 'all' });
  await es.indices.deleteIndexTemplate({ name: names.indexTemplate });
  await es.cluster.deleteComponentTemplate({ name: `${names.settingsComponent},${names.mappingsComponent}` });
}
