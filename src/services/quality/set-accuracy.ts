/**
 * Accuracy on the out-of-sample labelled set (labelled-set.ts), per split: the enrichment's
 * attributes (enrichment-accuracy.ts scoring, with calibration), and what the pipeline derives
 * outside `enrich`: the title as shown and the locations (countries as ISO codes, cities by name,
 * both as sets: a prediction is right when it names exactly the labelled ones).
 */
import { cleanTitle } from '../../ingest/normalize/job.js';
import { deriveLocations } from '../../ingest/normalize/locations.js';
import type { EnrichInput, Enrichment } from '../../ingest/types.js';
import { calibrationOf, type Calibration, type CalibrationPoint } from './calibration.js';
import {
  disagreement,
  emptyCounts,
  rulesEnrichment,
  scoreEnrichment,
  tally,
  withRatios,
  type Accuracy,
  type EnrichmentAccuracy,
  type LabelledPosting,
} from './enrichment-accuracy.js';
import { readLabelledSet, type SetPosting, type Split } from './labelled-set.js';

export const DERIVED_OUTSIDE_ENRICH = ['title', 'countries', 'cities'] as const;
type OutsideAttribute = (typeof DERIVED_OUTSIDE_ENRICH)[number];

export interface SplitAccuracy {
  split: Split;
  /** Labelled lines of the split, and those scored (their payload read by our parser). */
  lines: number;
  scored: number;
  boards: number;
  platforms: number;
  enrichment: EnrichmentAccuracy;
  pipeline: (Accuracy & { attribute: OutsideAttribute; calibration: Calibration })[];
  /** One line per disagreement on title, countries or cities. */
  pipelineMismatches: string[];
}

export interface SetAccuracy {
  splits: SplitAccuracy[];
  /** Lines no parser of ours could read, with the reason (`<id>: <why>`). */
  unreadable: string[];
}

/** Lower case, without diacritics ("Zürich" and "Zurich" are one name). */
function fold(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();
}

function normalizedSet(values: unknown): string[] | null {
  if (!Array.isArray(values)) return null;
  const names = values.filter((v): v is string => typeof v === 'string').map(fold);
  return [...new Set(names)].sort();
}

/**
 * A labelled city under the gazetteer's name for the same place ("New York" is GeoNames' "New
 * York City"), so names that differ only in form are not counted as errors; a city the gazetteer
 * does not know stays as labelled.
 */
function canonicalCities(cities: unknown, countries: unknown): string[] | null {
  if (!Array.isArray(cities)) return null;
  const [country, ...more] = Array.isArray(countries) ? countries.filter((c) => typeof c === 'string') : [];
  const countryCode = more.length === 0 && typeof country === 'string' ? country : undefined;
  return normalizedSet(
    cities
      .filter((city): city is string => typeof city === 'string')
      .map((city) => {
        const [place] = deriveLocations([
          { city, ...(countryCode === undefined ? {} : { countryCode }) },
        ]).locations;
        return place?.city ?? city;
      }),
  );
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

/** Title, countries and cities of scored lines, as the pipeline derives them. */
export function scorePipeline(lines: SetPosting[]): Pick<SplitAccuracy, 'pipeline' | 'pipelineMismatches'> {
  const mismatches: string[] = [];
  const counts = new Map(DERIVED_OUTSIDE_ENRICH.map((a) => [a, emptyCounts()]));
  const points = new Map<OutsideAttribute, CalibrationPoint[]>(DERIVED_OUTSIDE_ENRICH.map((a) => [a, []]));
  for (const { line, posting } of lines) {
    if (posting === undefined) continue;
    const derived = deriveLocations(posting.locations);
    const countries = normalizedSet(derived.locations.map((l) => l.country_code));
    const cities = normalizedSet(derived.locations.map((l) => l.city));
    const predictions: Record<OutsideAttribute, string[] | undefined> = {
      title: [cleanTitle(posting.title)],
      countries: countries === null || countries.length === 0 ? undefined : countries,
      cities: cities === null || cities.length === 0 ? undefined : cities,
    };
    const labels: Record<OutsideAttribute, string[] | null> = {
      title: [cleanTitle(line.title)],
      countries: normalizedSet(line.labels.countries),
      cities: canonicalCities(line.labels.cities, line.labels.countries),
    };
    for (const attribute of DERIVED_OUTSIDE_ENRICH) {
      const predicted = predictions[attribute];
      const label = labels[attribute];
      const equal = predicted !== undefined && label !== null && sameList(predicted, label);
      const c = counts.get(attribute);
      if (c !== undefined) tally(c, predicted, label, equal);
      if (!equal && !(predicted === undefined && label === null))
        mismatches.push(disagreement(line.id, attribute, predicted, label));
      if (predicted !== undefined)
        points.get(attribute)?.push({
          confidence: attribute === 'title' ? 1 : derived.derivation.confidence,
          correct: equal,
        });
    }
  }
  return {
    pipeline: DERIVED_OUTSIDE_ENRICH.map((attribute) => ({
      attribute,
      ...withRatios(counts.get(attribute) ?? emptyCounts()),
      calibration: calibrationOf(points.get(attribute) ?? []),
    })),
    pipelineMismatches: mismatches,
  };
}

/**
 * Scores `enrichment` on every split of the set. By default the deterministic rules classifier; a
 * configured language model is not measured here.
 */
export async function measureSetAccuracy(
  enrichment: (input: EnrichInput) => Promise<Enrichment> = rulesEnrichment(),
  set?: SetPosting[],
): Promise<SetAccuracy> {
  const postings = set ?? (await readLabelledSet());
  const splits: SplitAccuracy[] = [];
  for (const split of ['train', 'dev', 'test'] as const) {
    const lines = postings.filter((p) => p.split === split);
    const scored = lines.flatMap((p): LabelledPosting[] =>
      p.input === undefined ? [] : [{ id: p.line.id, input: p.input, labels: p.line.labels }],
    );
    splits.push({
      split,
      lines: lines.length,
      scored: scored.length,
      boards: new Set(lines.map((p) => `${p.line.platform}/${p.line.board}`)).size,
      platforms: new Set(lines.map((p) => p.line.platform)).size,
      enrichment: await scoreEnrichment(scored, enrichment),
      ...scorePipeline(lines),
    });
  }
  const unreadable = postings.flatMap((p) =>
    p.unreadable === undefined ? [] : [`${p.line.id}: ${p.unreadable}`],
  );
  return { splits, unreadable };
}

/**
 * The figure that counts: the `test` split, which no rule change and no calibration fit read, with
 * how it was drawn in words (the data-quality report publishes it).
 */
export async function measureTestAccuracy(): Promise<EnrichmentAccuracy> {
  // Only the test split is enriched: the report publishes nothing of the others.
  const testOnly = (await readLabelledSet()).filter((posting) => posting.split === 'test');
  const { splits } = await measureSetAccuracy(rulesEnrichment(), testOnly);
  const test = splits.find((split) => split.split === 'test');
  if (test === undefined) throw new Error('the labelled set has no test split');
  return {
    ...test.enrichment,
    sample: `on the held-out test split of an out-of-sample labelled set (${String(test.scored)} real postings read by people, ${String(test.boards)} boards on ${String(test.platforms)} platforms; split by board, never read while the rules or the confidence calibration were fitted), by the deterministic rules`,
  };
}
