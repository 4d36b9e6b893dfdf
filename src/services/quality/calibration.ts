/**
 * Calibration of derived values' confidence: values given confidence c should be correct at a rate
 * close to c. A reliability table bins the predictions by confidence (equal-width bins over [0, 1];
 * a confidence of exactly 1 falls in the last bin) and compares each bin's mean confidence with its
 * accuracy; the expected calibration error is the count-weighted mean of those gaps
 * (ECE = Σ n_b / N · |accuracy_b − confidence_b|). Pure; the figures come from a labelled set.
 */

export interface CalibrationPoint {
  confidence: number;
  correct: boolean;
}

export interface ReliabilityBin {
  /** The bin's confidence interval [from, to). */
  from: number;
  to: number;
  count: number;
  meanConfidence: number;
  accuracy: number;
}

export interface Calibration {
  predictions: number;
  /** Non-empty bins only, lowest confidence first. */
  bins: ReliabilityBin[];
  /** Absent when there is no prediction. */
  ece?: number;
}

export function calibrationOf(points: readonly CalibrationPoint[], binCount = 10): Calibration {
  const sums = Array.from({ length: binCount }, () => ({ count: 0, confidence: 0, correct: 0 }));
  for (const point of points) {
    const index = Math.min(binCount - 1, Math.max(0, Math.floor(point.confidence * binCount)));
    const bin = sums[index];
    if (bin === undefined) continue;
    bin.count += 1;
    bin.confidence += point.confidence;
    bin.correct += point.correct ? 1 : 0;
  }
  const bins = sums.flatMap((bin, i) =>
    bin.count === 0
      ? []
      : [
          {
            from: i / binCount,
            to: (i + 1) / binCount,
            count: bin.count,
            meanConfidence: bin.confidence / bin.count,
            accuracy: bin.correct / bin.count,
          },
        ],
  );
  if (points.length === 0) return { predictions: 0, bins };
  const ece = bins.reduce(
    (sum, bin) => sum + (bin.count / points.length) * Math.abs(bin.accuracy - bin.meanConfidence),
    0,
  );
  return { predictions: points.length, bins, ece };
}
