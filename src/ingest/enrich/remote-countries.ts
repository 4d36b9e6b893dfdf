/**
 * The countries a remote job may be done from, where its text says so of the candidate: "This role
 * is 100% remote and open to candidates based in Germany, Spain, Portugal or the UK", "you must be
 * located and authorized to work within the United States or Canada". A remote posting publishes
 * one place (often the employer's office or its first eligible country); the labels read the
 * eligible countries as the job's (train: yazio, voltus), and a client filtering on country=ES
 * should find the job that hires in Spain.
 *
 * Only a sentence about the candidate ("you", "candidates", "applicants", "teammates", …) with a
 * place verb ("based", "located", "live", "reside", "authorized to work", "work from") counts; a
 * sentence about someone else ("You will report to our VP, based in Norway", "team members who
 * live in the Philippines") or a place excluded ("based outside of Germany") does not.
 */
import countries from 'i18n-iso-countries';
import { escapeRegExp } from '../../lib/regexp.js';
import type { Location } from '../../domain/job.js';
import { locationOf, resolveRegion } from '../normalize/gazetteer.js';
import { sentencesOf } from './text.js';

const CANDIDATE = /\b(?:you|candidates?|applicants?|teammates?|team members?|individuals|hires?)\b/i;
const PLACE_VERB =
  /\b(?:based|located|living|live|reside|residing|resident|authori[sz]ed to work|eligible to work|work from|working from)\b/i;
/** Someone else's place (a manager, the team, the organization), or a place excluded. */
const NOT_THE_CANDIDATE =
  /\b(?:who|which|that)\s+(?:is|are|live|lives|works?)\b|\breport(?:s|ing)?\s+to\b|\b(?:outside|except)\b/i;
/** Abbreviations written in capitals only ("us" is a pronoun), each as a pattern, with its country. */
const ABBREVIATIONS: readonly { pattern: RegExp; code: string }[] = [
  ['US', 'US'],
  ['USA', 'US'],
  ['U.S.', 'US'],
  ['U.S.A.', 'US'],
  ['UK', 'GB'],
  ['U.K.', 'GB'],
].map(([written = '', code = '']) => ({
  pattern: new RegExp(`(?<![\\p{L}.])${escapeRegExp(written)}(?![\\p{L}])`, 'u'),
  code,
}));

interface CountryNames {
  pattern: RegExp;
  codes: ReadonlyMap<string, string>;
}
let names: CountryNames | undefined;

/**
 * Every English country name of four letters or more, longest first ("Dominican Republic" before
 * "Dominica"), without the names that are also a region's ("Georgia"); "New Mexico" and "New
 * Jersey" are not Mexico and Jersey.
 */
function countryNames(): CountryNames {
  if (names !== undefined) return names;
  const codes = new Map<string, string>();
  for (const [code, all] of Object.entries(countries.getNames('en', { select: 'all' }))) {
    for (const name of all) {
      if (name.length >= 4 && resolveRegion(name) === undefined) codes.set(name.toLowerCase(), code);
    }
  }
  const alternatives = [...codes.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}])(?<!\\bnew\\s)(?:${alternatives.join('|')})(?![\\p{L}])`, 'giu');
  names = { pattern, codes };
  return names;
}

/** The ISO codes of the countries the text names for where the candidate may be. */
export function remoteEligibleCountries(description: string): string[] {
  const found = new Set<string>();
  const { pattern, codes } = countryNames();
  for (const sentence of sentencesOf(description)) {
    if (!CANDIDATE.test(sentence) || !PLACE_VERB.test(sentence) || NOT_THE_CANDIDATE.test(sentence)) continue;
    for (const match of sentence.matchAll(pattern)) {
      const code = codes.get(match[0].toLowerCase());
      if (code !== undefined) found.add(code);
    }
    for (const { pattern, code } of ABBREVIATIONS) if (pattern.test(sentence)) found.add(code);
  }
  return [...found];
}

/** `locations` with each eligible country the text names that none of them is in, as a country-only place. */
export function withEligibleCountries(locations: readonly Location[], description: string): Location[] {
  const have = new Set(locations.map((place) => place.country_code));
  const added = remoteEligibleCountries(description)
    .filter((code) => !have.has(code))
    .map((code) => locationOf(null, code, undefined, undefined));
  return [...locations, ...added];
}
