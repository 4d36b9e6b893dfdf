/**
 * The public region of an indexed job: `_source` opens with the public members in contract order
 * and closes them with `PUBLIC_END_MEMBER` (search/document.ts), so `{` up to the marker is the job
 * as the API shows it (the stored description excepted: it is not in `_source`). Readers find the
 * region with native searches instead of a JSON scan: the search answer's scanner
 * (raw-response.ts) and the export's NDJSON lines (source-lines.ts).
 *
 * Why the markers are exact: inside a JSON string every `"` is escaped, so `"_source":{` and
 * `,"public_members_end":true` (each a quote after a plain character) can only be structure, and no
 * object of ours has members of those names below the hit's top level. A document indexed before
 * the marker lacks it (its region is read member by member until `npm run reindex`); the search
 * for its marker would find a later hit's, which lies past that hit's `"_source":{`.
 */
import { PUBLIC_END_MEMBER } from '../domain/public-job.js';
import { ChunkedBytes } from '../lib/chunked-bytes.js';

export const SOURCE_OPEN = Buffer.from('"_source":{');
const FIRST_MEMBER = Buffer.from('"job_key":');
export const PUBLIC_END = Buffer.from(`,"${PUBLIC_END_MEMBER}":true`);

/** `open` is a `_source`'s `{`: whether the public members start right after it. */
export function opensPublicMembers(bytes: Buffer | ChunkedBytes, open: number): boolean {
  const from = open + 1;
  if (bytes instanceof ChunkedBytes) return bytes.startsWith(FIRST_MEMBER, from);
  return bytes.compare(FIRST_MEMBER, 0, FIRST_MEMBER.length, from, from + FIRST_MEMBER.length) === 0;
}

/**
 * Where the public members of the `_source` opening at `open` end (the comma before the marker), or
 * undefined when it has no public region of its own.
 */
export function publicMembersEnd(bytes: Buffer, open: number): number | undefined {
  if (!opensPublicMembers(bytes, open)) return undefined;
  const end = bytes.indexOf(PUBLIC_END, open);
  if (end < 0) return undefined;
  // The marker is this `_source`'s when the last `"_source":{` before it is this one (searched back
  // over the region only, not on to the next hit).
  const ownOpen = open + 1 - SOURCE_OPEN.length;
  return bytes.lastIndexOf(SOURCE_OPEN, end) === ownOpen ? end : undefined;
}
