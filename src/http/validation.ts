/**
 * Request validators compiled once from the OpenAPI document with ajv. One validator per operation
 * checks query, path and body together and reports every problem in the interface's 422 body:
 * `detail[]` of `{loc, msg, type, input?, ctx?}` (pydantic's vocabulary, which the spec's body follows).
 *
 * Query parameters: an empty value is a value (validated, so a 422: no schema allows it), unknown
 * names are rejected (`extra_forbidden`),
 * a name given twice is rejected (`too_many_values`),
 * `x-max-length` bounds the raw string, and `style: form, explode: false` arrays are comma-split
 * before their items are validated. Scalars are coerced from strings (integers, numbers, booleans
 * "true"/"false"). Bodies are validated without coercion.
 */
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { ValidationFailedError, type ValidationIssue } from '../domain/errors.js';
import { documentAjv, withComponentRefs } from '../openapi/ajv.js';
import type { JsonSchema, OpenApiDocument, Operation, ParameterObject } from '../openapi/document.js';
import { issuesOf, TYPE_ISSUES } from './validation-issues.js';

export type RawQuery = Record<string, string | string[] | undefined>;

export interface RequestParts {
  query: RawQuery;
  path: Record<string, string>;
  /** `undefined` when the request carried no body. */
  body: unknown;
}

export interface ValidatedInput {
  query: Record<string, unknown>;
  path: Record<string, unknown>;
  body: unknown;
}

export type OperationValidator = (parts: RequestParts) => ValidatedInput;

const MAX_ISSUES = 50;

/** Compiles a validator for every operation; throws at start-up if a schema does not compile. */
export function compileValidators(
  doc: OpenApiDocument,
  operations: Operation[],
): Map<string, OperationValidator> {
  const parameterAjv = documentAjv(doc, { coerceTypes: true, useDefaults: true });
  const bodyAjv = documentAjv(doc, { coerceTypes: false, useDefaults: true });
  const validators = new Map<string, OperationValidator>();
  for (const operation of operations) {
    validators.set(operation.operationId, compileOperation(operation, parameterAjv, bodyAjv));
  }
  return validators;
}

function objectSchema(parameters: ParameterObject[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])),
    required: parameters.filter((p) => p.required === true).map((p) => p.name),
  };
}

function compileOperation(operation: Operation, parameterAjv: Ajv2020, bodyAjv: Ajv2020): OperationValidator {
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const byName = new Map(queryParams.map((p) => [p.name, p]));
  const validateQuery = parameterAjv.compile(objectSchema(queryParams));
  const validatePath = parameterAjv.compile(objectSchema(pathParams));
  const body = operation.requestBody;
  const validateBody = body === undefined ? undefined : bodyAjv.compile(withComponentRefs(body.schema));

  return (parts) => {
    const issues: ValidationIssue[] = [];
    const query: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(parts.query)) {
      // An empty value (`?q=`) is present: a client that sends one meant something, so it is
      // validated rather than silently dropped for the default.
      if (value === undefined) continue;
      const parameter = byName.get(name);
      if (parameter === undefined) {
        issues.push({
          loc: ['query', name],
          msg: 'Unknown query parameter',
          type: 'extra_forbidden',
          input: value,
        });
        continue;
      }
      const deserialized = deserializeQueryValue(parameter, value, issues);
      if (deserialized !== undefined) query[name] = deserialized;
    }
    // ajv coerces in place; errors echo the value as received (after csv splitting).
    runSchema(validateQuery, query, 'query', structuredClone(query), issues, parameterAjv);
    const path: Record<string, unknown> = { ...parts.path };
    runSchema(validatePath, path, 'path', parts.path, issues, parameterAjv);

    let validatedBody: unknown = parts.body;
    if (body !== undefined && validateBody !== undefined) {
      if (parts.body === undefined) {
        if (body.required) issues.push({ loc: ['body'], msg: 'Field required', type: 'missing' });
      } else {
        const original: unknown = structuredClone(parts.body);
        validatedBody = parts.body;
        runSchema(validateBody, validatedBody, 'body', original, issues, bodyAjv);
      }
    }
    if (issues.length > 0) throw new ValidationFailedError(ordered(issues));
    return { query, path, body: validatedBody };
  };
}

/** The documented report: ordered by location, at most MAX_ISSUES items. */
function ordered(issues: ValidationIssue[]): ValidationIssue[] {
  const key = (issue: ValidationIssue): string => issue.loc.map(String).join('\u0000');
  return [...issues].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)).slice(0, MAX_ISSUES);
}

function deserializeQueryValue(
  parameter: ParameterObject,
  value: string | string[],
  issues: ValidationIssue[],
): unknown {
  const loc = ['query', parameter.name];
  if (Array.isArray(value)) {
    issues.push({ loc, msg: 'Parameter must be given at most once', type: 'too_many_values', input: value });
    return undefined;
  }
  const maxLength = parameter['x-max-length'];
  if (maxLength !== undefined && value.length > maxLength) {
    issues.push({
      loc,
      msg: `String should have at most ${maxLength} characters`,
      type: 'string_too_long',
      input: value,
      ctx: { max_length: maxLength },
    });
    return undefined;
  }
  const type = parameter.schema.type;
  // ajv would coerce "1e309" or "Infinity" to ±Infinity and accept it; no client means that.
  if ((type === 'integer' || type === 'number') && !Number.isFinite(Number(value))) {
    const described = TYPE_ISSUES[type];
    if (described !== undefined) issues.push({ loc, msg: described.msg, type: described.type, input: value });
    return undefined;
  }
  return type === 'array' ? value.split(',') : value;
}

function runSchema(
  validate: ValidateFunction,
  data: unknown,
  location: 'query' | 'path' | 'body',
  original: unknown,
  issues: ValidationIssue[],
  ajv: Ajv2020,
): void {
  if (validate(data)) return;
  const seen = new Set<string>();
  for (const issue of issuesOf(validate.errors ?? [], location, original, ajv)) {
    // allErrors reports what several branches found alike; a reader needs each failure once.
    const identity = JSON.stringify(issue);
    if (seen.has(identity)) continue;
    seen.add(identity);
    issues.push(issue);
  }
}
