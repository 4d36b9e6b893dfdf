import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { EnrichInput, Enrichment } from '../../../src/ingest/types.js';
import {
  LABELLED_SAMPLE,
  measureRulesAccuracy,
  parseLabelledSample,
  predictionMatches,
  scoreEnrichment,
  type LabelledPosting,
} from '../../../src/services/quality/enrichment-accuracy.js';

function input(title: string): EnrichInput {
  return {
    title,
    organization: 'Acme',
    posting: {
      nativeId: title,
      title,
      url: 'https://acme.test/j',
      sourceEndpoint: 'https://acme.test',
      locations: [],
    },
  };
}

function posting(id: string, labels: LabelledPosting['labels']): LabelledPosting {
  return { id, input: input(id), labels };
}

/** Stands in for enrich: what each posting (by title) is predicted to carry. */
function predicting(byTitle: Record<string, Partial<Enrichment>>) {
  return (given: EnrichInput): Promise<Enrichment> =>
    Promise.resolve({ locations_derived: [], derivations: {}, ...byTitle[given.title] });
}

describe('enrichment accuracy on a labelled sample', () => {
  it('compares employment types as sets, skill clusters by inclusion, salaries within 0.5 %', () => {
    expect(predictionMatches('employment_type', ['INTERN', 'FULL_TIME'], ['FULL_TIME', 'INTERN'])).to.equal(
      true,
    );
    expect(predictionMatches('employment_type', ['FULL_TIME'], ['FULL_TIME', 'INTERN'])).to.equal(false);
    expect(predictionMatches('skill_clusters', ['sales', 'marketing'], ['sales'])).to.equal(true);
    expect(predictionMatches('skill_clusters', ['marketing'], ['sales'])).to.equal(false);
    const label = { currency: 'USD', period: 'year', min: 100_000, max: 150_000 };
    expect(predictionMatches('salary', { ...label, min: 100_400 }, label)).to.equal(true);
    expect(predictionMatches('salary', { ...label, min: 101_000 }, label)).to.equal(false);
    expect(predictionMatches('salary', { ...label, period: 'month' }, label)).to.equal(false);
    expect(predictionMatches('salary', { currency: 'USD', period: 'year', min: 100_000 }, label)).to.equal(
      false,
    );
    expect(predictionMatches('career_family', 'engineering', 'engineering')).to.equal(true);
    expect(predictionMatches('remote_derived', false, true)).to.equal(false);
  });

  it('counts support, predictions, correct answers and correct omissions per attribute', async () => {
    const sample = [
      posting('a', { career_family: 'engineering', language: 'en', visa_sponsorship: null }),
      posting('b', { career_family: 'design_research', language: null, visa_sponsorship: null }),
      posting('c', { career_family: null, language: 'de' }),
      posting('d', { salary: { currency: 'EUR', period: 'year', min: 50_000 } }),
    ];
    const accuracy = await scoreEnrichment(
      sample,
      predicting({
        a: { career_family: 'engineering', language: 'en' },
        b: { career_family: 'engineering', language: 'en' },
        c: { career_family: 'engineering' },
        d: { salary: { currency: 'EUR', period: 'year', min: 50_000, source: 'source_field' } },
      }),
    );
    const of = (name: string) => accuracy.attributes.find((a) => a.attribute === name);
    expect(accuracy.postings).to.equal(4);
    // a right; b wrong; c predicted where the answer is "absent": against precision only.
    expect(of('career_family')).to.deep.include({
      attribute: 'career_family',
      support: 2,
      predicted: 3,
      correct: 1,
      abstainedOk: 0,
      precision: 1 / 3,
      recall: 1 / 2,
    });
    // Three values given (the stub gives no derivation: confidence 1), one right: a gap of 2/3.
    expect(of('career_family')?.calibration).to.deep.include({ predictions: 3 });
    expect(of('career_family')?.calibration.ece).to.be.closeTo(2 / 3, 1e-12);
    // c's German is missed (recall), b's invented English counts against precision.
    expect(of('language')).to.deep.include({
      support: 2,
      predicted: 2,
      correct: 1,
      precision: 0.5,
      recall: 0.5,
    });
    // Nothing labelled and nothing predicted: no ratio at all, never 0/0.
    expect(of('visa_sponsorship')).to.deep.equal({
      attribute: 'visa_sponsorship',
      support: 0,
      predicted: 0,
      correct: 0,
      abstainedOk: 2,
      calibration: { predictions: 0, bins: [] },
    });
    // An attribute a line does not label is not scored for it (d labels salary only).
    expect(of('salary')).to.deep.include({ support: 1, predicted: 1, correct: 1, abstainedOk: 0 });
    expect(accuracy.hasSalary).to.deep.include({ support: 1, predicted: 1, correct: 1 });
    expect(accuracy.overall).to.deep.include({ support: 5, predicted: 6, correct: 3, abstainedOk: 2 });
    expect(accuracy.mismatches).to.deep.equal([
      'b  career_family: predicted "engineering" label "design_research"',
      'b  language: predicted "en" label null',
      'c  career_family: predicted "engineering" label null',
      'c  language: predicted undefined label "de"',
    ]);
  });

  it('rejects a malformed line by its number and skips blank lines', () => {
    const good = JSON.stringify(posting('x', { language: 'en' }));
    expect(parseLabelledSample(`${good}\n\n${good}\n`)).to.have.length(2);
    expect(() => parseLabelledSample(`${good}\n\n{"id":"y","labels":{}}`)).to.throw(
      /line 3 is not a labelled posting/,
    );
  });

  it('finds the repository sample from the module and scores the rules on all of it', async () => {
    expect(existsSync(fileURLToPath(LABELLED_SAMPLE))).to.equal(true);
    const accuracy = await measureRulesAccuracy();
    expect(accuracy.postings).to.be.greaterThan(100);
    for (const a of accuracy.attributes) {
      expect(a.correct).to.be.at.most(Math.min(a.predicted, a.support));
      expect(a.precision === undefined, a.attribute).to.equal(a.predicted === 0);
      expect(a.recall === undefined, a.attribute).to.equal(a.support === 0);
    }
  });
});
