/**
 * The NDJSON lines of an export page with the default columns, cut out of Elasticsearch's answer
 * without parsing a job: each hit's public region (search/public-region.ts) makes a line, `{`, the
 * bytes up to the marker, and `}\n`, moved to the front of the answer's own buffer. Two native
 * `indexOf` calls a hit instead of a JSON scan or parse.
 *
 * Why: parsing each ~1.9 kB row and serializing it again cost the API ~22 µs of CPU a row, and a
 * structural scan in JavaScript cost the same (both measured with bench:export, 2026-11-26); on
 * this machine's two cores that capped an export at about half of what Elasticsearch delivers.
 * In place rather than into a new buffer, and in the pieces the answer was read in rather than
 * concatenated (lib/chunked-bytes.ts): every Buffer allocated is external memory, and V8 runs a full
 * mark-compact for each ~64 MB of it. Those collections were ~45% of the API's CPU in an NDJSON
 * export (with none, 3.7 against 6.8 µs a row), and the concatenation caused half of them. In
 * pieces, bench:export (1M rows, two alternating runs each) measured API 6.7–7.2 → 5.0–5.3 µs a row
 * and peak RSS 308–317 → 289–290 MB, for 0.4 µs a row more in the reading client (smaller writes: a
 * page goes out as its ~64 KB pieces).
 *
 * The answer is recognized only when every hit has both markers in order, `_source` opens with
 * `{"job_key":`, and the count is the one asked for; anything else (documents indexed before the
 * marker, another answer shape) returns `undefined` with the answer untouched, and the caller
 * parses it as before.
 */
import type { ChunkedBytes } from '../lib/chunked-bytes.js';
import { CLOSE_BRACE, COMMA, NEWLINE } from '../lib/json-bytes.js';
import { opensPublicMembers, PUBLIC_END, SOURCE_OPEN } from './public-region.js';

const HITS_OPEN = Buffer.from('"hits":{');

export interface PublicSpans {
  timedOut: boolean;
  shardsFailed: number;
  /** Each hit's `_source` opening brace, in order. */
  opens: number[];
  /** Each hit's end of public members (the comma before PUBLIC_END_MEMBER), in order. */
  ends: number[];
}

/**
 * Where the `hits` hits of `answer` (a search response) have their public members, or undefined
 * when it is not in the recognized shape or does not hold exactly `hits` hits. Reads only.
 *
 * One marker search a hit: from a hit's `_source` to its end marker, then from there to the next
 * `_source`. A hit without the marker would be read together with the next one as one line, and
 * the count would come short: so the count must be exactly `hits` (Elasticsearch returns `size`
 * hits when the point in time holds that many, as the export's walk established).
 */
export function publicSpans(answer: ChunkedBytes, hits: number): PublicSpans | undefined {
  const header = responseHeader(answer);
  if (header === undefined) return undefined;
  const opens: number[] = [];
  const ends: number[] = [];
  let source = answer.indexOf(SOURCE_OPEN, header.hitsAt);
  while (source >= 0) {
    const open = source + SOURCE_OPEN.length - 1;
    if (!opensPublicMembers(answer, open)) return undefined;
    const end = answer.indexOf(PUBLIC_END, open);
    if (end < 0 || opens.length === hits) return undefined;
    opens.push(open);
    ends.push(end);
    source = answer.indexOf(SOURCE_OPEN, end);
  }
  if (opens.length !== hits) return undefined;
  return { timedOut: header.timedOut, shardsFailed: header.shardsFailed, opens, ends };
}

/**
 * The NDJSON lines of `spans`, written over the front of `answer` (each line is shorter than its hit
 * and starts before it, so a write never reaches bytes still to be read), as views of the answer's
 * pieces: the answer is spent.
 */
export function compactLines(answer: ChunkedBytes, spans: PublicSpans): Buffer[] {
  let written = 0;
  spans.opens.forEach((open, i) => {
    const end = spans.ends[i] ?? open;
    // `{` (the one opening `_source`) and the public members, then `}\n`.
    answer.moveToFront(written, open, end);
    written += end - open;
    answer.setByte(written, CLOSE_BRACE);
    answer.setByte(written + 1, NEWLINE);
    written += 2;
  });
  return answer.slice(0, written);
}

/**
 * The members before `hits` (took, timed_out, _shards, pit_id), parsed: Elasticsearch writes them
 * first and they are small. Undefined when the answer does not open that way.
 */
export function responseHeader(
  answer: ChunkedBytes,
): { timedOut: boolean; shardsFailed: number; hitsAt: number } | undefined {
  const hitsAt = answer.indexOf(HITS_OPEN);
  if (hitsAt < 1 || answer.byteAt(hitsAt - 1) !== COMMA) return undefined;
  let members: unknown;
  try {
    members = JSON.parse(`${answer.toString(0, hitsAt - 1)}}`);
  } catch {
    return undefined;
  }
  if (typeof members !== 'object' || members === null) return undefined;
  const timedOut: unknown = Reflect.get(members, 'timed_out');
  const shards: unknown = Reflect.get(members, '_shards');
  const failed: unknown =
    typeof shards === 'object' && shards !== null ? Reflect.get(shards, 'failed') : undefined;
  if (typeof timedOut !== 'boolean' || typeof failed !== 'number') return undefined;
  return { timedOut, shardsFailed: failed, hitsAt: hitsAt + HITS_OPEN.length };
}
