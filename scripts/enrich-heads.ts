/**
 * `npm run enrich:heads`: would trained heads over the sentence embedding beat the rules? Trains a
 * softmax head (scripts/lib/softmax.ts) per attribute on the labelled set's `train` split and
 * compares it with the rules on `dev` (test/fixtures/labelled, labelled-set.ts): the head alone,
 * the rules alone, and the rules with the head filling in where they abstain (above a probability
 * threshold). Two inputs: the vector search already stores (title, employer, start of the
 * description: jobEmbeddingText) and a vector of the title and department alone. `test` is not
 * read: this decides whether heads ship, which is a choice made on `dev`.
 */
import { installEmbeddingModel } from './lib/model.js';
import { predict, trainSoftmax, type SoftmaxModel } from './lib/softmax.js';
import { EmbeddingModel } from '../src/embeddings/model.js';
import { jobEmbeddingText } from '../src/embeddings/service.js';
import { descriptionOf } from '../src/ingest/enrich/text.js';
import type { Enrichment } from '../src/ingest/types.js';
import { rulesEnrichment } from '../src/services/quality/enrichment-accuracy.js';
import { readLabelledSet } from '../src/services/quality/labelled-set.js';

const ATTRIBUTES = ['career_family', 'experience_level', 'ai_work_arrangement'] as const;
const THRESHOLDS = [0.5, 0.7, 0.9];
const TRAINING = { epochs: 1500, learningRate: 4, l2: 0.0001 };

interface Row {
  split: string;
  labels: Record<string, unknown>;
  rules: Enrichment;
  job: number[];
  title: number[];
}

const model = await EmbeddingModel.load(await installEmbeddingModel(), 2);
const enrich = rulesEnrichment();
const rows: Row[] = [];
let embedMs = 0;
for (const line of await readLabelledSet()) {
  if (line.input === undefined || line.split === 'test') continue;
  const { posting } = line.input;
  const started = performance.now();
  const [job, title] = await model.embed([
    jobEmbeddingText({
      title: posting.title,
      organization: posting.organization ?? '',
      description_text: descriptionOf(line.input),
    }),
    posting.department === undefined ? posting.title : `${posting.title}. ${posting.department}`,
  ]);
  embedMs += performance.now() - started;
  if (job === undefined || title === undefined) continue;
  rows.push({
    split: line.split,
    labels: line.line.labels,
    rules: await enrich(line.input),
    job: Array.from(job),
    title: Array.from(title),
  });
}
await model.close();
console.log(
  `enrich:heads — ${String(rows.filter((r) => r.split === 'train').length)} train and ${String(rows.filter((r) => r.split === 'dev').length)} dev postings; embedding ${(embedMs / rows.length / 2).toFixed(1)} ms per text`,
);

const ratio = (a: number, b: number): string => (b === 0 ? '—' : (a / b).toFixed(2));

for (const attribute of ATTRIBUTES) {
  const labelled = (split: string): Row[] =>
    rows.filter((r) => r.split === split && typeof r.labels[attribute] === 'string');
  const train = labelled('train');
  const dev = labelled('dev');
  console.log(`\n${attribute}: train ${String(train.length)}, dev ${String(dev.length)} labelled`);
  const rulesValue = (r: Row): string | undefined => {
    const value = r.rules[attribute as keyof Enrichment];
    return typeof value === 'string' ? value : undefined;
  };
  const rulesPredicted = dev.filter((r) => rulesValue(r) !== undefined);
  const rulesCorrect = rulesPredicted.filter((r) => rulesValue(r) === r.labels[attribute]);
  console.log(
    `  rules                       precision ${ratio(rulesCorrect.length, rulesPredicted.length)}  recall ${ratio(rulesCorrect.length, dev.length)}`,
  );
  for (const input of ['job', 'title'] as const) {
    const head: SoftmaxModel = trainSoftmax(
      train.map((r) => r[input]),
      train.map((r) => String(r.labels[attribute])),
      TRAINING,
    );
    const guesses = dev.map((r) => ({ row: r, guess: predict(head, r[input]) }));
    const headCorrect = guesses.filter((g) => g.guess.label === g.row.labels[attribute]).length;
    console.log(`  head (${input} vector)`.padEnd(30) + `accuracy ${ratio(headCorrect, dev.length)}`);
    for (const threshold of THRESHOLDS) {
      let predicted = 0;
      let correct = 0;
      for (const { row, guess } of guesses) {
        const value = rulesValue(row) ?? (guess.probability >= threshold ? guess.label : undefined);
        if (value === undefined) continue;
        predicted++;
        if (value === row.labels[attribute]) correct++;
      }
      console.log(
        `    rules, else head ≥ ${threshold.toFixed(1)}`.padEnd(30) +
          `precision ${ratio(correct, predicted)}  recall ${ratio(correct, dev.length)}`,
      );
    }
  }
}
