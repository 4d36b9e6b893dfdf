/**
 * Currency identification: ISO 4217 codes as written ("USD", "gbp") and symbols ("$", "CA$", "£").
 *
 * Symbols are ambiguous. A bare "$" is USD unless the posting's country is one of the other dollar
 * countries (Canada → CAD, Australia → AUD, …); "¥" is JPY unless the country is China; "kr" needs a
 * Nordic country. A currency taken from the country rather than the text is marked uncertain, and
 * so is a bare "$" with no country at all; callers lower their confidence for uncertain currencies.
 */

/** A resolved currency and whether the text alone determined it. */
export interface CurrencyMatch {
  code: string;
  /** false when the symbol alone did not determine the currency. */
  certain: boolean;
}

const ISO_CODES = new Set(Intl.supportedValuesOf('currency'));

/** Prefixed dollar symbols and other symbols that name exactly one currency. */
const UNAMBIGUOUS_SYMBOLS: Record<string, string> = {
  US$: 'USD',
  CA$: 'CAD',
  C$: 'CAD',
  AU$: 'AUD',
  A$: 'AUD',
  NZ$: 'NZD',
  SG$: 'SGD',
  S$: 'SGD',
  HK$: 'HKD',
  R$: 'BRL',
  RD$: 'DOP',
  MX$: 'MXN',
  '£': 'GBP',
  '€': 'EUR',
  '₹': 'INR',
  '₩': 'KRW',
  '₪': 'ILS',
  '₱': 'PHP',
  '₺': 'TRY',
  '₦': 'NGN',
  '₫': 'VND',
  zł: 'PLN',
};

const DOLLAR_BY_COUNTRY: Record<string, string> = {
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
  MX: 'MXN',
  TW: 'TWD',
};
const KRONA_BY_COUNTRY: Record<string, string> = { SE: 'SEK', NO: 'NOK', DK: 'DKK', IS: 'ISK' };

/** Whether a string is an ISO 4217 code known to the runtime. */
export function isCurrencyCode(value: string): boolean {
  return ISO_CODES.has(value.toUpperCase());
}

/** Resolves a code or symbol; `countries` are the posting's ISO 3166 alpha-2 codes (disambiguation only). */
export function resolveCurrency(token: string, countries: readonly string[]): CurrencyMatch | undefined {
  const t = token.trim();
  if (/^[A-Za-z]{3}$/.test(t) && isCurrencyCode(t)) return { code: t.toUpperCase(), certain: true };
  const direct = UNAMBIGUOUS_SYMBOLS[t];
  if (direct !== undefined) return { code: direct, certain: true };
  if (t === '$') return fromCountry(DOLLAR_BY_COUNTRY, countries) ?? { code: 'USD', certain: false };
  if (t === '¥')
    return countries.includes('CN')
      ? { code: 'CNY', certain: false }
      : { code: 'JPY', certain: countries.includes('JP') };
  if (t.toLowerCase() === 'kr') return fromCountry(KRONA_BY_COUNTRY, countries);
  return undefined;
}

function fromCountry(table: Record<string, string>, countries: readonly string[]): CurrencyMatch | undefined {
  const codes = new Set<string>();
  for (const country of countries) {
    const code = table[country];
    if (code !== undefined) codes.add(code);
  }
  // One matching country decides; several (a posting in Toronto and New York) leave it open.
  if (codes.size !== 1) return undefined;
  const [code] = [...codes];
  return code === undefined ? undefined : { code, certain: code === 'USD' };
}
