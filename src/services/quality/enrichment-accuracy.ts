/**
 * Precision and recall of `enrich` against the hand-labelled sample
 * test/fixtures/labelled/postings.jsonl (shared by `npm run enrich:report` and the data-quality
 * report).
 *
 * Per attribute and posting, with P the prediction (absent or a value) and L the label (null when
 * the honest answer is "absent"):
 * - predicted: P present; correct: P present, L not null and P equals L;
 * - precision = correct / predicted (a value predicted where L is null counts against it);
 * - recall = correct / support, support = postings whose L is not null;
 * - abstained-ok: P absent and L null (a correct omission; in neither ratio, shown on its own).
 * Equality: exact for scalars; as sets for employment_type; for skill_clusters every labelled tag
 * must be among the predicted ones (labels name the main clusters only); for salary currency,
 * period and min/max (within 0.5 %) must agree. "salary (has)" scores presence alone. "overall"
 * sums the counts of the ten attributes (not the "has" row). A ratio over an empty sample is
 * absent, never 0/0.
 */
import { readFile } from 'node:fs/promises';
import { enrich, RulesWorkArrangementClassifier } from '../../ingest/enrich/index.js';
import type { CalibrationTable } from '../../ingest/enrich/calibration.js';
import type { EnrichInput, Enrichment } from '../../ingest/types.js';
import { CALIBRATED_ATTRIBUTES, type CalibratedAttribute } from '../../ingest/enrich/calibration.js';
import { parseJsonLines } from '../../lib/json.js';
import { calibrationOf, type Calibration, type CalibrationPoint } from './calibration.js';

/** The attributes `enrich` derives but the locations: the ones calibrated, the ones scored. */
export const SCORED_ATTRIBUTES = CALIBRATED_ATTRIBUTES;
export type ScoredAttribute = CalibratedAttribute;

export interface LabelledPosting {
  id: string;
  input: EnrichInput;
  labels: Partial<Record<ScoredAttribute, unknown>>;
}

export interface AccuracyCounts {
  support: number;
  predicted: number;
  correct: number;
  abstainedOk: number;
}

export interface Accuracy extends AccuracyCounts {
  /** correct / predicted; absent when nothing was predicted. */
  precision?: number;
  /** correct / support; absent when nothing is labelled. */
  recall?: number;
}

export interface EnrichmentAccuracy {
  postings: number;
  /** How the sample was drawn, for the published metrics' method text (absent: the in-sample set). */
  sample?: string;
  /** Per attribute, with the calibration of the confidence its predictions carried. */
  attributes: (Accuracy & { attribute: ScoredAttribute; calibration: Calibration })[];
  /** Salary scored on presence alone. */
  hasSalary: Accuracy;
  overall: Accuracy & { calibration: Calibration };
  /** One line per disagreement: `<id>  <attribute>: predicted … label …`. */
  mismatches: string[];
}

/**
 * The sample, found relative to this module: the same from src/ (tsx) and from dist/ (the built
 * worker), both two folders below the repository root.
 */
export const LABELLED_SAMPLE = new URL('../../../test/fixtures/labelled/postings.jsonl', import.meta.url);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLabelledPosting(value: unknown): value is LabelledPosting {
  if (!isRecord(value) || typeof value.id !== 'string' || !isRecord(value.labels) || !isRecord(value.input))
    return false;
  const { title, organization, posting } = value.input;
  return (
    typeof title === 'string' &&
    typeof organization === 'string' &&
    isRecord(posting) &&
    Array.isArray(posting.locations)
  );
}

/** One labelled posting per non-blank line; a malformed line fails loudly with its number. */
export function parseLabelledSample(text: string): LabelledPosting[] {
  return parseJsonLines(text, isLabelledPosting, (line) => `line ${String(line)} is not a labelled posting`);
}

export async function readLabelledSample(url: URL = LABELLED_SAMPLE): Promise<LabelledPosting[]> {
  return parseLabelledSample(await readFile(url, 'utf8'));
}

function sameSet(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  const left = new Set(a);
  return left.size === new Set(b).size && b.every((x) => left.has(x));
}

function closeTo(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return (
    typeof a === 'number' &&
    typeof b === 'number' &&
    Math.abs(a - b) <= 0.005 * Math.max(Math.abs(a), Math.abs(b))
  );
}

function sameSalary(predicted: unknown, label: unknown): boolean {
  if (!isRecord(predicted) || !isRecord(label)) return false;
  return (
    predicted.currency === label.currency &&
    predicted.period === label.period &&
    closeTo(predicted.min, label.min) &&
    closeTo(predicted.max, label.max)
  );
}

/** Whether a present prediction matches a non-null label, by the attribute's notion of equality. */
export function predictionMatches(attribute: ScoredAttribute, predicted: unknown, label: unknown): boolean {
  switch (attribute) {
    case 'employment_type':
      return sameSet(predicted, label);
    case 'skill_clusters':
      return (
        Array.isArray(predicted) && Array.isArray(label) && label.every((tag) => predicted.includes(tag))
      );
    case 'salary':
      return sameSalary(predicted, label);
    default:
      return predicted === label;
  }
}

/** Adds one posting's outcome to `counts`; `label` null means "absent" is the right answer. */
export function tally(counts: AccuracyCounts, predicted: unknown, label: unknown, equal: boolean): void {
  const present = predicted !== undefined;
  if (label !== null) counts.support += 1;
  if (present) counts.predicted += 1;
  if (present && label !== null && equal) counts.correct += 1;
  if (!present && label === null) counts.abstainedOk += 1;
}

export function emptyCounts(): AccuracyCounts {
  return { support: 0, predicted: 0, correct: 0, abstainedOk: 0 };
}

export function withRatios(counts: AccuracyCounts): Accuracy {
  return {
    ...counts,
    ...(counts.predicted === 0 ? {} : { precision: counts.correct / counts.predicted }),
    ...(counts.support === 0 ? {} : { recall: counts.correct / counts.support }),
  };
}

/**
 * Scores `enrichment` (enrich with its dependencies bound) on the sample. An attribute a line does
 * not label is not scored for that line.
 */
export async function scoreEnrichment(
  sample: LabelledPosting[],
  enrichment: (input: EnrichInput) => Promise<Enrichment>,
): Promise<EnrichmentAccuracy> {
  const counts = new Map<ScoredAttribute, AccuracyCounts>(SCORED_ATTRIBUTES.map((a) => [a, emptyCounts()]));
  const hasSalary = emptyCounts();
  const points = new Map<ScoredAttribute, CalibrationPoint[]>(SCORED_ATTRIBUTES.map((a) => [a, []]));
  const mismatches: string[] = [];
  for (const line of sample) {
    const result = await enrichment(line.input);
    for (const attribute of SCORED_ATTRIBUTES) {
      if (!(attribute in line.labels)) continue;
      const label = line.labels[attribute] ?? null;
      const predicted: unknown = result[attribute];
      const equal =
        predicted !== undefined && label !== null && predictionMatches(attribute, predicted, label);
      const c = counts.get(attribute);
      if (c !== undefined) tally(c, predicted, label, equal);
      // Every value given counts, also one given where the label says absent (it is wrong).
      if (predicted !== undefined)
        points
          .get(attribute)
          ?.push({ confidence: result.derivations[attribute]?.confidence ?? 1, correct: equal });
      if (!equal && !(predicted === undefined && label === null))
        mismatches.push(disagreement(line.id, attribute, predicted, label));
      if (attribute === 'salary')
        tally(hasSalary, predicted === undefined ? undefined : true, label === null ? null : true, true);
    }
  }
  const overall = emptyCounts();
  for (const c of counts.values()) {
    overall.support += c.support;
    overall.predicted += c.predicted;
    overall.correct += c.correct;
    overall.abstainedOk += c.abstainedOk;
  }
  return {
    postings: sample.length,
    attributes: SCORED_ATTRIBUTES.map((attribute) => ({
      attribute,
      ...withRatios(counts.get(attribute) ?? emptyCounts()),
      calibration: calibrationOf(points.get(attribute) ?? []),
    })),
    hasSalary: withRatios(hasSalary),
    overall: { ...withRatios(overall), calibration: calibrationOf([...points.values()].flat()) },
    mismatches,
  };
}

/**
 * The sample scored with the deterministic rules classifier. The rules were written after reading
 * the sample, so the figures are in-sample (optimistic); a configured language model is not measured.
 */
export async function measureRulesAccuracy(url: URL = LABELLED_SAMPLE): Promise<EnrichmentAccuracy> {
  return scoreEnrichment(await readLabelledSample(url), rulesEnrichment());
}

/**
 * `enrich` as measured: the deterministic rules classifier (a configured language model is not
 * measured), with the committed calibration unless another table is given (the fit uses none).
 */
export function rulesEnrichment(calibration?: CalibrationTable): (input: EnrichInput) => Promise<Enrichment> {
  const classifier = new RulesWorkArrangementClassifier();
  return (input) =>
    enrich(input, { workArrangement: classifier, ...(calibration === undefined ? {} : { calibration }) });
}

/** One disagreement of a report: `<id>  <attribute>: predicted … label …`. */
export function disagreement(id: string, attribute: string, predicted: unknown, label: unknown): string {
  return `${id}  ${attribute}: predicted ${JSON.stringify(predicted)} label ${JSON.stringify(label)}`;
}
