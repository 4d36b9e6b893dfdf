/**
 * ajv (JSON Schema 2020-12) over the OpenAPI document's schemas, for tests: the response checker
 * (test/integration/contract.ts) and the fuzz test's validity oracle, from the same documentAjv as
 * the request validators, but nothing is coerced and no default is filled in: a test checks what
 * was sent or received, as it was.
 */
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { documentAjv, withComponentRefs } from '../../src/openapi/ajv.js';
import type { JsonSchema, OpenApiDocument } from '../../src/openapi/document.js';

export interface SchemaCheck {
  valid: boolean;
  /** ajv's errors, one line each (instance path, keyword, message). */
  errors: string[];
}

export class DocumentSchemas {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = documentAjv(document, { coerceTypes: false, useDefaults: false });
  }

  /** Validates `value` against `schema` (a schema of the document; its component references resolve). */
  check(schema: JsonSchema, value: unknown): SchemaCheck {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(withComponentRefs(schema));
      this.compiled.set(key, validate);
    }
    if (validate(value)) return { valid: true, errors: [] };
    return { valid: false, errors: (validate.errors ?? []).map(describeError) };
  }

  /** `{$ref: '#/components/schemas/X'}` (or a component name) → the component's schema. */
  resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let depth = 0; depth < 20; depth += 1) {
      const ref = current.$ref;
      if (typeof ref !== 'string') return current;
      const name = ref.replace('#/components/schemas/', '');
      const next = this.document.components?.schemas?.[name];
      if (next === undefined) throw new Error(`Unresolved schema reference ${ref}`);
      current = next;
    }
    throw new Error('Schema references nest too deeply');
  }
}

function describeError(error: ErrorObject): string {
  const at = error.instancePath === '' ? '(root)' : error.instancePath;
  return `${at} ${error.keyword}: ${error.message ?? 'invalid'} ${JSON.stringify(error.params)}`;
}
