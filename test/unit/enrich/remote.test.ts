import { expect } from 'chai';
import { deriveRemote } from '../../../src/ingest/enrich/remote.js';
import { input } from './helpers.js';

describe('remote_derived', () => {
  it('is true when a location says remote, even on a hybrid posting (Ashby Ramp "Remote (US)")', () => {
    const r = deriveRemote(
      input('Mobile Engineer, Android', undefined, { workplaceType: 'Hybrid', remote: true }),
      true,
      undefined,
    );
    expect(r).to.deep.equal({ value: true, derivation: { source: 'rules', confidence: 0.9 } });
  });

  it('follows the workplace value before the remote flag (Ashby Hybrid with isRemote true)', () => {
    expect(
      deriveRemote(input('SRE', undefined, { workplaceType: 'Hybrid', remote: true }), false, undefined)
        ?.value,
    ).to.equal(false);
    expect(
      deriveRemote(input('SRE', undefined, { workplaceType: 'Remote' }), false, undefined)?.value,
    ).to.equal(true);
    expect(deriveRemote(input('SRE', undefined, { remote: false }), false, undefined)).to.deep.equal({
      value: false,
      derivation: { source: 'source_field', confidence: 1 },
    });
  });

  it('reads a true remote flag on a job the arrangement reads as hybrid as false (Satispay on Ashby)', () => {
    const refined = { value: 'hybrid', source: 'rules', confidence: 0.75 } as const;
    expect(deriveRemote(input('Customer Care', undefined, { remote: true }), false, refined)).to.deep.equal({
      value: false,
      derivation: { source: 'rules', confidence: 0.75 },
    });
    const remote = { value: 'remote', source: 'rules', confidence: 0.8 } as const;
    expect(deriveRemote(input('SRE', undefined, { remote: true }), false, remote)?.value).to.equal(true);
  });

  it('reads a true remote flag on a job whose description says it is not remote as false (lemlist on Ashby)', () => {
    const overruled = { value: 'on_site', source: 'rules', confidence: 0.75 } as const;
    const text = "You're based in Paris (this is not a remote job).";
    expect(deriveRemote(input('Office Manager', text, { remote: true }), false, overruled)).to.deep.equal({
      value: false,
      derivation: { source: 'rules', confidence: 0.75 },
    });
    // On site from elsewhere (a title), without that statement: the flag stands.
    expect(
      deriveRemote(input('Nurse (On-site)', 'Join us.', { remote: true }), false, overruled)?.value,
    ).to.equal(true);
  });

  it('falls back to the classification and omits unknown', () => {
    const hybrid = { value: 'hybrid', source: 'language_model', confidence: 0.9 } as const;
    expect(deriveRemote(input('Analyst'), false, hybrid)).to.deep.equal({
      value: false,
      derivation: { source: 'language_model', confidence: 0.9 },
    });
    expect(
      deriveRemote(input('Analyst'), false, { value: 'unknown', source: 'rules', confidence: 0.5 }),
    ).to.equal(undefined);
    expect(deriveRemote(input('Analyst'), false, undefined)).to.equal(undefined);
  });
});
