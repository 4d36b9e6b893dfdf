/**
 * ajv (JSON Schema 2020-12) over the OpenAPI document's schemas, for tests: the response checker
 * (test/integration/contract.ts) and the fuzz test's validity oracle. Components are registered the
 * way src/http/validation.ts registers them (one schema with every component under `$defs`,
 * `#/components/schemas/X` rewritten to point at it, formats from ajv-formats, OpenAPI's annotation
 * keywords known to strict mode), but nothing is coerced and no default is filled in: a test checks
 * what was sent or received, as it was.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema, OpenApiDocument } from '../../src/openapi/document.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
const addFormats = addFormatsModule.default;

const COMPONENTS_ID = 'urn:jlds:test-openapi';
const OPENAPI_ANNOTATIONS = ['example', 'xml', 'externalDocs', 'discriminator'];

export interface SchemaCheck {
  valid: boolean;
  /** ajv's errors, one line each (instance path, keyword, message). */
  errors: string[];
}

export class DocumentSchemas {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(readonly document: OpenApiDocument) {
    this.ajv = new Ajv2020({
      allErrors: true,
      coerceTypes: false,
      useDefaults: false,
      strict: true,
      strictNumbers: true,
      strictRequired: false,
      strictTypes: false,
    });
    addFormats(this.ajv);
    this.ajv.addVocabulary(OPENAPI_ANNOTATIONS);
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: rewriteRefs(document.components?.schemas ?? {}) });
  }

  /** Validates `value` against `schema` (a schema of the document; its component references resolve). */
  check(schema: JsonSchema, value: unknown): SchemaCheck {
    const key = JSON.stringify(schema);
    let validate = this.compiled.get(key);
    if (validate === undefined) {
      validate = this.ajv.compile(rewriteRefs(schema));
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

function rewriteRefs<T>(value: T): T {
  return JSON.parse(
    JSON.stringify(value).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`),
  ) as T;
}

function describeError(error: ErrorObject): string {
  const at = error.instancePath === '' ? '(root)' : error.instancePath;
  return `${at} ${error.keyword}: ${error.message ?? 'invalid'} ${JSON.stringify(error.params)}`;
}
