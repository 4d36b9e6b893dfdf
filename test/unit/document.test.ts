import type { estypes } from '@elastic/elasticsearch';
import { expect } from 'chai';
import type { StoredJob } from '../../src/domain/job.js';
import { PUBLIC_JOB_MEMBERS } from '../../src/domain/public-job.js';
import { documentFromHit, hitSource, toIndexDocument } from '../../src/search/document.js';
import { SOURCE_EXCLUDES } from '../support/jobs.js';

const excluded = SOURCE_EXCLUDES;

const stored: StoredJob = {
  job_key: 'gh-1',
  title: 'Senior C# Engineer',
  organization: 'Acme',
  url: 'https://boards.greenhouse.io/acme/jobs/1',
  status: 'open',
  first_seen: '2026-11-01T00:00:00.000Z',
  source: 'greenhouse',
  source_slug: 'acme',
  source_endpoint: 'https://boards-api.greenhouse.io/v1/boards/acme/jobs',
  directory_verified_at: '2026-11-01T00:00:00.000Z',
  locations_derived: [{ city: 'Zürich', country: 'Switzerland', country_code: 'CH', lat: 47.37, lng: 8.54 }],
  remote_derived: false,
  employment_type: ['FULL_TIME'],
  skill_clusters: [],
  description_text: 'Build the platform.',
  native_id: '1',
  company_resolved: true,
  is_duplicate_representative: true,
  revision: 3,
};

/** What Elasticsearch hands back for a document read with WHOLE_DOCUMENT under our mappings. */
function asStored(document: object): estypes.SearchHit<Record<string, unknown>> {
  const members = Object.entries(document);
  const source = Object.fromEntries(members.filter(([field]) => !excluded.includes(field)));
  const fields: Record<string, unknown[]> = {};
  for (const [field, value] of members)
    if ((field === 'description_text' || field === 'embedding') && value !== undefined)
      fields[field] = [value];
  return { _index: 'jobs-v2', _id: 'gh-1', _source: source, fields };
}

describe('index documents outside _source', () => {
  it('keeps the large members out of _source, and only those', () => {
    expect(excluded).to.have.members(['description_text', 'title_grams', 'title_short_grams', 'embedding']);
  });

  it('reads a whole document back: description, vector and title n-grams restored', () => {
    const document = { ...toIndexDocument(stored, '2026-11-02T00:00:00.000Z'), embedding: [0.5, -0.25] };
    expect(documentFromHit(asStored(document))).to.deep.equal(document);
  });

  it('reads a document without description or vector back without them', () => {
    const { description_text: _omitted, ...withoutDescription } = stored;
    const document = toIndexDocument(withoutDescription, '2026-11-02T00:00:00.000Z');
    const back = documentFromHit(asStored(document));
    expect(back).to.deep.equal(document);
    expect(back).not.to.have.property('description_text');
    expect(back).not.to.have.property('embedding');
  });

  it('puts the stored description back into the source of a job read', () => {
    const hit = asStored({ job_key: 'gh-1', title: 'T', description_text: 'D' });
    expect(hitSource(hit)).to.deep.equal({ job_key: 'gh-1', title: 'T', description_text: 'D' });
    // A listing read does not ask for the stored field: no description.
    expect(hitSource({ _index: 'jobs-v2', _id: 'gh-1', _source: { job_key: 'gh-1' } })).to.deep.equal({
      job_key: 'gh-1',
    });
  });

  it('reads an index built before the description left _source the same way', () => {
    const hit = { _index: 'jobs-v1', _id: 'gh-1', _source: { job_key: 'gh-1', description_text: 'D' } };
    expect(hitSource(hit)).to.deep.equal({ job_key: 'gh-1', description_text: 'D' });
    expect(documentFromHit(hit)).to.include({ description_text: 'D', title_grams: '' });
  });

  it('refuses a hit without _source', () => {
    expect(() => hitSource({ _index: 'jobs-v2', _id: 'gh-9' })).to.throw('gh-9');
  });
});

describe('index document member order', () => {
  it('puts the public members first, in the contract order, then the internal ones', () => {
    const keys = Object.keys(toIndexDocument(stored, '2026-11-02T00:00:00.000Z'));
    const present = PUBLIC_JOB_MEMBERS.filter((name) => stored[name] !== undefined);
    expect(keys.slice(0, present.length)).to.deep.equal(present);
    expect(keys.slice(present.length)).to.include.members(['native_id', 'company_resolved', 'title_grams']);
  });
});
