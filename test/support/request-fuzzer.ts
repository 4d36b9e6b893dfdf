/**
 * Requests for an operation of the OpenAPI document, drawn from its schemas: `valid` builds one the
 * document allows (query, path and header parameters, body), `invalid` one it rejects (one thing
 * broken: a wrong type, a number out of range, a string too long, a bad enum or format, an unknown
 * query parameter, a missing required parameter, body member or body). Validity is decided the way
 * the document defines it — query and path values deserialized as `style: form` (csv arrays split
 * on commas; numbers and booleans read from their text), `x-max-length` on the raw text — then
 * checked with ajv over the document's schemas, so "valid" and "invalid" are the document's verdict,
 * not the generator's aim.
 */
import type { JsonSchema, OpenApiDocument, Operation, ParameterObject } from '../../src/openapi/document.js';
import type { DocumentSchemas } from './openapi-ajv.js';
import type { SchemaSampler } from './schema-sample.js';

export interface FuzzRequest {
  method: string;
  /** Path with parameters filled in (percent-encoded). */
  path: string;
  /** Query string without `?` ('' for none). */
  query: string;
  headers: Record<string, string>;
  body?: string;
  /** For an invalid request: what was broken. */
  broken?: string;
}

export interface FuzzContext {
  /** Sent as `X-API-Key` on operations that take a key. */
  key: string;
  /** Known-good values for a parameter of an operation (real job keys, cursors, key ids, …). */
  known(operation: Operation, name: string): readonly string[];
  /** Known-good request targets (path and query) for an operation, e.g. signed dataset URLs. */
  targets(operation: Operation): readonly string[];
  /** A header whose value depends on the body (a webhook signature), when the test can compute one. */
  sign?(operation: Operation, name: string, body: string): string | undefined;
}

/** Failure types the validator derives from a schema; a request the schema allows never earns one. */
const STRUCTURAL_TYPES = new Set([
  'missing',
  'extra_forbidden',
  'too_many_values',
  'json_invalid',
  'int_parsing',
  'float_parsing',
  'bool_parsing',
  'string_type',
  'dict_type',
  'list_type',
  'greater_than_equal',
  'less_than_equal',
  'greater_than',
  'less_than',
  'string_too_short',
  'string_too_long',
  'too_short',
  'too_long',
  'string_pattern_mismatch',
  'enum',
  'literal_error',
  'datetime_parsing',
  'date_parsing',
  'uuid_parsing',
  'url_parsing',
]);

export class RequestFuzzer {
  /** The 422 `detail[].type` vocabulary of the document (its table of failure types). */
  private readonly vocabulary: Set<string>;

  constructor(
    private readonly document: OpenApiDocument,
    private readonly schemas: DocumentSchemas,
  ) {
    this.vocabulary = failureTypes(document);
  }

  /**
   * The 422 failure types the document explains for an operation beyond schema violations: the
   * `x-detail-types` of its 422 response, and the semantic types its description, parameters, body
   * schema and 422 response name (e.g. `cursor_invalid`, `title_grammar`, `date_range_too_long`).
   */
  explained422(operation: Operation): Set<string> {
    const raw = this.rawOperation(operation);
    const texts: string[] = [];
    const declared = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (value: unknown, key?: string): void => {
      if (typeof value === 'string') {
        if (key === 'description' || key === 'summary') texts.push(value);
        return;
      }
      if (typeof value !== 'object' || value === null || seen.has(value)) return;
      seen.add(value);
      if (Array.isArray(value)) {
        for (const item of value) walk(item);
        return;
      }
      const object = value as Record<string, unknown>;
      if (typeof object.$ref === 'string') walk(this.deref(object.$ref));
      const types = object['x-detail-types'];
      if (Array.isArray(types)) for (const type of types) declared.add(String(type));
      for (const [name, child] of Object.entries(object)) walk(child, name);
    };
    walk(raw.description, 'description');
    walk(raw.parameters);
    walk(raw.requestBody);
    walk(raw.responses?.['422']);
    walk(raw['x-detail-types'] === undefined ? undefined : { 'x-detail-types': raw['x-detail-types'] });
    for (const text of texts) {
      for (const [, token] of text.matchAll(/`([a-z_]+)`/g)) {
        if (token !== undefined && this.vocabulary.has(token) && !STRUCTURAL_TYPES.has(token))
          declared.add(token);
      }
    }
    return declared;
  }

  /** Statuses of an operation's documented responses. */
  documentedStatuses(operation: Operation): Set<number> {
    return new Set(Object.keys(this.rawOperation(operation).responses ?? {}).map(Number));
  }

  valid(operation: Operation, sampler: SchemaSampler, context: FuzzContext): FuzzRequest | undefined {
    const headers = this.keyHeaders(operation, context);
    const targets = context.targets(operation);
    if (targets.length > 0 && sampler.chance(0.3)) {
      const [path = '', query = ''] = sampler.pick(targets).split('?');
      return { method: operation.method.toUpperCase(), path, query, headers };
    }
    const query: string[] = [];
    for (const parameter of this.parametersIn(operation, 'query')) {
      if (parameter.required !== true && !sampler.chance(0.5)) continue;
      const raw = this.validRaw(operation, parameter, sampler, context);
      if (raw === undefined) {
        if (parameter.required === true) return undefined;
        continue;
      }
      query.push(`${encodeURIComponent(parameter.name)}=${encodeURIComponent(raw)}`);
    }
    const path = this.fillPath(operation, sampler, context);
    if (path === undefined) return undefined;
    let body: string | undefined;
    const requestBody = operation.requestBody;
    if (requestBody !== undefined && (requestBody.required || sampler.chance(0.7))) {
      const value = this.draw(
        requestBody.schema,
        sampler,
        (candidate) => this.schemas.check(requestBody.schema, candidate).valid,
      );
      if (value === undefined) return undefined;
      body = JSON.stringify(value);
      headers['content-type'] = requestBody.mediaType;
    }
    for (const parameter of this.parametersIn(operation, 'header')) {
      if (parameter.required !== true && !sampler.chance(0.7)) continue;
      const signed = sampler.chance(0.5) ? context.sign?.(operation, parameter.name, body ?? '') : undefined;
      const raw = signed ?? this.validRaw(operation, parameter, sampler, context);
      if (raw === undefined) return undefined;
      headers[parameter.name] = raw;
    }
    return {
      method: operation.method.toUpperCase(),
      path,
      query: query.join('&'),
      headers,
      ...(body === undefined ? {} : { body }),
    };
  }

  invalid(operation: Operation, sampler: SchemaSampler, context: FuzzContext): FuzzRequest | undefined {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const base = this.valid(operation, sampler, context);
      if (base === undefined) continue;
      const [unknownParameter, ...others] = this.breakers(operation, base, sampler);
      // An unknown parameter breaks every operation; where the schemas offer more, break those mostly.
      const breaker = others.length > 0 && sampler.chance(0.85) ? sampler.pick(others) : unknownParameter;
      const broken = breaker?.();
      if (broken !== undefined) return broken;
    }
    return undefined;
  }

  private breakers(
    operation: Operation,
    base: FuzzRequest,
    sampler: SchemaSampler,
  ): (() => FuzzRequest | undefined)[] {
    const query = this.parametersIn(operation, 'query');
    const pathParameters = this.parametersIn(operation, 'path');
    const headerParameters = this.parametersIn(operation, 'header');
    const withQuery = (name: string, raw: string | undefined): string =>
      [
        ...base.query
          .split('&')
          .filter((part) => part !== '' && !part.startsWith(`${encodeURIComponent(name)}=`)),
        ...(raw === undefined ? [] : [`${encodeURIComponent(name)}=${encodeURIComponent(raw)}`]),
      ].join('&');
    const breakers: (() => FuzzRequest | undefined)[] = [
      () => {
        const name = `fuzz_${sampler.pick(['colour', 'offset', 'page', 'x'])}`;
        return { ...base, query: withQuery(name, 'blue'), broken: `unknown query parameter ${name}` };
      },
    ];
    if (query.length > 0) {
      breakers.push(() => {
        const parameter = sampler.pick(query);
        const raw = this.invalidRaw(parameter, sampler);
        if (raw === undefined) return undefined;
        return {
          ...base,
          query: withQuery(parameter.name, raw.raw),
          broken: `query ${parameter.name}: ${raw.why}`,
        };
      });
    }
    for (const parameter of query.filter((p) => p.required === true)) {
      breakers.push(() => ({
        ...base,
        query: withQuery(parameter.name, undefined),
        broken: `required query ${parameter.name} missing`,
      }));
    }
    if (pathParameters.length > 0 && !base.path.includes('?')) {
      breakers.push(() => {
        const parameter = sampler.pick(pathParameters);
        const raw = this.invalidRaw(parameter, sampler);
        if (raw === undefined || raw.raw === '.' || raw.raw === '..') return undefined;
        const path = this.fillPath(
          operation,
          sampler,
          { key: '', known: () => [], targets: () => [] },
          {
            [parameter.name]: raw.raw,
          },
        );
        return path === undefined
          ? undefined
          : { ...base, path, broken: `path ${parameter.name}: ${raw.why}` };
      });
    }
    for (const parameter of headerParameters.filter((p) => p.required === true)) {
      breakers.push(() => {
        const { [parameter.name]: _missing, ...headers } = base.headers;
        return { ...base, headers, broken: `required header ${parameter.name} missing` };
      });
    }
    const requestBody = operation.requestBody;
    if (requestBody !== undefined) {
      const headers = { ...base.headers, 'content-type': requestBody.mediaType };
      breakers.push(() => {
        const bad = sampler.invalid(requestBody.schema, { query: false });
        if (bad === undefined || this.schemas.check(requestBody.schema, bad.value).valid) return undefined;
        return { ...base, headers, body: JSON.stringify(bad.value), broken: `body: ${bad.why}` };
      });
      breakers.push(() => ({ ...base, headers, body: '{"truncated": ', broken: 'body is not JSON' }));
      if (requestBody.required) {
        breakers.push(() => {
          const { body: _body, ...rest } = base;
          return { ...rest, broken: 'required body missing' };
        });
      }
    }
    return breakers;
  }

  /**
   * The key where the operation takes one, and the `Accept` of a client of the whole interface: every
   * documented response type, and the event stream the MCP transport requires clients to accept
   * (`POST /mcp` answers 406 to a client that does not; that is negotiation, not the schemas).
   */
  private keyHeaders(operation: Operation, context: FuzzContext): Record<string, string> {
    const accept = { Accept: 'application/json, text/event-stream, */*' };
    return operation.access === 'public' ? accept : { ...accept, 'X-API-Key': context.key };
  }

  private parametersIn(operation: Operation, location: ParameterObject['in']): ParameterObject[] {
    return operation.parameters.filter((parameter) => parameter.in === location);
  }

  private fillPath(
    operation: Operation,
    sampler: SchemaSampler,
    context: FuzzContext,
    fixed: Record<string, string> = {},
  ): string | undefined {
    let path = operation.path;
    for (const parameter of this.parametersIn(operation, 'path')) {
      const raw = fixed[parameter.name] ?? this.validRaw(operation, parameter, sampler, context);
      if (raw === undefined || raw === '.' || raw === '..') return undefined;
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(raw));
    }
    return path;
  }

  /** A raw parameter value the document accepts: a known one half the time, else drawn from the schema. */
  private validRaw(
    operation: Operation,
    parameter: ParameterObject,
    sampler: SchemaSampler,
    context: FuzzContext,
  ): string | undefined {
    const usable = (raw: string): boolean => this.accepts(parameter, raw) && sendable(parameter, raw);
    const known = context.known(operation, parameter.name).filter(usable);
    if (known.length > 0 && sampler.chance(0.5)) return sampler.pick(known);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const raw = serialize(sampler.valid(parameter.schema));
      if (usable(raw)) return raw;
    }
    return undefined;
  }

  /** A raw, non-empty parameter value the document rejects. */
  private invalidRaw(
    parameter: ParameterObject,
    sampler: SchemaSampler,
  ): { raw: string; why: string } | undefined {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const bad = sampler.invalid(parameter.schema, { query: true });
      if (bad === undefined) return undefined;
      const raw = serialize(bad.value);
      if (raw !== '' && !this.accepts(parameter, raw) && sendable(parameter, raw))
        return { raw, why: bad.why };
    }
    return undefined;
  }

  /** The document's verdict on a raw parameter value (style form; csv split; scalars read from text). */
  accepts(parameter: ParameterObject, raw: string): boolean {
    if (raw === '') return false;
    const maxLength = parameter['x-max-length'];
    if (maxLength !== undefined && raw.length > maxLength) return false;
    return this.schemas.check(parameter.schema, deserialize(this.schemas.resolve(parameter.schema), raw))
      .valid;
  }

  private draw(schema: JsonSchema, sampler: SchemaSampler, ok: (value: unknown) => boolean): unknown {
    for (let attempt = 0; attempt < 30; attempt += 1) {
      const value = sampler.valid(schema);
      if (ok(value)) return value;
    }
    return undefined;
  }

  private rawOperation(operation: Operation): {
    description?: string;
    parameters?: unknown;
    requestBody?: unknown;
    responses?: Record<string, unknown>;
    'x-detail-types'?: unknown;
  } {
    return this.document.paths[operation.path]?.[operation.method] as ReturnType<
      RequestFuzzer['rawOperation']
    >;
  }

  private deref(ref: string): unknown {
    let current: unknown = this.document;
    for (const segment of ref.replace(/^#\//, '').split('/')) {
      if (typeof current !== 'object' || current === null) return undefined;
      current = (current as Record<string, unknown>)[segment.replaceAll('~1', '/').replaceAll('~0', '~')];
    }
    return current;
  }
}

/** Header values travel as visible ASCII without surrounding blanks (fetch refuses or trims the rest). */
function sendable(parameter: ParameterObject, raw: string): boolean {
  return parameter.in !== 'header' || (/^[\x20-\x7e]*$/.test(raw) && raw.trim() === raw);
}

/** The text of a value in a query string or path: csv for arrays. */
function serialize(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => serialize(item)).join(',');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** A raw value as the document reads it: csv arrays split, numbers and booleans from their text. */
function deserialize(schema: JsonSchema, raw: string): unknown {
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema;
    return raw.split(',').map((item) => scalar(items, item));
  }
  return scalar(schema, raw);
}

function scalar(schema: JsonSchema, raw: string): unknown {
  if (
    (schema.type === 'integer' || schema.type === 'number') &&
    raw.trim() !== '' &&
    Number.isFinite(Number(raw))
  )
    return Number(raw);
  if (schema.type === 'boolean' && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** The document's table of 422 item types (backticked names in the rows after its `type` header). */
function failureTypes(document: OpenApiDocument): Set<string> {
  const description = (document as { info: { description?: string } }).info.description ?? '';
  const start = description.indexOf('| `type` | Failure |');
  const types = new Set<string>();
  if (start === -1) return types;
  for (const line of description.slice(start).split('\n').slice(1)) {
    const row = line.trim();
    if (!row.startsWith('|')) break;
    const first = row.split('|')[1] ?? '';
    for (const [, token] of first.matchAll(/`([a-z_]+)`/g)) if (token !== undefined) types.add(token);
  }
  return types;
}

/** The request as one replayable description. */
export function describeRequest(request: FuzzRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `${name}: ${name.toLowerCase() === 'x-api-key' ? '<the fuzz key>' : value}`)
    .join('; ');
  return [
    `${request.method} ${request.path}${request.query === '' ? '' : `?${request.query}`}`,
    ...(headers === '' ? [] : [`headers: ${headers}`]),
    ...(request.body === undefined
      ? []
      : [`body: ${request.body.length > 600 ? `${request.body.slice(0, 600)}…` : request.body}`]),
    ...(request.broken === undefined ? [] : [`broken: ${request.broken}`]),
  ].join('\n    ');
}
