/**
 * Values from JSON Schemas, for the fuzz test: `valid` draws a value the schema allows, `invalid`
 * one it must reject, both from a seeded generator so a run can be replayed. The generator is small
 * and knows the keywords the OpenAPI document uses (type, enum, const, properties, required,
 * additionalProperties, dependentSchemas, items, min/max bounds, lengths, uniqueItems, pattern,
 * format, oneOf/anyOf/allOf, $ref). It aims, it does not promise: the caller checks every value with
 * ajv (DocumentSchemas) and draws again when the aim was off.
 */
import type { JsonSchema } from '../../src/openapi/document.js';

export type Random = () => number;

/** Too deep a recursive schema (the keyword tree) is abandoned for a non-recursive branch. */
class TooDeep extends Error {}
const MAX_DEPTH = 6;

const WORDS = [
  'engineer',
  'data',
  'senior',
  'München',
  'c#',
  'node.js',
  'QA',
  'product manager',
  'remote',
  'zürich',
  'ingénieur',
  'devops',
  '東京',
  'sales',
  '😀',
  "o'reilly",
  'a-b_c',
];

export class SchemaSampler {
  constructor(
    private readonly random: Random,
    private readonly resolve: (schema: JsonSchema) => JsonSchema,
    /** Known-good values for an object member of this name (e.g. a real claim token), used half the time. */
    private readonly known: (member: string) => readonly string[] = () => [],
  ) {}

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.random() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.random() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** A value `schema` accepts (aimed; check it). */
  valid(schema: JsonSchema | boolean, depth = 0): unknown {
    if (schema === true) return this.pick(['x', 1, true, null]);
    if (schema === false) throw new Error('no value satisfies false');
    if (depth > MAX_DEPTH) throw new TooDeep();
    const resolved = this.resolve(schema);
    if ('const' in resolved) return resolved.const;
    // The document's own examples are requests it allows (the caller's check still applies).
    if (Array.isArray(resolved.examples) && resolved.examples.length > 0 && this.chance(0.25))
      return structuredClone(this.pick(resolved.examples as unknown[]));
    if (Array.isArray(resolved.enum)) return this.pick(resolved.enum as unknown[]);
    const branches = (resolved.oneOf ?? resolved.anyOf) as JsonSchema[] | undefined;
    if (branches !== undefined) return this.branch(branches, depth);
    if (Array.isArray(resolved.allOf))
      return this.valid(mergeAll(resolved.allOf as JsonSchema[], this.resolve), depth);
    switch (typeOf(resolved, this)) {
      case 'object':
        return this.object(resolved, depth);
      case 'array':
        return this.array(resolved, depth);
      case 'integer':
        return this.number(resolved, true);
      case 'number':
        return this.number(resolved, false);
      case 'boolean':
        return this.chance(0.5);
      case 'null':
        return null;
      default:
        return this.string(resolved);
    }
  }

  private branch(branches: JsonSchema[], depth: number): unknown {
    const order = [...branches].sort(() => this.random() - 0.5);
    // Deep in a recursive schema, prefer leaves.
    for (const candidate of order) {
      try {
        return this.valid(candidate, depth + 1);
      } catch (error) {
        if (!(error instanceof TooDeep)) throw error;
      }
    }
    throw new TooDeep();
  }

  private object(schema: JsonSchema, depth: number): Record<string, unknown> {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema | boolean>;
    const required = new Set((schema.required ?? []) as string[]);
    const value: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(properties)) {
      if (property === false) continue;
      if (!required.has(name) && !this.chance(depth === 0 ? 0.45 : 0.3)) continue;
      const known = this.known(name);
      value[name] = known.length > 0 && this.chance(0.5) ? this.pick(known) : this.valid(property, depth + 1);
    }
    for (const name of required) if (!(name in value)) value[name] = this.valid(true);
    if (schema.additionalProperties !== false && this.chance(0.2)) {
      value[`extra_${this.int(0, 99)}`] = this.pick(['x', 1, true]);
    }
    this.applyDependents(schema, value, depth);
    return value;
  }

  /** `dependentSchemas`: when the member is present, honour the dependent schema's properties. */
  private applyDependents(schema: JsonSchema, value: Record<string, unknown>, depth: number): void {
    const dependents = (schema.dependentSchemas ?? {}) as Record<string, JsonSchema>;
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    for (const [member, dependent] of Object.entries(dependents)) {
      if (!(member in value)) continue;
      for (const [name, constraint] of Object.entries(
        (dependent.properties ?? {}) as Record<string, JsonSchema | boolean>,
      )) {
        if (constraint === false) {
          Reflect.deleteProperty(value, name);
        } else if (name in value && constraint !== true) {
          const base = properties[name];
          value[name] = this.valid(
            base === undefined ? constraint : merge(this.resolve(base), constraint),
            depth + 1,
          );
        }
      }
    }
  }

  private array(schema: JsonSchema, depth: number): unknown[] {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : min + 4;
    const count = this.int(min, Math.min(max, min + 3));
    const items = (schema.items ?? true) as JsonSchema | boolean;
    const values: unknown[] = [];
    const seen = new Set<string>();
    for (let attempt = 0; values.length < count && attempt < count * 10; attempt += 1) {
      const item = this.valid(items, depth + 1);
      const key = JSON.stringify(item);
      if (schema.uniqueItems === true && seen.has(key)) continue;
      seen.add(key);
      values.push(item);
    }
    return values;
  }

  private number(schema: JsonSchema, integer: boolean): number {
    const exclusiveMin =
      typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
    const exclusiveMax =
      typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined;
    const min = typeof schema.minimum === 'number' ? schema.minimum : (exclusiveMin ?? 0);
    const max = typeof schema.maximum === 'number' ? schema.maximum : (exclusiveMax ?? min + 1000);
    const roll = this.random();
    // The bounds themselves, now and then; mostly a small value near the lower bound.
    const value = roll < 0.15 ? min : roll < 0.25 ? max : min + this.random() * Math.min(max - min, 200);
    return integer ? Math.min(max, Math.round(value)) : Math.round(value * 100) / 100;
  }

  private string(schema: JsonSchema): string {
    const format = schema.format;
    if (typeof format === 'string') {
      const formatted = this.formatted(format);
      if (formatted !== undefined) return formatted;
    }
    if (typeof schema.pattern === 'string') return fromPattern(schema.pattern, this);
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : 60;
    let text = this.pick(WORDS);
    while (text.length < min) text += ` ${this.pick(WORDS)}`;
    if (this.chance(0.1)) text = text.padEnd(max, 'x');
    // Code points, not UTF-16 units: JSON Schema lengths count characters.
    const characters = Array.from(text);
    return characters.slice(0, Math.max(min, Math.min(max, characters.length))).join('');
  }

  private formatted(format: string): string | undefined {
    const day = 86_400_000;
    const instant = Date.UTC(2025, 0, 1) + Math.floor(this.random() * 500 * day) + this.int(0, 86_399) * 1000;
    switch (format) {
      case 'date-time':
        return new Date(instant).toISOString().replace('.000', '');
      case 'date':
        return new Date(instant).toISOString().slice(0, 10);
      case 'uuid':
        return uuid(this);
      case 'email':
        return `fuzz${this.int(0, 99_999)}@example.com`;
      case 'uri':
        return `https://example.com/${this.pick(['welcome', 'a/b', 'x?y=1'])}`;
      case 'uri-reference':
        return `/path/${this.int(0, 99)}`;
      case 'hostname':
        return `${this.pick(['acme', 'example', 'jobs-board'])}${this.int(0, 99)}.com`;
      default:
        return undefined;
    }
  }

  /**
   * A value `schema` rejects (aimed; check it), with what was broken. `undefined` when no strategy
   * applies (e.g. a bare string in a query, which any text satisfies).
   */
  invalid(schema: JsonSchema, options: { query: boolean }): { value: unknown; why: string } | undefined {
    const resolved = this.resolve(schema);
    const strategies: (() => { value: unknown; why: string } | undefined)[] = [];
    const type = typeOf(resolved, this);
    if (Array.isArray(resolved.enum) || 'const' in resolved) {
      strategies.push(() => ({
        value: this.pick(['not_a_value', 'OPEN', 'zz']),
        why: 'a value outside the enum',
      }));
    }
    if (type === 'integer' || type === 'number') {
      if (typeof resolved.minimum === 'number') {
        const below = resolved.minimum - this.int(1, 1000);
        strategies.push(() => ({ value: below, why: 'below the minimum' }));
      }
      if (typeof resolved.maximum === 'number') {
        const above = resolved.maximum + this.int(1, 1000);
        strategies.push(() => ({ value: above, why: 'above the maximum' }));
      }
      if (type === 'integer') strategies.push(() => ({ value: 1.5, why: 'not an integer' }));
      strategies.push(() => ({ value: this.pick(['ten', 'abc', '1,2', 'true']), why: 'not a number' }));
    }
    if (type === 'boolean')
      strategies.push(() => ({ value: this.pick(['yes', '1', 'TRUE', 2]), why: 'not a boolean' }));
    if (type === 'string') {
      if (typeof resolved.maxLength === 'number') {
        const length = resolved.maxLength + this.int(1, 40);
        strategies.push(() => ({ value: 'x'.repeat(length), why: 'longer than maxLength' }));
      }
      const minLength = resolved.minLength;
      if (typeof minLength === 'number' && minLength > 1) {
        strategies.push(() => ({
          value: 'x'.repeat(minLength - 1),
          why: 'shorter than minLength',
        }));
      }
      if (typeof resolved.pattern === 'string') {
        strategies.push(() => ({
          value: this.pick(['!!', 'zz-9', 'Ab', '00:00']),
          why: 'not matching the pattern',
        }));
      }
      if (typeof resolved.format === 'string') {
        strategies.push(() => ({
          value: this.pick(BAD_FORMATS),
          why: `not a valid ${String(resolved.format)}`,
        }));
      }
      if (!options.query)
        strategies.push(() => ({ value: this.pick([42, true, ['x'], { a: 1 }]), why: 'not a string' }));
    }
    if (type === 'array') {
      const items = (resolved.items ?? true) as JsonSchema | boolean;
      if (typeof items === 'object') {
        strategies.push(() => {
          const bad = this.invalid(items, options);
          if (bad === undefined) return undefined;
          const values = this.array(resolved, 0);
          values.splice(this.int(0, values.length), 0, bad.value);
          return { value: values, why: `an item ${bad.why}` };
        });
      }
      const maxItems = resolved.maxItems;
      if (typeof maxItems === 'number' && maxItems < 60 && resolved.uniqueItems !== true) {
        strategies.push(() => ({
          value: Array.from({ length: maxItems + 1 }, () => this.valid(items)),
          why: 'more items than maxItems',
        }));
      }
      if (resolved.uniqueItems === true) {
        strategies.push(() => {
          const item = this.valid(items);
          return { value: [item, item], why: 'duplicate items' };
        });
      }
      if (!options.query && typeof resolved.minItems === 'number' && resolved.minItems > 0) {
        strategies.push(() => ({ value: [], why: 'fewer items than minItems' }));
      }
      if (!options.query) strategies.push(() => ({ value: 'x', why: 'not an array' }));
    }
    if (type === 'object') strategies.push(...this.objectBreakers(resolved, options));
    if (strategies.length === 0) return undefined;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const made = this.pick(strategies)();
      if (made !== undefined) return made;
    }
    return undefined;
  }

  private objectBreakers(
    schema: JsonSchema,
    options: { query: boolean },
  ): (() => { value: unknown; why: string } | undefined)[] {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema | boolean>;
    const required = (schema.required ?? []) as string[];
    const base = (): Record<string, unknown> => this.object(schema, 1);
    const breakers: (() => { value: unknown; why: string } | undefined)[] = [
      () => ({ value: this.pick([[], 42, 'text', null]), why: 'not an object' }),
    ];
    if (required.length > 0) {
      breakers.push(() => {
        const name = this.pick(required);
        const { [name]: _missing, ...value } = base();
        return { value, why: `required member ${name} missing` };
      });
    }
    if (schema.additionalProperties === false) {
      breakers.push(() => ({ value: { ...base(), unknown_member: 1 }, why: 'an unknown member' }));
    }
    const named = Object.entries(properties).filter(
      (entry): entry is [string, JsonSchema] => typeof entry[1] === 'object',
    );
    if (named.length > 0) {
      breakers.push(() => {
        const [name, property] = this.pick(named);
        const bad = this.invalid(property, options);
        if (bad === undefined) return undefined;
        return { value: { ...base(), [name]: bad.value }, why: `member ${name}: ${bad.why}` };
      });
    }
    return breakers;
  }
}

const BAD_FORMATS = [
  'not-a-value',
  '2025-13-45',
  '2025-02-30T25:61:00Z',
  '2025-06-01T10:00:00',
  'a b c',
  '@@',
  '12',
];

function typeOf(schema: JsonSchema, sampler: SchemaSampler): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return sampler.pick(type as string[]);
  if (typeof type === 'string') return type;
  if (schema.properties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  return undefined;
}

function merge(base: JsonSchema, extra: JsonSchema): JsonSchema {
  const merged: JsonSchema = { ...base, ...extra };
  if (base.properties !== undefined && extra.properties !== undefined) {
    const properties: Record<string, unknown> = { ...(base.properties as Record<string, unknown>) };
    for (const [name, schema] of Object.entries(extra.properties as Record<string, JsonSchema | boolean>)) {
      const existing = properties[name];
      properties[name] =
        typeof schema === 'object' && typeof existing === 'object' && existing !== null
          ? { ...(existing as JsonSchema), ...schema }
          : schema;
    }
    merged.properties = properties;
  }
  return merged;
}

function mergeAll(schemas: JsonSchema[], resolve: (schema: JsonSchema) => JsonSchema): JsonSchema {
  return schemas.map(resolve).reduce<JsonSchema>((merged, schema) => merge(merged, schema), {});
}

function uuid(sampler: SchemaSampler): string {
  const hex = (n: number): string =>
    Array.from({ length: n }, () => sampler.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${sampler.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

// --- strings from regular expressions: literals, escapes, classes, groups, |, ?, *, +, {n,m}. ---

type Node =
  | { kind: 'chars'; options: string[] }
  | { kind: 'group'; alternatives: Node[][] }
  | { kind: 'repeat'; node: Node; min: number; max: number };

export function fromPattern(pattern: string, sampler: SchemaSampler): string {
  const source = pattern.replace(/^\^/, '').replace(/\$$/, '');
  const [alternatives] = parseAlternatives(source, 0);
  return generate({ kind: 'group', alternatives }, sampler);
}

function generate(node: Node, sampler: SchemaSampler): string {
  switch (node.kind) {
    case 'chars':
      return sampler.pick(node.options);
    case 'group':
      return sampler
        .pick(node.alternatives)
        .map((part) => generate(part, sampler))
        .join('');
    case 'repeat': {
      const count = sampler.int(node.min, Math.min(node.max, node.min + 3));
      return Array.from({ length: count }, () => generate(node.node, sampler)).join('');
    }
  }
}

function parseAlternatives(source: string, start: number): [Node[][], number] {
  const alternatives: Node[][] = [[]];
  let i = start;
  while (i < source.length) {
    const char = source.charAt(i);
    if (char === ')') break;
    if (char === '|') {
      alternatives.push([]);
      i += 1;
      continue;
    }
    let node: Node;
    if (char === '(') {
      const body = source.startsWith('(?:', i) ? i + 3 : i + 1;
      const [inner, end] = parseAlternatives(source, body);
      node = { kind: 'group', alternatives: inner };
      i = end + 1;
    } else if (char === '[') {
      const end = source.indexOf(']', i + 1);
      node = { kind: 'chars', options: expandClass(source.slice(i + 1, end)) };
      i = end + 1;
    } else if (char === '\\') {
      node = { kind: 'chars', options: escape(source.charAt(i + 1)) };
      i += 2;
    } else {
      node = { kind: 'chars', options: [char === '.' ? 'a' : char] };
      i += 1;
    }
    const [quantified, next] = quantify(node, source, i);
    alternatives[alternatives.length - 1]?.push(quantified);
    i = next;
  }
  return [alternatives, i];
}

function quantify(node: Node, source: string, i: number): [Node, number] {
  const char = source.charAt(i);
  if (char === '?') return [{ kind: 'repeat', node, min: 0, max: 1 }, i + 1];
  if (char === '*') return [{ kind: 'repeat', node, min: 0, max: 4 }, i + 1];
  if (char === '+') return [{ kind: 'repeat', node, min: 1, max: 4 }, i + 1];
  if (char === '{') {
    const end = source.indexOf('}', i);
    const [min, max] = source.slice(i + 1, end).split(',');
    const low = Number(min);
    return [
      { kind: 'repeat', node, min: low, max: max === undefined ? low : max === '' ? low + 4 : Number(max) },
      end + 1,
    ];
  }
  return [node, i];
}

function expandClass(body: string): string[] {
  const options: string[] = [];
  for (let i = 0; i < body.length; i += 1) {
    const char = body.charAt(i);
    if (char === '\\') {
      options.push(...escape(body.charAt(i + 1)));
      i += 1;
    } else if (body.charAt(i + 1) === '-' && i + 2 < body.length) {
      const last = body.charCodeAt(i + 2);
      for (let code = char.charCodeAt(0); code <= last; code += 1) options.push(String.fromCharCode(code));
      i += 2;
    } else {
      options.push(char);
    }
  }
  return options;
}

function escape(char: string): string[] {
  if (char === 'd') return Array.from('0123456789');
  if (char === 'w') return Array.from('abcXYZ019_');
  if (char === 's') return [' '];
  return [char];
}
