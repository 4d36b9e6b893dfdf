/**
 * Text helpers shared by the rule modules: one plain-text view of a posting, sentence splitting and
 * normalization of native enum-like values.
 */
import type { EnrichInput } from '../types.js';

/** Normalizes a native value ("FullTime", "full_time", "Full-time") to spaced lower case ("full time"). */
export function normalizeNative(value: string): string {
  return (
    value
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
      // Letters keep their base ("estágio" → "estagio", "pełny" → "pelny"), so native values in
      // other languages stay readable words.
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .replace(/ł/g, 'l')
      .replace(/ø/g, 'o')
      .replace(/ß/g, 'ss')
      .replace(/[^a-z0-9+&]+/g, ' ')
      .trim()
  );
}

/** The description as plain text (or ''), whichever field the connector filled. */
export function descriptionOf(input: EnrichInput): string {
  return input.descriptionText ?? input.posting.descriptionText ?? '';
}

/** Sentences and list items of a text; newlines and sentence punctuation both end a unit. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[\p{Lu}(“"*•-])/u)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s !== '');
}

/** Whether any of the patterns matches. */
export function matchesAny(text: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((p) => p.test(text));
}
