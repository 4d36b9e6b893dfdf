/**
 * Accuracy on the out-of-sample labelled set (labelled-set.ts), per split: the enrichment's
 * attributes (enrichment-accuracy.ts scoring, with calibration), and what the pipeline derives
 * outside `enrich`: the title as shown and the locations (countries as ISO codes, cities by name,
 * both as sets: a prediction is right when it names exactly the labelled ones).
 */
import { cleanTitle } from '../../ingest/normalize/job.js';
import { SHORT_TITLE_WORDS } from '../../ingest/normalize/gazetteer.js';
import { deriveLocations } from '../../ingest/normalize/locations.js';
import type { Location } from '../../domain/job.js';
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

/**
 * `locations`: countries and cities as one value, the one `locations_derived` carries a confidence
 * for (calibration.ts); countries and cities alone have no confidence of their own.
 */
export const DERIVED_OUTSIDE_ENRICH = ['title', 'countries', 'cities', 'locations'] as const;
type OutsideAttribute = (typeof DERIVED_OUTSIDE_ENRICH)[number];
type ReadAttribute = Exclude<OutsideAttribute, 'locations'>;

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
  return (
    value
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .trim()
      .toLowerCase()
      // "St. George" and GeoNames' "Saint George" are one name in two forms, as are "Washington"
      // and GeoNames' "Washington, D.C.".
      .replace(/^(\p{L}+)\.?\s+/u, (word: string, first: string) => {
        const long = SHORT_TITLE_WORDS.find(([short]) => short === first)?.[1];
        return long === undefined ? word : `${long} `;
      })
      .replace(/,\s*(?:\p{L}\.){2,}$/u, '')
  );
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

/** Predictions and labels of the title, countries and cities of one labelled posting. */
function outsideReadings(
  line: SetPosting['line'],
  title: string,
  locations: readonly Location[],
): Record<ReadAttribute, { predicted: string[] | undefined; label: string[] | null }> {
  const countries = normalizedSet(locations.map((l) => l.country_code));
  const cities = normalizedSet(locations.map((l) => l.city));
  return {
    title: { predicted: [cleanTitle(title)], label: [cleanTitle(line.title)] },
    countries: {
      predicted: countries === null || countries.length === 0 ? undefined : countries,
      label: normalizedSet(line.labels.countries),
    },
    cities: {
      predicted: cities === null || cities.length === 0 ? undefined : cities,
      label: canonicalCities(line.labels.cities, line.labels.countries),
    },
  };
}

function agrees({ predicted, label }: { predicted: string[] | undefined; label: string[] | null }): boolean {
  return predicted !== undefined && label !== null && sameList(predicted, label);
}

/**
 * Whether derived locations are right as one value, for the confidence calibration: countries and
 * cities each the labelled ones, or each absent where the label says absent; undefined when the
 * line labels neither.
 */
export function locationsAgree(
  line: SetPosting['line'],
  locations: readonly Location[],
): boolean | undefined {
  return placesAgree(line, outsideReadings(line, line.title, locations));
}

function placesAgree(
  line: SetPosting['line'],
  readings: ReturnType<typeof outsideReadings>,
): boolean | undefined {
  if (!('countries' in line.labels) && !('cities' in line.labels)) return undefined;
  return (['countries', 'cities'] as const).every((attribute) => {
    const reading = readings[attribute];
    return agrees(reading) || (reading.predicted === undefined && reading.label === null);
  });
}

/**
 * Title, countries and cities of scored lines, as the pipeline derives them; the locations'
 * confidence is the calibrated one `enrichment` gives them.
 */
export async function scorePipeline(
  lines: SetPosting[],
  enrichment: (input: EnrichInput) => Promise<Enrichment>,
): Promise<Pick<SplitAccuracy, 'pipeline' | 'pipelineMismatches'>> {
  const mismatches: string[] = [];
  const counts = new Map(DERIVED_OUTSIDE_ENRICH.map((a) => [a, emptyCounts()]));
  const points = new Map<OutsideAttribute, CalibrationPoint[]>(DERIVED_OUTSIDE_ENRICH.map((a) => [a, []]));
  for (const { line, posting, input } of lines) {
    if (posting === undefined || input === undefined) continue;
    const result = await enrichment(input);
    const readings = outsideReadings(line, posting.title, result.locations_derived);
    const confidence = result.derivations.locations_derived?.confidence ?? 1;
    for (const attribute of ['title', 'countries', 'cities'] as const) {
      const { predicted, label } = readings[attribute];
      const equal = agrees(readings[attribute]);
      const c = counts.get(attribute);
      if (c !== undefined) tally(c, predicted, label, equal);
      if (!equal && !(predicted === undefined && label === null))
        mismatches.push(disagreement(line.id, attribute, predicted, label));
      if (predicted !== undefined && attribute === 'title')
        points.get(attribute)?.push({ confidence: 1, correct: equal });
    }
    // From the readings above: canonicalCities derives every labelled city, worth doing once.
    const right = placesAgree(line, readings);
    if (right !== undefined) {
      const predicted = result.locations_derived.length > 0 ? ['given'] : undefined;
      const labelled = readings.countries.label !== null || readings.cities.label !== null;
      const c = counts.get('locations');
      if (c !== undefined) tally(c, predicted, labelled ? ['given'] : null, right && predicted !== undefined);
      if (predicted !== undefined) points.get('locations')?.push({ confidence, correct: right });
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
  // Each posting is enriched once: the attributes and the locations are scored from one result.
  const results = new WeakMap<EnrichInput, Promise<Enrichment>>();
  const enrichOnce = (input: EnrichInput): Promise<Enrichment> => {
    const known = results.get(input);
    if (known !== undefined) return known;
    const result = enrichment(input);
    results.set(input, result);
    return result;
  };
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
      enrichment: await scoreEnrichment(scored, enrichOnce),
      ...(await scorePipeline(lines, enrichOnce)),
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
