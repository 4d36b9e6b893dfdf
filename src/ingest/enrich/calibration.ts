/**
 * Calibrated confidence. Each derivation path (attribute, source, the path's own confidence) gets
 * the confidence its values earn on real postings: the share of them a reader confirmed on the
 * `train` split of the out-of-sample labelled set (services/quality/labelled-set.ts), pulled
 * towards the path's own figure when it has few values (a prior worth PRIOR_WEIGHT values). A value
 * whose calibrated confidence is below OMIT_BELOW is omitted: more likely wrong than right, it
 * would be a guess. Paths the table has not seen keep their own confidence.
 *
 * The table is written by `npm run enrich:calibrate` (calibration-table.ts); `npm run
 * enrich:report` measures the result on `dev` and `test`, which the fit never sees.
 */
import type { Derivation, DerivedAttribute } from '../../domain/job.js';
import type { Enrichment } from '../types.js';

/** The attributes that are calibrated and may be omitted: every one `enrich` derives but the locations. */
export const CALIBRATED_ATTRIBUTES = [
  'employment_type',
  'ai_work_arrangement',
  'career_family',
  'experience_level',
  'language',
  'salary',
  'security_clearance',
  'visa_sponsorship',
  'remote_derived',
  'skill_clusters',
] as const satisfies readonly DerivedAttribute[];
export type CalibratedAttribute = (typeof CALIBRATED_ATTRIBUTES)[number];
/**
 * The locations are calibrated too, as one derivation (a value is right when its countries and
 * its cities are the labelled ones), but never omitted: `locations_derived` is always present.
 */
export type CalibratedPath = CalibratedAttribute | 'locations_derived';

/** Values a path's own confidence is worth against the observed share. */
export const PRIOR_WEIGHT = 4;
/** Below this calibrated confidence a value is omitted (documented in the README of the set). */
export const OMIT_BELOW = 0.5;

export interface PathRecord {
  /** Values the path gave on the fitting split, and how many a reader confirmed. */
  predicted: number;
  correct: number;
}

export interface CalibrationTable {
  /** The split the table was fitted on, and how many labelled postings it held. */
  fittedOn: string;
  postings: number;
  paths: Record<string, PathRecord>;
}

/** No calibration: every derivation keeps the confidence its module gave it (for fitting). */
export const UNCALIBRATED: CalibrationTable = { fittedOn: 'none', postings: 0, paths: {} };

/**
 * A derivation path's key: `attribute|source|confidence`, the module's figure to the nearest 0.05
 * (the language detector's figure is continuous: its values pool in bands).
 */
export function pathKey(attribute: CalibratedPath, derivation: Derivation): string {
  return `${attribute}|${derivation.source}|${(Math.round(derivation.confidence * 20) / 20).toFixed(2)}`;
}

/** The confidence a path earns: its observed share, smoothed towards its own figure. */
export function calibratedConfidence(raw: number, record: PathRecord | undefined): number {
  if (record === undefined) return raw;
  const value = (record.correct + PRIOR_WEIGHT * raw) / (record.predicted + PRIOR_WEIGHT);
  return Math.round(value * 100) / 100;
}

/**
 * Replaces each calibrated attribute's confidence by its path's, and omits the values that fall
 * below OMIT_BELOW (value and derivation both: unknown means omitted); the locations' confidence is
 * replaced likewise and never omitted.
 */
export function applyCalibration(enrichment: Enrichment, table: CalibrationTable): Enrichment {
  // An empty list claims nothing: its confidence stays what the module said.
  const places = enrichment.derivations.locations_derived;
  if (places !== undefined && enrichment.locations_derived.length > 0)
    enrichment.derivations.locations_derived = {
      ...places,
      confidence: calibratedConfidence(places.confidence, table.paths[pathKey('locations_derived', places)]),
    };
  for (const attribute of CALIBRATED_ATTRIBUTES) {
    const derivation = enrichment.derivations[attribute];
    if (derivation === undefined) continue;
    const confidence = calibratedConfidence(
      derivation.confidence,
      table.paths[pathKey(attribute, derivation)],
    );
    if (confidence < OMIT_BELOW) {
      Reflect.deleteProperty(enrichment, attribute);
      Reflect.deleteProperty(enrichment.derivations, attribute);
    } else {
      enrichment.derivations[attribute] = { ...derivation, confidence };
    }
  }
  return enrichment;
}
