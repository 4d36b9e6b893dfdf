/**
 * ajv's errors as the interface's 422 items: `{loc, msg, type, input?, ctx?}` in pydantic's
 * vocabulary, with `oneOf` failures read as a person needs them and writeOnly members never echoed.
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type { ValidationIssue } from '../domain/errors.js';
import type { JsonSchema } from '../openapi/document.js';

/**
 * `oneOf` failures, as a person needs them. ajv (allErrors) reports every branch's complaint —
 * eleven entries, five alike, for one wrong node of a keyword tree. A union whose branches are each
 * tagged by one required member (`{and: …}` | `{or: …}` | …) is read like a discriminated union:
 * with exactly one tag present, only that branch's errors count; with none or several, one
 * `union_tag_invalid` entry at the node names the tags that exist. Any other `oneOf` keeps a single
 * entry at its node.
 */
export function issuesOf(
  errors: ErrorObject[],
  location: string,
  original: unknown,
  ajv: Ajv2020,
): ValidationIssue[] {
  let remaining = errors;
  const replaced: ValidationIssue[] = [];
  const unions = errors
    .filter((error) => error.keyword === 'oneOf')
    .sort((a, b) => a.instancePath.length - b.instancePath.length);
  for (const union of unions) {
    if (!remaining.includes(union)) continue;
    const at = union.instancePath;
    const within = (error: ErrorObject): boolean =>
      error.instancePath === at || error.instancePath.startsWith(`${at}/`);
    const tags = branchTags(union, ajv);
    const { value } = valueAt(original, pointerSegments(at));
    const present =
      tags !== undefined && typeof value === 'object' && value !== null && !Array.isArray(value)
        ? tags.filter((tag) => tag in value)
        : [];
    const branch = tags === undefined ? discriminatedBranch(union, value, ajv) : undefined;
    if (branch !== undefined) {
      // The branch the value names by its discriminator: only that branch's complaints, re-read
      // from its own validator (ajv's union errors mix every branch's).
      remaining = remaining.filter((error) => !within(error));
      branch(value);
      for (const error of branch.errors ?? [])
        replaced.push(toIssue({ ...error, instancePath: `${at}${error.instancePath}` }, location, original));
      continue;
    }
    const [tag] = present;
    if (tags !== undefined && present.length === 1 && tag !== undefined) {
      // The branch the client meant: only its errors (its member's, and its own at the node).
      remaining = remaining.filter(
        (error) =>
          !within(error) ||
          error.instancePath.startsWith(`${at}/${tag}`) ||
          (error.instancePath === at && soleRequired(error.parentSchema) === tag),
      );
      continue;
    }
    remaining = remaining.filter((error) => !within(error));
    const loc = [location, ...pointerSegments(at)];
    if (tags === undefined) {
      replaced.push({
        loc,
        msg: 'Input should match exactly one of the allowed shapes',
        type: 'value_error',
      });
      continue;
    }
    const expected = tags.map((name) => `'${name}'`);
    replaced.push({
      loc,
      msg: `Input should be an object with exactly one of ${joinOr(expected)}`,
      type: 'union_tag_invalid',
      input: value,
      ctx: { expected_tags: expected.join(', ') },
    });
  }
  return [...remaining.map((error) => toIssue(error, location, original)), ...replaced];
}

/** The single member a schema requires, if it requires exactly one. */
function soleRequired(schema: unknown): string | undefined {
  if (typeof schema !== 'object' || schema === null || !('required' in schema)) return undefined;
  const required = schema.required;
  return Array.isArray(required) && required.length === 1 && typeof required[0] === 'string'
    ? required[0]
    : undefined;
}

/**
 * A union of referenced object schemas that each fix one shared member with `const` (a discriminator
 * such as `kind`): the compiled branch whose constant the value carries, if exactly one does.
 */
function discriminatedBranch(union: ErrorObject, value: unknown, ajv: Ajv2020): ValidateFunction | undefined {
  const branches: unknown = union.parentSchema?.oneOf;
  if (!Array.isArray(branches) || typeof value !== 'object' || value === null || Array.isArray(value))
    return undefined;
  const matching: ValidateFunction[] = [];
  for (const branch of branches as JsonSchema[]) {
    const ref = branch.$ref;
    const validate = typeof ref === 'string' ? ajv.getSchema(ref) : undefined;
    const properties: unknown = (validate?.schema as JsonSchema | undefined)?.properties;
    if (validate === undefined || typeof properties !== 'object' || properties === null) return undefined;
    const constants = Object.entries(properties).filter(
      ([, schema]) => typeof schema === 'object' && schema !== null && 'const' in schema,
    );
    if (constants.length === 0) return undefined;
    if (
      constants.some(
        ([member, schema]) => (value as Record<string, unknown>)[member] === (schema as JsonSchema).const,
      )
    )
      matching.push(validate);
  }
  return matching.length === 1 ? matching[0] : undefined;
}

/** The one required member of each branch, when every branch of the union has exactly one. */
function branchTags(union: ErrorObject, ajv: Ajv2020): string[] | undefined {
  const parent: JsonSchema | undefined = union.parentSchema;
  const branches = parent?.oneOf;
  if (!Array.isArray(branches)) return undefined;
  const tags: string[] = [];
  for (const branch of branches as JsonSchema[]) {
    const ref = branch.$ref;
    const tag = soleRequired(typeof ref === 'string' ? ajv.getSchema(ref)?.schema : branch);
    if (tag === undefined) return undefined;
    tags.push(tag);
  }
  return tags;
}

function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}

function valueAt(root: unknown, segments: (string | number)[]): { found: boolean; value: unknown } {
  let current: unknown = root;
  for (const segment of segments) {
    if (typeof current !== 'object' || current === null || !(segment in current))
      return { found: false, value: undefined };
    current = (current as Record<string | number, unknown>)[segment];
  }
  return { found: true, value: current };
}

const FORMAT_ISSUES: Record<string, { type: string; msg: string }> = {
  'date-time': {
    type: 'datetime_parsing',
    msg: 'Input should be a valid date-time in ISO 8601 with a UTC offset',
  },
  date: { type: 'date_parsing', msg: 'Input should be a valid date in the format YYYY-MM-DD' },
  uuid: { type: 'uuid_parsing', msg: 'Input should be a valid UUID' },
  email: { type: 'value_error', msg: 'Input should be a valid email address' },
  uri: { type: 'url_parsing', msg: 'Input should be a valid absolute URL' },
  hostname: { type: 'value_error', msg: 'Input should be a valid host name' },
};

export const TYPE_ISSUES: Record<string, { type: string; msg: string }> = {
  integer: { type: 'int_parsing', msg: 'Input should be a valid integer' },
  number: { type: 'float_parsing', msg: 'Input should be a valid number' },
  boolean: { type: 'bool_parsing', msg: 'Input should be a valid boolean (true or false)' },
  string: { type: 'string_type', msg: 'Input should be a valid string' },
  object: { type: 'dict_type', msg: 'Input should be a valid object' },
  array: { type: 'list_type', msg: 'Input should be a valid array' },
  null: { type: 'none_required', msg: 'Input should be null' },
};

/** Keywords whose ajv `params.limit` is the bound: pydantic's type, message and ctx key for each. */
const LIMIT_ISSUES: Record<string, { type: string; ctx: string; msg: (limit: string) => string }> = {
  minimum: {
    type: 'greater_than_equal',
    ctx: 'ge',
    msg: (n) => `Input should be greater than or equal to ${n}`,
  },
  maximum: { type: 'less_than_equal', ctx: 'le', msg: (n) => `Input should be less than or equal to ${n}` },
  exclusiveMinimum: { type: 'greater_than', ctx: 'gt', msg: (n) => `Input should be greater than ${n}` },
  exclusiveMaximum: { type: 'less_than', ctx: 'lt', msg: (n) => `Input should be less than ${n}` },
  maxLength: {
    type: 'string_too_long',
    ctx: 'max_length',
    msg: (n) => `String should have at most ${n} characters`,
  },
  minLength: {
    type: 'string_too_short',
    ctx: 'min_length',
    msg: (n) => `String should have at least ${n} characters`,
  },
  maxItems: { type: 'too_long', ctx: 'max_length', msg: (n) => `List should have at most ${n} items` },
  minItems: { type: 'too_short', ctx: 'min_length', msg: (n) => `List should have at least ${n} items` },
};

function toIssue(error: ErrorObject, location: string, original: unknown): ValidationIssue {
  const segments = pointerSegments(error.instancePath);
  const params = error.params as Record<string, unknown>;
  const loc: (string | number)[] = [location, ...segments];
  const missing = params.missingProperty;
  if (error.keyword === 'required' && typeof missing === 'string') {
    return { loc: [...loc, missing], msg: 'Field required', type: 'missing' };
  }
  const extra = params.additionalProperty;
  if (error.keyword === 'additionalProperties' && typeof extra === 'string') {
    const { value } = valueAt(original, [...segments, extra]);
    return {
      loc: [...loc, extra],
      msg: 'Extra inputs are not permitted',
      type: 'extra_forbidden',
      input: value,
    };
  }
  const described = describe(error, params);
  const issue: ValidationIssue = { loc, msg: described.msg, type: described.type };
  if (described.ctx !== undefined) issue.ctx = described.ctx;
  const parentSchema: JsonSchema | undefined = error.parentSchema;
  const writeOnly = parentSchema?.writeOnly === true;
  const { found, value } = valueAt(original, segments);
  // Secrets (writeOnly members such as destination passwords) are never echoed back.
  if (found && !writeOnly) issue.input = value;
  return issue;
}

function describe(
  error: ErrorObject,
  params: Record<string, unknown>,
): { type: string; msg: string; ctx?: Record<string, unknown> } {
  const bound = LIMIT_ISSUES[error.keyword];
  if (bound !== undefined) {
    return { type: bound.type, msg: bound.msg(String(params.limit)), ctx: { [bound.ctx]: params.limit } };
  }
  switch (error.keyword) {
    case 'type': {
      const expected = Array.isArray(params.type) ? String(params.type[0]) : String(params.type);
      return TYPE_ISSUES[expected] ?? { type: 'type_error', msg: `Input should be of type ${expected}` };
    }
    case 'pattern':
      return {
        type: 'string_pattern_mismatch',
        msg: `String should match pattern '${String(params.pattern)}'`,
        ctx: { pattern: params.pattern },
      };
    case 'enum': {
      const allowed = Array.isArray(params.allowedValues)
        ? params.allowedValues.map((v) => `'${String(v)}'`)
        : [];
      return {
        type: 'enum',
        msg: `Input should be ${joinOr(allowed)}`,
        ctx: { expected: allowed.join(', ') },
      };
    }
    case 'const':
      return {
        type: 'literal_error',
        msg: `Input should be '${String(params.allowedValue)}'`,
        ctx: { expected: params.allowedValue },
      };
    case 'format': {
      const format = String(params.format);
      return FORMAT_ISSUES[format] ?? { type: 'value_error', msg: `Input should match format ${format}` };
    }
    case 'uniqueItems':
      return { type: 'value_error', msg: 'List items should be unique' };
    default:
      return { type: 'value_error', msg: error.message ?? 'Input is not valid' };
  }
}

function joinOr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1] ?? ''}`;
}
