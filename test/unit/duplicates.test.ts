import { expect } from 'chai';
import type { Location, StoredJob } from '../../src/domain/job.js';
import { regroup } from '../../src/ingest/crawl/duplicates.js';
import { storedJob } from '../support/jobs.js';

const BERLIN: Location = { city: 'Berlin', country: 'Germany', country_code: 'DE', lat: 52.52, lng: 13.405 };
const PARIS: Location = { city: 'Paris', country: 'France', country_code: 'FR', lat: 48.857, lng: 2.352 };

function member(
  key: string,
  firstSeen: string,
  location: Location,
  extra: Partial<StoredJob> = {},
): StoredJob {
  return storedJob(key, { first_seen: firstSeen, locations_derived: [location], ...extra });
}

describe('duplicate groups', () => {
  it('groups the same posting across locations with the earliest-seen member as representative', () => {
    const updates = regroup('g1', [
      member('b', '2026-01-02T00:00:00Z', PARIS),
      member('a', '2026-01-01T00:00:00Z', BERLIN),
    ]);
    expect(updates.map((u) => [u.job_key, u.duplicate_group, u.is_duplicate_representative])).to.deep.equal([
      ['b', 'g1', false],
      ['a', 'g1', true],
    ]);
    expect(updates[0]?.derivations?.duplicate_group).to.deep.equal({ source: 'observed', confidence: 1 });
  });

  it('does not group postings for the same location (distinct openings)', () => {
    expect(
      regroup('g1', [
        member('a', '2026-01-01T00:00:00Z', BERLIN),
        member('b', '2026-01-02T00:00:00Z', BERLIN),
      ]),
    ).to.deep.equal([]);
  });

  it('dissolves a group that shrank to one member and changes nothing when already right', () => {
    const lone = member('a', '2026-01-01T00:00:00Z', BERLIN, {
      duplicate_group: 'g1',
      is_duplicate_representative: false,
      derivations: { duplicate_group: { source: 'observed', confidence: 1 } },
    });
    const [update] = regroup('g1', [lone]);
    expect(update).not.to.have.property('duplicate_group');
    expect(update?.is_duplicate_representative).to.equal(true);
    expect(update?.derivations).to.deep.equal({});
    const settled = [
      member('a', '2026-01-01T00:00:00Z', BERLIN, { duplicate_group: 'g1' }),
      member('b', '2026-01-02T00:00:00Z', PARIS, {
        duplicate_group: 'g1',
        is_duplicate_representative: false,
      }),
    ];
    expect(regroup('g1', settled)).to.deep.equal([]);
  });
});
