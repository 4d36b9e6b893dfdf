/**
 * Shared shapes of the enrichment modules: each module returns a value with its provenance, or
 * nothing when the posting does not say (unknown means omitted: never a guess).
 */
import type { Derivation } from '../../domain/job.js';

/** A derived value and how it was obtained. */
export interface Derived<T> {
  value: T;
  derivation: Derivation;
}

/** Builds a Derived value; keeps call sites to one line. */
export function derived<T>(value: T, source: Derivation['source'], confidence: number): Derived<T> {
  return { value, derivation: { source, confidence } };
}
