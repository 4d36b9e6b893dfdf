/**
 * Small readers that narrow untyped payloads (parsed JSON or XML) without casts. Each returns
 * `undefined` when the member is missing or has another type, so a connector can write
 * `title: str(job, 'title')` and let absent values drop out of the SourcePosting.
 * Strings are trimmed and empty strings count as absent: sources use "" and null interchangeably.
 */

export type JsonObject = Record<string, unknown>;

/** True for a plain object (not null, not an array). */
export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A trimmed, non-empty string value of `value` itself. */
export function asStr(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A trimmed, non-empty string member; numbers are accepted as their decimal text (ids). */
export function str(o: unknown, key: string): string | undefined {
  if (!isObject(o)) return undefined;
  const value = o[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return asStr(value);
}

/** A finite number member; numeric strings ("75.00") are accepted because several sources quote amounts. */
export function num(o: unknown, key: string): number | undefined {
  if (!isObject(o)) return undefined;
  return asNum(o[key]);
}

/** A finite number from a number or a plain decimal string. */
export function asNum(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  if (!/^[+-]?\d+(\.\d+)?$/.test(trimmed)) return undefined;
  return Number(trimmed);
}

/** A boolean member; only real booleans count (null, "true" and 0 are not read as flags). */
export function bool(o: unknown, key: string): boolean | undefined {
  if (!isObject(o)) return undefined;
  const value = o[key];
  return typeof value === 'boolean' ? value : undefined;
}

/** An object member. */
export function obj(o: unknown, key: string): JsonObject | undefined {
  if (!isObject(o)) return undefined;
  const value = o[key];
  return isObject(value) ? value : undefined;
}

/** `value` itself when it is an array. */
export function asArray(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? (value as unknown[]) : undefined;
}

/** An array member, or an empty array when absent (payloads use null, [] and missing alike). */
export function arr(o: unknown, key: string): unknown[] {
  if (!isObject(o)) return [];
  const value = o[key];
  return Array.isArray(value) ? value : [];
}

/** Follows a path of object keys, e.g. `path(job, 'address', 'postalAddress')`. */
export function path(o: unknown, ...keys: string[]): unknown {
  let current = o;
  for (const key of keys) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** The non-empty strings of an array member. */
export function strings(o: unknown, key: string): string[] {
  return arr(o, key).flatMap((value) => asStr(value) ?? []);
}
