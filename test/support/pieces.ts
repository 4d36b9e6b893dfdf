/**
 * Bytes cut into pieces the way a socket's reads may cut them: for tests of code that reads an
 * answer in the pieces it arrived in (lib/chunked-bytes.ts).
 */
import { seededRandom } from './random.js';

/** A copy of `bytes` cut before each of `cuts` (ascending; repeats make empty pieces). */
export function cutAt(bytes: Buffer, cuts: readonly number[]): Buffer[] {
  const copy = Buffer.from(bytes);
  const pieces: Buffer[] = [];
  let start = 0;
  for (const cut of cuts) {
    pieces.push(copy.subarray(start, cut));
    start = cut;
  }
  pieces.push(copy.subarray(start));
  return pieces;
}

/**
 * Ways to cut `bytes`, each a fresh copy: whole, one byte a piece (inputs up to 4 KiB), and
 * `random` seeded random cuttings of pieces from 0 (empty) to ~64 bytes, or to ~2 KiB.
 */
export function cuttings(bytes: Buffer, random = 6): Buffer[][] {
  const ways: Buffer[][] = [cutAt(bytes, [])];
  if (bytes.length <= 4096)
    ways.push(
      cutAt(
        bytes,
        Array.from({ length: bytes.length }, (_, i) => i),
      ),
    );
  for (let seed = 1; seed <= random; seed += 1) {
    const next = seededRandom(seed);
    const longest = seed % 2 === 0 ? 64 : 2048;
    const cuts: number[] = [];
    for (let at = Math.floor(next() * longest); at < bytes.length; at += Math.floor(next() * longest))
      cuts.push(at);
    ways.push(cutAt(bytes, cuts));
  }
  return ways;
}
