/**
 * Wilson score interval of a proportion (95% by default): how far a precision or recall measured on
 * a hundred labelled postings may be from the rate on postings like them. Unlike the normal
 * approximation it stays inside [0, 1] and does not collapse to a point at 0 or n successes (40 of
 * 40 right is 0.91–1.00, not 1.00–1.00).
 */
export function wilsonInterval(successes: number, trials: number, z = 1.96): [number, number] | undefined {
  if (trials <= 0 || successes < 0 || successes > trials) return undefined;
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / (1 + z2 / trials);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}
