import { expect } from 'chai';
import { ValidationFailedError } from '../../src/domain/errors.js';
import { decodeCursor, decodePosition, encodeCursor, requestHash } from '../../src/search/cursor.js';

const SECRET = 's'.repeat(32);

function typeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationFailedError) return error.issues[0]?.type;
    throw error;
  }
  return undefined;
}

describe('signed keyset cursors', () => {
  const hash = requestHash({ q: 'engineer', country: ['DE'] });

  it('round-trips the sort values of the last hit', () => {
    const token = encodeCursor([12.5, '2026-01-01T00:00:00.000Z', 'greenhouse_abc'], hash, SECRET);
    expect(decodeCursor(token, hash, SECRET)).to.deep.equal([
      12.5,
      '2026-01-01T00:00:00.000Z',
      'greenhouse_abc',
    ]);
    expect(token.length).to.be.lessThan(2048);
  });

  it('carries the point in time of a relevance walk, signed with the position', () => {
    const pit = 'iM-bBAEPYmVuY2gtaW5nZXN0LXY1FlJ2OVl3WTZDVFdHVjNNQ1NXSjE2dHcA'.repeat(3);
    const token = encodeCursor([3.25, 1767225600000, 'lever_x'], hash, SECRET, pit);
    expect(decodePosition(token, hash, SECRET, ['query', 'cursor'])).to.deep.equal({
      after: [3.25, 1767225600000, 'lever_x'],
      pit,
    });
    expect(
      decodePosition(encodeCursor([1, 'k'], hash, SECRET), hash, SECRET, ['query', 'cursor']),
    ).to.deep.equal({
      after: [1, 'k'],
    });
    const [, signature] = token.split('.');
    const moved = `${Buffer.from(JSON.stringify({ v: 1, a: [3.25, 1767225600000, 'lever_x'], f: hash, p: 'other' })).toString('base64url')}.${signature ?? ''}`;
    expect(typeOf(() => decodePosition(moved, hash, SECRET, ['query', 'cursor']))).to.equal('cursor_invalid');
  });

  it('fails closed when the filters drift', () => {
    const token = encodeCursor([1, 'k'], hash, SECRET);
    expect(
      typeOf(() => decodeCursor(token, requestHash({ q: 'engineer', country: ['FR'] }), SECRET)),
    ).to.equal('cursor_mismatch');
  });

  it('rejects tampered, truncated, foreign and garbage cursors', () => {
    const token = encodeCursor([1, 'k'], hash, SECRET);
    const [payload, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ v: 1, a: [999, 'z'], f: hash })).toString('base64url')}.${signature ?? ''}`;
    for (const bad of [
      forged,
      token.slice(0, -2),
      `${payload ?? ''}.`,
      'garbage',
      `${token}.x`,
      encodeCursor([1], hash, 't'.repeat(32)),
    ]) {
      expect(
        typeOf(() => decodeCursor(bad, hash, SECRET)),
        bad,
      ).to.equal('cursor_invalid');
    }
  });

  it('hashes normalized requests stably regardless of member order', () => {
    expect(requestHash({ a: 1, b: [1, 2] })).to.equal(requestHash({ b: [1, 2], a: 1 }));
    expect(requestHash({ a: 1 })).not.to.equal(requestHash({ a: 2 }));
  });
});
