import type { Readable } from 'node:stream';
import { Client, errors, type estypes, type TransportResult } from '@elastic/elasticsearch';
import { UpstreamUnavailableError } from '../domain/errors.js';
import type { Config } from '../config.js';
import { scanSearchResponse, type RawSearchResponse } from './raw-response.js';
import { ChunkedBytes } from '../lib/chunked-bytes.js';

export type EsClient = Client;

/** One client per process; every request carries an explicit deadline and no silent retries storm. */
export function createEsClient(config: Config['elasticsearch']): EsClient {
  return new Client({
    nodes: config.nodes,
    requestTimeout: config.requestTimeoutMs,
    maxRetries: 1,
    compression: false,
  });
}

/** Elasticsearch's own time limit of a search on a client without a request-path deadline. */
const SEARCH_TIMEOUT = '5s';
/** Elasticsearch's own time limit of a search, per request-path client (requestPathClient). */
const searchTimeouts = new WeakMap<EsClient, string>();
/** The whole deadline of a request, per request-path client: a raw read holds it to the last byte. */
const requestDeadlines = new WeakMap<EsClient, number>();

/**
 * The client the API's request path reads with: the same connections, and a deadline of
 * `deadlineMs` (ES_SEARCH_TIMEOUT_MS, default 2000) on every request, so a client learns within
 * about 2 s that Elasticsearch does not answer (503) rather than after ES_REQUEST_TIMEOUT_MS.
 * Searches also ask Elasticsearch to stop at 80% of it (`timeout`): an answer that cannot be
 * complete in time comes back timed out (503) and frees the shards before the client gives up.
 *
 * Why 2000: measured on the 2-core development machine with the 100k-job synthetic corpus while
 * other work kept the load average at 6–10, a 100-job search took 105 ms at p50 (210 ms max), a
 * page of 2,000 export rows 160–190 ms (330 ms max), 13 facets over the whole corpus with 100 hits
 * 300 ms (660 ms max), and the heaviest request the contract allows (1,000 hits with descriptions
 * and all 13 facets) 580 ms (865 ms max). Aggregations alone grow with the matching set (40 ms at
 * 100k documents), so a 1M-document corpus stays within the deadline with room. Index management
 * keeps its own longer deadline (indices.ts, CLUSTER_CHANGE) on the parent client.
 */
export function requestPathClient(es: EsClient, deadlineMs: number): EsClient {
  const child = es.child({ requestTimeout: deadlineMs });
  searchTimeouts.set(child, `${String(Math.max(50, Math.floor(deadlineMs * 0.8)))}ms`);
  requestDeadlines.set(child, deadlineMs);
  return child;
}

function searchTimeoutOf(es: EsClient): string {
  return searchTimeouts.get(es) ?? SEARCH_TIMEOUT;
}

/**
 * A search that is complete or an error (invariant 8): no partial results, a server-side timeout,
 * and a timed-out or shard-failing answer becomes a retryable 503 that consumes nothing.
 */
export async function completeSearch<T>(
  es: EsClient,
  index: string,
  body: estypes.SearchRequest,
): Promise<estypes.SearchHit<T>[]> {
  return (await completeSearchWithAggregations<T>(es, index, body)).hits;
}

export interface SearchHits<T> {
  hits: estypes.SearchHit<T>[];
  aggregations: Record<string, estypes.AggregationsAggregate>;
  /** A point-in-time search's id for the next request (Elasticsearch may change it). */
  pitId?: string;
}

/** completeSearch, plus the aggregations the body asked for (facets). */
export async function completeSearchWithAggregations<T>(
  es: EsClient,
  index: string,
  body: estypes.SearchRequest,
): Promise<SearchHits<T>> {
  const response = await es
    .search<T>({
      // A point-in-time search names its index through the PIT, never in the path.
      ...(body.pit === undefined ? { index } : {}),
      ...body,
      timeout: searchTimeoutOf(es),
      allow_partial_search_results: false,
      // No filter_path: Elasticsearch applies it by re-parsing every hit's _source (~33 µs a hit,
      // measured on the bench corpus), which costs far more than parsing a few unread members here.
    })
    .catch(nodeFailureAsUnavailable(body.pit === undefined));
  const hits = response.hits.hits;
  if (response.timed_out || response._shards.failed > 0) throw new UpstreamUnavailableError(2);
  return {
    hits,
    aggregations: response.aggregations ?? {},
    ...(response.pit_id === undefined ? {} : { pitId: response.pit_id }),
  };
}

/** The deadline of a raw read on a client without a request-path deadline (SEARCH_TIMEOUT's). */
const RAW_READ_DEADLINE_MS = 5000;
/** A raw answer larger than this is refused (the client's own default maxResponseSize is ~512 MB). */
const MAX_RAW_RESPONSE_BYTES = 256 * 1024 * 1024;

/**
 * completeSearchWithAggregations, read as bytes (see raw-response.ts): the hits come back as spans
 * of the response, never parsed. The deadline covers the whole answer, body included (the client's
 * own timeout stops at the headers of a streamed answer). Errors are the client's: an HTTP error
 * status is its ResponseError with the parsed body, a missed deadline its TimeoutError.
 */
export async function completeRawSearch(
  es: EsClient,
  index: string,
  body: estypes.SearchRequest,
): Promise<RawSearchResponse> {
  const response = scanSearchResponse(await rawSearchBytes(es, index, body));
  if (response.timedOut || response.shardsFailed > 0) throw new UpstreamUnavailableError(2);
  return response;
}

/**
 * A search's answer as bytes, read whole within the deadline, retried once on another node when a
 * node failed under it; an error status is the client's ResponseError (or a 503, see nodeLeft).
 * Whether the answer is complete (timed out, failed shards) is the caller's to read.
 */
export async function rawSearchBytes(
  es: EsClient,
  index: string,
  body: estypes.SearchRequest,
): Promise<Buffer> {
  return joined(await rawSearchPieces(es, index, body));
}

/**
 * rawSearchBytes, the answer left in the pieces it was read in (lib/chunked-bytes.ts says why: the
 * export's pages are not concatenated). The pieces are the caller's to rewrite: undici hands out
 * views of each socket read, a buffer of its own that it keeps no reference to, and an answer's
 * reads hold no other answer's bytes (the next request on the connection goes out after this body
 * ended).
 */
export async function rawSearchPieces(
  es: EsClient,
  index: string,
  body: estypes.SearchRequest,
): Promise<Buffer[]> {
  const started = performance.now();
  const deadlineMs = requestDeadlines.get(es) ?? RAW_READ_DEADLINE_MS;
  const left = (): number => Math.max(1, deadlineMs - (performance.now() - started));
  // The transport retries a connection failure and a 502/503/504 once on another node, but not a
  // streamed answer: so here, within the same deadline. Seen on the two-node test cluster: a node
  // leaving between a search's query and fetch phases fails it with 502
  // node_disconnected_exception, one leaving mid-answer cuts the body off; the retry is served
  // whole by the copies that stay.
  const attempt = async (): Promise<RawAttempt | errors.ConnectionError> =>
    rawSearchAttempt(es, index, body, left).catch((error: unknown) => {
      if (error instanceof errors.ConnectionError) return error;
      throw error;
    });
  let bytes = await attempt();
  const pitless = body.pit === undefined;
  if (isRetried(bytes, pitless) && left() > MIN_RETRY_MS) bytes = await attempt();
  if (bytes instanceof errors.ConnectionError) throw bytes;
  if (bytes.statusCode >= 300) {
    const failure = new errors.ResponseError({
      ...bytes.result,
      body: parseErrorBody(joined(bytes.body)),
      warnings: bytes.result.warnings,
    });
    throw isNodeFailure(failure, pitless) ? new UpstreamUnavailableError(2) : failure;
  }
  return bytes.body;
}

/** `pieces` as one Buffer (the piece itself when there is one). */
function joined(pieces: Buffer[]): Buffer {
  return new ChunkedBytes(pieces).concat();
}

/** The statuses the transport retries on another node (its default), applied to streamed reads. */
const RETRIED_STATUSES = new Set([502, 503, 504]);

/**
 * Exceptions of a node leaving the cluster, which Elasticsearch may answer with status 500 (its
 * default for an exception without a status of its own): seen in a loaded full run, a 500 while
 * one node of the two-node test cluster stopped. The search itself was sound: another node answers
 * it, so it is retried like a 502/503/504, and if it still fails it is a 503, not our 500.
 */
const NODE_FAILURES =
  /"type":"(node_closed_exception|node_disconnected_exception|node_not_connected_exception|connect_transport_exception|send_request_transport_exception|transport_exception|no_shard_available_action_exception|node_shutdown_exception)"/;

/**
 * A search context gone between a search's query and fetch phases: a node shutting down releases
 * its contexts first (seen in a loaded full run: `search_context_missing_exception` under
 * `search_phase_execution_exception` while one node of the test cluster stopped, a plain search
 * with no point in time). Inside a point in time the same exception means the point in time
 * expired, which the callers handle (isPitMissing), so only searches without one count it.
 */
const LOST_CONTEXT = /"type":"search_context_missing_exception"/;

/** Whether an error status and body say a node left under the search rather than the request failed. */
function nodeLeft(status: number, text: string, pitless: boolean): boolean {
  if (status >= 500 && NODE_FAILURES.test(text)) return true;
  return pitless && status >= 400 && LOST_CONTEXT.test(text);
}

/** The client's ResponseError of a search a node left under (see nodeLeft). */
function isNodeFailure(error: unknown, pitless: boolean): boolean {
  if (!(error instanceof errors.ResponseError)) return false;
  const text = typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
  return nodeLeft(error.statusCode ?? 0, text, pitless);
}

/** The client's error, or a 503 when a node left under the search (see nodeLeft). */
function nodeFailureAsUnavailable(pitless: boolean): (error: unknown) => never {
  return (error) => {
    throw isNodeFailure(error, pitless) ? new UpstreamUnavailableError(2) : error;
  };
}

function isRetried(attempt: RawAttempt | errors.ConnectionError, pitless: boolean): boolean {
  if (attempt instanceof errors.ConnectionError || RETRIED_STATUSES.has(attempt.statusCode)) return true;
  // An answer (below 400) is never a node leaving: its text is not decoded.
  if (attempt.statusCode < 400) return false;
  return nodeLeft(attempt.statusCode, joined(attempt.body).toString('utf8', 0, 64 * 1024), pitless);
}

/** Below this much time left a retry could not answer in time: the first answer stands. */
const MIN_RETRY_MS = 100;

interface RawAttempt {
  statusCode: number;
  /** The answer in the pieces it was read in. */
  body: Buffer[];
  result: TransportResult<Readable>;
}

/** One request, its answer read whole within `left()` ms (headers and body). */
async function rawSearchAttempt(
  es: EsClient,
  index: string,
  body: estypes.SearchRequest,
  left: () => number,
): Promise<RawAttempt> {
  // The transport directly: es.search would parse the answer. Every member of `body` the API sends
  // (query, sort, search_after, size, _source, stored_fields, aggs, pit, knn) is a member of the
  // search body; allow_partial_search_results is a query-string parameter. No `signal`: the
  // transport's own deadline covers the wait for the headers, and an outside signal there is not
  // honoured at once (measured: 3.7 s on a 2 s deadline).
  const result = await es.transport.request<Readable>(
    {
      method: 'POST',
      path: body.pit === undefined ? `/${encodeURIComponent(index)}/_search` : '/_search',
      querystring: { allow_partial_search_results: false },
      body: { ...body, timeout: searchTimeoutOf(es) },
    },
    { asStream: true, meta: true, requestTimeout: left() },
  );
  return { statusCode: result.statusCode, body: await readAll(result.body, left()), result };
}

/**
 * The whole body within `ms`, in the pieces it was read in (a stalled body is the client's
 * TimeoutError, as a stalled answer is). A body the connection cuts off (the socket's own error:
 * undici's "other side closed" when a node leaves mid-answer) is the client's ConnectionError, as a
 * refused connection is.
 */
async function readAll(stream: Readable, ms: number): Promise<Buffer[]> {
  const timer = setTimeout(() => stream.destroy(new errors.TimeoutError('Request timed out')), ms);
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      if (!Buffer.isBuffer(chunk)) throw new Error('Elasticsearch answered with a non-byte stream');
      length += chunk.length;
      if (length > MAX_RAW_RESPONSE_BYTES)
        throw new errors.RequestAbortedError(`answer larger than ${String(MAX_RAW_RESPONSE_BYTES)} bytes`);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof errors.ElasticsearchClientError || !(error instanceof Error)) throw error;
    throw new errors.ConnectionError(`the answer was cut off: ${error.message}`);
  } finally {
    clearTimeout(timer);
  }
  return chunks;
}

function parseErrorBody(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return bytes.toString('utf8');
  }
}

/** The number of matches seen by a point in time (the count API takes no PIT), under the same rule. */
export async function completePitCount(
  es: EsClient,
  pit: estypes.SearchPointInTimeReference,
  query: estypes.QueryDslQueryContainer,
): Promise<number> {
  const response = await es
    .search({
      pit,
      query,
      size: 0,
      track_total_hits: true,
      timeout: searchTimeoutOf(es),
      allow_partial_search_results: false,
    })
    .catch(nodeFailureAsUnavailable(false));
  const total = response.hits.total;
  if (response.timed_out || response._shards.failed > 0 || total === undefined)
    throw new UpstreamUnavailableError(2);
  return typeof total === 'number' ? total : total.value;
}

/** A count under the same rule: a shard failure is a 503, never a low number. */
export async function completeCount(
  es: EsClient,
  index: string,
  query: estypes.QueryDslQueryContainer,
): Promise<number> {
  // The client's own deadline: the request path's on a requestPathClient.
  const response = await es.count({ index, query }).catch(nodeFailureAsUnavailable(true));
  if (response._shards.failed > 0) throw new UpstreamUnavailableError(2);
  return response.count;
}

/**
 * Releases a point in time now rather than when its keep-alive runs out. Best effort: one that is
 * already gone, or an unreachable cluster, leaves nothing to do (the keep-alive ends it anyway).
 */
export async function closePit(es: EsClient, id: string): Promise<void> {
  await es.closePointInTime({ id }).catch(() => undefined);
}

/** The point in time a request named has expired or was closed. */
export function isPitMissing(error: unknown): boolean {
  return (
    error instanceof errors.ResponseError &&
    error.statusCode === 404 &&
    JSON.stringify(error.body).includes('search_context_missing_exception')
  );
}
