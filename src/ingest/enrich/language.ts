/**
 * language: ISO 639-1 code of the posting.
 *
 * 1. A native language field wins when it is a valid ISO 639-1 code ("en", "en-US", "ja"); values
 *    that are not ("US", Oracle's language code for American English) are ignored.
 * 2. Otherwise tinyld over title + description, only when the text is long enough to judge
 *    (≥ 200 letters) and the detector is confident (top accuracy ≥ 0.3 and clearly ahead of the
 *    runner-up). Short texts (title only) stay unknown: n-gram detection on "Account Executive" is
 *    a coin toss, and an English title is common on postings written in other languages. A
 *    description made of template filler ("Lorem ipsum …") is ignored.
 */
import { detectAll } from 'tinyld';
import type { EnrichInput } from '../types.js';
import { descriptionOf } from './text.js';
import { derived, type Derived } from './types.js';

const MIN_LETTERS = 200;
const MIN_ACCURACY = 0.3;
/** The top language must score at least this many times the runner-up. */
const MIN_LEAD = 2;
const MAX_DETECTED_CONFIDENCE = 0.95;
/**
 * tinyld costs ~0.4 µs per character: a confident answer on the first 1,200 characters is taken,
 * and only an undecided text gets a second, longer look (4,000 characters; nothing gained past it).
 */
const SAMPLE_CHARS = [1200, 4000] as const;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
/** Template filler: a description containing it is not evidence of the posting's language. */
const PLACEHOLDER_RE = /\b(?:lorem ipsum|dolor sit amet|consetetur sadipscing)\b/i;

/** Derives the posting language: native field first, then confident detection. */
export function deriveLanguage(input: EnrichInput): Derived<string> | undefined {
  const native = nativeLanguage(input.posting.language);
  if (native !== undefined) return derived(native, 'source_field', 1);
  const description = descriptionOf(input);
  return detectLanguage(PLACEHOLDER_RE.test(description) ? input.title : `${input.title}\n${description}`);
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
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return undefined;
  const [top, second] = detectAll(sample);
  if (top === undefined || top.accuracy < MIN_ACCURACY) return undefined;
  if (second !== undefined && top.accuracy < MIN_LEAD * second.accuracy) return undefined;
  if (languageNames.of(top.lang) === undefined) return undefined;
  return derived(top.lang, 'rules', Math.min(top.accuracy, MAX_DETECTED_CONFIDENCE));
}
