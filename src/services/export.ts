/**
 * Bulk export: the jobs matching the filters, read from one Elasticsearch point in time in storage
 * order (`_shard_doc`), in parts of PART_ROWS rows for CSV and NDJSON and as one Parquet artifact.
 *
 * Why storage order: it reads stored documents block by block. Any field order (first_seen, say)
 * visits them scattered across the segment, decompressing a block per row, and sorts the whole
 * match set again on every page — 4–5× slower at 1M jobs. Why a point in time: every part of one
 * export sees the same instant, so the union of the parts is exactly one consistent result even
 * while ingest writes. Part 1 opens it; each part's `Link: rel="next"` carries a signed export
 * cursor (the point in time, the next part's first position, the total), so part N+1 starts
 * without re-reading parts 1..N.
 *
 * A part is charged as a whole before it streams; rows not delivered (a dropped connection) are
 * refunded.
 */
import type { estypes } from '@elastic/elasticsearch';
import { GoneError, NotFoundError, UpstreamUnavailableError } from '../domain/errors.js';
import type { Meter } from './allowance.js';
import { inOrder } from '../lib/ordered.js';
import {
  closePit,
  completePitCount,
  completeSearch,
  isPitMissing,
  rawSearchPieces,
  type EsClient,
} from '../search/client.js';
import {
  cursorMismatch,
  isSortValues,
  openToken,
  requestHash,
  sealToken,
  sortValuesOf,
  type SortValues,
} from '../search/cursor.js';
import { hitSource, type HitFetch } from '../search/document.js';
import { jobFetch } from '../search/job-query.js';
import { exportPageRequest, exportQuery, type ExportFilters } from '../search/export-query.js';
import { DEFAULT_EXPORT_COLUMNS, type ExportColumn, type ExportRow } from '../export/columns.js';
import { csvFromJsonLines } from '../export/csv-lines.js';
import { csvHeader, encode, MEDIA_TYPES, ndjsonLines, type ExportFormat } from '../export/encoders.js';
import { compactLines, publicSpans } from '../search/source-lines.js';
import { sortStarts, sortValuesAt } from '../search/sort-walk.js';
import { ChunkedBytes } from '../lib/chunked-bytes.js';
import { parsedHits, parsedRows } from '../export/answer-rows.js';
import {
  parquetFromLines,
  rowsAsLines,
  type LinePage,
  type ParquetEngine,
} from '../export/parquet-duckdb.js';

export const PART_ROWS = 50_000;
/** Rows per Elasticsearch page while streaming. */
const FETCH_PAGE = 2_000;
/** Sort values per request while walking to a position (no _source: cheap). */
const WALK_PAGE = 10_000;
/** Sort values alone need no stored field at all (not even _id): a walk reads 5–7× faster. */
const SORT_VALUES_ONLY: HitFetch = { _source: false, stored_fields: ['_none_'] };
/**
 * Pages asked of Elasticsearch at once (lib/ordered.ts) for NDJSON lines copied from the answer:
 * the page being written to the client is one of them, so three keep two reading while the third
 * is written. Measured with bench:export (NDJSON, 200k rows): 36k rows/s at two, 42k at three;
 * Elasticsearch alone delivers the same at two and three (61k), its two cores already busy.
 */
export const FETCH_CONCURRENCY = 3;
/**
 * The same for rows parsed into objects (CSV and NDJSON with chosen columns, Parquet with
 * descriptions): two, since a third page of objects raised the API's peak RSS from ~410 to ~700 MB
 * in a CSV export and gained nothing (the encoders, not the reads, bound those formats).
 */
const PARSED_FETCH_CONCURRENCY = 2;
/** How long the point in time outlives the last request of its export. */
const PIT_KEEP_ALIVE_MINUTES = 15;
const KEEP_ALIVE = `${String(PIT_KEEP_ALIVE_MINUTES)}m`;

export interface ExportRequest {
  filters: ExportFilters;
  format: ExportFormat;
  part: number;
  /** Absent: DEFAULT_EXPORT_COLUMNS. */
  columns?: readonly ExportColumn[];
  /** The export cursor of the previous part's `Link: rel="next"`. */
  cursor?: string;
  meter?: Meter;
}

export interface ExportPart {
  part: number;
  part_count: number;
  /** Rows in this part (the whole result for Parquet). */
  rows: number;
  /** The cursor of part + 1 (absent on the last part). */
  next_cursor?: string;
  /** The format's media type (Content-Type). */
  mediaType: string;
  body: AsyncGenerator<Buffer>;
  /**
   * Settles the part's charge with the rows delivered so far (once; later calls do nothing). The
   * body settles itself when it ends; the HTTP layer also calls this when the connection closes,
   * because a stream torn down before it started never runs the body's own clean-up.
   */
  finish(): Promise<void>;
}

/** What an export cursor carries: the point in time, where part `part` starts, and the total. */
interface ExportCursor {
  v: 1;
  k: 'export';
  pit: string;
  /** Sort values of the last row of the previous part. */
  after: SortValues;
  total: number;
  /** Hash of the normalized filters, format family and part number the cursor is for. */
  f: string;
}

function isExportCursor(value: unknown): value is ExportCursor {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return (
    body.v === 1 &&
    body.k === 'export' &&
    typeof body.pit === 'string' &&
    typeof body.total === 'number' &&
    typeof body.f === 'string' &&
    isSortValues(body.after)
  );
}

/** Binds a cursor to the rows it positions in: filters and part (the format does not change rows). */
function exportCursorHash(filters: ExportFilters, part: number): string {
  return requestHash({ filters, part });
}

const CURSOR_LOC = ['query', 'cursor'];

/** A page to read: `size` rows after `after`, the last of them at `end`. */
export interface PageSpan {
  after: SortValues | undefined;
  size: number;
  end: SortValues;
}

export class ExportService {
  constructor(
    private readonly es: EsClient,
    private readonly index: string,
    private readonly cursorSecret: string,
    /** DuckDB, the process's Parquet encoder (export/parquet-duckdb.ts). */
    private readonly parquet: ParquetEngine,
    /** The contract's part size and ES page size; tests pass small ones to exercise many parts and pages. */
    private readonly sizes = { partRows: PART_ROWS, pageRows: FETCH_PAGE },
  ) {}

  async open(request: ExportRequest): Promise<ExportPart> {
    const query = exportQuery(request.filters);
    const resumed = this.resume(request);
    const pitId =
      resumed?.pit ?? (await this.es.openPointInTime({ index: this.index, keep_alive: KEEP_ALIVE })).id;
    const pit = { id: pitId, keep_alive: KEEP_ALIVE };
    try {
      return await this.openIn(pit, query, request, resumed);
    } catch (error) {
      // A point in time this request opened and nobody will use again; a resumed one lives on.
      if (resumed === undefined) await closePit(this.es, pitId);
      throw expiredAsGone(error);
    }
  }

  private async openIn(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    request: ExportRequest,
    resumed: ExportCursor | undefined,
  ): Promise<ExportPart> {
    const total = resumed?.total ?? (await completePitCount(this.es, pit, query));
    const parquet = request.format === 'parquet';
    const part_count = parquet ? 1 : Math.max(1, Math.ceil(total / this.sizes.partRows));
    const columns = request.columns ?? DEFAULT_EXPORT_COLUMNS;
    if (request.part > part_count) {
      throw new NotFoundError(`This export has ${part_count} part(s); part ${request.part} does not exist`);
    }
    const offset = (request.part - 1) * this.sizes.partRows;
    const rows = parquet ? total : Math.min(this.sizes.partRows, total - offset);
    // Without a cursor, a later part walks sort values to its start; nothing is charged meanwhile.
    const start = resumed !== undefined ? resumed.after : await this.walkTo(pit, query, offset);
    // A part's page ends are walked before the headers go out: the last one is the next cursor.
    // Parquet (one artifact, perhaps the whole corpus) walks as it streams.
    const spans = parquet ? undefined : await collect(this.pageSpans(pit, query, start, rows));
    const nextAfter = request.part < part_count ? spans?.at(-1)?.end : undefined;
    if (rows > 0 && request.meter !== undefined) await request.meter.reserve(rows, { whole: true });
    const delivered = { rows: 0 };
    let settled = false;
    const finish = async (): Promise<void> => {
      if (settled) return;
      settled = true;
      // Paid before streaming; rows that never left (a dropped client, an ES failure) are refunded.
      await request.meter?.settle(delivered.rows);
      // The last part delivered in full ends the export: its point in time is released now rather
      // than when the keep-alive runs out.
      if (request.part === part_count && delivered.rows === rows) await closePit(this.es, pit.id);
    };
    const spanned = spans ?? this.pageSpans(pit, query, start, rows);
    const deliver = <T>(read: (span: PageSpan) => Promise<Delivery<T>>, concurrency: number) =>
      this.deliver(spanned, read, concurrency, delivered, finish);
    const format = request.format;
    const body =
      format === 'parquet'
        ? parquetFromLines(
            this.parquet,
            columns,
            deliver(
              (span) => this.parquetLines(pit, query, columns, span),
              columns.includes('description_text') ? PARSED_FETCH_CONCURRENCY : FETCH_CONCURRENCY,
            ),
          )
        : isDefaultColumns(columns)
          ? withHeader(
              format === 'csv' ? [csvHeader(columns)] : [],
              deliver((span) => this.lines(pit, query, span, format), FETCH_CONCURRENCY),
            )
          : encode(
              format,
              columns,
              deliver((span) => this.rows(pit, query, columns, span), PARSED_FETCH_CONCURRENCY),
            );
    return {
      part: request.part,
      part_count,
      rows,
      ...(nextAfter === undefined
        ? {}
        : {
            next_cursor: sealToken(
              {
                v: 1,
                k: 'export',
                pit: pit.id,
                after: nextAfter,
                total,
                f: exportCursorHash(request.filters, request.part + 1),
              } satisfies ExportCursor,
              this.cursorSecret,
            ),
          }),
      mediaType: MEDIA_TYPES[request.format],
      body,
      finish,
    };
  }

  /**
   * The cursor's point in time and position (none without a cursor); 422 when it was issued for
   * other filters or another part.
   */
  private resume(request: ExportRequest): ExportCursor | undefined {
    if (request.cursor === undefined) return undefined;
    const cursor = openToken(request.cursor, this.cursorSecret, isExportCursor, CURSOR_LOC);
    if (cursor.f !== exportCursorHash(request.filters, request.part))
      throw cursorMismatch(request.cursor, CURSOR_LOC);
    return cursor;
  }

  /** The sort values of the row just before `offset` (undefined for offset 0). */
  private async walkTo(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    offset: number,
  ): Promise<SortValues | undefined> {
    let after: SortValues | undefined;
    for await (const mark of this.walk(pit, query, undefined, offset, offset)) after = mark.sort;
    return after;
  }

  /**
   * The sort values of every `every`-th of the `rows` rows after `after` and of the last of them,
   * with the row's place (1-based) among them, a walk page at a time.
   */
  private async *walk(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    after: SortValues | undefined,
    rows: number,
    every: number,
  ): AsyncGenerator<{ seen: number; sort: SortValues }> {
    let seen = 0;
    let position = after;
    while (seen < rows) {
      const size = Math.min(WALK_PAGE, rows - seen);
      const sortAt = await this.walkPage(pit, query, position, size);
      const first = every - (seen % every);
      for (let place = first; place <= size; place += every)
        yield { seen: seen + place, sort: sortAt(place - 1) };
      const last = sortAt(size - 1);
      seen += size;
      if (seen === rows && seen % every !== 0) yield { seen, sort: last };
      position = last;
    }
  }

  /**
   * One walk page: `size` rows after `after`, their sort values read where asked
   * (search/sort-walk.ts); an answer not in the shape it reads is parsed whole.
   */
  private async walkPage(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    after: SortValues | undefined,
    size: number,
  ): Promise<(row: number) => SortValues> {
    const request = exportPageRequest(pit, query, after, size, SORT_VALUES_ONLY);
    const answer = new ChunkedBytes(await rawSearchPieces(this.es, this.index, request));
    const found = sortStarts(answer, size);
    let sortAt: (row: number) => SortValues | undefined;
    if (found === undefined) {
      const hits = parsedHits(answer.concat(), size);
      sortAt = (row) => sortValuesOf(hits[row]);
    } else {
      if (found.timedOut || found.shardsFailed > 0) throw new UpstreamUnavailableError(2);
      sortAt = (row) => {
        const start = found.starts[row];
        return start === undefined ? undefined : sortValuesAt(answer, start);
      };
    }
    return (row) => {
      const sort = sortAt(row);
      if (sort === undefined) throw new Error('A sorted point-in-time hit came back without sort values');
      return sort;
    };
  }

  /**
   * The export's pages from `start`: each one's position and size, from a walk over sort values
   * (public for bench:export, which reads the same pages without parsing them).
   */
  async *pageSpans(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    start: SortValues | undefined,
    rows: number,
  ): AsyncGenerator<PageSpan> {
    const pageRows = this.sizes.pageRows;
    let after = start;
    let ended = 0;
    for await (const { seen, sort } of this.walk(pit, query, start, rows, pageRows)) {
      yield { after, size: seen - ended, end: sort };
      [after, ended] = [sort, seen];
    }
  }

  /**
   * What `read` makes of every span, in order, `concurrency` pages in flight; the rows delivered
   * are settled at the end.
   */
  private async *deliver<T>(
    spans: Iterable<PageSpan> | AsyncIterable<PageSpan>,
    read: (span: PageSpan) => Promise<Delivery<T>>,
    concurrency: number,
    delivered: { rows: number },
    finish: () => Promise<void>,
  ): AsyncGenerator<T> {
    async function* reads(): AsyncGenerator<() => Promise<Delivery<T>>> {
      for await (const span of spans) yield () => read(span);
    }
    try {
      for await (const page of inOrder(reads(), concurrency)) {
        yield page.value;
        // Counted once the consumer asked for more, i.e. after this page was encoded and handed on.
        delivered.rows += page.rows;
      }
    } finally {
      await finish();
    }
  }

  /** One span's rows, parsed: CSV and NDJSON with chosen columns. */
  private async rows(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    columns: readonly ExportColumn[],
    span: PageSpan,
  ): Promise<Delivery<ExportRow[]>> {
    const hits = await this.page(
      pit,
      query,
      span.after,
      span.size,
      jobFetch(columns.includes('description_text')),
    );
    if (hits.length < span.size) throw new UpstreamUnavailableError(2);
    return { value: hits.map(hitSource), rows: hits.length };
  }

  /**
   * One span's rows as NDJSON lines for DuckDB (export/parquet-duckdb.ts): the lines the NDJSON export
   * sends (every public member; DuckDB reads the chosen columns of them), or, with descriptions (they
   * lie outside `_source`), the parsed rows' chosen columns serialized.
   */
  private async parquetLines(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    columns: readonly ExportColumn[],
    span: PageSpan,
  ): Promise<Delivery<LinePage>> {
    if (!columns.includes('description_text')) {
      const { value, rows } = await this.lines(pit, query, span, 'ndjson');
      return { value: { lines: value, rows }, rows };
    }
    const { value, rows } = await this.rows(pit, query, columns, span);
    return { value: rowsAsLines(value, columns), rows };
  }

  /**
   * One span's rows with the default columns as NDJSON lines copied from the answer's bytes
   * (search/source-lines.ts), or as CSV records written from those lines (export/csv-lines.ts); an
   * answer not in that shape (documents indexed before the public members' end marker) is parsed and
   * serialized into lines first. The lines are views of the answer's pieces as it was read: it is
   * never concatenated (lib/chunked-bytes.ts says why).
   */
  private async lines(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    span: PageSpan,
    format: 'ndjson' | 'csv',
  ): Promise<Delivery<Buffer[]>> {
    const request = exportPageRequest(pit, query, span.after, span.size, jobFetch(false));
    const answer = new ChunkedBytes(await rawSearchPieces(this.es, this.index, request));
    const spans = publicSpans(answer, span.size);
    let lines: Buffer[];
    if (spans === undefined) {
      lines = [Buffer.from(ndjsonLines(parsedRows(answer.concat(), span.size), DEFAULT_EXPORT_COLUMNS))];
    } else {
      if (spans.timedOut || spans.shardsFailed > 0) throw new UpstreamUnavailableError(2);
      lines = compactLines(answer, spans);
    }
    // CSV from the lines into pieces of its own: writing it over the answer too measured the same
    // (API 19.7–23.3 against 20.4–20.9 µs a row, three alternating runs each of bench:export).
    return {
      value: format === 'ndjson' ? lines : csvFromJsonLines(lines, DEFAULT_EXPORT_COLUMNS),
      rows: span.size,
    };
  }

  /** One page in export order after `after`, carrying what `fetch` asks for. */
  private page(
    pit: estypes.SearchPointInTimeReference,
    query: estypes.QueryDslQueryContainer,
    after: SortValues | undefined,
    size: number,
    fetch: HitFetch,
  ): Promise<estypes.SearchHit<ExportRow>[]> {
    return completeSearch<ExportRow>(this.es, this.index, exportPageRequest(pit, query, after, size, fetch));
  }
}

/** What one page became, and how many rows it holds. */
interface Delivery<T> {
  value: T;
  rows: number;
}

/**
 * The default columns, in their order: NDJSON and CSV rows are then the indexed public members,
 * copied (NDJSON) or written from the copy (CSV).
 */
function isDefaultColumns(columns: readonly ExportColumn[]): boolean {
  return (
    columns.length === DEFAULT_EXPORT_COLUMNS.length &&
    columns.every((column, i) => column === DEFAULT_EXPORT_COLUMNS[i])
  );
}

/** `first`, then every page's pieces. */
async function* withHeader(first: Buffer[], pages: AsyncIterable<Buffer[]>): AsyncGenerator<Buffer> {
  yield* first;
  for await (const pieces of pages) yield* pieces;
}

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** A point in time that expired (or was released after the last part) is a 410, not a 503. */
function expiredAsGone(error: unknown): unknown {
  if (isPitMissing(error)) {
    return new GoneError(
      'export_cursor_expired',
      `This export's point in time has ended (${String(PIT_KEEP_ALIVE_MINUTES)} minutes after its last request, or once its last part was delivered); start again at part 1 without a cursor`,
    );
  }
  return error;
}
