import { expect } from 'chai';
import { generateKey, keyDigest, keyHint, parseKey } from '../../src/domain/keys.js';

describe('API key format', () => {
  it('has a type prefix, 32 random base62 characters and a 6-character checksum', () => {
    const key = generateKey('live');
    expect(key).to.match(/^jls_live_[0-9A-Za-z]{38}$/);
    expect(generateKey('compat')).to.match(/^jls_compat_[0-9A-Za-z]{38}$/);
  });

  it('parses its own keys back with their kind', () => {
    for (const kind of ['live', 'compat'] as const) {
      const key = generateKey(kind);
      expect(parseKey(key)).to.deep.equal({ kind, raw: key });
    }
  });

  it('rejects every single-character substitution (checksum)', () => {
    const key = generateKey('live');
    let accepted = 0;
    for (let i = 'jls_live_'.length; i < key.length; i += 1) {
      for (const replacement of ['0', 'Z', 'z']) {
        if (key[i] === replacement) continue;
        if (parseKey(key.slice(0, i) + replacement + key.slice(i + 1)) !== undefined) accepted += 1;
      }
    }
    expect(accepted).to.equal(0);
  });

  it('rejects wrong prefixes, lengths and alphabets', () => {
    const key = generateKey('live');
    for (const bad of [
      '',
      key.slice(0, -1),
      `${key}0`,
      key.replace('jls_live_', 'jls_test_'),
      key.replace('jls_', 'sk_'),
      key.replace(/.$/, '-'),
    ]) {
      expect(parseKey(bad), bad).to.equal(undefined);
    }
  });

  it('carries at least 128 bits of entropy: 10,000 keys are distinct in every random character position', () => {
    const keys = new Set(Array.from({ length: 10_000 }, () => generateKey('live')));
    expect(keys.size).to.equal(10_000);
    const firstChars = new Set([...keys].map((key) => key.charAt(9)));
    expect(firstChars.size).to.equal(62);
  });

  it('digests with HMAC-SHA256 under the pepper (32 bytes, pepper-dependent) and hints with the last 4 characters', () => {
    const key = generateKey('live');
    const pepper = 'p'.repeat(32);
    expect(keyDigest(key, pepper)).to.have.length(32);
    expect(keyDigest(key, pepper).equals(keyDigest(key, pepper))).to.equal(true);
    expect(keyDigest(key, pepper).equals(keyDigest(key, 'q'.repeat(32)))).to.equal(false);
    expect(keyHint(key)).to.equal(key.slice(-4)).and.have.length(4);
  });
});
