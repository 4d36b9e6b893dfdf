/**
 * Counts without charge: how many jobs a keyword search with given filters would walk, and which
 * vocabulary values (countries, sources, career families, employment types) open jobs use now.
 * Used by the keyless MCP surface; the same completeness rules as every search (invariant 8).
 */
import type { estypes } from '@elastic/elasticsearch';
import { UpstreamUnavailableError } from '../domain/errors.js';
import { completeCount, completeSearchWithAggregations, type EsClient } from '../search/client.js';
import {
  jobCountQuery,
  VOCABULARY_FIELDS,
  vocabularySearch,
  type VocabularyName,
} from '../search/count-query.js';
import type { JobFilters } from '../search/job-query.js';

export interface ValueCount {
  value: string;
  /** Open jobs carrying the value. */
  count: number;
}

export interface VocabulariesInUse {
  /** Open jobs of resolved companies. */
  open_jobs: number;
  values: Record<VocabularyName, ValueCount[]>;
}

export class JobCounts {
  constructor(
    private readonly es: EsClient,
    private readonly index: string,
  ) {}

  /** The number of jobs `GET /v1/jobs/search` with these filters walks across all its pages. */
  count(filters: JobFilters): Promise<number> {
    return completeCount(this.es, this.index, jobCountQuery(filters));
  }

  async vocabularies(): Promise<VocabulariesInUse> {
    const { aggregations } = await completeSearchWithAggregations(this.es, this.index, vocabularySearch());
    const values = {} as Record<VocabularyName, ValueCount[]>;
    for (const name of Object.keys(VOCABULARY_FIELDS) as VocabularyName[]) {
      const buckets = (aggregations[name] as estypes.AggregationsStringTermsAggregate | undefined)?.buckets;
      if (!Array.isArray(buckets)) throw new UpstreamUnavailableError(2);
      values[name] = buckets.map((bucket) => ({ value: String(bucket.key), count: bucket.doc_count }));
    }
    return { open_jobs: await this.openJobs(), values };
  }

  private openJobs(): Promise<number> {
    return this.count({ status: 'open' });
  }
}
