/**
 * ajv (JSON Schema 2020-12) over the OpenAPI document's schemas, as the request validators
 * (http/validation.ts: coercing query values, filling defaults) and the tests' response and fuzz
 * checks (test/support/openapi-ajv.ts: neither) compile them: one schema holds every component
 * under `$defs`, `#/components/schemas/X` references are rewritten to point at it, formats come
 * from ajv-formats, and OpenAPI's annotation keywords are known to strict mode.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenApiDocument } from './document.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
const addFormats = addFormatsModule.default;

const COMPONENTS_ID = 'urn:jlds:openapi';

/** Annotation keywords OpenAPI allows inside schemas; ajv's strict mode must know them. */
const OPENAPI_ANNOTATIONS = ['example', 'xml', 'externalDocs', 'discriminator'];

export function documentAjv(
  document: Pick<OpenApiDocument, 'components'>,
  options: { coerceTypes: boolean; useDefaults: boolean },
): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    ...options,
    // Errors carry their schema and data (the 422 reads writeOnly and oneOf branches from them).
    verbose: true,
    strict: true,
    strictNumbers: true,
    strictRequired: false,
    strictTypes: false,
  });
  addFormats(ajv);
  ajv.addVocabulary(OPENAPI_ANNOTATIONS);
  ajv.addSchema({ $id: COMPONENTS_ID, $defs: withComponentRefs(document.components?.schemas ?? {}) });
  return ajv;
}

/** A schema of the document with its `#/components/schemas/X` references pointed at documentAjv's components. */
export function withComponentRefs<T>(schema: T): T {
  return JSON.parse(
    JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${COMPONENTS_ID}#/$defs/`),
  ) as T;
}
