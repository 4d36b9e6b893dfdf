/**
 * Export rows out of the bytes of an Elasticsearch page answer (an export page: `size` hits of
 * `_source`, with the stored description when it was asked for; or a walk page of sort values).
 */
import type { estypes } from '@elastic/elasticsearch';
import { UpstreamUnavailableError } from '../domain/errors.js';
import { hitSource } from '../search/document.js';
import type { ExportRow } from './columns.js';

/** A whole answer's `size` rows, parsed: documents indexed before the public members' marker, or with a description. */
export function parsedRows(answer: Buffer, size: number): ExportRow[] {
  return parsedHits<ExportRow>(answer, size).map(hitSource);
}

/**
 * A whole answer's hits, parsed; a timed-out or partial answer, or fewer than `size` hits (the
 * point in time holds the result still: fewer rows than counted is a failure, not an end), is a 503.
 */
export function parsedHits<T>(answer: Buffer, size: number): estypes.SearchHit<T>[] {
  const parsed = JSON.parse(answer.toString('utf8')) as estypes.SearchResponse<T>;
  if (parsed.timed_out || parsed._shards.failed > 0 || parsed.hits.hits.length < size)
    throw new UpstreamUnavailableError(2);
  return parsed.hits.hits;
}
