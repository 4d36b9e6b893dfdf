import { expect } from 'chai';
import { ChunkedBytes } from '../../src/lib/chunked-bytes.js';
import { cutAt, cuttings } from '../support/pieces.js';
import { seededRandom } from '../support/random.js';

/** Text whose bytes repeat a few needles' pieces, so matches fall across cuts often. */
function sample(length: number, seed: number): Buffer {
  const next = seededRandom(seed);
  const alphabet = ['"_source":{', '"', ':', '{', 'ab', 'é', '€', ',"x":true', 'a'];
  let text = '';
  while (Buffer.byteLength(text) < length) text += alphabet[Math.floor(next() * alphabet.length)] ?? '';
  return Buffer.from(text);
}

describe('bytes in pieces (lib/chunked-bytes.ts)', () => {
  const needles = ['"_source":{', ',"x":true', 'ab', '{', 'é€', 'zz', '""', '":{"'].map((n) =>
    Buffer.from(n),
  );

  it('finds what Buffer.indexOf finds, from every position, however the bytes are cut', () => {
    // Compared in a loop and asserted once: an expect() (and its message) per comparison made this
    // case take 4 s of the 5 s timeout, and over it on a loaded machine.
    const wrong: string[] = [];
    let compared = 0;
    for (let seed = 1; seed <= 4; seed += 1) {
      const whole = sample(600, seed);
      for (const pieces of cuttings(whole)) {
        const bytes = new ChunkedBytes(pieces);
        expect(bytes.length).to.equal(whole.length);
        for (const needle of needles)
          for (let from = -2; from <= whole.length + 1; from += 1) {
            const found = bytes.indexOf(needle, from);
            const expected = whole.indexOf(needle, Math.max(0, from));
            compared += 1;
            if (found !== expected)
              wrong.push(
                `${needle.toString()} from ${String(from)} in ${String(pieces.length)} pieces: ${String(found)}, not ${String(expected)}`,
              );
          }
      }
    }
    expect(compared).to.be.above(10_000);
    expect(wrong.slice(0, 10)).to.deep.equal([]);
  });

  it('reads bytes, prefixes and text as the whole does, across cuts', () => {
    const whole = sample(300, 7);
    for (const pieces of cuttings(whole)) {
      const bytes = new ChunkedBytes(pieces);
      for (let at = -1; at <= whole.length; at += 1) {
        expect(bytes.byteAt(at)).to.equal(whole[at]);
        for (const needle of needles)
          expect(bytes.startsWith(needle, at)).to.equal(
            at >= 0 && whole.subarray(at, at + needle.length).equals(needle),
          );
      }
      for (let start = 0; start < whole.length; start += 7)
        for (const length of [0, 1, 2, 5, 70, 300])
          expect(bytes.toString(start, Math.min(whole.length, start + length))).to.equal(
            whole.toString('utf8', start, Math.min(whole.length, start + length)),
          );
      expect(bytes.concat().equals(whole)).to.equal(true);
    }
  });

  it('moves spans towards the front as copyWithin does, and hands the front out as views', () => {
    const next = seededRandom(11);
    for (let round = 0; round < 40; round += 1) {
      const whole = sample(400, 100 + round);
      for (const pieces of cuttings(whole, 3)) {
        const expected = Buffer.from(whole);
        const bytes = new ChunkedBytes(pieces);
        let written = 0;
        for (let moves = 0; moves < 8; moves += 1) {
          const start = written + Math.floor(next() * 40);
          const end = Math.min(whole.length, start + Math.floor(next() * 60));
          if (end <= start) break;
          expected.copyWithin(written, start, end);
          bytes.moveToFront(written, start, end);
          written += end - start;
          expected[written] = 0x0a;
          bytes.setByte(written, 0x0a);
          written += 1;
        }
        const front = bytes.slice(0, written);
        expect(Buffer.concat(front).equals(expected.subarray(0, written))).to.equal(true);
        expect(front.every((view) => view.length > 0)).to.equal(true);
        // Views, not copies: a write through the whole shows in them.
        if (written > 0) {
          bytes.setByte(0, 0x21);
          expect(front[0]?.[0]).to.equal(0x21);
        }
      }
    }
  });

  it('refuses what it cannot do: a move towards the back, positions outside, an empty needle', () => {
    const bytes = new ChunkedBytes(cutAt(Buffer.from('abcdef'), [2, 4]));
    expect(() => {
      bytes.moveToFront(3, 1, 2);
    }).to.throw(RangeError);
    expect(() => {
      bytes.moveToFront(0, 4, 7);
    }).to.throw(RangeError);
    expect(() => {
      bytes.setByte(6, 0);
    }).to.throw(RangeError);
    expect(() => bytes.indexOf(Buffer.alloc(0))).to.throw(RangeError);
    expect(bytes.byteAt(6)).to.equal(undefined);
    expect(new ChunkedBytes([]).indexOf(Buffer.from('a'))).to.equal(-1);
    expect(new ChunkedBytes([]).concat().length).to.equal(0);
  });

  it('gives the one piece itself when whole, without copying', () => {
    const only = Buffer.from('{"a":1}');
    expect(new ChunkedBytes([only]).concat()).to.equal(only);
  });
});
