/**
 * Enrichment: one posting in, the derived attributes out, each present attribute with its
 * provenance in `derivations`. Every attribute comes from a small pure module; the only I/O is the
 * work-arrangement classifier, injected so that a language model can be used in production and the
 * deterministic rules everywhere else. An attribute no module can determine is left out (unknown
 * means omitted); `locations_derived` is always present, possibly empty.
 */
import type { DerivedAttribute, Derivation } from '../../domain/job.js';
import { deriveLocations } from '../normalize/locations.js';
import type { EnrichInput, Enrichment } from '../types.js';
import { applyCalibration, type CalibrationTable } from './calibration.js';
import { CALIBRATION } from './calibration-table.js';
import { deriveCareerFamily } from './career-family.js';
import { deriveSecurityClearance } from './clearance.js';
import { deriveEmploymentType } from './employment-type.js';
import { deriveExperienceLevel } from './experience-level.js';
import { deriveLanguage } from './language.js';
import { withEligibleCountries } from './remote-countries.js';
import { deriveRemote } from './remote.js';
import { deriveSalary } from './salary.js';
import { deriveSkillClusters } from './skill-clusters.js';
import { descriptionOf } from './text.js';
import type { Derived } from './types.js';
import { deriveVisaSponsorship } from './visa.js';
import type { WorkArrangementClassifier } from './work-arrangement.js';

export { OpenAICompatibleWorkArrangementClassifier, type OpenAICompatibleConfig } from './llm-classifier.js';
export {
  RulesWorkArrangementClassifier,
  type WorkArrangementClassifier,
  type WorkArrangementResult,
} from './work-arrangement.js';

/** What enrichment needs from outside: the work-arrangement classifier (rules or a model). */
export interface EnrichDeps {
  workArrangement: WorkArrangementClassifier;
  /** The confidence each derivation path earned on labelled postings; default the committed table. */
  calibration?: CalibrationTable;
}

/** Places read from a remote job's text beside its published ones: as places read from text are. */
const ELIGIBLE_COUNTRIES_CONFIDENCE = 0.85;

/** Derives every attribute of one posting; resolves even when the classifier's model is down. */
export async function enrich(input: EnrichInput, deps: EnrichDeps): Promise<Enrichment> {
  const locations = deriveLocations(input.posting.locations, input.title, input.descriptionText);
  const arrangement = await deps.workArrangement.classify(input);
  const remote = deriveRemote(input, locations.remote === true, arrangement);
  const description = descriptionOf(input);
  // A remote job's text may name the countries it hires in (remote-countries.ts).
  const places =
    (remote?.value === true || arrangement.value === 'remote') && description !== ''
      ? withEligibleCountries(locations.locations, description)
      : locations.locations;
  const countries = places.map((l) => l.country_code).filter((c): c is string => c !== null);

  const out: Enrichment = {
    locations_derived: places,
    derivations: {
      locations_derived:
        places.length > locations.locations.length
          ? { source: 'rules', confidence: ELIGIBLE_COUNTRIES_CONFIDENCE }
          : locations.derivation,
    },
  };
  const set = <K extends keyof Omit<Enrichment, 'derivations'> & DerivedAttribute>(
    key: K,
    value: Derived<Enrichment[K]> | undefined,
  ): void => {
    if (value === undefined) return;
    out[key] = value.value;
    out.derivations[key] = value.derivation;
  };

  // 'unknown' is omitted: the search filter ai_work_arrangement=unknown matches jobs without the attribute.
  if (arrangement.value !== 'unknown') {
    const derivation: Derivation = { source: arrangement.source, confidence: arrangement.confidence };
    set('ai_work_arrangement', { value: arrangement.value, derivation });
  }
  set('remote_derived', remote);
  set('employment_type', deriveEmploymentType(input));
  set('career_family', deriveCareerFamily(input));
  set('skill_clusters', deriveSkillClusters(input));
  set('language', deriveLanguage(input, countries));
  set('salary', deriveSalary(input, countries));
  set('security_clearance', deriveSecurityClearance(input));
  set('visa_sponsorship', deriveVisaSponsorship(input));
  set('experience_level', deriveExperienceLevel(input, out.employment_type));
  return applyCalibration(out, deps.calibration ?? CALIBRATION);
}
