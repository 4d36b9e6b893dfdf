/**
 * The company directory, profiles and company jobs. Directory and profiles read the rollups the
 * worker keeps in Postgres as crawls land (db/companies.ts): a page or a profile is two or three
 * indexed queries, never a scan of the corpus. Company jobs are a job search bound to the company.
 */
import {
  CompanyRepository,
  type BoardRollup,
  type DirectoryBoardRow,
  type DirectoryCompanyRow,
  type DirectoryFilters,
  type StoredEvidence,
} from '../db/companies.js';
import { NotFoundError } from '../domain/errors.js';
import { CAREER_FAMILIES, type CareerFamily } from '../domain/job.js';
import { derivationSourceOf } from '../ingest/identity/evidence.js';
import type { components } from '../openapi/types.js';
import { decodeCursor, encodeCursor, requestHash } from '../search/cursor.js';
import type { Meter } from './allowance.js';
import type { JobPage, JobSearchService } from './jobs.js';

export type CompanyEntry = components['schemas']['Company'];
export type CompanyProfile = components['schemas']['CompanyProfile'];
type BoardEntry = components['schemas']['Board'];
type DerivationSource = components['schemas']['DerivationSource'];

export interface DirectoryRequest {
  source?: string[];
  country?: string[];
  min_open_jobs: number;
  include_unresolved: boolean;
}

export interface CompanyDirectoryPage {
  companies: CompanyEntry[];
  next_cursor?: string;
}

export interface CompanyServiceOptions {
  cursorSecret: string;
  /** A company is listed when one of its boards answered a crawl within this many days. */
  verifiedWithinDays: number;
  now?: () => Date;
}

/** Rows per database round trip of the streamed catalog (memory stays flat whatever its size). */
const CATALOG_BATCH = 500;
const WEEK_MS = 7 * 86_400_000;
const VELOCITY_WEEKS = 12;
const WINDOW_DAYS = 30;

export class CompanyService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: CompanyRepository,
    private readonly jobs: Pick<JobSearchService, 'search'>,
    private readonly options: CompanyServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  private filtersOf(request: DirectoryRequest): DirectoryFilters {
    return {
      ...(request.source === undefined ? {} : { sources: request.source }),
      ...(request.country === undefined ? {} : { countries: request.country }),
      min_open_jobs: request.min_open_jobs,
      include_unresolved: request.include_unresolved,
      verified_within_days: this.options.verifiedWithinDays,
    };
  }

  /** One directory page; the cursor is bound to the filters. */
  async directory(
    request: DirectoryRequest & { limit: number; cursor?: string },
  ): Promise<CompanyDirectoryPage> {
    const { limit, cursor, ...filters } = request;
    const hash = requestHash({ companies: filters });
    const after =
      cursor === undefined ? undefined : String(decodeCursor(cursor, hash, this.options.cursorSecret)[0]);
    const rows = await this.repository.directoryPage(this.filtersOf(filters), after, limit + 1);
    const shown = rows.slice(0, limit);
    const companies = await this.entries(shown);
    const last = shown[shown.length - 1];
    return {
      companies,
      ...(rows.length > limit && last !== undefined
        ? { next_cursor: encodeCursor([last.company_key], hash, this.options.cursorSecret) }
        : {}),
    };
  }

  /** The whole filtered directory in page order, fetched in batches as the consumer pulls. */
  async *catalog(request: DirectoryRequest): AsyncGenerator<CompanyEntry> {
    const filters = this.filtersOf(request);
    let after: string | undefined;
    for (;;) {
      const rows = await this.repository.directoryPage(filters, after, CATALOG_BATCH);
      yield* await this.entries(rows);
      const last = rows[rows.length - 1];
      if (rows.length < CATALOG_BATCH || last === undefined) return;
      after = last.company_key;
    }
  }

  async profile(companyKey: string, includeUnresolved: boolean): Promise<CompanyProfile> {
    const row = await this.visible(companyKey, includeUnresolved);
    const boards = await this.repository.boardsOf([companyKey], true);
    const now = this.now();
    const since = new Date(now.getTime() - VELOCITY_WEEKS * WEEK_MS);
    const days = await this.repository.openingsPerDay(companyKey, since.toISOString());
    const rollup = mergeRollups(boards.map((board) => board.rollup));
    const base = entryOf(row, boards);
    return {
      ...base,
      hiring_velocity: velocity(days, now, observedSince(boards, row)),
      ...officeNetwork(rollup),
      ...departmentRollups(rollup),
      ...familyRollups(rollup),
      ...workModes(rollup),
      open_positions: {
        count: row.open_jobs,
        top_titles: topEntries(rollup.titles, 10).map(([title, open_jobs]) => ({ title, open_jobs })),
        jobs_url: `/v1/companies/${encodeURIComponent(companyKey)}/jobs`,
        source: 'observed',
        confidence: 1,
      },
    };
  }

  /** Jobs of one company (search bound to its key), metered like search. */
  async companyJobs(request: {
    company_key: string;
    status: 'open' | 'closed' | 'all';
    include_unresolved: boolean;
    limit: number;
    cursor?: string;
    meter?: Meter;
  }): Promise<JobPage> {
    await this.visible(request.company_key, request.include_unresolved);
    return this.jobs.search({
      filters: {
        company_key: request.company_key,
        status: request.status,
        include_unresolved: request.include_unresolved,
      },
      limit: request.limit,
      include_description: false,
      evaluation: false,
      ...(request.cursor === undefined ? {} : { cursor: request.cursor }),
      ...(request.meter === undefined ? {} : { meter: request.meter }),
    });
  }

  /**
   * When the service started observing a resolved company (its evidence boundary, as the profile's
   * velocity uses it). Unknown and unresolved companies → 404, as their profiles.
   */
  async observedSince(companyKey: string): Promise<Date | undefined> {
    const row = await this.visible(companyKey, false);
    const since = observedSince(await this.repository.boardsOf([companyKey], true), row);
    return since === undefined ? undefined : new Date(since);
  }

  /** The company, if it exists and may be shown (unresolved ones only when asked for). */
  private async visible(companyKey: string, includeUnresolved: boolean): Promise<DirectoryCompanyRow> {
    const row = await this.repository.company(companyKey);
    if (row === null || (!row.resolved && !includeUnresolved))
      throw new NotFoundError(`No company ${companyKey}`);
    return row;
  }

  private async entries(rows: DirectoryCompanyRow[]): Promise<CompanyEntry[]> {
    if (rows.length === 0) return [];
    const boards = await this.repository.boardsOf(
      rows.map((row) => row.company_key),
      false,
    );
    const byCompany = new Map<string, DirectoryBoardRow[]>();
    for (const board of boards) {
      const members = byCompany.get(board.company_key);
      if (members === undefined) byCompany.set(board.company_key, [board]);
      else members.push(board);
    }
    return rows.map((row) => entryOf(row, byCompany.get(row.company_key) ?? []));
  }
}

function asSource(value: string | null | undefined, fallback: DerivationSource): DerivationSource {
  switch (value) {
    case 'source_field':
    case 'rules':
    case 'language_model':
    case 'directory':
    case 'observed':
      return value;
    default:
      return fallback;
  }
}

function boardEntry(board: DirectoryBoardRow): BoardEntry {
  const linked = board.link_evidence.filter(
    (item): item is StoredEvidence & { kind: 'domain' | 'tenant' | 'operator' } => item.kind !== 'name',
  );
  return {
    source: board.source,
    source_slug: board.slug,
    ...(board.endpoint === null ? {} : { source_endpoint: board.endpoint }),
    ...(board.verified_at === null ? {} : { verified_at: board.verified_at }),
    health: board.health,
    open_jobs: board.open_jobs,
    ...(linked.length === 0
      ? {}
      : {
          linked_by: linked.map((item) => ({
            kind: item.kind,
            value: item.value,
            source: derivationSourceOf(item.origin),
            confidence: item.confidence,
          })),
        }),
  };
}

/** The directory entry; an unresolved company is named by its first board's tenant identifier. */
function entryOf(row: DirectoryCompanyRow, boards: DirectoryBoardRow[]): CompanyEntry {
  const first = boards[0];
  const name =
    row.resolved && row.display_name !== null
      ? row.display_name
      : first === undefined
        ? row.company_key
        : `${first.source}/${first.slug}`;
  return {
    company_key: row.company_key,
    name,
    ...(row.domain === null ? {} : { domain: row.domain }),
    resolved: row.resolved,
    boards: boards.map(boardEntry),
    open_jobs: row.open_jobs,
    countries: row.countries,
    ...(row.first_seen === null ? {} : { first_seen: row.first_seen }),
    ...(row.verified_at === null ? {} : { last_seen: row.verified_at }),
    derivations: {
      ...(row.resolved && row.display_name !== null
        ? { name: { source: asSource(row.name_source, 'rules'), confidence: row.name_confidence ?? 0 } }
        : {}),
      ...(row.domain === null
        ? {}
        : {
            domain: { source: asSource(row.domain_source, 'rules'), confidence: row.domain_confidence ?? 0 },
          }),
      ...(row.countries.length === 0 ? {} : { countries: { source: 'rules', confidence: 1 } }),
      open_jobs: { source: 'observed', confidence: 1 },
    },
  };
}

const EMPTY_ROLLUP: BoardRollup = {
  countries: [],
  offices: [],
  departments: {},
  work_modes: {},
  families: {},
  titles: {},
  derivations: {},
};

/** Board rollups added up: counts summed, derivation confidences averaged by job. */
export function mergeRollups(rollups: (BoardRollup | null)[]): BoardRollup {
  const merged: BoardRollup = structuredClone(EMPTY_ROLLUP);
  const offices = new Map<string, BoardRollup['offices'][number]>();
  const add = (target: Record<string, number>, source: Record<string, number>): void => {
    for (const [key, count] of Object.entries(source)) target[key] = (target[key] ?? 0) + count;
  };
  for (const rollup of rollups) {
    if (rollup === null) continue;
    add(merged.departments, rollup.departments);
    add(merged.work_modes, rollup.work_modes);
    add(merged.families, rollup.families);
    add(merged.titles, rollup.titles);
    for (const office of rollup.offices) {
      const key = JSON.stringify([office.city, office.country_code, office.lat, office.lng, office.country]);
      const seen = offices.get(key);
      offices.set(
        key,
        seen === undefined ? { ...office } : { ...seen, open_jobs: seen.open_jobs + office.open_jobs },
      );
    }
    for (const [attribute, stats] of Object.entries(rollup.derivations)) {
      const seen = merged.derivations[attribute];
      if (seen === undefined) merged.derivations[attribute] = { ...stats };
      else {
        const jobs = seen.jobs + stats.jobs;
        merged.derivations[attribute] = {
          jobs,
          confidence: (seen.confidence * seen.jobs + stats.confidence * stats.jobs) / jobs,
          source: seen.jobs >= stats.jobs ? seen.source : stats.source,
        };
      }
    }
  }
  merged.offices = [...offices.values()].sort(
    (a, b) => b.open_jobs - a.open_jobs || String(a.city).localeCompare(String(b.city)),
  );
  return merged;
}

function topEntries(counts: Record<string, number>, limit?: number): [string, number][] {
  const sorted = Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return limit === undefined ? sorted : sorted.slice(0, limit);
}

const round2 = (value: number): number => Math.round(value * 100) / 100;

function labelOf(
  rollup: BoardRollup,
  attribute: string,
  fallback: DerivationSource,
): Pick<CompanyProfile['open_positions'], 'source' | 'confidence'> {
  const stats = rollup.derivations[attribute];
  return {
    source: asSource(stats?.source, fallback),
    confidence: round2(Math.min(1, Math.max(0, stats?.confidence ?? 0))),
  };
}

function officeNetwork(rollup: BoardRollup): Pick<CompanyProfile, 'office_network'> {
  const offices = rollup.offices.filter((office) => office.city !== null || office.country_code !== null);
  if (offices.length === 0) return {};
  const countries = new Map<string, number>();
  for (const office of offices)
    if (office.country_code !== null)
      countries.set(office.country_code, (countries.get(office.country_code) ?? 0) + office.open_jobs);
  return {
    office_network: {
      offices: offices.map(({ open_jobs, ...location }) => ({ location, open_jobs })),
      countries: topEntries(Object.fromEntries(countries)).map(([country_code, open_jobs]) => ({
        country_code,
        open_jobs,
      })),
      ...labelOf(rollup, 'locations_derived', 'rules'),
    },
  };
}

function departmentRollups(rollup: BoardRollup): Pick<CompanyProfile, 'department_rollups'> {
  const departments = topEntries(rollup.departments);
  if (departments.length === 0) return {};
  return {
    department_rollups: {
      departments: departments.map(([name, open_jobs]) => ({ name, open_jobs })),
      source: 'source_field',
      confidence: 1,
    },
  };
}

const FAMILIES: ReadonlySet<string> = new Set(CAREER_FAMILIES);

function isFamily(value: string): value is CareerFamily {
  return FAMILIES.has(value);
}

function familyRollups(rollup: BoardRollup): Pick<CompanyProfile, 'family_rollups'> {
  const families = topEntries(rollup.families).filter((entry): entry is [CareerFamily, number] =>
    isFamily(entry[0]),
  );
  if (families.length === 0) return {};
  return {
    family_rollups: {
      families: families.map(([career_family, open_jobs]) => ({ career_family, open_jobs })),
      ...labelOf(rollup, 'career_family', 'rules'),
    },
  };
}

function workModes(rollup: BoardRollup): Pick<CompanyProfile, 'work_mode_distribution'> {
  const count = (mode: string): number => rollup.work_modes[mode] ?? 0;
  const known = count('remote') + count('hybrid') + count('on_site');
  if (known === 0) return {};
  return {
    work_mode_distribution: {
      remote: count('remote'),
      hybrid: count('hybrid'),
      on_site: count('on_site'),
      unknown: count('unknown'),
      ...labelOf(rollup, 'ai_work_arrangement', 'language_model'),
    },
  };
}

/** When the service started watching the company: its first board's first job, else its first crawl. */
function observedSince(boards: DirectoryBoardRow[], row: DirectoryCompanyRow): number | undefined {
  const times = boards.map((board) => board.created_at).filter((value): value is string => value !== null);
  if (row.first_seen !== null) times.push(row.first_seen);
  const parsed = times.map((value) => Date.parse(value)).filter((value) => Number.isFinite(value));
  return parsed.length === 0 ? undefined : Math.min(...parsed);
}

/** Weekly openings (12 weeks ending now) and the 30-day windows, from openings per UTC day. */
export function velocity(
  days: { day: string; openings: number }[],
  now: Date,
  watchedSince: number | undefined,
): CompanyProfile['hiring_velocity'] & object {
  const end = now.getTime();
  const weeks = Array.from({ length: VELOCITY_WEEKS }, (_, index) => ({
    week_start: new Date(end - (VELOCITY_WEEKS - index) * WEEK_MS).toISOString(),
    openings: 0,
  }));
  let current = 0;
  let prior = 0;
  for (const { day, openings } of days) {
    // A day's openings are placed at its midday (days are the finest grain stored per count), the
    // running day's at most at `now`: before noon UTC its openings are already counted, never dropped.
    if (Date.parse(`${day}T00:00:00Z`) > end) continue;
    const age = Math.max(0, end - Date.parse(`${day}T12:00:00Z`));
    const week = VELOCITY_WEEKS - 1 - Math.floor(age / WEEK_MS);
    const slot = weeks[week];
    if (slot !== undefined) slot.openings += openings;
    if (age < WINDOW_DAYS * 86_400_000) current += openings;
    else if (age < 2 * WINDOW_DAYS * 86_400_000) prior += openings;
  }
  const watched = watchedSince === undefined ? 0 : end - watchedSince;
  return {
    weeks,
    window_days: WINDOW_DAYS,
    current_window_openings: current,
    prior_window_openings: prior,
    source: 'observed',
    confidence: round2(Math.min(1, Math.max(0, watched / (VELOCITY_WEEKS * WEEK_MS)))),
  };
}
