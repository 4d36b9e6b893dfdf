/** Injectable time source, so tests can pin "now" without patching globals. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
