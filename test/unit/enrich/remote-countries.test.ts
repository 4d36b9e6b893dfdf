import { expect } from 'chai';
import { remoteEligibleCountries } from '../../../src/ingest/enrich/remote-countries.js';

describe('remote-countries: where a remote job may be done from, as its text says of the candidate', () => {
  it('reads the countries a sentence about the candidate names (train: yazio, voltus)', () => {
    expect(
      remoteEligibleCountries(
        'This role is 100% remote and open to candidates based in Germany, Spain, Portugal or the U.K.',
      ),
    ).to.have.members(['DE', 'ES', 'PT', 'GB']);
    expect(
      remoteEligibleCountries(
        'Voltus is a fully distributed company and this job is remote, but you must be located and authorized to work within the United States or Canada.',
      ),
    ).to.have.members(['US', 'CA']);
    expect(
      remoteEligibleCountries(
        'Teammates need to be authorized to work from their home location (in the US or Canada).',
      ),
    ).to.have.members(['US', 'CA']);
    expect(remoteEligibleCountries('Applicants must reside in the Dominican Republic.')).to.deep.equal([
      'DO',
    ]);
  });

  it('does not read someone else’s place, a place excluded, a pronoun or a US state', () => {
    for (const text of [
      'You will report to our VP Commercial, based in Norway.',
      'We currently have 40+ team members who live in the Philippines.',
      'Permanent employment through our partner in case you are based outside of Germany.',
      'We want you to join us and build the world we want to live in!',
      'You can live anywhere in New Mexico or Georgia.',
      'The Open Home Foundation is a non-profit organization based in Switzerland.',
    ])
      expect(remoteEligibleCountries(text), text).to.deep.equal([]);
  });
});
