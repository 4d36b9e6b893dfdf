/**
 * Export rows out of the bytes of an Elasticsearch page answer (an export page: `size` hits of
 * `_source`, with the stored description when it was asked for).
 */
import type { estypes } from '@elastic/elasticsearch';
import { UpstreamUnavailableError } from '../domain/errors.js';
import { ChunkedBytes } from '../lib/chunked-bytes.js';
import { JsonText } from '../lib/json.js';
import { hitSource } from '../search/document.js';
import { publicRows, publicSpans } from '../search/source-lines.js';
import type { ExportRow } from './columns.js';

/** A whole answer's `size` rows, parsed: documents indexed before the public members' marker, or with a description. */
export function parsedRows(answer: Buffer, size: number): ExportRow[] {
  const parsed = JSON.parse(answer.toString('utf8')) as estypes.SearchResponse<ExportRow>;
  if (parsed.timed_out || parsed._shards.failed > 0 || parsed.hits.hits.length < size)
    throw new UpstreamUnavailableError(2);
  return parsed.hits.hits.map(hitSource);
}

/**
 * The answer's `size` rows with `derivations` as JSON text (the Parquet writer's form,
 * export/columns.ts): the public members parsed out of the answer's bytes (source-lines.ts), or
 * the whole answer parsed when it is not in that shape or carries descriptions (they lie outside
 * `_source`). Writes over the answer.
 */
export function answerRows(answer: Buffer, size: number, withDescription: boolean): ExportRow[] {
  const spans = withDescription ? undefined : publicSpans(new ChunkedBytes([answer]), size);
  if (spans === undefined) return parsedRows(answer, size);
  if (spans.timedOut || spans.shardsFailed > 0) throw new UpstreamUnavailableError(2);
  return publicRows(answer, spans).map(({ members, lastText }): ExportRow => {
    if (lastText !== undefined) members.derivations = new JsonText(lastText);
    return members;
  });
}
