import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'chai';
import { UNCALIBRATED } from '../../../src/ingest/enrich/calibration.js';
import type { WorkArrangement } from '../../../src/domain/job.js';
import {
  enrich,
  RulesWorkArrangementClassifier,
  type WorkArrangementClassifier,
} from '../../../src/ingest/enrich/index.js';
import type { EnrichInput, Enrichment } from '../../../src/ingest/types.js';
import { loadDocument } from '../../../src/openapi/document.js';
import { input } from './helpers.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
const addFormats = addFormatsModule.default;

const SAMPLE = new URL('../../fixtures/labelled/postings.jsonl', import.meta.url);
const rules = new RulesWorkArrangementClassifier();

function fixedClassifier(value: WorkArrangement): WorkArrangementClassifier {
  return { classify: () => Promise.resolve({ value, source: 'language_model', confidence: 0.9 }) };
}

/** Validates an Enrichment as the derived members of an OpenAPI `Job`. */
function jobValidator(): (enrichment: Enrichment) => string[] {
  const doc = loadDocument();
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const schemas = JSON.parse(
    JSON.stringify(doc.components?.schemas ?? {}).replaceAll(
      '"#/components/schemas/',
      '"urn:jlds:enrich-test#/$defs/',
    ),
  ) as Record<string, unknown>;
  ajv.addSchema({ $id: 'urn:jlds:enrich-test', $defs: schemas });
  const validate = ajv.compile({ $ref: 'urn:jlds:enrich-test#/$defs/Job' });
  return (enrichment) => {
    const job = {
      job_key: 'gh_1',
      title: 't',
      organization: 'o',
      url: 'https://example.com/1',
      status: 'open',
      first_seen: '2026-01-01T00:00:00Z',
      source: 'greenhouse',
      source_slug: 's',
      source_endpoint: 'https://example.com/api',
      directory_verified_at: '2026-01-01T00:00:00Z',
      ...enrichment,
    };
    return validate(job) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
  };
}

function readSample(): { id: string; input: EnrichInput }[] {
  return readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; input: EnrichInput });
}

describe('enrich', function () {
  this.timeout(30_000);

  it('composes the modules on a real posting (Lever Palantir, Palo Alto)', async () => {
    const description =
      'Salary\nThe estimated salary range for this position is estimated to be $60,000 - $97,000/year.\n2+ years of previous administrative or executive support experience.';
    const result = await enrich(
      input('Administrative Business Partner - Security', description, {
        locations: [{ text: 'Palo Alto, CA', countryCode: 'US' }],
        employmentTypes: ['Full-time'],
        workplaceType: 'hybrid',
        department: 'Administrative',
      }),
      // The modules' own confidence: calibration is tested on its own (calibration.test.ts).
      { workArrangement: rules, calibration: UNCALIBRATED },
    );
    expect(result.locations_derived.map((l) => l.city)).to.deep.equal(['Palo Alto']);
    expect(result.ai_work_arrangement).to.equal('hybrid');
    expect(result.remote_derived).to.equal(false);
    expect(result.employment_type).to.deep.equal(['FULL_TIME']);
    expect(result.career_family).to.equal('administration');
    expect(result.salary).to.deep.include({
      min: 60_000,
      max: 97_000,
      currency: 'USD',
      period: 'year',
      source: 'description_text',
    });
    expect(result.security_clearance).to.equal(undefined);
    expect(result.visa_sponsorship).to.equal(undefined);
    expect(result.derivations.ai_work_arrangement).to.deep.equal({ source: 'rules', confidence: 0.95 });
  });

  it('records which classifier produced the arrangement, and omits unknown', async () => {
    const fromModel = await enrich(input('Engineer'), { workArrangement: fixedClassifier('remote') });
    expect(fromModel.ai_work_arrangement).to.equal('remote');
    expect(fromModel.derivations.ai_work_arrangement).to.deep.equal({
      source: 'language_model',
      confidence: 0.9,
    });
    expect(fromModel.derivations.remote_derived?.source).to.equal('language_model');
    const unknown = await enrich(input('Engineer'), { workArrangement: fixedClassifier('unknown') });
    expect(unknown).to.not.have.property('ai_work_arrangement');
    expect(unknown.derivations).to.not.have.property('ai_work_arrangement');
  });

  it('adds the countries a remote job hires in, as its text names them, to its published place', async () => {
    const text =
      'This role is 100% remote and open to candidates based in Germany, Spain, Portugal or the UK.';
    const berlin = { locations: [{ city: 'Berlin', country: 'Germany' }] };
    const remote = await enrich(input('Product Manager', text, { ...berlin, remote: true }), {
      workArrangement: rules,
    });
    expect(remote.locations_derived.map((place) => [place.city, place.country_code])).to.deep.equal([
      ['Berlin', 'DE'],
      [null, 'ES'],
      [null, 'PT'],
      [null, 'GB'],
    ]);
    expect(remote.derivations.locations_derived?.source).to.equal('rules');
    // Not a remote job: its published place only.
    const office = await enrich(input('Product Manager', text, berlin), {
      workArrangement: fixedClassifier('on_site'),
    });
    expect(office.locations_derived.map((place) => place.country_code)).to.deep.equal(['DE']);
  });

  it('omits what it cannot determine and always carries locations_derived', async () => {
    // A title of no known words: not even its language can be read.
    const result = await enrich(input('Qxvb Zrtk'), { workArrangement: rules });
    expect(result).to.deep.equal({
      locations_derived: [],
      derivations: { locations_derived: { source: 'source_field', confidence: 1 } },
    });
  });

  it('produces OpenAPI-valid Job members, with a derivation for every attribute, on the whole labelled sample', async () => {
    const validate = jobValidator();
    const sample = readSample();
    expect(sample.length).to.be.greaterThan(90);
    for (const line of sample) {
      const result = await enrich(line.input, { workArrangement: rules });
      expect(validate(result), line.id).to.deep.equal([]);
      const { derivations, ...attributes } = result;
      expect(Object.keys(derivations).sort(), line.id).to.deep.equal(Object.keys(attributes).sort());
      for (const [key, value] of Object.entries(attributes))
        expect(value, `${line.id} ${key}`).to.not.equal(null);
    }
  });
});
