/**
 * The plan of the synthetic demo history (demo-history.ts), as pure functions of a seeded random
 * source: over the two calendar quarters before the running one and the running one so far, each
 * synthetic board is crawled every 3–7 days from the day we "discover" it (most at the start, some
 * later), and its postings come and go: some are on the board at its first crawl, the rest appear
 * later (more of them towards the end: boards grow); about half are taken off the board some
 * weeks after they appear (closed `removed_from_board`), some carry a valid-through date that
 * passes (closed `expired_by_source`), a few are edited once (`modified`), and a few boards die
 * (three not-found crawls in a row close their jobs `board_dead`). Every board keeps one posting
 * for good, so it never answers empty (which the lifecycle treats as suspect, not as closures).
 */
import { previousQuarter, quarterOf } from '../../src/domain/quarters.js';

export const DAY_MS = 86_400_000;

export interface HistoryPeriod {
  /** The start of the quarter two before the running one. */
  start: Date;
  /** Now: the running quarter is covered up to here. */
  end: Date;
  /** The quarters covered, oldest first (the last one partial). */
  quarters: string[];
}

export interface HistoryShape {
  /** Share of a board's postings already listed at its first crawl. */
  initialShare: number;
  /** Share of postings taken off the board some time after they appear. */
  removedShare: number;
  /** Median days from appearing to removal (exponential, at least two days). */
  removedMedianDays: number;
  /** Share of postings whose valid-through date is 3–9 weeks after they appear. */
  expiringShare: number;
  /** Share of postings edited once. */
  modifiedShare: number;
  /** Share of boards discovered after the start (uniformly over the first 60 % of the period). */
  lateBoardShare: number;
  /** Share of boards that die (answer not found from some day on). */
  deadBoardShare: number;
  /** Days between two crawls of a board (each drawn uniformly between the two). */
  intervalDays: readonly [number, number];
}

export const DEFAULT_SHAPE: HistoryShape = {
  initialShare: 0.35,
  removedShare: 0.55,
  removedMedianDays: 28,
  expiringShare: 0.12,
  modifiedShare: 0.06,
  lateBoardShare: 0.25,
  deadBoardShare: 0.04,
  intervalDays: [3, 7],
};

export interface PostingPlan {
  /** When it is put on the board (its first crawl at or after this first observes it). */
  appearsAt: number;
  /** Its date of publication at the source: at or before appearsAt. */
  postedAt: number;
  /** Taken off the board from then on. */
  removedAt?: number;
  /** Its valid-through date: the source reports it expired from then on. */
  expiresAt?: number;
  /** Its content changes then. */
  modifiedAt?: number;
}

export interface BoardPlan {
  /** Simulated crawl times (whole ms), ascending, inside [period start, period end). */
  crawls: number[];
  /** The board answers not found from then on. */
  diesAt?: number;
  /** One plan per posting, in the generator's order; the first one stays listed for good. */
  postings: PostingPlan[];
}

/** What a crawl at some time finds on a board. */
export type BoardListing =
  { kind: 'gone' } | { kind: 'ok'; postings: { index: number; expired: boolean; modified: boolean }[] };

/** The period of the history ending `now`: the two quarters before the running one, and the running one so far. */
export function historyPeriod(now: Date): HistoryPeriod {
  const running = quarterOf(now);
  const previous = previousQuarter(running);
  const first = previousQuarter(previous);
  return { start: first.start, end: now, quarters: [first.id, previous.id, running.id] };
}

function between(random: () => number, low: number, high: number): number {
  return low + random() * (high - low);
}

/** Plans one board of `size` postings over `period`. */
export function planBoard(
  random: () => number,
  size: number,
  period: HistoryPeriod,
  shape: HistoryShape = DEFAULT_SHAPE,
): BoardPlan {
  const start = period.start.getTime();
  const end = period.end.getTime();
  const span = end - start;
  const [minInterval, maxInterval] = shape.intervalDays;
  // Crawls at any hour, each 3–7 days after the one before (a worker's jittered cadence under
  // load), so durations are not multiples of one board interval.
  const gap = (): number => between(random, minInterval, maxInterval) * DAY_MS;
  const first = Math.round(
    random() < shape.lateBoardShare ? start + random() * 0.6 * span : start + random() * maxInterval * DAY_MS,
  );
  const crawls: number[] = [];
  for (let at = first; at < end; at = Math.round(at + gap())) crawls.push(at);
  const dies = random() < shape.deadBoardShare;
  const diesAt = dies ? first + between(random, 0.3, 0.8) * (end - first) : undefined;
  const postings: PostingPlan[] = [];
  for (let index = 0; index < size; index += 1) {
    const anchor = index === 0;
    const initial = anchor || random() < shape.initialShare;
    // Later postings lean towards the end (square root of a uniform draw): boards grow.
    const appearsAt = initial ? first : first + Math.sqrt(random()) * (end - first);
    // Postings on the board when we start watching were published up to 45 days before; new ones
    // reach us within two days.
    const postedAt = appearsAt - (initial ? random() * 45 : random() * 2) * DAY_MS;
    const plan: PostingPlan = { appearsAt, postedAt: Math.round(postedAt / 1000) * 1000 };
    const fate = random();
    if (!anchor && fate < shape.removedShare) {
      const days = Math.max(2, (-Math.log(1 - random()) * shape.removedMedianDays) / Math.LN2);
      plan.removedAt = appearsAt + days * DAY_MS;
    } else if (!anchor && fate < shape.removedShare + shape.expiringShare) {
      // A whole second, as sources publish it; the posting stays listed (expired) for up to 3 weeks.
      const expiresAt = Math.round((appearsAt + between(random, 21, 63) * DAY_MS) / 1000) * 1000;
      plan.expiresAt = expiresAt;
      plan.removedAt = expiresAt + random() * 21 * DAY_MS;
    }
    if (random() < shape.modifiedShare) {
      const modifiedAt = appearsAt + between(random, 3, 30) * DAY_MS;
      if (modifiedAt < (plan.expiresAt ?? plan.removedAt ?? Infinity)) plan.modifiedAt = modifiedAt;
    }
    postings.push(plan);
  }
  return { crawls, ...(diesAt === undefined ? {} : { diesAt }), postings };
}

/** What the board lists at `at` (a planned crawl, or the final one at the end of the period). */
export function listingAt(plan: BoardPlan, at: number): BoardListing {
  if (plan.diesAt !== undefined && at >= plan.diesAt) return { kind: 'gone' };
  const postings: { index: number; expired: boolean; modified: boolean }[] = [];
  plan.postings.forEach((posting, index) => {
    if (at < posting.appearsAt) return;
    if (posting.removedAt !== undefined && at >= posting.removedAt) return;
    postings.push({
      index,
      expired: posting.expiresAt !== undefined && at >= posting.expiresAt,
      modified: posting.modifiedAt !== undefined && at >= posting.modifiedAt,
    });
  });
  return { kind: 'ok', postings };
}
