/**
 * Precision/recall of `enrich` (rules work-arrangement classifier) against the hand-labelled
 * sample test/fixtures/labelled/postings.jsonl. Usage: `npx tsx scripts/enrich-report.ts [--mismatches]`.
 *
 * Per attribute and posting, with P the prediction (absent or a value) and L the label (null when
 * the honest answer is "absent"):
 * - predicted: P present; correct: P present, L not null and P equals L;
 * - precision = correct / predicted (a value predicted where L is null counts against it);
 * - recall = correct / support, support = postings whose L is not null;
 * - abstained-ok: P absent and L null (a correct omission; in neither ratio, shown on its own).
 * Equality: exact for scalars; as sets for employment_type; for skill_clusters every labelled tag
 * must be among the predicted ones (labels name the main clusters only); for salary currency,
 * period and min/max (within 0.5 %) must agree. "salary (has)" scores presence alone.
 * "overall" sums the counts of the ten attributes (not the "has" row). Always exits 0.
 */
import { readFileSync } from 'node:fs';
import { enrich, RulesWorkArrangementClassifier } from '../src/ingest/enrich/index.js';
import type { EnrichInput, Enrichment } from '../src/ingest/types.js';

const ATTRIBUTES = [
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
] as const;
type Attribute = (typeof ATTRIBUTES)[number];

interface LabelledLine {
  id: string;
  input: EnrichInput;
  labels: Partial<Record<Attribute, unknown>>;
}

interface Counts {
  support: number;
  predicted: number;
  correct: number;
  abstainedOk: number;
}

const SAMPLE = new URL('../test/fixtures/labelled/postings.jsonl', import.meta.url);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isLabelledLine(value: unknown): value is LabelledLine {
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

function readSample(): LabelledLine[] {
  return readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      const parsed: unknown = JSON.parse(line);
      if (!isLabelledLine(parsed)) throw new Error(`line ${String(i + 1)} is not a labelled posting`);
      return parsed;
    });
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

function isEqual(attribute: Attribute, predicted: unknown, label: unknown): boolean {
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

function score(counts: Counts, predicted: unknown, label: unknown, equal: boolean): void {
  const present = predicted !== undefined;
  if (label !== null) counts.support += 1;
  if (present) counts.predicted += 1;
  if (present && label !== null && equal) counts.correct += 1;
  if (!present && label === null) counts.abstainedOk += 1;
}

function ratio(numerator: number, denominator: number): string {
  return denominator === 0 ? '—' : (numerator / denominator).toFixed(2);
}

function row(name: string, c: Counts): string {
  const cells = [
    name.padEnd(20),
    String(c.support).padStart(7),
    String(c.predicted).padStart(9),
    String(c.correct).padStart(7),
    ratio(c.correct, c.predicted).padStart(9),
    ratio(c.correct, c.support).padStart(6),
    String(c.abstainedOk).padStart(12),
  ];
  return cells.join('  ');
}

function emptyCounts(): Counts {
  return { support: 0, predicted: 0, correct: 0, abstainedOk: 0 };
}

async function main(): Promise<void> {
  const showMismatches = process.argv.includes('--mismatches');
  const sample = readSample();
  const classifier = new RulesWorkArrangementClassifier();
  const counts = new Map<Attribute, Counts>(ATTRIBUTES.map((a) => [a, emptyCounts()]));
  const hasSalary = emptyCounts();
  const mismatches: string[] = [];

  for (const line of sample) {
    const result: Enrichment = await enrich(line.input, { workArrangement: classifier });
    for (const attribute of ATTRIBUTES) {
      if (!(attribute in line.labels)) continue;
      const label = line.labels[attribute] ?? null;
      const predicted: unknown = result[attribute];
      const equal = predicted !== undefined && label !== null && isEqual(attribute, predicted, label);
      const c = counts.get(attribute);
      if (c !== undefined) score(c, predicted, label, equal);
      const agrees = equal || (predicted === undefined && label === null);
      if (!agrees)
        mismatches.push(
          `${line.id}  ${attribute}: predicted ${JSON.stringify(predicted)} label ${JSON.stringify(label)}`,
        );
      if (attribute === 'salary')
        score(hasSalary, predicted === undefined ? undefined : true, label === null ? null : true, true);
    }
  }

  const overall = emptyCounts();
  for (const c of counts.values()) {
    overall.support += c.support;
    overall.predicted += c.predicted;
    overall.correct += c.correct;
    overall.abstainedOk += c.abstainedOk;
  }
  console.log(`enrich (rules classifier) on ${String(sample.length)} labelled postings`);
  console.log(
    ['attribute'.padEnd(20), 'support', 'predicted', 'correct', 'precision', 'recall', 'abstained-ok'].join(
      '  ',
    ),
  );
  for (const attribute of ATTRIBUTES) console.log(row(attribute, counts.get(attribute) ?? emptyCounts()));
  console.log(row('salary (has)', hasSalary));
  console.log(row('overall', overall));
  if (showMismatches) {
    console.log(`\n${String(mismatches.length)} disagreements:`);
    for (const m of mismatches) console.log(`  ${m}`);
  }
}

await main();
