/**
 * Paid analytics (posting velocity, time-to-fill) and the public state-of-hiring report. Each is an
 * observation of what we crawled, with its boundary stated: velocity says when we started watching
 * the company, time-to-fill refuses to estimate from fewer than 30 closures, a quarter's report is
 * stored once when the quarter has ended and a running quarter is labelled partial.
 */
import { AnalyticsRepository, type QuarterBreakdownRow, type StoredReport } from '../db/analytics.js';
import { ReportNotAvailableError } from '../domain/errors.js';
import { parseQuarter, previousQuarter, quarterOf, type Quarter } from '../domain/quarters.js';
import { isRecent } from '../lib/clock.js';
import { kaplanMeierMedian, type SurvivalGroup } from '../lib/statistics.js';
import type { components } from '../openapi/types.js';
import type { CompanyService } from './companies.js';
import type { CorpusNotice } from './corpus-notice.js';

export type PostingVelocity = components['schemas']['PostingVelocity'];
export type TimeToFill = components['schemas']['TimeToFill'];
export type StateOfHiring = components['schemas']['StateOfHiring'];
type HiringBreakdown = components['schemas']['HiringBreakdown'];
type TimeToFillFilters = components['schemas']['TimeToFillFilters'];

export interface TimeToFillRequest extends TimeToFillFilters {
  window_days: number;
}

export interface AnalyticsOptions {
  /** How old the stored partial report of the running quarter may be before a request recomputes it. */
  partialMaxAgeSeconds: number;
  /** Labels served state-of-hiring bodies when the corpus includes synthetic data (absent: never). */
  notice?: Pick<CorpusNotice, 'label'>;
  now?: () => Date;
}

/** Closures below which time-to-fill answers `insufficient_data` and a breakdown omits its median. */
export const MINIMUM_CLOSURES = 30;
const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** Rounded to the millisecond-free precision our figures carry (three decimals). */
function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** Monday 00:00 UTC of the ISO week containing `at`. */
function weekStart(at: number): number {
  const day = Math.floor(at / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7;
  return day - weekday * DAY_MS;
}

export class AnalyticsService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly companies: Pick<CompanyService, 'observedSince'>,
    private readonly options: AnalyticsOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  async postingVelocity(companyKey: string, windowDays: number): Promise<PostingVelocity> {
    const observed = await this.companies.observedSince(companyKey);
    const end = this.now().getTime();
    const split = end - windowDays * DAY_MS;
    const start = split - windowDays * DAY_MS;
    const iso = (at: number): string => new Date(at).toISOString();
    const rows = await this.repository.openingsByWeek(companyKey, iso(start), iso(split), iso(end));
    const byWeek = new Map(rows.map((row) => [row.week_start, row.openings]));
    const current = rows.reduce((sum, row) => sum + row.current, 0);
    const prior = rows.reduce((sum, row) => sum + row.openings, 0) - current;
    const weekly: PostingVelocity['weekly'] = [];
    for (let week = weekStart(start); week < end; week += WEEK_MS) {
      const day = iso(week).slice(0, 10);
      weekly.push({ week_start: day, openings: byWeek.get(day) ?? 0 });
    }
    // Nothing observed yet (a company without a crawled board): the boundary is now.
    const observedSince = observed?.getTime() ?? end;
    const fullyObserved = observedSince <= start;
    return {
      company_key: companyKey,
      window_days: windowDays,
      current_window: { start: iso(split), end: iso(end), openings: current },
      prior_window: { start: iso(start), end: iso(split), openings: prior },
      ...(fullyObserved ? { change: current - prior } : {}),
      ...(fullyObserved && prior > 0 ? { change_ratio: round3((current - prior) / prior) } : {}),
      weekly,
      evidence_boundary: { observed_since: iso(observedSince), windows_fully_observed: fullyObserved },
    };
  }

  async timeToFill(request: TimeToFillRequest): Promise<TimeToFill> {
    const { window_days: windowDays, ...filters } = request;
    // An unknown or unresolved company is a 404, as everywhere companies are named.
    if (filters.company_key !== undefined) await this.companies.observedSince(filters.company_key);
    const end = this.now().getTime();
    const start = end - windowDays * DAY_MS;
    const cohort = await this.repository.cohortDurations(
      filters,
      new Date(start).toISOString(),
      new Date(end).toISOString(),
    );
    const base = {
      filters,
      window_days: windowDays,
      window_start: new Date(start).toISOString(),
      window_end: new Date(end).toISOString(),
      censored_count: cohort.censored,
      minimum_sample_size: MINIMUM_CLOSURES,
    } as const;
    const { p25, p50, p75, p90 } = cohort;
    if (cohort.closed < MINIMUM_CLOSURES || p25 === null || p50 === null || p75 === null || p90 === null)
      return { status: 'insufficient_data', ...base, sample_size: cohort.closed };
    const groups: SurvivalGroup[] = cohort.groups.map((group) => ({
      duration: group.hours,
      events: group.events,
      censored: group.censored,
    }));
    const km = kaplanMeierMedian(groups);
    return {
      status: 'ok',
      ...base,
      sample_size: cohort.closed,
      median_days: round3(p50),
      p25_days: round3(p25),
      p75_days: round3(p75),
      p90_days: round3(p90),
      censored_median: km.reached
        ? { method: 'kaplan_meier', reached: true, median_days: round3(km.median / 24) }
        : {
            method: 'kaplan_meier',
            reached: false,
            at_least_days: round3(km.atLeast / 24),
            survival_at_end: round3(km.survivalAtEnd),
          },
    };
  }

  /**
   * The report of `quarterId` (omitted: the latest completed quarter). A completed quarter's
   * report is computed once and then served as stored, byte for byte; the running quarter's is
   * partial, recomputed when older than `partialMaxAgeSeconds` (the worker keeps it fresh).
   * Labelled when served (never stored labelled): a completed quarter's body outlives any load.
   */
  async stateOfHiring(
    quarterId: string | undefined,
    partialMaxAgeSeconds = this.options.partialMaxAgeSeconds,
  ): Promise<string> {
    const body = await this.storedReport(quarterId, partialMaxAgeSeconds);
    return this.options.notice === undefined ? body : this.options.notice.label(body);
  }

  /** The stored (or newly stored) body of a quarter's report, as measured. */
  private async storedReport(quarterId: string | undefined, partialMaxAgeSeconds: number): Promise<string> {
    const now = this.now();
    const quarter = quarterId === undefined ? previousQuarter(quarterOf(now)) : parseQuarter(quarterId);
    if (quarter.start.getTime() > now.getTime())
      throw new ReportNotAvailableError(`${quarter.id} has not started`);
    const first = await this.repository.firstObservation();
    if (first === null || quarter.end.getTime() <= Date.parse(first))
      throw new ReportNotAvailableError(
        first === null
          ? 'No posting observed yet'
          : `${quarter.id} ended before our first observation (${first})`,
      );
    const completed = quarter.end.getTime() <= now.getTime();
    const stored = await this.repository.hiringReport(quarter.id);
    const servable = (report: StoredReport): boolean =>
      completed
        ? !report.partial
        : report.partial && isRecent(report.generated_at, now, partialMaxAgeSeconds);
    if (stored !== null && servable(stored)) return stored.body;
    return this.repository.exclusively(`state-of-hiring:${quarter.id}`, async (repository) => {
      const again = await repository.hiringReport(quarter.id);
      if (again !== null && servable(again)) return again.body;
      const body = JSON.stringify(await this.measureQuarter(repository, quarter, completed, now));
      await repository.saveHiringReport(quarter.id, now.toISOString(), body);
      // A completed report already stored is never replaced: serve what is stored.
      return (await repository.hiringReport(quarter.id))?.body ?? body;
    });
  }

  /**
   * Stores the last completed quarter's report and keeps the running quarter's fresh (the worker,
   * at a quarter of the age at which a request would recompute it).
   */
  async refreshHiringReports(): Promise<void> {
    const current = quarterOf(this.now());
    for (const quarter of [previousQuarter(current), current]) {
      try {
        await this.storedReport(quarter.id, this.options.partialMaxAgeSeconds / 4);
      } catch (error) {
        if (!(error instanceof ReportNotAvailableError)) throw error;
      }
    }
  }

  private async measureQuarter(
    repository: AnalyticsRepository,
    quarter: Quarter,
    completed: boolean,
    now: Date,
  ): Promise<StateOfHiring> {
    const through = completed ? quarter.end : now;
    const read = (dimension: 'source' | 'country' | 'family' | 'all') =>
      repository.quarterBreakdown(
        dimension,
        quarter.start.toISOString(),
        through.toISOString(),
        MINIMUM_CLOSURES,
      );
    // In the report's transaction: one query after the other on its connection.
    const all = await read('all');
    const bySource = await read('source');
    const byCountry = await read('country');
    const byFamily = await read('family');
    const total = all[0];
    return {
      quarter: quarter.id,
      partial: !completed,
      period_start: quarter.start.toISOString(),
      period_end: quarter.end.toISOString(),
      measured_through: through.toISOString(),
      generated_at: now.toISOString(),
      totals: {
        first_observed_postings: total?.first_observed ?? 0,
        closed_postings: total?.closed ?? 0,
        ...(total === undefined || total.median_days === null
          ? {}
          : { median_duration_days: round3(total.median_days) }),
      },
      by_source: bySource.map(breakdown),
      by_country: byCountry.map(breakdown),
      by_family: byFamily.map(breakdown),
    };
  }
}

function breakdown(row: QuarterBreakdownRow): HiringBreakdown {
  return {
    key: row.key,
    first_observed_postings: row.first_observed,
    closed_postings: row.closed,
    ...(row.median_days === null ? {} : { median_duration_days: round3(row.median_days) }),
  };
}
