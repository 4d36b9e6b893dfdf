/**
 * The sort values an export's walk needs, read out of Elasticsearch's answer to a walk page (hits
 * without `_source` or fields: `{"_index":…,"_score":null,"sort":[…]}`) without parsing it: one
 * native `indexOf` a hit finds where each hit's sort values open, and only the values asked for are
 * parsed.
 *
 * Why: the walk reads every row of an export once (10,000 a page) but needs the sort values of one
 * row in 2,000 (an export page's end) and of each walk page's last row. Parsing the whole answer
 * allocated ~440 bytes of JavaScript heap a row — 440 of the 1,145 MB a 1M-row Parquet export
 * allocated (the inspector's sampling heap profiler, objects collected by GC included) — and a
 * walk page lives across awaits, so its hits were promoted and piled up in the old generation
 * until a full collection (185 MB promoted in that export).
 *
 * An answer not in this shape (another header, a hit count other than the one asked for) gives
 * `undefined` and the caller parses it as before. `"sort":[` cannot lie inside a JSON string of the
 * answer: a quote inside a string is escaped, so those bytes never follow `sort` there.
 */
import type { ChunkedBytes } from '../lib/chunked-bytes.js';
import { BACKSLASH, CLOSE_BRACKET, QUOTE } from '../lib/json-bytes.js';
import { isSortValues, type SortValues } from './cursor.js';
import { responseHeader } from './source-lines.js';

const SORT_OPEN = Buffer.from('"sort":[');

export interface SortStarts {
  timedOut: boolean;
  shardsFailed: number;
  /** Each hit's opening bracket of its sort values, in order. */
  starts: number[];
}

/** Where each of the `hits` hits of `answer` opens its sort values; undefined in another shape. Reads only. */
export function sortStarts(answer: ChunkedBytes, hits: number): SortStarts | undefined {
  const header = responseHeader(answer);
  if (header === undefined) return undefined;
  const starts: number[] = [];
  let at = answer.indexOf(SORT_OPEN, header.hitsAt);
  while (at >= 0) {
    if (starts.length === hits) return undefined;
    starts.push(at + SORT_OPEN.length - 1);
    at = answer.indexOf(SORT_OPEN, at + SORT_OPEN.length);
  }
  if (starts.length !== hits) return undefined;
  return { timedOut: header.timedOut, shardsFailed: header.shardsFailed, starts };
}

/**
 * The sort values whose opening bracket is at `start` (from sortStarts), parsed; undefined when the
 * array does not close or holds anything but strings, numbers and nulls.
 */
export function sortValuesAt(answer: ChunkedBytes, start: number): SortValues | undefined {
  let inString = false;
  for (let at = start + 1; at < answer.length; at += 1) {
    const byte = answer.byteAt(at);
    if (inString) {
      if (byte === BACKSLASH) at += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === CLOSE_BRACKET) return parsedSortValues(answer.toString(start, at + 1));
  }
  return undefined;
}

function parsedSortValues(text: string): SortValues | undefined {
  let values: unknown;
  try {
    values = JSON.parse(text);
  } catch {
    return undefined;
  }
  return isSortValues(values) ? values : undefined;
}
