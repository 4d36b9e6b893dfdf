/**
 * Bulk export: the jobs matching the filters, ordered by first_seen then job_key (new jobs land in
 * the last part), in parts of PART_ROWS rows for CSV and NDJSON and as one Parquet artifact. A part
 * is charged as a whole before it streams; rows not delivered (a dropped connection) are refunded.
 */
import type { estypes } from '@elastic/elasticsearch';
import { NotFoundError } from '../domain/errors.js';
import type { Meter } from '../limits/allowance.js';
import { completeCount, completeSearch, type EsClient } from '../search/client.js';
import { sortValuesOf, type SortValues } from '../search/cursor.js';
import { filterBool, type JobFilters } from '../search/job-query.js';
import type { ExportColumn, ExportRow } from './columns.js';
import { encode, type ExportFormat } from './encoders.js';

export const PART_ROWS = 50_000;
/** Sort values per page while seeking a part's first row (no _source: cheap). */
const SEEK_PAGE = 10_000;
/** Rows per Elasticsearch page while streaming. */
const FETCH_PAGE = 2_000;

export type ExportFilters = Pick<
  JobFilters,
  'country' | 'source' | 'status' | 'posted_since' | 'exclude_duplicates'
>;

export interface ExportRequest {
  filters: ExportFilters;
  format: ExportFormat;
  part: number;
  columns: readonly ExportColumn[];
  meter?: Meter;
}

export interface ExportPart {
  part: number;
  partCount: number;
  /** Rows in this part (the whole result for Parquet). */
  rows: number;
  body: AsyncGenerator<Buffer>;
  /**
   * Settles the part's charge with the rows delivered so far (once; later calls do nothing). The
   * body settles itself when it ends; the HTTP layer also calls this when the connection closes,
   * because a stream torn down before it started never runs the body's own clean-up.
   */
  finish(): Promise<void>;
}

/** The export's order: oldest first, job_key to break ties (a total order, so parts never overlap). */
export const EXPORT_SORT: estypes.Sort = [{ first_seen: { order: 'asc' } }, { job_key: { order: 'asc' } }];

/** The query of an export (pure, golden-tested). */
export function exportQuery(filters: ExportFilters): estypes.QueryDslQueryContainer {
  return filterBool(filters);
}

export class ExportService {
  constructor(
    private readonly es: EsClient,
    private readonly index: string,
    /** The contract's part size and ES page size; tests pass small ones to exercise many parts and pages. */
    private readonly sizes = { partRows: PART_ROWS, pageRows: FETCH_PAGE },
  ) {}

  async open(request: ExportRequest): Promise<ExportPart> {
    const query = exportQuery(request.filters);
    const total = await completeCount(this.es, this.index, query);
    const partCount = request.format === 'parquet' ? 1 : Math.max(1, Math.ceil(total / this.sizes.partRows));
    if (request.part > partCount) {
      throw new NotFoundError(`This export has ${partCount} part(s); part ${request.part} does not exist`);
    }
    const offset = (request.part - 1) * this.sizes.partRows;
    const rows = request.format === 'parquet' ? total : Math.min(this.sizes.partRows, total - offset);
    // Seek first: a late part may page through many sort values, and nothing is charged meanwhile.
    const after = offset > 0 ? await this.seek(query, offset) : undefined;
    if (rows > 0 && request.meter !== undefined) await request.meter.reserve(rows, { whole: true });
    const delivered = { rows: 0 };
    let settled = false;
    const finish = async (): Promise<void> => {
      if (settled) return;
      settled = true;
      // Paid before streaming; rows that never left (a dropped client, an ES failure) are refunded.
      await request.meter?.settle(delivered.rows);
    };
    const batches = this.batches(query, request.columns, rows, after, delivered, finish);
    return {
      part: request.part,
      partCount,
      rows,
      body: encode(request.format, request.columns, batches),
      finish,
    };
  }

  /** The sort values of the row just before `offset`, paging over sort values only. */
  private async seek(query: estypes.QueryDslQueryContainer, offset: number): Promise<SortValues | undefined> {
    let after: SortValues | undefined;
    let left = offset;
    while (left > 0) {
      const size = Math.min(SEEK_PAGE, left);
      const hits = await this.exportPage(query, after, size, false);
      const last = sortValuesOf(hits.at(-1));
      if (last === undefined) return after;
      after = last;
      left -= hits.length;
      if (hits.length < size) return after;
    }
    return after;
  }

  /**
   * Up to `rows` rows after `start`, page by page; what was delivered is settled at the end. The
   * next page is requested as soon as the current one arrives (its last sort values are all the
   * request needs), so Elasticsearch works while the current page is encoded and written.
   */
  private async *batches(
    query: estypes.QueryDslQueryContainer,
    columns: readonly ExportColumn[],
    rows: number,
    start: SortValues | undefined,
    delivered: { rows: number },
    finish: () => Promise<void>,
  ): AsyncGenerator<ExportRow[]> {
    const page = (after: SortValues | undefined, size: number) =>
      this.exportPage(query, after, size, { includes: [...columns] });
    let requested = Math.min(this.sizes.pageRows, rows);
    let pending: ReturnType<typeof page> | undefined = rows > 0 ? page(start, requested) : undefined;
    try {
      while (pending !== undefined) {
        const hits = await pending;
        const size = requested;
        const after = sortValuesOf(hits.at(-1));
        const left = rows - delivered.rows - hits.length;
        requested = Math.min(this.sizes.pageRows, left);
        pending =
          hits.length === size && left > 0 && after !== undefined ? page(after, requested) : undefined;
        const batch = hits.map((hit) => hit._source ?? {});
        yield batch;
        // Counted once the consumer asked for more, i.e. after this batch was encoded and handed on.
        delivered.rows += batch.length;
      }
    } finally {
      // A prefetched page nobody will read must not surface as an unhandled rejection.
      pending?.catch(() => undefined);
      await finish();
    }
  }

  /** One page in export order after `after`; `source: false` reads sort values only. */
  private exportPage(
    query: estypes.QueryDslQueryContainer,
    after: SortValues | undefined,
    size: number,
    source: estypes.SearchSourceConfig,
  ): Promise<estypes.SearchHit<ExportRow>[]> {
    return completeSearch<ExportRow>(this.es, this.index, {
      size,
      query,
      sort: EXPORT_SORT,
      _source: source,
      track_total_hits: false,
      ...(after === undefined ? {} : { search_after: after }),
    });
  }
}
