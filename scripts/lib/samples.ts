/** Sample statistics of the benches. */

/** The p-th percentile (0–100) of `samples`, nearest rank (the benches' published figure). */
export function percentile(samples: readonly number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}
