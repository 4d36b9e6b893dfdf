/**
 * Source dates → ISO 8601 UTC (`YYYY-MM-DDTHH:MM:SS.sssZ`). Every shape the connectors meet is
 * parsed strictly; anything else is `undefined`, never a best guess:
 *   - epoch numbers or digit strings, milliseconds (Lever `createdAt`) or seconds;
 *   - ISO 8601 date-times with `Z`, `±HH:MM`, `±HHMM` or no offset, with or without seconds and
 *     fractions, `T` or space separated, and the Recruitee form `2026-08-10 15:10:24 UTC`;
 *   - date-only `YYYY-MM-DD` (midnight UTC), and day-month name-year `5-Oct-2026` (Avature,
 *     Darwinbox; midnight UTC, the calendar date as published);
 *   - RFC 822/1123 RSS dates, including unpadded days and hours (`Tue, 7 Jan 2025 7:00:00 GMT`);
 *   - Workday's relative `Posted Today`, `Posted Yesterday`, `Posted 18 Days Ago` and
 *     `Posted 30+ Days Ago`; these need `now` and are computed as `now` minus whole days.
 *     `30+` is a lower bound on the age: the posting is *at least* 30 days old, so the result is
 *     the latest possible posting time, not the real one.
 * A date-time without any offset is read as UTC: the sources that publish one (Oracle, JSON
 * feeds) mean UTC, and there is no other zone that would be less of a guess.
 */

const DAY_MS = 86_400_000;
/** Plausibility window: no job board published anything before 1990 or will after 2100. */
const MIN_MS = Date.UTC(1990, 0, 1);
const MAX_MS = Date.UTC(2100, 0, 1);
/** Epoch values at or above this are milliseconds (1e11 s would be the year 5138). */
const MS_THRESHOLD = 1e11;

const ISO_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?)?$/i;

const RFC822_PATTERN =
  /^(?:[A-Za-z]{3},?\s+)?(\d{1,2})\s+([A-Za-z]{3})\s+(\d{2}|\d{4})\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s+([A-Za-z]{1,3}|[+-]\d{4})$/;

const DAY_MONTH_YEAR_PATTERN = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/;

const RELATIVE_PATTERN = /^posted\s+(?:(today)|(yesterday)|(\d{1,4})(\+?)\s+days?\s+ago)$/i;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** RFC 822 zone names, in minutes east of UTC. */
const ZONES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

/** Parses a date published by a source into ISO 8601 UTC, or undefined when it is not a date. */
export function parseSourceDate(value: unknown, now?: Date): string | undefined {
  if (typeof value === 'number') return fromEpoch(value);
  if (value instanceof Date) return toIso(value.getTime());
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d{9,13}$/.test(text)) return fromEpoch(Number(text));
  return parseIso(text) ?? parseRfc822(text) ?? parseDayMonthYear(text) ?? parseRelative(text, now);
}

function parseDayMonthYear(text: string): string | undefined {
  const match = DAY_MONTH_YEAR_PATTERN.exec(text);
  if (match === null) return undefined;
  const [, day, monthName, year] = match;
  const month = MONTHS.indexOf((monthName ?? '').toLowerCase()) + 1;
  if (month === 0) return undefined;
  return compose(
    { year: Number(year), month, day: Number(day) },
    { hour: 0, minute: 0, second: 0, ms: 0 },
    0,
  );
}

function fromEpoch(value: number): string | undefined {
  if (!Number.isFinite(value) || value <= 0) return undefined;
  return toIso(value >= MS_THRESHOLD ? value : value * 1000);
}

function toIso(ms: number): string | undefined {
  if (!Number.isFinite(ms) || ms < MIN_MS || ms >= MAX_MS) return undefined;
  return new Date(ms).toISOString();
}

function parseIso(text: string): string | undefined {
  const match = ISO_PATTERN.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const offset = zone === undefined ? 0 : zoneOffsetMinutes(zone);
  if (offset === undefined) return undefined;
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  return compose(
    { year: Number(year), month: Number(month), day: Number(day) },
    { hour: Number(hour ?? 0), minute: Number(minute ?? 0), second: Number(second ?? 0), ms },
    offset,
  );
}

function parseRfc822(text: string): string | undefined {
  const match = RFC822_PATTERN.exec(text);
  if (match === null) return undefined;
  const [, day, monthName, yearText, hour, minute, second, zone] = match;
  const month = MONTHS.indexOf((monthName ?? '').toLowerCase()) + 1;
  if (month === 0 || yearText === undefined || zone === undefined) return undefined;
  const offset = zoneOffsetMinutes(zone);
  if (offset === undefined) return undefined;
  // RFC 2822 §4.3: two-digit years below 50 are 20xx, the rest 19xx.
  const shortYear = Number(yearText);
  const year = yearText.length === 4 ? shortYear : shortYear < 50 ? 2000 + shortYear : 1900 + shortYear;
  return compose(
    { year, month, day: Number(day) },
    { hour: Number(hour), minute: Number(minute), second: Number(second ?? 0), ms: 0 },
    offset,
  );
}

function parseRelative(text: string, now: Date | undefined): string | undefined {
  const match = RELATIVE_PATTERN.exec(text);
  if (match === null || now === undefined) return undefined;
  const [, today, yesterday, days] = match;
  const daysAgo = today !== undefined ? 0 : yesterday !== undefined ? 1 : Number(days);
  return toIso(now.getTime() - daysAgo * DAY_MS);
}

/** Minutes east of UTC for `Z`, `UTC`, `±HH:MM`, `±HHMM` or an RFC 822 zone name. */
function zoneOffsetMinutes(zone: string): number | undefined {
  const named = ZONES[zone.toUpperCase()];
  if (named !== undefined) return named;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (match === null) return undefined;
  const [, sign, hours, minutes] = match;
  if (Number(hours) > 14 || Number(minutes) > 59) return undefined;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

interface ClockTime {
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

/** Builds the instant, rejecting impossible fields (Feb 30, 25:00) instead of letting Date roll them over. */
function compose(date: CalendarDate, time: ClockTime, offsetMinutes: number): string | undefined {
  const { year, month, day } = date;
  const { hour, minute, second, ms } = time;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const local = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  const check = new Date(local);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return undefined;
  return toIso(local - offsetMinutes * 60_000);
}
