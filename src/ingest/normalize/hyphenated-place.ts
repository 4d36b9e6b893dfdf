/**
 * A place's name written hyphenated, as a URL path writes it: every run of spaces and punctuation
 * one hyphen. Workday's job paths name the primary location so ("Raleigh, North Carolina, United
 * States" → "/job/Raleigh-North-Carolina-United-States/…"; " - " → "---"), and a list that gives only
 * a rollup ("4 Locations") has nothing else when the detail cannot be read (connectors/workday.ts;
 * several boards of the labelled set are such recordings). The gazetteer reads none of these as
 * written (no place in "Bengaluru Karnataka India"), so where the commas were is found again.
 */
import type { Location } from '../../domain/job.js';

/** Longest name read (in words): each way to split it is tried, so the cost grows with its square. */
const MAX_WORDS = 10;

/** A reading of a hyphenated name: the location text it stands for, and the places that text names. */
export interface HyphenatedReading {
  text: string;
  places: Location[];
}

/**
 * The location text `hyphenated` stands for and its places, read through `placesOf` (the
 * gazetteer's reading of a text): the first split into "city, region, country" (or "city, country")
 * whose last part alone is a country (not two letters: "CA" is a state too) and which reads as that
 * very city, the shortest country and the longest city first; else "city, XX" for a code of two
 * capitals ("San-Diego-CA") that reads as that city; else the longest ending that is a country;
 * else the whole when it is a city's name. A name with " - " in it is read as written ("Remote -
 * Germany"). Undefined when nothing reads as a place.
 */
export function readHyphenatedPlace(
  hyphenated: string,
  placesOf: (text: string) => Location[],
): HyphenatedReading | undefined {
  const reading = (text: string): HyphenatedReading => ({ text, places: placesOf(text) });
  if (hyphenated.includes('---')) {
    const asWritten = reading(
      hyphenated
        .split('---')
        .map((part) => part.replaceAll('-', ' ').trim())
        .join(' - '),
    );
    return asWritten.places.length > 0 ? asWritten : undefined;
  }
  const words = hyphenated.split('-').filter((word) => word !== '');
  if (words.length === 0 || words.length > MAX_WORDS) return undefined;
  const part = (from: number, to: number): string => words.slice(from, to).join(' ');
  /** `text` read, if its first place is the city named `name`. */
  const asCityNamed = (text: string, name: string): HyphenatedReading | undefined => {
    const read = reading(text);
    const city = read.places[0]?.city;
    return city != null && sameName(city, name) ? read : undefined;
  };
  /** "city, region, last" (no region when empty), if it reads as that city. */
  const asCity = (cityEnd: number, last: number): HyphenatedReading | undefined => {
    const region = part(cityEnd, last);
    const text = [part(0, cityEnd), ...(region === '' ? [] : [region]), part(last, words.length)].join(', ');
    return asCityNamed(text, part(0, cityEnd));
  };
  let countryOnly: HyphenatedReading | undefined;
  for (let last = words.length - 1; last >= 0; last -= 1) {
    const lastText = part(last, words.length);
    // Two letters may be a country's code or a state's ("San-Diego-CA"): read below.
    if (lastText.length <= 2) continue;
    const country = reading(lastText);
    const [place] = country.places;
    if (country.places.length !== 1 || place?.city !== null || place.country_code === null) continue;
    countryOnly ??= country;
    for (let cityEnd = last; cityEnd >= 1; cityEnd -= 1) {
      const read = asCity(cityEnd, last);
      if (read !== undefined) return read;
    }
  }
  // "McLean-VA", "San-Diego-CA": a city and a state's (or country's) code.
  if (words.length >= 2 && /^[A-Z]{2}$/.test(words.at(-1) ?? '')) {
    const read = asCity(words.length - 1, words.length - 1);
    if (read !== undefined) return read;
  }
  if (countryOnly !== undefined) return countryOnly;
  // One place's name alone ("/job/Boston/…").
  return asCityNamed(part(0, words.length), part(0, words.length));
}

/** Names equal but for case, accents and punctuation ("Bắc Ninh" and "Bac Ninh"). */
function sameName(a: string, b: string): boolean {
  const fold = (name: string): string =>
    name
      .normalize('NFD')
      .replace(/[^\p{L}\p{N}]+/gu, '')
      .toLowerCase();
  return fold(a) === fold(b);
}
