/**
 * `npm run enrich:report [-- --mismatches] [-- --split test]`: precision, recall and calibration of
 * the derived attributes (rules classifier).
 * - On the out-of-sample labelled set (test/fixtures/labelled/wave2/, labelled-set.ts): per split,
 *   train and dev for contrast and work, test for the figure that counts. Lines whose recorded
 *   payload no parser of ours reads are listed, not scored.
 * - On the in-sample set (test/fixtures/labelled/postings.jsonl): the rules were written after
 *   reading it, so its figures are optimistic.
 * The scoring (and what each column means) is src/services/quality/enrichment-accuracy.ts, which the
 * data-quality report shares. ECE: expected calibration error of the values' confidence
 * (calibration.ts). The last two columns are the 95% Wilson intervals of precision and recall: with
 * a hundred postings a split's figure is a few points either way. Always exits 0.
 */
import { parseArgs } from 'node:util';
import type { Accuracy, EnrichmentAccuracy } from '../src/services/quality/enrichment-accuracy.js';
import { measureRulesAccuracy } from '../src/services/quality/enrichment-accuracy.js';
import type { Calibration } from '../src/services/quality/calibration.js';
import { measureSetAccuracy } from '../src/services/quality/set-accuracy.js';
import { wilsonInterval } from './lib/wilson.js';

const { values } = parseArgs({
  options: { mismatches: { type: 'boolean', default: false }, split: { type: 'string' } },
});

function ratio(value: number | undefined): string {
  return value === undefined ? '—' : value.toFixed(2);
}

/** The 95% Wilson interval of k of n ("0.72–0.87"): how far the rate may be on postings like these. */
function interval(successes: number, trials: number): string {
  const bounds = wilsonInterval(successes, trials);
  return bounds === undefined ? '—' : `${bounds[0].toFixed(2)}–${bounds[1].toFixed(2)}`;
}

const HEADER = [
  'attribute'.padEnd(20),
  'support',
  'predicted',
  'correct',
  'precision',
  'recall',
  'abstained-ok',
  '  ECE',
  ' precision 95%',
  'recall 95%',
];

function row(name: string, c: Accuracy & { calibration?: Calibration }): string {
  return [
    name.padEnd(20),
    String(c.support).padStart(7),
    String(c.predicted).padStart(9),
    String(c.correct).padStart(7),
    ratio(c.precision).padStart(9),
    ratio(c.recall).padStart(6),
    String(c.abstainedOk).padStart(12),
    ratio(c.calibration?.ece).padStart(5),
    interval(c.correct, c.predicted).padStart(14),
    interval(c.correct, c.support).padStart(10),
  ].join('  ');
}

function table(
  accuracy: EnrichmentAccuracy,
  extra: (Accuracy & { attribute: string; calibration: Calibration })[] = [],
): void {
  console.log(HEADER.join('  '));
  for (const attribute of [...extra, ...accuracy.attributes])
    console.log(row(attribute.attribute, attribute));
  console.log(row('salary (has)', accuracy.hasSalary));
  console.log(row('overall (enrich)', accuracy.overall));
  if (values.mismatches) {
    console.log(`\n${String(accuracy.mismatches.length)} disagreements:`);
    for (const m of accuracy.mismatches) console.log(`  ${m}`);
  }
}

const set = await measureSetAccuracy();
for (const split of set.splits) {
  if (values.split !== undefined && split.split !== values.split) continue;
  console.log(
    `\n== ${split.split}: ${String(split.scored)} of ${String(split.lines)} labelled postings scored, ${String(split.boards)} boards, ${String(split.platforms)} platforms (out of sample)`,
  );
  table(split.enrichment, split.pipeline);
  if (values.mismatches) for (const m of split.pipelineMismatches) console.log(`  ${m}`);
}
if (set.unreadable.length > 0) {
  console.log(`\n${String(set.unreadable.length)} labelled postings not read by our parsers (not scored):`);
  for (const line of set.unreadable) console.log(`  ${line}`);
}

if (values.split === undefined) {
  const inSample = await measureRulesAccuracy();
  console.log(
    `\n== in-sample: ${String(inSample.postings)} postings read while the rules were written (optimistic)`,
  );
  table(inSample);
}
