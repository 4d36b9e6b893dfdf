/**
 * language: ISO 639-1 code of the posting.
 *
 * 1. A native language field wins when it is a valid ISO 639-1 code ("en", "en-US", "ja"); values
 *    that are not ("US", Oracle's language code for American English) are ignored.
 * 2. Otherwise title + description, only when the text is long enough to judge (≥ 200 letters): a
 *    text whose words are mostly English words (english-words.ts: ≥ 0.7 of 30 or more; English
 *    descriptions score ≥ 0.82, others ≤ 0.31) is English; any other, tinyld when it is confident
 *    (top accuracy ≥ 0.3 and clearly ahead of the runner-up). A description made of template
 *    filler ("Lorem ipsum …") is ignored.
 * 3. A posting too short to judge (title only): n-gram detection on "Account Executive" is a coin
 *    toss, so the title's conventions and words speak: the gender marker German and French law ask
 *    of a job title ("(m/w/d)", "(H/F)": the posting addresses German or French readers), a title
 *    in English words (english-words.ts: a reader of a title-only posting takes its title's
 *    language, wherever the job is), and an unmarked title in Latin script at places only in
 *    English-speaking countries (English). Their confidence is what the calibration
 *    (calibration.ts) finds them worth.
 */
import { detectAll } from 'tinyld';
import type { EnrichInput } from '../types.js';
import { englishShare, isEnglishTitle } from './english-words.js';
import { descriptionOf } from './text.js';
import { derived, type Derived } from './types.js';

const MIN_LETTERS = 200;
const MIN_ACCURACY = 0.3;
/** The top language must score at least this many times the runner-up. */
const MIN_LEAD = 2;
/**
 * tinyld's accuracy is a score, not a probability: past the two gates above its answers were all
 * right on the labelled set's train split whatever the score, and spread over ten confidence bands
 * the few non-English ones left each band too thin to calibrate (a 0.49 fell below the omission
 * threshold). Every accepted detection gets one figure, and the calibration one path.
 */
const DETECTED_CONFIDENCE = 0.8;
/** A text of at least this many words, this share of them English, is English (see english-words.ts). */
const MIN_ENGLISH_WORDS = 30;
const MIN_ENGLISH_SHARE = 0.7;
const ENGLISH_WORDS_CONFIDENCE = 0.9;
/**
 * tinyld costs ~0.4 µs per character: a confident answer on the first 1,200 characters is taken,
 * and only an undecided text gets a second, longer look (4,000 characters; nothing gained past it).
 */
const SAMPLE_CHARS = [1200, 4000] as const;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
/** Template filler: a description containing it is not evidence of the posting's language. */
const PLACEHOLDER_RE = /\b(?:lorem ipsum|dolor sit amet|consetetur sadipscing)\b/i;

/** Derives the posting language: native field first, then confident detection, then the title's conventions. */
export function deriveLanguage(
  input: EnrichInput,
  countries: readonly string[] = [],
): Derived<string> | undefined {
  const native = nativeLanguage(input.posting.language);
  if (native !== undefined) return derived(native, 'source_field', 1);
  const description = descriptionOf(input);
  const text = PLACEHOLDER_RE.test(description) ? input.title : `${input.title}\n${description}`;
  return (
    detectLanguage(text) ??
    (countLetters(text) < MIN_LETTERS ? titleConvention(input.title, countries) : undefined)
  );
}

/** German "(m/w/d)" and its orderings and variants ("w/m/x", "m/w/divers"); French "(H/F)", "(F/H)". */
const GERMAN_MARKER = /\((?=[^)]*\bw\b)[mwdx](?:\s*\/\s*(?:[mwdx]|divers)){2}\)/i;
const FRENCH_MARKER = /\((?:h\s*\/\s*f|f\s*\/\s*h)(?:\s*\/\s*[xn])?\)/i;
/** Countries whose postings are written in English (Canada and India are not: French, Hindi and others). */
const ENGLISH_COUNTRIES = new Set(['US', 'GB', 'IE', 'AU', 'NZ']);
const LATIN_TITLE = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u;
const TITLE_CONVENTION_CONFIDENCE = 0.6;

function titleConvention(title: string, countries: readonly string[]): Derived<string> | undefined {
  if (GERMAN_MARKER.test(title)) return derived('de', 'rules', TITLE_CONVENTION_CONFIDENCE);
  if (FRENCH_MARKER.test(title)) return derived('fr', 'rules', TITLE_CONVENTION_CONFIDENCE);
  if (isEnglishTitle(title)) return derived('en', 'rules', TITLE_CONVENTION_CONFIDENCE);
  const english = countries.length > 0 && countries.every((country) => ENGLISH_COUNTRIES.has(country));
  return english && LATIN_TITLE.test(title) ? derived('en', 'rules', TITLE_CONVENTION_CONFIDENCE) : undefined;
}

function countLetters(text: string): number {
  return text.match(/\p{L}/gu)?.length ?? 0;
}

/** A valid ISO 639-1 code from a native value, or undefined. */
export function nativeLanguage(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const primary = value.trim().split(/[-_]/)[0] ?? '';
  // Region-looking values ("US", "GB") are not language codes even when they spell one.
  if (!/^[a-z]{2}$/i.test(primary) || (primary === primary.toUpperCase() && value.trim().length === 2))
    return undefined;
  const code = primary.toLowerCase();
  return languageNames.of(code) === undefined ? undefined : code;
}

/** Detects the language of a text when it is long and unambiguous enough. */
export function detectLanguage(text: string): Derived<string> | undefined {
  for (const chars of SAMPLE_CHARS) {
    const found = detectSample(text.slice(0, chars));
    if (found !== undefined || text.length <= chars) return found;
  }
  return undefined;
}

function detectSample(sample: string): Derived<string> | undefined {
  if (countLetters(sample) < MIN_LETTERS) return undefined;
  const english = englishShare(sample);
  if (english.words >= MIN_ENGLISH_WORDS && english.share >= MIN_ENGLISH_SHARE)
    return derived('en', 'rules', ENGLISH_WORDS_CONFIDENCE);
  const [top, second] = detectAll(sample);
  if (top === undefined || top.accuracy < MIN_ACCURACY) return undefined;
  if (second !== undefined && top.accuracy < MIN_LEAD * second.accuracy) return undefined;
  if (languageNames.of(top.lang) === undefined) return undefined;
  return derived(top.lang, 'rules', DETECTED_CONFIDENCE);
}
