/**
 * Job search, preview and detail over the jobs alias. Every search runs without partial results and
 * with a deadline; a timed-out, partial or failed search is a 503 and consumes nothing
 * (invariant 8). Usage is recorded only after a complete, successful answer.
 */
import type { estypes } from '@elastic/elasticsearch';
import { NotFoundError, NotImplementedError } from '../domain/errors.js';
import { metered, meteredAhead, type Meter } from './allowance.js';
import type { Job } from '../domain/job.js';
import {
  closePit,
  completeRawSearch,
  completeSearch,
  isPitMissing,
  type EsClient,
} from '../search/client.js';
import type { RawHit, RawSearchResponse } from '../search/raw-response.js';
import {
  decodePosition,
  encodeCursor,
  requestHash,
  sortValuesOf,
  type CursorPosition,
  type SortValues,
} from '../search/cursor.js';
import { decodeHit, hitSource } from '../search/document.js';
import { WalkPoints } from '../search/walk-points.js';
import { buildJobSearch, sortOf, type JobFilters, type JobSort } from '../search/job-query.js';
import { jobDetailSearch } from '../search/detail-query.js';
import type { Embedder } from '../embeddings/service.js';
import {
  buildSemanticSearch,
  buildTypedSearch,
  checkComplexity,
  facetBuckets,
  type FacetBucket,
  type TypedFilters,
  type TypedSearch,
  typedSort,
} from '../search/typed-query.js';

export const PREVIEW_MAX = 10;
/** How long a relevance walk's point in time outlives its last page request. */
const WALK_KEEP_ALIVE = '1m';

export interface JobPage {
  jobs: Job[];
  next_cursor?: string;
}

/** Jobs as spans of Elasticsearch's answer (search/raw-response.ts), never parsed. */
export interface RawJobs {
  bytes: Buffer;
  hits: readonly RawHit[];
}

/** A page of a keyword search as bytes: what the REST search writes without re-serializing. */
export interface RawJobPage {
  jobs: RawJobs;
  next_cursor?: string;
}

export interface RawTypedPage extends RawJobPage {
  facets?: Record<string, FacetBucket[]>;
}

/** The jobs of a raw page, decoded (the MCP tools and company pages work on objects). */
export function decodeJobs(page: RawJobPage): JobPage {
  return {
    jobs: page.jobs.hits.map((hit) => decodeHit(page.jobs.bytes, hit)),
    ...(page.next_cursor === undefined ? {} : { next_cursor: page.next_cursor }),
  };
}

export interface SearchRequest {
  filters: JobFilters;
  limit: number;
  cursor?: string;
  include_description: boolean;
  /** Evaluation callers get at most PREVIEW_MAX jobs and no cursor. */
  evaluation: boolean;
  /** The caller's allowance (absent: nothing is charged). */
  meter?: Meter;
}

export interface TypedSearchRequest extends TypedSearch {
  limit: number;
  cursor?: string;
  meter?: Meter;
}

export interface TypedPage extends JobPage {
  facets?: Record<string, FacetBucket[]>;
}

export interface SemanticSearchRequest {
  query: string;
  filters: TypedFilters;
  limit: number;
  include_description: boolean;
  meter?: Meter;
}

export interface JobSearchOptions {
  /** Absent: semantic mode is not available on this deployment (no model configured). */
  embedder?: Embedder;
  /** How long relevance walks starting one after another share a point in time (0: never). */
  pitShareMs?: number;
}

export class JobSearchService {
  private readonly embedder: Embedder | undefined;
  private readonly walkPoints: WalkPoints;

  constructor(
    private readonly es: EsClient,
    private readonly index: string,
    private readonly cursorSecret: string,
    options: JobSearchOptions = {},
  ) {
    this.embedder = options.embedder;
    this.walkPoints = new WalkPoints(
      async () => (await es.openPointInTime({ index, keep_alive: WALK_KEEP_ALIVE })).id,
      options.pitShareMs ?? 0,
    );
  }

  /** Semantic mode: the query embedded off the event loop, then kNN under the filters. */
  async semanticSearch(request: SemanticSearchRequest): Promise<JobPage> {
    if (this.embedder === undefined) {
      throw new NotImplementedError(
        'searchJobsTyped',
        'Semantic mode on this deployment (no embedding model)',
      );
    }
    const [vector] = await this.embedder.embed([request.query]);
    if (vector === undefined) throw new Error('the embedder returned no vector');
    return metered(request.meter, request.limit, async (size) => {
      const hits = await this.run(
        buildSemanticSearch(request.filters, vector, {
          limit: size,
          includeDescription: request.include_description,
        }),
      );
      const jobs = hits.slice(0, size).map(hitSource);
      return { result: { jobs }, delivered: jobs.length };
    });
  }

  /** One page of a search; the cursor must belong to the same filters. */
  async search(request: SearchRequest): Promise<JobPage> {
    return decodeJobs(await this.searchRaw(request));
  }

  /** search, as the bytes of Elasticsearch's answer. */
  async searchRaw(request: SearchRequest): Promise<RawJobPage> {
    const { page } = await this.keywordPage({
      hash: requestHash({ filters: request.filters, include_description: request.include_description }),
      loc: ['query', 'cursor'],
      cursor: request.cursor,
      // Evaluation answers are free, short and never paged.
      limit: request.evaluation ? Math.min(request.limit, PREVIEW_MAX) : request.limit,
      meter: request.evaluation ? undefined : request.meter,
      paged: !request.evaluation,
      sort: sortOf(request.filters),
      body: (size, after) =>
        buildJobSearch(request.filters, {
          limit: size,
          includeDescription: request.include_description,
          ...(after === undefined ? {} : { after }),
        }),
    });
    return page;
  }

  /** Keyword mode of the typed search; the cursor is bound to the whole body except `limit`. */
  async typedSearch(request: TypedSearchRequest): Promise<TypedPage> {
    const page = await this.typedSearchRaw(request);
    return { ...decodeJobs(page), ...(page.facets === undefined ? {} : { facets: page.facets }) };
  }

  /** typedSearch, as the bytes of Elasticsearch's answer. */
  async typedSearchRaw(request: TypedSearchRequest): Promise<RawTypedPage> {
    if (request.query !== undefined) checkComplexity(request.query);
    const { limit, cursor, meter, ...bound } = request;
    const { page, aggregations } = await this.keywordPage({
      hash: requestHash({ typed: bound }),
      loc: ['body', 'cursor'],
      cursor,
      limit,
      meter,
      paged: true,
      sort: typedSort(bound),
      body: (size, after) =>
        buildTypedSearch(bound, { limit: size, ...(after === undefined ? {} : { after }) }),
    });
    if (bound.facets === undefined) return page;
    return { ...page, facets: facetBuckets(bound.facets, aggregations as FacetAggregations) };
  }

  /**
   * The shared keyword page: resume from a cursor bound to `hash`, reserve the allowance (and, in
   * the same statement, count the request's rate limit), fetch the page and one hit more, cut it to
   * the grant, and sign the position after its last job when more follow. An account this process
   * has seen well within its allowance and rate limit fetches beside the reservation (Meter.ahead):
   * the Postgres round trip hides behind Elasticsearch; any other reserves first, so a request over
   * its limit or allowance never reaches Elasticsearch.
   */
  private async keywordPage(page: {
    hash: string;
    loc: (string | number)[];
    cursor: string | undefined;
    limit: number;
    meter: Meter | undefined;
    paged: boolean;
    sort: JobSort;
    body: (size: number, after: SortValues | undefined) => estypes.SearchRequest;
  }): Promise<{ page: RawJobPage; aggregations: RawSearchResponse['aggregations'] }> {
    const position =
      page.cursor === undefined
        ? undefined
        : decodePosition(page.cursor, page.hash, this.cursorSecret, page.loc);
    // Only a relevance walk needs its own point in time (see walkPage).
    const pinned = page.paged && page.sort === 'relevance';
    return meteredAhead(
      page.meter,
      page.limit,
      (size) => this.walkPage((after) => page.body(size, after), pinned, position),
      ({ bytes, hits, aggregations, pitId }, size) => {
        const shown = hits.slice(0, size);
        const last = sortValuesOf(shown[shown.length - 1]);
        const more = hits.length > size && page.paged && last !== undefined;
        // The walk is over: release its point in time unless other walks share it; nobody waits.
        if (!more && pitId !== undefined && this.walkPoints.releasable) void closePit(this.es, pitId);
        return {
          result: {
            page: {
              jobs: { bytes, hits: shown },
              ...(more ? { next_cursor: encodeCursor(last, page.hash, this.cursorSecret, pitId) } : {}),
            },
            aggregations,
          },
          delivered: shown.length,
        };
      },
    );
  }

  /**
   * A page of a keyword search. Relevance scores follow the index statistics, which every write and
   * every segment merge moves, so a relevance walk on the live index repeats and skips jobs across
   * pages. It reads one point in time instead: taken by its first page (shared with the walks that
   * start about the same time, see WalkPoints), named by its cursors, and released by its last page
   * when not shared; a shared one expires WALK_KEEP_ALIVE after its last request. A cursor whose
   * point in time has expired goes on over the live index. Newest-first order needs none:
   * first_seen never changes, so the position holds whatever is written.
   */
  private async walkPage(
    build: (after: SortValues | undefined) => estypes.SearchRequest,
    pinned: boolean,
    position: CursorPosition | undefined,
  ): Promise<RawSearchResponse> {
    const body = build(position?.after);
    if (!pinned || (position !== undefined && position.pit === undefined))
      return completeRawSearch(this.es, this.index, body);
    if (position?.pit === undefined) return this.firstWalkPage(body);
    try {
      return await this.inPit(body, position.pit);
    } catch (error) {
      if (!isPitMissing(error)) throw error;
      // A point-in-time hit carries one sort value more (the implicit _shard_doc tiebreaker); the
      // live index takes the declared sort's values only.
      const declared = Array.isArray(body.sort) ? body.sort.length : 1;
      return completeRawSearch(this.es, this.index, build(position.after.slice(0, declared)));
    }
  }

  /** The first page of a relevance walk, in a fresh or shared point in time. */
  private async firstWalkPage(body: estypes.SearchRequest): Promise<RawSearchResponse> {
    const id = await this.walkPoints.open();
    try {
      return await this.inPit(body, id);
    } catch (error) {
      if (this.walkPoints.releasable) void closePit(this.es, id);
      if (!isPitMissing(error)) throw error;
      // The shared one expired or was released elsewhere: once more, in a new one.
      this.walkPoints.forget(id);
      return this.inPit(body, await this.walkPoints.open());
    }
  }

  private inPit(body: estypes.SearchRequest, id: string): Promise<RawSearchResponse> {
    return completeRawSearch(this.es, this.index, {
      ...body,
      pit: { id, keep_alive: WALK_KEEP_ALIVE },
    });
  }

  /** The keyless sample: open jobs only, newest first, never descriptions, never paged. */
  async preview(filters: JobFilters, limit: number): Promise<Job[]> {
    const size = Math.min(limit, PREVIEW_MAX);
    const hits = await this.run(
      buildJobSearch({ ...filters, status: 'open' }, { limit: size, includeDescription: false }),
    );
    return hits.slice(0, size).map(hitSource);
  }

  /** One job with its description; jobs of unresolved companies only when asked for. */
  async get(jobKey: string, includeUnresolved: boolean, meter?: Meter): Promise<Job> {
    return metered(meter, 1, async () => {
      const job = await this.find(jobKey, includeUnresolved);
      return { result: job, delivered: 1 };
    });
  }

  private async find(jobKey: string, includeUnresolved: boolean): Promise<Job> {
    const hits = await this.run(jobDetailSearch(jobKey, includeUnresolved));
    const hit = hits[0];
    if (hit === undefined) throw new NotFoundError(`No job ${jobKey}`);
    return hitSource(hit);
  }

  private run(body: estypes.SearchRequest): Promise<estypes.SearchHit<Job>[]> {
    return completeSearch<Job>(this.es, this.index, body);
  }
}

type FacetAggregations = Parameters<typeof facetBuckets>[1];
