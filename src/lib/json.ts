import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level, so equal values always serialize (and hash) equally. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, sortKeys(v)]));
}

/** Hex SHA-256 of a value's stable JSON. */
export function contentHash(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex');
}

/**
 * One value per non-blank line (JSON Lines); a line that is not JSON, or not what `accepts` takes,
 * fails loudly with `where(lineNumber)`.
 */
export function parseJsonLines<T>(
  text: string,
  accepts: (value: unknown) => value is T,
  where: (line: number) => string,
): T[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, number }) => {
      const parsed: unknown = JSON.parse(line);
      if (!accepts(parsed)) throw new Error(where(number));
      return parsed;
    });
}
