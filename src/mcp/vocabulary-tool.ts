/**
 * list_vocabularies: the values the filters accept (from the OpenAPI document, so they cannot
 * drift from the REST validation) and which of them open jobs use right now, with counts.
 */
import { listOperations, type JsonSchema, type OpenApiDocument } from '../openapi/document.js';
import type { JobCounts, ValueCount } from '../services/job-counts.js';
import { argumentCheck, newSchemaCompiler } from './arguments.js';
import { enumOf } from './schemas.js';
import type { McpTool } from './tool.js';

export interface VocabularyToolDeps {
  document: OpenApiDocument;
  counts: Pick<JobCounts, 'vocabularies'>;
}

/** Vocabularies whose accepted values the document lists: (answer member, operation, parameter). */
const ACCEPTED = [
  ['sources', 'searchJobs', 'source'],
  ['career_families', 'searchJobs', 'family'],
  ['employment_types', 'searchJobs', 'employment_type'],
  ['experience_levels', 'searchJobs', 'experience_level'],
  ['ai_work_arrangements', 'searchJobs', 'ai_work_arrangement'],
  ['salary_periods', 'searchJobs', 'salary_period'],
  ['time_frames', 'countActiveFeed', 'time_frame'],
] as const;

const IN_USE_OF = {
  sources: 'sources',
  career_families: 'families',
  employment_types: 'employment_types',
} as const;

const valueCounts: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: { value: { type: 'string' }, count: { type: 'integer', minimum: 0 } },
    required: ['value', 'count'],
    additionalProperties: false,
  },
};

export function vocabularyTool(deps: VocabularyToolDeps): McpTool {
  const accepted = acceptedValues(deps.document);
  const inputSchema: JsonSchema = { type: 'object', properties: {}, additionalProperties: false };
  const check = argumentCheck(newSchemaCompiler(), 'list_vocabularies', {
    schema: inputSchema,
    maxJoinedLength: new Map(),
  });
  return {
    name: 'list_vocabularies',
    title: 'List filter values',
    description:
      'The values the job filters accept (source codes, career families, employment types, experience levels, work arrangements, salary periods, time frames) and the source codes, career families, employment types and countries that open jobs use now, with job counts. Call it before filling enum arguments of search_jobs or count_jobs.',
    inputSchema,
    outputSchema: outputSchema(),
    call: async (args) => {
      check(args);
      const { open_jobs: open, values } = await deps.counts.vocabularies();
      const structured: Record<string, unknown> = { open_jobs: open, countries_in_use: values.countries };
      for (const [member] of ACCEPTED) {
        const inUse = member in IN_USE_OF ? values[IN_USE_OF[member as keyof typeof IN_USE_OF]] : undefined;
        structured[member] = {
          accepted: accepted[member],
          ...(inUse === undefined ? {} : { in_use: inUse }),
        };
      }
      const lines = [
        `${String(open)} open jobs.`,
        `countries in use: ${top(values.countries)}`,
        `sources in use: ${top(values.sources)}`,
        `career families in use: ${top(values.families)}`,
        `employment types in use: ${top(values.employment_types)}`,
        ...ACCEPTED.map(([member]) => `${member} accepted: ${(accepted[member] ?? []).join(', ')}`),
      ];
      return { structured, text: lines.join('\n') };
    },
  };
}

/** The enum of each vocabulary's REST parameter; a parameter without one is a bug (start-up fails). */
function acceptedValues(document: OpenApiDocument): Record<string, string[]> {
  const operations = listOperations(document);
  const accepted: Record<string, string[]> = {};
  for (const [member, operationId, name] of ACCEPTED) {
    const parameter = operations
      .find((operation) => operation.operationId === operationId)
      ?.parameters.find((candidate) => candidate.name === name);
    const values = parameter === undefined ? [] : enumOf(parameter.schema);
    if (values.length === 0) throw new Error(`list_vocabularies: ${operationId}.${name} has no enum`);
    accepted[member] = values;
  }
  return accepted;
}

function outputSchema(): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    open_jobs: { type: 'integer', minimum: 0, description: 'Open jobs in the index now.' },
    countries_in_use: { ...valueCounts, description: 'ISO 3166-1 alpha-2 codes of open jobs, most first.' },
  };
  for (const [member] of ACCEPTED) {
    const inUse = member in IN_USE_OF;
    properties[member] = {
      type: 'object',
      properties: {
        accepted: { type: 'array', items: { type: 'string' } },
        ...(inUse ? { in_use: valueCounts } : {}),
      },
      required: ['accepted', ...(inUse ? ['in_use'] : [])],
      additionalProperties: false,
    };
  }
  return { type: 'object', properties, required: Object.keys(properties), additionalProperties: false };
}

function top(counts: ValueCount[]): string {
  const shown = counts.slice(0, 25).map((entry) => `${entry.value} (${String(entry.count)})`);
  return `${shown.join(', ')}${counts.length > shown.length ? `, … ${String(counts.length - shown.length)} more` : ''}`;
}
