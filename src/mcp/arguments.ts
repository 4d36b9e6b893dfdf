/**
 * Checks tool arguments against the tool's input schema (ajv, JSON Schema 2020-12, no coercion: a
 * model that sends "10" for an integer learns so) and says what is wrong in words a model can act
 * on: the argument, what it got, and the allowed values or form.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { JsonSchema } from '../openapi/document.js';
import type { ToolArguments } from './schemas.js';

// ajv-formats is CommonJS; its default export arrives wrapped under NodeNext resolution.
const addFormats = addFormatsModule.default;

/** A tool call the tool cannot run as asked: its message is shown to the model as a tool error. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export type ArgumentCheck = (args: unknown) => Record<string, unknown>;

const MAX_MESSAGES = 8;

export function newSchemaCompiler(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats(ajv, ['date-time', 'date', 'uri', 'hostname', 'email', 'uuid']);
  return ajv;
}

/** A checker for one tool: returns the arguments when valid, else throws a ToolInputError. */
export function argumentCheck(ajv: Ajv2020, toolName: string, input: ToolArguments): ArgumentCheck {
  const validate = ajv.compile(input.schema);
  return (args) => {
    const value = args ?? {};
    if (!validate(value)) throw new ToolInputError(describe(toolName, input.schema, validate));
    const checked = value as Record<string, unknown>;
    for (const [name, max] of input.maxJoinedLength) {
      const list = checked[name];
      if (Array.isArray(list) && list.join(',').length > max) {
        throw new ToolInputError(
          `Invalid arguments for ${toolName}: ${name} is too long (at most ${String(max)} characters when its values are joined with commas); pass fewer values.`,
        );
      }
    }
    return checked;
  };
}

function describe(toolName: string, schema: JsonSchema, validate: ValidateFunction): string {
  const errors = validate.errors ?? [];
  const messages = [...new Set(errors.map((error) => message(schema, error)))];
  const shown = messages.slice(0, MAX_MESSAGES);
  const more = messages.length > shown.length ? ` (and ${String(messages.length - shown.length)} more)` : '';
  return `Invalid arguments for ${toolName}: ${shown.join('; ')}${more}.`;
}

/** `/family/0` → `family[0]`. */
function argumentName(path: string): string {
  return path
    .split('/')
    .slice(1)
    .map((segment, index) => (/^\d+$/.test(segment) ? `[${segment}]` : index === 0 ? segment : `.${segment}`))
    .join('');
}

function message(schema: JsonSchema, error: ErrorObject): string {
  const name = argumentName(error.instancePath);
  const subject = name === '' ? 'the arguments' : name;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const known = Object.keys(schema.properties ?? {});
      return `unknown argument ${String(params.additionalProperty)} (arguments: ${known.join(', ')})`;
    }
    case 'enum':
      return `${subject} must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'type':
      return `${subject} must be ${article(String(params.type))}`;
    case 'format':
      return `${subject} must be ${formatHint(String(params.format))}`;
    case 'pattern':
      return `${subject} must match ${String(params.pattern)}`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
    case 'minLength':
    case 'maxLength':
    case 'minItems':
    case 'maxItems':
      return `${subject} ${error.message ?? 'is out of bounds'}`;
    case 'required':
      return `missing required argument ${String(params.missingProperty)}`;
    default:
      return `${subject} ${error.message ?? 'is invalid'}`;
  }
}

function article(type: string): string {
  if (type === 'array') return 'an array (a JSON list, not a comma-separated string)';
  if (type === 'integer') return 'an integer';
  if (type === 'object') return 'an object';
  return `a ${type}`;
}

function formatHint(format: string): string {
  if (format === 'date-time') return 'an RFC 3339 date-time with offset, e.g. 2025-01-31T00:00:00Z';
  if (format === 'hostname') return 'a hostname, e.g. stripe.com';
  return `a valid ${format}`;
}
