/**
 * Salary amounts in text: "$120,000 – $150,000 per year", "CA$102.8K – CA$137K", "£45k-£55k",
 * "€60.000", "$0.05 – $0.06 / hour", "USD 58,100-133,200", "€75–90k OTE".
 *
 * An amount counts only with a currency next to it (symbol or ISO code, before or after), so
 * "4,700 customers" is never a salary. In a description the sentence must also talk about pay
 * (salary, compensation, pay, wage, OTE, Gehalt, RAL, …) and the words just before the amount must
 * not be a benefit ("Fertility HRA (up to $10,000 per year)"); a single amount after "from",
 * "starting from", "ab", "à partir de" … is a floor (no maximum); amounts in millions or billions ("raised $73
 * million", "a $12B company") are skipped. The first qualifying amount or range wins.
 *
 * Numbers: "," or "." followed by exactly three digits is a thousands separator ("120,000",
 * "60.000"), otherwise a decimal point ("102.8K", "34.52"); "k" multiplies by 1000 and, in a range,
 * carries over to a bare lower bound ("€75–90k").
 */
import type { SalaryPeriod } from '../../domain/job.js';
import { resolveCurrency, type CurrencyMatch } from './currency.js';
import { sentencesOf } from './text.js';

/** Amounts found in a text, before validation and annualization. */
export interface ParsedSalary {
  min?: number;
  max?: number;
  currency: string;
  currencyCertain: boolean;
  /** Undefined when the text names no period. */
  period?: SalaryPeriod;
}

const SYMBOL = String.raw`US\$|CA\$|C\$|AU\$|A\$|NZ\$|SG\$|S\$|HK\$|RD\$|R\$|MX\$|\$|£|€|¥|₹|₩|₪|₱|₺|₦|₫`;
const CODE = '[A-Z]{3}';
const NUMBER = String.raw`\d{1,3}(?:[.,\u00a0\u202f' ]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?`;
const SUFFIX_SYMBOL = String.raw`€|£|\$|zł|kr`;

function side(n: number): string {
  return (
    String.raw`(?<pre${n}>(?:${CODE}\s?)?(?:${SYMBOL})|${CODE}(?=\s?\d))?\s?(?<num${n}>${NUMBER})(?<k${n}>\s?[kK](?![\p{L}\d]))?` +
    String.raw`(?:\s?(?<post${n}>${CODE}(?![\p{L}])|${SUFFIX_SYMBOL}))?(?![\p{L}\d])`
  );
}

const RANGE_RE = new RegExp(String.raw`${side(1)}\s*(?:-|–|—|to|bis|til)\s*${side(2)}`, 'gu');
/**
 * "between $101,700 and $106,500/year" (and "zwischen … und", "entre … et / y"): a range too; so is
 * "Vergütung: EUR 90.000 und EUR 110.000" right after a pay field's label (train: pplwise).
 */
const BETWEEN_RE = new RegExp(
  // Case-sensitive like RANGE_RE: with the i flag a currency code would match any three letters ("und").
  String.raw`(?<=\b(?:[Bb]etween|[Zz]wischen|[Ee]ntre|(?:[Vv]ergütung|[Gg]ehalt|[Ss]alary|[Ss]alaire|[Cc]ompensation|[Pp]ay)\s*:)\s+)${side(1)}\s+(?:and|und|et|y|e)\s+${side(2)}`,
  'gu',
);
const SINGLE_RE = new RegExp(side(1), 'gu');

const PAY_CONTEXT =
  /\b(?:salary|salaries|compensation|pay|wage|wages|base|ote|on-target|earnings|remuneration|rate|gehalt|vergütung|lønn|lønnen|salaire|rémunération|sueldo|salario|salário|remuneração|retribuzione|stipendio|ral)\b|(?:jahres|monats|brutto|bruttojahres|grund|fix)gehalt|stundenlohn|💰|💵|💶|💷/iu;
/** Benefit words shortly before an amount: the amount is a perk, not the pay. */
const BENEFIT_BEFORE =
  /\b(?:hra|hsa|allowance|reimburs\w*|coverage|budget|fertility|401\(?k\)?|pension|relocation|sign[- ]on|signing|lifetime|insurance|wellness|referral|stipend|equity)\b/i;
const MAGNITUDE_AFTER = /^\s*(?:million|billion|mn|bn|m|b)\b/i;
/**
 * An amount stated as on-target earnings ("$60,000 OTE", "… on target earnings"): base and
 * commission together. Labelled as the job's pay only when no base is stated beside it (dev:
 * "$60,000 OTE ($40,000 base salary plus commission)" is labelled 40,000).
 */
const OTE_AFTER = /^\s*\(?\s*(?:OTE\b|on[- ]target\b)/i;
/** An amount the same text calls the base ("$40,000 base salary", "base salary of $40,000"). */
const BASE_AFTER = /^\s*(?:base\b|annual base\b)/i;
const BASE_BEFORE = /\bbase(?:\s+(?:salary|pay))?(?:\s+(?:of|is))?\s*:?\s*$/i;
/** A bonus's cap just before an amount ("company bonus (up to 15K€ per year", dev: lemlist): not the pay. */
const BONUS_BEFORE = /\bbonus(?:es)?\s*\(?\s*(?:of\s*)?(?:up\s+to\s*)?$/i;
/**
 * A line that is a benefit's (its first words name one: "⛑️ Life Insurance - covering 2 times your
 * salary, up to $200k", "401(k) - up 4% of your salary matched", train: sonio): its amounts are the
 * benefit's, though it names the salary.
 */
const BENEFIT_LINE =
  /^[^\p{L}\d]*(?:\p{L}+\s+){0,2}?(?:insurance|401\(?k\)?|pension|hsa|fsa|hra|stipend|allowance|reimbursement)\b/iu;

/**
 * Period words after an amount, else anywhere in its sentence; German, French, Italian, Spanish and
 * Portuguese ones too ("Jahresgehalt", "brut annuel", "RAL" — Italy's gross annual pay —, "al mes").
 */
const PERIOD_RULES: [RegExp, SalaryPeriod][] = [
  [
    /(?:\b(?:per|an|a|each)\s*|\/\s*)(?:hour|hr)\b|\bhourly\b|\/\s*h\b|stundenlohn|\b(?:pro|je) stunde\b|\/\s*std\b|\bpar heure\b|\bde l'heure\b|\ball'ora\b|\bpor hora\b/i,
    'hour',
  ],
  [
    /(?:\b(?:per|a)\s*|\/\s*)day\b|\bdaily\b|\b(?:pro|je) tag\b|\bpar jour\b|\bal giorno\b|\bpor día\b|\bpor dia\b/iu,
    'day',
  ],
  [/(?:\b(?:per|a)\s*|\/\s*)(?:week|wk)\b|\bweekly\b|\b(?:pro|je) woche\b|\bpar semaine\b/i, 'week'],
  [
    /(?:\b(?:per|a)\s*|\/\s*)(?:month|mo)\b|\bmonthly\b|monatsgehalt|\bmonatlich\b|\b(?:pro|im|je) monat\b|\bpar mois\b|\bmensuel(?:le)?\b|\bal mese\b|\bmensil[ei]\b|\bal mes\b|\bpor mes\b|\bmensual(?:es)?\b|\bpor mês|\bmensal\b/iu,
    'month',
  ],
  [
    /(?:\b(?:per|a|an)\s*|\/\s*)(?:year|yr|annum)\b|\bannual(?:ly)?\b|\byearly\b|\bp\.\s?a\.?(?![\p{L}])|\bper annum\b|jahresgehalt|\bjährlich\b|\b(?:pro|im|je) jahr\b|\bpar an\b|\bannuel(?:le)?\b|\bannu[oaie]\b|\bRAL\b|\bal año\b|\bpor año\b|\banual(?:es)?\b|\bpor ano\b/iu,
    'year',
  ],
];

/**
 * Words that make a single amount a floor ("starting from €26,000", "ab 3.000 €", "starts at
 * $185,000", "Starting salary: ₱100,000/month"): no maximum.
 */
const FLOOR_BEFORE =
  /(?:\bstart(?:s|ing)? (?:from|at)|\bstarting (?:base )?(?:salary|pay|rate|wage)s?(?: (?:is|of))?:?|\bfrom|\bat least|\bminimum(?: of)?|\bab|\bmindestens|\bà partir de|\ba partire da|\bdesde|\ba partir de)\s*(?:ca\.?\s*)?$/i;

/** Parses a structured display string ("$0.05 – $0.06 / hour"): no pay-context requirement. */
export function parseSalaryString(text: string, countries: readonly string[]): ParsedSalary | undefined {
  return firstAmount(text, countries, false);
}

/**
 * A heading that announces pay ("United States Salary Range", "Compensation:", "Pay Range"): a
 * short line with a pay word, no digit and no sentence end. Pay-transparency blocks put the amounts
 * on the next line ("$139,200—$235,200 USD"), which then reads with the heading's context.
 */
const PAY_HEADING_MAX_WORDS = 6;
function isPayHeading(sentence: string): boolean {
  const words = sentence.trim().split(/\s+/);
  return (
    words.length <= PAY_HEADING_MAX_WORDS &&
    PAY_CONTEXT.test(sentence) &&
    !/\d/.test(sentence) &&
    !/[.!?]$/.test(sentence.trim())
  );
}

/**
 * A line of a pay list that names whom its amount is for: "- RN: $33.00 - $38.00 an hour",
 * "LPN: $23-$26 an hour" (a short label, a colon, then the amount). The label's words, lower case.
 */
const LABELLED_PAY_RE = /^\s*(?:[-•*·–]\s*)?([\p{L}][\p{L}\p{N}/&.' ]{0,39}?)\s*:\s*\S/u;
/** Lines after a labelled amount that may hold the list's other labels. */
const PAY_LIST_LOOKAHEAD = 6;

function payLabel(sentence: string): string[] | undefined {
  const label = LABELLED_PAY_RE.exec(sentence)?.[1];
  return label === undefined
    ? undefined
    : label
        .toLowerCase()
        .split(/[\s/&]+/u)
        .filter((w) => w !== '');
}

/** Whether every word of `label` is a word of `title`. */
function titleNames(title: string, label: readonly string[]): boolean {
  const words = new Set(title.toLowerCase().split(/[^\p{L}\p{N}']+/u));
  return label.length > 0 && label.every((word) => words.has(word));
}

/**
 * Finds the first salary statement of a description. When it opens a pay list by role ("- RN: $33 -
 * $38 an hour" / "- LPN: $23-$26 an hour") and a later line's label is named by the title ("…
 * Private Duty LPN - Nights") while the first one's is not, that line's amount is the job's: the
 * first describes another licence or role (dev: an LPN posting read at the RN rate).
 */
export function parseSalaryFromDescription(
  text: string,
  countries: readonly string[],
  title = '',
): ParsedSalary | undefined {
  const sentences = sentencesOf(text);
  let underHeading = false;
  for (const [at, sentence] of sentences.entries()) {
    const inContext = underHeading || PAY_CONTEXT.test(sentence);
    underHeading = isPayHeading(sentence);
    if (!inContext) continue;
    const parsed = firstAmount(sentence, countries, true);
    if (parsed === undefined) continue;
    const label = payLabel(sentence);
    if (label === undefined || title === '' || titleNames(title, label)) return parsed;
    return forTitle(sentences.slice(at + 1, at + 1 + PAY_LIST_LOOKAHEAD), title, countries) ?? parsed;
  }
  return undefined;
}

/** The amount of the first labelled pay line among `lines` whose label the title names. */
function forTitle(
  lines: readonly string[],
  title: string,
  countries: readonly string[],
): ParsedSalary | undefined {
  for (const line of lines) {
    const label = payLabel(line);
    if (label === undefined || !titleNames(title, label)) continue;
    const parsed = firstAmount(line, countries, true);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

/** Maps a native period value ("per-year-salary", "HOURLY", "1 YEAR", "yearly") to a SalaryPeriod. */
export function mapSalaryPeriod(raw: string | undefined): SalaryPeriod | undefined {
  if (raw === undefined) return undefined;
  const v = raw.toLowerCase();
  if (/hour|hr\b/.test(v)) return 'hour';
  if (/day|daily/.test(v)) return 'day';
  if (/week/.test(v)) return 'week';
  if (/month/.test(v)) return 'month';
  if (/year|annual|annum|yearly|salary/.test(v)) return 'year';
  return undefined;
}

/** Parses an amount written with "," / "." / space separators and an optional "k". */
export function parseAmount(raw: string, thousands: boolean): number | undefined {
  let s = raw.replace(/[\u00a0\u202f' ]/g, '');
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    // Both present: the later one is the decimal separator.
    const decimal = lastComma > lastDot ? ',' : '.';
    s = s.replaceAll(decimal === ',' ? '.' : ',', '').replace(decimal, '.');
  } else {
    const sep = lastComma >= 0 ? ',' : lastDot >= 0 ? '.' : '';
    if (sep !== '') {
      const groups = s.split(sep);
      const grouped = groups.slice(1).every((g) => g.length === 3) && !thousands;
      s = grouped ? groups.join('') : s.replace(sep, '.');
    }
  }
  const value = Number(s);
  if (!Number.isFinite(value)) return undefined;
  return thousands ? value * 1000 : value;
}

interface Side {
  amount: number;
  currency?: string;
  hasK: boolean;
  rawNumber: string;
}

function firstAmount(
  text: string,
  countries: readonly string[],
  inDescription: boolean,
): ParsedSalary | undefined {
  const candidates: { index: number; end: number; sides: Side[] }[] = [];
  for (const match of [...text.matchAll(RANGE_RE), ...text.matchAll(BETWEEN_RE)]) {
    const a = sideOf(match.groups, 1);
    const b = sideOf(match.groups, 2);
    if (a !== undefined && b !== undefined && (a.currency !== undefined || b.currency !== undefined)) {
      candidates.push({ index: match.index, end: match.index + match[0].length, sides: [a, b] });
    }
  }
  for (const match of text.matchAll(SINGLE_RE)) {
    const a = sideOf(match.groups, 1);
    if (a?.currency === undefined) continue;
    // Part of a range already found (overlapping it: a side may take the space before its number).
    const end = match.index + match[0].length;
    if (candidates.some((c) => match.index < c.end && end > c.index)) continue;
    candidates.push({ index: match.index, end, sides: [a] });
  }
  candidates.sort((x, y) => x.index - y.index);
  if (inDescription && BENEFIT_LINE.test(text)) return undefined;
  const isBase = (c: { index: number; end: number }): boolean =>
    BASE_AFTER.test(text.slice(c.end)) || BASE_BEFORE.test(text.slice(Math.max(0, c.index - 30), c.index));
  // On-target earnings with a base stated beside them: the base is the pay.
  // (A side's currency may have taken "OTE" for a code: the match itself can end with it.)
  const isOte = (c: { index: number; end: number }): boolean =>
    /\bOTE$/.test(text.slice(c.index, c.end)) || OTE_AFTER.test(text.slice(c.end));
  if (candidates.some(isOte)) {
    const base = candidates.find(isBase);
    if (base !== undefined) candidates.unshift(base);
  }
  for (const candidate of candidates) {
    if (MAGNITUDE_AFTER.test(text.slice(candidate.end))) continue;
    const before = text.slice(Math.max(0, candidate.index - 30), candidate.index);
    if (inDescription && (BENEFIT_BEFORE.test(before) || BONUS_BEFORE.test(before))) continue;
    const floor = FLOOR_BEFORE.test(before);
    const parsed = toParsed(candidate.sides, text, candidate.end, countries, floor);
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function sideOf(groups: Record<string, string | undefined> | undefined, n: number): Side | undefined {
  const num = groups?.[`num${String(n)}`];
  if (num === undefined) return undefined;
  const hasK = groups?.[`k${String(n)}`] !== undefined;
  const amount = parseAmount(num, hasK);
  if (amount === undefined) return undefined;
  const pre = groups?.[`pre${String(n)}`];
  const post = groups?.[`post${String(n)}`];
  // "$120,000 CAD": keep both; the code is the more specific of the two.
  const currency = pre !== undefined && post !== undefined ? `${pre} ${post}` : (pre ?? post);
  return { amount, currency, hasK, rawNumber: num };
}

function toParsed(
  sides: Side[],
  text: string,
  end: number,
  countries: readonly string[],
  floor = false,
): ParsedSalary | undefined {
  const currency = currencyOf(sides, countries);
  if (currency === undefined) return undefined;
  const [a, b] = sides;
  if (a === undefined) return undefined;
  let low = a.amount;
  // "€75–90k": the k of the upper bound applies to a bare lower bound.
  if (b !== undefined && b.hasK && !a.hasK && a.amount < 1000) low = a.amount * 1000;
  const parsed: ParsedSalary = { currency: currency.code, currencyCertain: currency.certain };
  if (b === undefined) {
    parsed.min = low;
    // "$19.35+ / hour" and "starting from €26,000" are floors, not fixed amounts.
    if (!floor && !/^\s*\+/.test(text.slice(end))) parsed.max = low;
  } else {
    parsed.min = Math.min(low, b.amount);
    parsed.max = Math.max(low, b.amount);
  }
  const period = periodNear(text, end);
  if (period !== undefined) parsed.period = period;
  return parsed;
}

/**
 * The currency of a range: an ISO code on either side wins, then an unambiguous symbol, then a
 * bare "$" ("$100,000 – $120,000 CAD" is CAD; "CAD $100,000" too).
 */
function currencyOf(sides: Side[], countries: readonly string[]): CurrencyMatch | undefined {
  const codes: CurrencyMatch[] = [];
  const symbols: CurrencyMatch[] = [];
  for (const side of sides) {
    if (side.currency === undefined) continue;
    for (const [code] of side.currency.matchAll(/\b[A-Za-z]{3}\b/g)) {
      const match = resolveCurrency(code, countries);
      if (match !== undefined) codes.push(match);
    }
    const symbol = side.currency.replace(/\b[A-Za-z]{3}\b/g, '').trim();
    const match = symbol === '' ? undefined : resolveCurrency(symbol, countries);
    if (match !== undefined) symbols.push(match);
  }
  return codes[0] ?? symbols.find((m) => m.certain) ?? symbols[0];
}

/** The period named right after the amount, else anywhere in the same text. */
function periodNear(text: string, end: number): SalaryPeriod | undefined {
  const after = text.slice(end, end + 40);
  for (const [pattern, period] of PERIOD_RULES) if (pattern.test(after)) return period;
  for (const [pattern, period] of PERIOD_RULES) if (pattern.test(text)) return period;
  return undefined;
}
