/**
 * Loads the OpenAPI document once and exposes its operations in the form the HTTP layer needs.
 * The document is the contract: routes, validators and auth rules are all derived from it.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { OperationId } from './operations.js';

export const DOCUMENT_PATH = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  style?: string;
  explode?: boolean;
  schema: JsonSchema;
  'x-max-length'?: number;
}

interface Reference {
  $ref: string;
}

interface MediaTypeObject {
  schema?: JsonSchema;
}

interface RequestBodyObject {
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

interface OperationObject {
  operationId: string;
  parameters?: (ParameterObject | Reference)[];
  requestBody?: RequestBodyObject | Reference;
  security?: Record<string, string[]>[];
  'x-implemented'?: boolean;
  'x-entitlement'?: string;
  'x-allow-inactive-subscription'?: boolean;
  'x-rate-limit'?: number;
  'x-rate-limit-bucket'?: string;
  'x-consumes-allowance'?: boolean;
  responses?: Record<string, { headers?: Record<string, unknown> } | Reference>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, unknown>>;
  components?: {
    responses?: Record<string, { headers?: Record<string, unknown> }>;
    parameters?: Record<string, ParameterObject>;
    requestBodies?: Record<string, RequestBodyObject>;
    schemas?: Record<string, JsonSchema>;
  };
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Who may call an operation, from its `security` requirement. */
export type Access = 'public' | 'optional_key' | 'key_required';

export interface Operation {
  /** Typed by the generated types, which `npm test` keeps equal to this document. */
  operationId: OperationId;
  method: HttpMethod;
  /** OpenAPI path template, e.g. /v1/jobs/{job_key}. */
  path: string;
  parameters: ParameterObject[];
  requestBody?: { required: boolean; mediaType: string; schema: JsonSchema };
  access: Access;
  entitlement?: string;
  /** Account self-service stays usable while the subscription is inactive. */
  allowInactiveSubscription: boolean;
  implemented: boolean;
  rateLimitPerMinute?: number;
  /** Operations of one bucket share one counter. */
  rateLimitBucket?: string;
  /** Each job delivered consumes one unit of the monthly allowance. */
  consumesAllowance: boolean;
  /** A response declares `Cache-Control` (no-store): then every response, errors too, carries it. */
  noStore: boolean;
}

/** Reads and parses the document from disk (once, at start-up). */
export function loadDocument(path = DOCUMENT_PATH): OpenApiDocument {
  return parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

/** Every operation of the document, with references to components resolved. */
export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    const shared = (item.parameters ?? []) as (ParameterObject | Reference)[];
    for (const method of HTTP_METHODS) {
      const raw = item[method] as OperationObject | undefined;
      if (raw === undefined) continue;
      const parameters = [...shared, ...(raw.parameters ?? [])].map((p) => resolveParameter(doc, p));
      const body = raw.requestBody === undefined ? undefined : resolveBody(doc, raw.requestBody);
      operations.push({
        operationId: raw.operationId as OperationId,
        method,
        path,
        parameters,
        ...(body === undefined ? {} : { requestBody: body }),
        access: accessOf(raw.security),
        ...(raw['x-entitlement'] === undefined ? {} : { entitlement: raw['x-entitlement'] }),
        allowInactiveSubscription: raw['x-allow-inactive-subscription'] === true,
        implemented: raw['x-implemented'] === true,
        ...(raw['x-rate-limit'] === undefined ? {} : { rateLimitPerMinute: raw['x-rate-limit'] }),
        ...(raw['x-rate-limit-bucket'] === undefined ? {} : { rateLimitBucket: raw['x-rate-limit-bucket'] }),
        consumesAllowance: raw['x-consumes-allowance'] === true,
        noStore: Object.values(raw.responses ?? {}).some(
          (response) => resolveResponse(doc, response).headers?.['Cache-Control'] !== undefined,
        ),
      });
    }
  }
  return operations;
}

function accessOf(security: Record<string, string[]>[] | undefined): Access {
  if (security === undefined || security.length === 0) return 'public';
  const anonymousAllowed = security.some((requirement) => Object.keys(requirement).length === 0);
  return anonymousAllowed ? 'optional_key' : 'key_required';
}

function isReference(value: object): value is Reference {
  return '$ref' in value;
}

function resolveParameter(doc: OpenApiDocument, parameter: ParameterObject | Reference): ParameterObject {
  if (!isReference(parameter)) return parameter;
  const name = componentName(parameter.$ref, 'parameters');
  const resolved = doc.components?.parameters?.[name];
  if (resolved === undefined) throw new Error(`Unresolved parameter reference ${parameter.$ref}`);
  return resolved;
}

function resolveBody(
  doc: OpenApiDocument,
  body: RequestBodyObject | Reference,
): Operation['requestBody'] | undefined {
  let resolved: RequestBodyObject | undefined;
  if (isReference(body)) {
    resolved = doc.components?.requestBodies?.[componentName(body.$ref, 'requestBodies')];
    if (resolved === undefined) throw new Error(`Unresolved request body reference ${body.$ref}`);
  } else {
    resolved = body;
  }
  const [mediaType, media] = Object.entries(resolved.content)[0] ?? [];
  if (mediaType === undefined || media?.schema === undefined) return undefined;
  return { required: resolved.required === true, mediaType, schema: media.schema };
}

function resolveResponse(
  doc: OpenApiDocument,
  response: { headers?: Record<string, unknown> } | Reference,
): { headers?: Record<string, unknown> } {
  if (!isReference(response)) return response;
  return doc.components?.responses?.[componentName(response.$ref, 'responses')] ?? {};
}

function componentName(ref: string, kind: string): string {
  const prefix = `#/components/${kind}/`;
  if (!ref.startsWith(prefix)) throw new Error(`Only local ${kind} references are supported: ${ref}`);
  return ref.slice(prefix.length);
}

/** Converts an OpenAPI path template to the router's syntax: /v1/jobs/{job_key} → /v1/jobs/:job_key. */
export function toRouterPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
