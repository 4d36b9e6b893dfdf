/**
 * JSON Schemas of the MCP tools, derived from the OpenAPI document so they cannot drift from what
 * the REST API accepts: every argument's type, enum, pattern and bounds are the schema of the REST
 * parameter it stands for (csv parameters become JSON arrays of the same items). Only the
 * descriptions are the tools' own, written for a model. Output schemas are the document's response
 * schemas with their references inlined (a tool's schema must stand alone).
 */
import { listOperations, type JsonSchema, type OpenApiDocument } from '../openapi/document.js';
import type { OperationId } from '../openapi/operations.js';

/** One tool argument: the REST parameter it mirrors (same name unless `parameter` says otherwise). */
export interface ArgumentSpec {
  description: string;
  /** The REST operation whose parameter defines the schema. */
  operation: OperationId;
  parameter?: string;
  /** Replaces members of the parameter's schema (e.g. a tighter `maximum`). */
  narrow?: JsonSchema;
}

export interface ToolArguments {
  schema: JsonSchema;
  /** `x-max-length` of csv parameters: the most characters the REST API accepts for the joined list. */
  maxJoinedLength: Map<string, number>;
}

/** Annotations that only add size to a tool list (examples) or mean nothing outside OpenAPI. */
const DROPPED = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'default']);

/** The `inputSchema` of a tool whose arguments mirror REST parameters; unknown arguments are refused. */
export function argumentsSchema(
  document: OpenApiDocument,
  specs: Record<string, ArgumentSpec>,
): ToolArguments {
  const operations = new Map(listOperations(document).map((operation) => [operation.operationId, operation]));
  const properties: Record<string, JsonSchema> = {};
  const maxJoinedLength = new Map<string, number>();
  for (const [name, spec] of Object.entries(specs)) {
    const operation = operations.get(spec.operation);
    const parameterName = spec.parameter ?? name;
    const parameter = operation?.parameters.find((candidate) => candidate.name === parameterName);
    if (parameter === undefined) {
      throw new Error(`MCP argument ${name}: ${spec.operation} has no parameter ${parameterName}`);
    }
    const schema = inlineSchema(document, parameter.schema, false);
    properties[name] = { ...schema, ...spec.narrow, description: spec.description };
    if (parameter['x-max-length'] !== undefined) maxJoinedLength.set(name, parameter['x-max-length']);
  }
  return { schema: { type: 'object', properties, additionalProperties: false }, maxJoinedLength };
}

/** A component schema of the document, references inlined, nested descriptions kept or dropped. */
export function componentSchema(
  document: OpenApiDocument,
  name: string,
  keepDescriptions = false,
): JsonSchema {
  return inlineSchema(document, { $ref: `#/components/schemas/${name}` }, keepDescriptions);
}

/** `schema` with every local `#/components/schemas/` reference replaced by its target. */
export function inlineSchema(
  document: OpenApiDocument,
  schema: JsonSchema,
  keepDescriptions: boolean,
): JsonSchema {
  const components = document.components?.schemas ?? {};
  const inline = (value: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error('MCP schema: reference depth over 32 (a cycle?)');
    if (Array.isArray(value)) return value.map((item) => inline(item, depth));
    if (typeof value !== 'object' || value === null) return value;
    const object = value as Record<string, unknown>;
    if (typeof object.$ref === 'string') {
      const name = object.$ref.replace('#/components/schemas/', '');
      const target = components[name];
      if (target === undefined) throw new Error(`MCP schema: unresolved reference ${object.$ref}`);
      return inline(target, depth + 1);
    }
    const result: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(object)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (key === 'description' && !keepDescriptions && typeof member === 'string') continue;
      // `properties` maps names to schemas: its keys are names, never keywords.
      result[key] =
        key === 'properties' && typeof member === 'object' && member !== null
          ? Object.fromEntries(Object.entries(member).map(([prop, sub]) => [prop, inline(sub, depth)]))
          : inline(member, depth);
    }
    return result;
  };
  return inline(schema, 0) as JsonSchema;
}

/** A closed object schema: `required` defaults to every property. */
export function objectSchema(
  properties: Record<string, JsonSchema>,
  required = Object.keys(properties),
): JsonSchema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** `schema` (an object schema) without the members `names`, in `properties` and `required` alike. */
export function withoutMembers(schema: JsonSchema, names: readonly string[]): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(
      ([name]) => !names.includes(name),
    ),
  );
  const required = (schema.required as string[] | undefined)?.filter((name) => !names.includes(name));
  return { ...schema, properties, ...(required === undefined ? {} : { required }) };
}

/** The `enum` of a schema's items (csv parameters) or of the schema itself; empty when it has none. */
export function enumOf(schema: JsonSchema): string[] {
  const items = schema.items as JsonSchema | undefined;
  const values = items?.enum ?? schema.enum;
  return Array.isArray(values) ? values.map(String) : [];
}
