import { expect } from 'chai';
import {
  applyCalibration,
  calibratedConfidence,
  OMIT_BELOW,
  pathKey,
  type CalibrationTable,
} from '../../../src/ingest/enrich/calibration.js';
import type { Enrichment } from '../../../src/ingest/types.js';

const TABLE: CalibrationTable = {
  fittedOn: 'train',
  postings: 100,
  paths: {
    // A path right 36 times out of 40 at a module figure of 0.6: it earns (36 + 4·0.6) / 44.
    'ai_work_arrangement|rules|0.60': { predicted: 40, correct: 36 },
    // A path wrong most of the time: its values are guesses.
    'career_family|rules|0.85': { predicted: 20, correct: 4 },
  },
};

function enrichment(): Enrichment {
  return {
    locations_derived: [],
    ai_work_arrangement: 'hybrid',
    career_family: 'engineering',
    language: 'de',
    derivations: {
      locations_derived: { source: 'rules', confidence: 0.8 },
      ai_work_arrangement: { source: 'rules', confidence: 0.6 },
      career_family: { source: 'rules', confidence: 0.85 },
      language: { source: 'rules', confidence: 0.72 },
    },
  };
}

describe('confidence calibration', () => {
  it('gives each derivation path the share of its values a reader confirmed, smoothed towards its own figure', () => {
    expect(calibratedConfidence(0.6, { predicted: 40, correct: 36 })).to.equal(0.87);
    expect(calibratedConfidence(0.6, undefined), 'an unseen path keeps its figure').to.equal(0.6);
    // Few values: the module's figure still weighs (4 values' worth).
    expect(calibratedConfidence(0.9, { predicted: 1, correct: 0 })).to.equal(0.72);
  });

  it('keys paths by attribute, source and the module figure to the nearest 0.05', () => {
    expect(pathKey('language', { source: 'rules', confidence: 0.72 })).to.equal('language|rules|0.70');
    expect(pathKey('language', { source: 'source_field', confidence: 1 })).to.equal(
      'language|source_field|1.00',
    );
  });

  it('replaces the confidence, omits a value below the threshold, and leaves paths it has not seen alone', () => {
    const result = applyCalibration(enrichment(), TABLE);
    expect(result.derivations.ai_work_arrangement).to.deep.equal({ source: 'rules', confidence: 0.87 });
    expect(calibratedConfidence(0.85, { predicted: 20, correct: 4 })).to.be.below(OMIT_BELOW);
    expect(result).to.not.have.property('career_family');
    expect(result.derivations).to.not.have.property('career_family');
    expect(result.derivations.language).to.deep.equal({ source: 'rules', confidence: 0.72 });
    expect(result.derivations.locations_derived).to.deep.equal({ source: 'rules', confidence: 0.8 });
  });

  it('calibrates the locations as one value and never omits them, however low their path', () => {
    const table: CalibrationTable = {
      ...TABLE,
      paths: { ...TABLE.paths, 'locations_derived|rules|0.80': { predicted: 40, correct: 4 } },
    };
    const berlin = { city: 'Berlin', country: 'Germany', country_code: 'DE', lat: 52.52, lng: 13.4 };
    const result = applyCalibration({ ...enrichment(), locations_derived: [berlin] }, table);
    // (4 + 4·0.8) / 44 = 0.16: below OMIT_BELOW, kept with the confidence it earned.
    expect(result.derivations.locations_derived).to.deep.equal({ source: 'rules', confidence: 0.16 });
    expect(result.locations_derived).to.deep.equal([berlin]);
    // An empty list claims nothing: its confidence stays the module's.
    expect(applyCalibration(enrichment(), table).derivations.locations_derived).to.deep.equal({
      source: 'rules',
      confidence: 0.8,
    });
  });
});
