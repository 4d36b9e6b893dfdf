/**
 * Precision/recall of `enrich` (rules work-arrangement classifier) against the hand-labelled
 * sample test/fixtures/labelled/postings.jsonl. Usage: `npx tsx scripts/enrich-report.ts [--mismatches]`.
 * The scoring (and what each column means) is src/services/quality/enrichment-accuracy.ts, which the
 * data-quality report shares. Always exits 0.
 */
import { measureRulesAccuracy, type Accuracy } from '../src/services/quality/enrichment-accuracy.js';

function ratio(value: number | undefined): string {
  return value === undefined ? '—' : value.toFixed(2);
}

function row(name: string, c: Accuracy): string {
  const cells = [
    name.padEnd(20),
    String(c.support).padStart(7),
    String(c.predicted).padStart(9),
    String(c.correct).padStart(7),
    ratio(c.precision).padStart(9),
    ratio(c.recall).padStart(6),
    String(c.abstainedOk).padStart(12),
  ];
  return cells.join('  ');
}

const showMismatches = process.argv.includes('--mismatches');
const accuracy = await measureRulesAccuracy();
console.log(`enrich (rules classifier) on ${String(accuracy.postings)} labelled postings`);
console.log(
  ['attribute'.padEnd(20), 'support', 'predicted', 'correct', 'precision', 'recall', 'abstained-ok'].join(
    '  ',
  ),
);
for (const attribute of accuracy.attributes) console.log(row(attribute.attribute, attribute));
console.log(row('salary (has)', accuracy.hasSalary));
console.log(row('overall', accuracy.overall));
if (showMismatches) {
  console.log(`\n${String(accuracy.mismatches.length)} disagreements:`);
  for (const m of accuracy.mismatches) console.log(`  ${m}`);
}
