import { expect } from 'chai';
import { deriveSecurityClearance } from '../../../src/ingest/enrich/clearance.js';
import { input } from './helpers.js';

function clearance(text: string, title = 'Engineer'): boolean | undefined {
  return deriveSecurityClearance(input(title, text))?.value;
}

describe('security_clearance', () => {
  it('is true when a clearance is explicitly required', () => {
    expect(clearance('Active TS/SCI clearance with polygraph.')).to.equal(true);
    expect(clearance('Candidates must hold an active Secret clearance.')).to.equal(true);
    expect(clearance('This position requires a Top Secret clearance.')).to.equal(true);
    expect(clearance('Security clearance required.')).to.equal(true);
    expect(clearance('Job', 'Systems Engineer (TS/SCI)')).to.equal(true);
  });

  it('counts "must be able to obtain" as required (documented decision)', () => {
    expect(clearance('Must be able to obtain and maintain a U.S. government security clearance.')).to.equal(
      true,
    );
    expect(clearance('Applicants must be eligible for a security clearance.')).to.equal(true);
  });

  it('is false when the posting says none is needed', () => {
    expect(clearance('No clearance required.')).to.equal(false);
    expect(clearance('A security clearance is not required for this role.')).to.equal(false);
    expect(clearance('This role does not require a security clearance.')).to.equal(false);
  });

  it('is omitted when clearance is only preferred, of another kind, or not mentioned', () => {
    expect(clearance('An active Secret clearance is a plus.')).to.equal(undefined);
    expect(clearance('TS/SCI preferred.')).to.equal(undefined);
    expect(
      clearance(
        'You will handle customs clearance for inbound shipments and must obtain customs clearance on time.',
      ),
    ).to.equal(undefined);
    // Palantir fixture: a Security team role that never mentions a clearance.
    expect(
      clearance(
        'Provide administrative and operational support to leaders and teams within Palantir’s Security function.',
      ),
    ).to.equal(undefined);
  });

  it('is omitted when the posting contradicts itself', () => {
    expect(
      clearance('Role A requires an active Secret clearance. No clearance required for role B.'),
    ).to.equal(undefined);
  });

  it('records rules provenance', () => {
    expect(
      deriveSecurityClearance(input('Engineer', 'Security clearance required.'))?.derivation,
    ).to.deep.equal({ source: 'rules', confidence: 0.85 });
  });
});
