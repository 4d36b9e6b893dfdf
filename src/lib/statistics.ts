/**
 * Estimators the analytics publish: percentiles of a sample and the Kaplan–Meier median of a
 * right-censored one. Pure, so the published figures can be checked against a hand computation.
 */

/**
 * The p-quantile (0 ≤ p ≤ 1) of ascending `sorted` by linear interpolation between order
 * statistics (Hyndman–Fan type 7: the definition of Postgres' percentile_cont, numpy's default).
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of an empty sample');
  const position = (sorted.length - 1) * p;
  const lower = Math.floor(position);
  const low = sorted[lower] ?? 0;
  const high = sorted[Math.min(lower + 1, sorted.length - 1)] ?? low;
  return low + (high - low) * (position - lower);
}

/** Observations grouped by duration: how many ended with the event there, how many were censored. */
export interface SurvivalGroup {
  duration: number;
  events: number;
  censored: number;
}

export type KaplanMeierMedian =
  { reached: true; median: number } | { reached: false; atLeast: number; survivalAtEnd: number };

/**
 * The Kaplan–Meier median: the smallest duration t at which the estimated survival
 * S(t) = Π over event durations u ≤ t of (1 − events(u) / at_risk(u)) falls to 0.5 or below.
 * At risk at u: every observation whose duration is ≥ u (censored ones at u included: the
 * usual convention that events precede censoring at a tie). When S never falls to 0.5 the median
 * is longer than the longest duration observed, which is reported instead with S there.
 */
export function kaplanMeierMedian(groups: readonly SurvivalGroup[]): KaplanMeierMedian {
  const ordered = [...groups].sort((a, b) => a.duration - b.duration);
  let atRisk = ordered.reduce((sum, group) => sum + group.events + group.censored, 0);
  if (atRisk === 0) throw new RangeError('Kaplan–Meier estimate of an empty sample');
  let survival = 1;
  let longest = 0;
  for (const group of ordered) {
    if (group.events > 0) {
      survival *= 1 - group.events / atRisk;
      if (survival <= 0.5) return { reached: true, median: group.duration };
    }
    atRisk -= group.events + group.censored;
    longest = group.duration;
  }
  return { reached: false, atLeast: longest, survivalAtEnd: survival };
}
