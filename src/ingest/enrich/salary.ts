/**
 * salary: min/max/currency/period as published, with annualized values (hour × 2080, day × 260,
 * week × 52, month × 12, year × 1, same currency).
 *
 * Sources, first usable wins:
 * 1. native structured amounts (min/max/currency/periodRaw): Salary.source source_field,
 *    derivation source_field 1. A missing period is inferred only for annual-looking amounts
 *    (≥ 10,000: Greenhouse pay ranges and Workable salaries carry none), derivation rules 0.8.
 * 2. a native display string ("$0.05 – $0.06 / hour"): Salary.source source_field, derivation rules 0.9.
 * 3. the description ("$60,000 - $97,000/year"): Salary.source description_text, derivation
 *    rules 0.75; 0.6 when the currency came from a bare symbol or the period was assumed.
 *
 * Rejected (→ omitted): no amount, no currency, zero-only amounts ("0"–"0" placeholders), amounts
 * whose annualized value is below 1,000 or above 10,000,000 units (1e10 for currencies with
 * small units such as JPY, KRW, INR), i.e. "75.00–95.00 per year" or "$1–$5 / year". A zero lower
 * bound next to a real upper bound is dropped as a placeholder; reversed bounds are swapped.
 */
import type { Salary, SalaryPeriod } from '../../domain/job.js';
import type { EnrichInput } from '../types.js';
import { isCurrencyCode } from './currency.js';
import {
  mapSalaryPeriod,
  parseSalaryFromDescription,
  parseSalaryString,
  type ParsedSalary,
} from './salary-text.js';
import { descriptionOf } from './text.js';
import { derived, type Derived } from './types.js';

/** Multipliers from a period to a year (OpenAPI Salary). */
export const ANNUALIZATION: Record<SalaryPeriod, number> = {
  hour: 2080,
  day: 260,
  week: 52,
  month: 12,
  year: 1,
};

const ANNUAL_LOOKING = 10_000;
const MIN_ANNUAL = 1_000;
const MAX_ANNUAL = 10_000_000;
const MAX_ANNUAL_SMALL_UNIT = 10_000_000_000;
const SMALL_UNIT_CURRENCIES = new Set([
  'JPY',
  'KRW',
  'IDR',
  'VND',
  'HUF',
  'CLP',
  'COP',
  'IRR',
  'PKR',
  'NGN',
  'INR',
  'LKR',
  'UGX',
  'TZS',
  'KZT',
  'MMK',
  'LAK',
  'KHR',
  'PYG',
  'IQD',
  'UZS',
  'ISK',
]);

interface Candidate {
  min?: number;
  max?: number;
  currency: string;
  period: SalaryPeriod;
  source: Salary['source'];
}

/** Derives salary from native fields, then a native display string, then the description. */
export function deriveSalary(input: EnrichInput, countries: readonly string[]): Derived<Salary> | undefined {
  const native = input.posting.salary;
  if (native !== undefined) {
    const fromFields = fromNativeFields(
      native.min,
      native.max,
      native.currency,
      native.periodRaw,
      native.text,
      countries,
    );
    if (fromFields !== undefined) return fromFields;
    if (native.text !== undefined) {
      const parsed = parseSalaryString(native.text, countries);
      const salary = parsed === undefined ? undefined : fromParsed(parsed, 'source_field', true);
      if (salary !== undefined) return derived(salary.value, 'rules', salary.confident ? 0.9 : 0.7);
    }
  }
  const parsed = parseSalaryFromDescription(descriptionOf(input), countries, input.title);
  const salary = parsed === undefined ? undefined : fromParsed(parsed, 'description_text', false);
  return salary === undefined ? undefined : derived(salary.value, 'rules', salary.confident ? 0.75 : 0.6);
}

function fromNativeFields(
  min: number | undefined,
  max: number | undefined,
  rawCurrency: string | undefined,
  periodRaw: string | undefined,
  text: string | undefined,
  countries: readonly string[],
): Derived<Salary> | undefined {
  if (min === undefined && max === undefined) return undefined;
  const fromText = text === undefined ? undefined : parseSalaryString(text, countries);
  const currency =
    rawCurrency !== undefined && isCurrencyCode(rawCurrency.trim())
      ? rawCurrency.trim().toUpperCase()
      : fromText?.currency;
  if (currency === undefined) return undefined;
  let period = mapSalaryPeriod(periodRaw) ?? fromText?.period;
  let inferred = false;
  if (period === undefined) {
    if (Math.max(min ?? 0, max ?? 0) < ANNUAL_LOOKING) return undefined;
    period = 'year';
    inferred = true;
  }
  const salary = validSalary({ min, max, currency, period, source: 'source_field' });
  if (salary === undefined) return undefined;
  return inferred ? derived(salary, 'rules', 0.8) : derived(salary, 'source_field', 1);
}

function fromParsed(
  parsed: ParsedSalary,
  source: Salary['source'],
  structured: boolean,
): { value: Salary; confident: boolean } | undefined {
  const top = Math.max(parsed.min ?? 0, parsed.max ?? 0);
  let period = parsed.period;
  let assumed = false;
  if (period === undefined) {
    // A display field without a period, or a description range, is only trusted when annual-looking.
    if (top < ANNUAL_LOOKING) return undefined;
    period = 'year';
    assumed = true;
  }
  const value = validSalary({ min: parsed.min, max: parsed.max, currency: parsed.currency, period, source });
  if (value === undefined) return undefined;
  return { value, confident: parsed.currencyCertain && (!assumed || structured) };
}

/** Applies the sanity rules and adds the annualized amounts; undefined when the amounts are not a salary. */
export function validSalary(candidate: Candidate): Salary | undefined {
  let min = usable(candidate.min);
  let max = usable(candidate.max);
  // "$0 – $500K" is a form left at zero, not a pay range (two dev postings of one board; the
  // readers label it absent, as the set's guidelines do for other nonsense amounts).
  if (min === 0 && max !== undefined && max > 0) return undefined;
  if (min === 0 && max === undefined) min = undefined;
  if (max === 0) max = undefined;
  if (min === undefined && max === undefined) return undefined;
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const factor = ANNUALIZATION[candidate.period];
  const annualTop = (max ?? min ?? 0) * factor;
  const ceiling = SMALL_UNIT_CURRENCIES.has(candidate.currency) ? MAX_ANNUAL_SMALL_UNIT : MAX_ANNUAL;
  if (annualTop < MIN_ANNUAL || annualTop > ceiling) return undefined;
  const salary: Salary = { currency: candidate.currency, period: candidate.period, source: candidate.source };
  if (min !== undefined) {
    salary.min = min;
    salary.annualized_min = round2(min * factor);
  }
  if (max !== undefined) {
    salary.max = max;
    salary.annualized_max = round2(max * factor);
  }
  return salary;
}

function usable(value: number | undefined): number | undefined {
  return value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
