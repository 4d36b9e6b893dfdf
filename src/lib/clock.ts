/** Injectable time source, so tests can pin "now" without patching globals. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Whether an ISO `stamp` is younger than `maxAgeSeconds` at `now`. A stamp in the future (written
 * by a clock that has since jumped back, or a test's clock) is not recent: it would stay "fresh" forever.
 */
export function isRecent(stamp: string, now: Date, maxAgeSeconds: number): boolean {
  const age = now.getTime() - Date.parse(stamp);
  return age >= 0 && age < maxAgeSeconds * 1000;
}
