/**
 * Free location text ("Berlin; London", "Palo Alto, CA", "US-San Francisco", "USA VA Chantilly",
 * "USA.VA.Reston")
 * read into places with the gazetteer: the grammar is in locations.ts's module comment.
 */
import type { Location } from '../../domain/job.js';
import {
  bestCity,
  citiesIn,
  isInRegion,
  CITY_STATE_MIN_POPULATION,
  latOf,
  lngOf,
  locationOf,
  lookupCities,
  MIN_UNQUALIFIED_POPULATION,
  REGION_OVER_CITY_POPULATION,
  regionsByCode,
  resolveCountry,
  resolveRegion,
  type CityRecord,
  type Gazetteer,
  type Region,
} from './gazetteer.js';

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
  /**
   * A town the gazetteer does not list, named before the region or country that places it
   * ("Fort Sam Houston, TX", "Kocaeli, Kocaeli, Turkey"): kept as written, without coordinates.
   */
  unlistedCity?: string;
}

/** The acronyms of areas larger than a country: noise here, world areas to a shown name (locations.ts). */
export const WORLD_AREA_ACRONYMS = 'emea|apac|latam|amer|mena|dach|benelux';

/**
 * Words that carry no place: arrangement words ("Home Based" as a whole: "Home" alone is a town in
 * Washington), office words, counts such as "2 Locations", and the acronyms of world areas ("Remote
 * APAC": "Apac" is a town in Uganda, and no posting means it).
 */
const NOISE_RE = new RegExp(
  String.raw`\b(?:${WORLD_AREA_ACRONYMS}|home[- ]?based|remote|friendly|first|optional|downtown|hybrid|on[- ]?site|in[- ]office|office|offices|hq|headquarters|head office|campus|hub|job|jobs|only|based|anywhere|peo|wfh|work from home|flexible|multiple|various|locations?|metro(?:politan)?(?: area)?|greater|area|region|\d+)\b`,
  'gi',
);
/** Words left before a place once noise words are gone; lower or title case ("IN" is India). */
const LEADING_LINK_RE = /^(?:(?:[Ff]rom|[Ii]n|[Ww]ithin|[Aa]cross|[Tt]hroughout|[Tt]he)\s+)+/;
// " or " only in lower case: "OR" is Oregon.
const SEGMENT_SPLIT_RE = /\s*(?:;|\||•|·|\n)\s*|\s+or\s+/;
const SUBPART_SPLIT_RE = /\s*(?:\/|&|\band\b|\s[-–—]\s|[-–—])\s*/i;

/** Parses free location text into Locations (see the module comment for the grammar). */
export function parseLocationText(g: Gazetteer, text: string, hintCountry: string | undefined): Location[] {
  const places: Place[] = [];
  const withCommas = text.replace(/[()[\]]/g, ',');
  for (const segment of withCommas.split(SEGMENT_SPLIT_RE)) {
    let current: Place | undefined;
    const placesBefore = places.length;
    const parts = segment.split(',');
    const context: SegmentContext = {
      afterUnknown: false,
      trailingCountry: resolveCountry(g, trimPunctuation(parts.at(-1) ?? '')),
    };
    // How many parts in a row named nothing before anything was read (null once something was).
    let unknownLead: number | null = 0;
    for (const rawPart of parts) {
      const tokens = tokensOf(g, rawPart);
      for (const token of tokens) {
        const step = applyToken(current, token, context);
        if (step.done !== undefined) places.push(step.done);
        current = step.current;
      }
      if (tokens.length > 0 && unknownLead !== null && unknownLead > 0 && current !== undefined) {
        const name = unlistedCityName(parts, unknownLead, tokens[0]?.region !== undefined);
        if (name !== undefined && current.cities.length === 0 && places.length === placesBefore)
          current.unlistedCity = name;
      }
      unknownLead =
        tokens.length === 0 && current === undefined && unknownLead !== null ? unknownLead + 1 : null;
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
  if (pieces.length < 2) return clippedTokens(g, rawPart);
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
    const inRegion = region === undefined ? [] : second.cities.filter((c) => isInRegion(c, region));
    if (region !== undefined && inRegion.length > 0)
      return [{ cities: inRegion, countryCode: region.countryCode }];
    const inCountry = second.cities.filter((c) => c.country === countryCode);
    if (countryCode !== undefined && inCountry.length > 0) return [{ cities: inCountry, countryCode }];
  }
  return tokens;
}

/**
 * A city followed by a short word that is its region's short form, known ("Portland ME": the one in
 * Maine) or not ("Bangalore Kar", a Workday tenant's Karnataka; "Chennai TN"): the city, in that
 * region when the word is a region code of the city's country.
 */
function clippedTokens(g: Gazetteer, rawPart: string): Token[] {
  // Two or three letters: a longer last word is more often part of the name ("Spring Hill").
  const match = /^(.+?)\s+(\p{L}{2,3})\.?$/u.exec(trimPunctuation(rawPart));
  if (match === null) return [];
  const [, name = '', short = ''] = match;
  const city = tokenOf(g, name);
  if (
    city === undefined ||
    city.cities.length === 0 ||
    city.region !== undefined ||
    city.countryCode !== undefined
  )
    return [];
  const region = /^[A-Z]{2,3}$/.test(short) ? resolveRegion(short) : undefined;
  if (region === undefined) return [city];
  const inRegion = citiesIn(city.cities, region);
  if (inRegion.length > 0) return [{ cities: inRegion }];
  // A code of another country's regions ("Chennai TN" is Tamil Nadu, not Tennessee): the city.
  return city.cities.some((c) => c.country === region.countryCode) ? [] : [city];
}

/**
 * "USA DC Washington", "DEU Wiesbaden", "USA.VA.Reston": an upper-case country code, perhaps a region
 * code of that country, then the city, without commas (Workday tenants that label places by code,
 * with spaces or dots).
 */
function codedTokens(g: Gazetteer, rawPart: string): Token[] | undefined {
  const match = /^([A-Z]{2,3})(?:\s+|\.)(?:([A-Z]{2})(?:\s+|\.))?(\p{L}.*)$/u.exec(trimPunctuation(rawPart));
  if (match === null) return undefined;
  const [, countryPart = '', regionPart, rest = ''] = match;
  // "LA USA 70112", "AZ USA" (Eightfold): a state's code and its country, no city — not Laos.
  const stateOf = regionsByCode.get(countryPart);
  if (
    regionPart === undefined &&
    stateOf !== undefined &&
    tokenOf(g, rest)?.countryCode === stateOf.countryCode
  )
    return [{ cities: [], region: stateOf }];
  const countryCode = resolveCountry(g, countryPart);
  if (countryCode === undefined) return undefined;
  const tokens: Token[] = [{ cities: [], countryCode }];
  const region = regionPart === undefined ? undefined : regionsByCode.get(regionPart);
  // A region code of another country (or none we know) is left out, as after a city.
  if (region !== undefined && region.countryCode === countryCode) tokens.push({ cities: [], region });
  // "USA DC Washington": the city with its region code is a name of its own (Washington DC).
  const city =
    (regionPart === undefined ? undefined : tokenOf(g, `${rest} ${regionPart}`)) ?? tokenOf(g, rest);
  // The rest must name a city or a region: "CA USA" is no Canadian place followed by the United States.
  const countryOnly = city !== undefined && city.cities.length === 0 && city.region === undefined;
  return city === undefined || countryOnly ? undefined : [...tokens, city];
}

/** Interprets one part as written (so aliases such as "Bay Area" survive), else without noise words. */
function tokenOf(g: Gazetteer, rawPart: string): Token | undefined {
  const raw = trimPunctuation(rawPart);
  // What noise words leave may open with the words that tied them to the place ("Remote from the
  // US", "Remote within Canada"); "The Hague" as written is read first.
  const denoised = trimPunctuation(raw.replace(NOISE_RE, ' ')).replace(LEADING_LINK_RE, '');
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

/** A place named by a region carries the region's country, so the region's admin code decides. */
function inPlace(city: CityRecord, place: Place): boolean {
  return (
    city.country === place.countryCode &&
    (place.region === undefined || city.adminCode === place.region.admin)
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
  if (region !== undefined && citiesIn(current.cities, region).length > 0) return true;
  return countryCode !== undefined && current.cities.some((c) => c.country === countryCode);
}

function narrow(current: Place, token: Token): void {
  const { region, countryCode } = token;
  const byRegion = region === undefined ? [] : citiesIn(current.cities, region);
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
      : locationOf(place.unlistedCity ?? null, place.countryCode, undefined, undefined);
  }
  const record = bestCity(place.cities, hintCountry, undefined, place.qualified);
  return record === undefined
    ? undefined
    : locationOf(record.name, record.country, latOf(record), lngOf(record));
}

/**
 * Words that make a leading part no town even in title case before a state ("Other, TX", "Field
 * Sales, US", "Distribution Center, GA").
 */
const NOT_A_TOWN_RE =
  /\b(?:others?|any|all|various|nationwide|statewide|countrywide|field|virtual|travel\w*|tbd|tba|unknown|unspecified|specified|confidential|international|global|worldwide|europe|emea|apac|amer|americas|latam|asia|africa|oceania|corporate|home|client|customer|site|plant|center|centre|facility|warehouse|store|clinic|hospital|school|university|college|building|tower|branch|district|county|province|prefecture|oblast|voivodeship|canton|municipality|governorate|territory|state|sales|services?|team|department|division|operations|support|engineering|manufacturing|distribution|logistics|lab|laboratory|company|corp|corporation|inc|llc|ltd|gmbh|group)\b/i;
/** A region's name rather than a town's: a compass word first, or a metro area's nickname. */
const REGION_NICKNAME_RE =
  /^(?:north|south|east|west|northern|southern|eastern|western|central|upper|lower|mid|middle|inner|outer|greater)\b|\b(?:valley|cities|triangle|triad|roads|empire|coast|bay|peninsula|panhandle|metroplex|upstate|downstate|range|lowcountry)$/i;
/** One to four title-case words, with the small words of place names ("Saint-Quentin-Fallavier", "Bac Ninh"). */
const TOWN_NAME_RE =
  /^\p{Lu}[\p{Ll}'’.]*(?:[ -](?:\p{Lu}[\p{Ll}'’.]*|de|del|la|le|les|sur|am|an|im|on|upon|du|des|di|da|do|dos|das|y|en))*$/u;

/**
 * The town named by a segment's leading parts that the gazetteer does not know, when a region places
 * it: one unknown part before a region ("Fort Sam Houston, TX", "Chadds Ford, PA"), or a town and a
 * region we do not know before the country ("Kocaeli, Kocaeli, Turkey", Workday's "City, Region,
 * Country"). Not before a country alone: "Bavaria, Germany", "Kanagawa, Japan" are regions
 * GeoNames' cities do not name. A code, a noise word, a word that names no town and a region's
 * nickname ("Northern Virginia", "Silicon Valley, CA") are none.
 */
function unlistedCityName(
  parts: readonly string[],
  unknownLead: number,
  beforeRegion: boolean,
): string | undefined {
  if (!((unknownLead === 1 && beforeRegion) || (unknownLead === 2 && parts.length === 3))) return undefined;
  const name = trimPunctuation(parts[0] ?? '');
  if (name.split(/[ -]/).length > 4 || /^[A-Z]{2,4}$/.test(name)) return undefined;
  if (trimPunctuation(name.replace(NOISE_RE, ' ')) !== name || NOT_A_TOWN_RE.test(name)) return undefined;
  return TOWN_NAME_RE.test(name) && !REGION_NICKNAME_RE.test(name) ? name : undefined;
}
