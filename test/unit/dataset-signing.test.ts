import { expect } from 'chai';
import { checkSignedPath, signPath, urlSigningKey } from '../../src/datasets/signing.js';

describe('signed dataset URLs', () => {
  const key = urlSigningKey('s'.repeat(32));
  const path = '/v1/datasets/2026-11-20/parts/1';
  const expires = 1_800_000_000;
  const signature = signPath(key, path, expires);

  it('accepts the URL it signed until its expiry, and calls it expired after', () => {
    expect(signature).to.match(/^[0-9a-f]{64}$/);
    expect(checkSignedPath(key, path, expires, signature, expires - 1)).to.equal('valid');
    expect(checkSignedPath(key, path, expires, signature, expires)).to.equal('valid');
    expect(checkSignedPath(key, path, expires, signature, expires + 1)).to.equal('expired');
  });

  it('rejects a changed path, a changed expiry, another key, and malformed signatures', () => {
    expect(checkSignedPath(key, '/v1/datasets/2026-11-20/parts/2', expires, signature, 0)).to.equal(
      'invalid',
    );
    expect(checkSignedPath(key, path, expires + 3600, signature, 0)).to.equal('invalid');
    expect(checkSignedPath(urlSigningKey('t'.repeat(32)), path, expires, signature, 0)).to.equal('invalid');
    expect(checkSignedPath(key, path, expires, signature.slice(0, 62), 0)).to.equal('invalid');
    expect(checkSignedPath(key, path, expires, 'zz'.repeat(32), 0)).to.equal('invalid');
  });

  it('derives a key of its own from the secret (a cursor signature is never a URL signature)', () => {
    expect(urlSigningKey('s'.repeat(32)).equals(Buffer.from('s'.repeat(32)))).to.equal(false);
    expect(urlSigningKey('s'.repeat(32)).equals(key)).to.equal(true);
  });
});
