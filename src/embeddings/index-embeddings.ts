/**
 * Keeps the index's job vectors present: finds documents without `embedding` (new jobs, and jobs
 * whose new revision the projector has just written without one), embeds their title, company and
 * the start of the description off the event loop, and writes them back under the document's own
 * external version (`external_gte`), so a newer revision projected meanwhile always wins.
 */
import type { estypes } from '@elastic/elasticsearch';
import { UpstreamUnavailableError } from '../domain/errors.js';
import type { EsClient } from '../search/client.js';
import { DESCRIPTION_FIELD, documentFromHit, WHOLE_DOCUMENT } from '../search/document.js';
import { jobEmbeddingText, type Embedder } from './service.js';

/** Embeds up to `batch` documents lacking a vector; returns how many were written. */
export async function embedMissing(
  es: EsClient,
  index: string,
  embedder: Embedder,
  batch: number,
): Promise<number> {
  const response = await es.search<Record<string, unknown>>({
    index,
    size: batch,
    version: true,
    // The whole document: it is written back with its vector.
    ...WHOLE_DOCUMENT,
    query: { bool: { must_not: [{ exists: { field: 'embedding' } }] } },
    sort: [{ first_seen: { order: 'desc' } }, { job_key: { order: 'asc' } }],
    timeout: '10s',
  });
  if (response.timed_out || response._shards.failed > 0) throw new UpstreamUnavailableError(5);
  const hits = response.hits.hits.filter((hit) => hit._source !== undefined && hit._version !== undefined);
  if (hits.length === 0) return 0;
  const documents = hits.map(documentFromHit);
  const vectors = await embedder.embed(
    documents.map((document) => jobEmbeddingText(embeddingInput(document))),
  );
  const operations: estypes.BulkRequest['operations'] = hits.flatMap((hit, at) => [
    {
      index: {
        _index: hit._index,
        _id: hit._id,
        version: hit._version,
        version_type: 'external_gte' as const,
      },
    },
    { ...documents[at], embedding: vectors[at] },
  ]);
  const result = await es.bulk({ operations, timeout: '30s' });
  // A version conflict means a newer revision arrived: it will be picked up on the next pass.
  return result.items.filter((item) => item.index?.status === 200 || item.index?.status === 201).length;
}

function embeddingInput(document: Record<string, unknown>): Parameters<typeof jobEmbeddingText>[0] {
  const text = (field: string): string | undefined =>
    typeof document[field] === 'string' ? document[field] : undefined;
  const organization = text('organization');
  const description = text(DESCRIPTION_FIELD);
  return {
    title: text('title') ?? '',
    ...(organization === undefined ? {} : { organization }),
    ...(description === undefined ? {} : { description_text: description }),
  };
}
