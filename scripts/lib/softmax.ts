/**
 * Multinomial logistic regression (softmax) by full-batch gradient descent with L2: the smallest
 * trained head over sentence embeddings, for `npm run enrich:heads`. Pure; no I/O.
 */

export interface SoftmaxModel {
  classes: string[];
  /** One row per class: the weights of every feature, then the bias. */
  weights: number[][];
}

export interface TrainOptions {
  epochs: number;
  learningRate: number;
  l2: number;
}

/** Trains on `features` (rows of equal length) labelled with `labels`. */
export function trainSoftmax(features: number[][], labels: string[], options: TrainOptions): SoftmaxModel {
  const classes = [...new Set(labels)].sort();
  const width = (features[0]?.length ?? 0) + 1;
  const weights = classes.map(() => new Array<number>(width).fill(0));
  const targets = labels.map((label) => classes.indexOf(label));
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    const gradient = classes.map(() => new Array<number>(width).fill(0));
    features.forEach((x, i) => {
      const p = probabilities({ classes, weights }, x);
      p.forEach((pc, c) => {
        const error = pc - (targets[i] === c ? 1 : 0);
        const row = gradient[c] ?? [];
        x.forEach((value, j) => {
          row[j] = (row[j] ?? 0) + error * value;
        });
        row[width - 1] = (row[width - 1] ?? 0) + error;
      });
    });
    weights.forEach((row, c) => {
      const g = gradient[c] ?? [];
      for (let j = 0; j < width; j++) {
        const decay = j < width - 1 ? options.l2 * (row[j] ?? 0) : 0;
        row[j] = (row[j] ?? 0) - options.learningRate * ((g[j] ?? 0) / features.length + decay);
      }
    });
  }
  return { classes, weights };
}

/** The class probabilities of one feature row. */
export function probabilities(model: SoftmaxModel, x: number[]): number[] {
  const scores = model.weights.map((row) =>
    x.reduce((sum, value, j) => sum + value * (row[j] ?? 0), row[x.length] ?? 0),
  );
  const top = Math.max(...scores);
  const exps = scores.map((score) => Math.exp(score - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** The most probable class and its probability. */
export function predict(model: SoftmaxModel, x: number[]): { label: string; probability: number } {
  const p = probabilities(model, x);
  const best = p.indexOf(Math.max(...p));
  return { label: model.classes[best] ?? '', probability: p[best] ?? 0 };
}
