/**
 * find_companies and get_company: the keyless tier of the company directory. `GET /v1/companies`
 * and `GET /v1/companies/{company_key}` need a production key; without one an agent gets what it
 * needs to evaluate and to fill the job tools' filters, no more:
 * - find_companies: the first page of the directory for the filters, at most 10 directory entries
 *   (the `Company` shape of the REST page, unchanged), no cursor and no NDJSON catalog;
 * - get_company: the profile's directory entry and its open-positions summary (count, top titles);
 *   the analytic sections (hiring velocity, office network, department and career-family rollups,
 *   work-mode distribution) are withheld, and the result names those this company has.
 * Unresolved companies are hidden unless `include_unresolved` is true, as in REST.
 */
import type { JsonSchema, OpenApiDocument } from '../openapi/document.js';
import { presentCompanyPage } from '../presenters/companies.js';
import type { CompanyProfile, CompanyService } from '../services/companies.js';
import { argumentCheck, newSchemaCompiler, type ArgumentCheck } from './arguments.js';
import { FIND_COMPANIES_ARGUMENTS, GET_COMPANY_ARGUMENTS } from './argument-specs.js';
import { argumentsSchema, componentSchema, objectSchema, withoutMembers } from './schemas.js';
import { companyLine, listing, paidLine } from './text.js';
import type { McpTool } from './tool.js';

export interface CompanyToolDeps {
  document: OpenApiDocument;
  companies: Pick<CompanyService, 'directory' | 'profile'>;
  /** Where a key is bought (config UPGRADE_URL). */
  upgradeUrl: string;
}

/** The keyless directory sample, as the job search's evaluation sample. */
const FIND_MAX = 10;

/** Sections of `CompanyProfile` that only `GET /v1/companies/{company_key}` with a key returns. */
export const WITHHELD_SECTIONS = [
  'hiring_velocity',
  'office_network',
  'department_rollups',
  'family_rollups',
  'work_mode_distribution',
] as const;

const KEY_NEEDED = 'With an API key (production entitlement, any paid plan),';

export function companyTools(deps: CompanyToolDeps): McpTool[] {
  const ajv = newSchemaCompiler();
  const keyLine = paidLine(deps.upgradeUrl);
  const findInput = argumentsSchema(deps.document, FIND_COMPANIES_ARGUMENTS);
  const getInput = argumentsSchema(deps.document, GET_COMPANY_ARGUMENTS);
  getInput.schema.required = ['company_key'];
  return [
    findCompanies(deps, findInput.schema, argumentCheck(ajv, 'find_companies', findInput), keyLine),
    getCompany(deps, getInput.schema, argumentCheck(ajv, 'get_company', getInput), keyLine),
  ];
}

function findCompanies(
  deps: CompanyToolDeps,
  inputSchema: JsonSchema,
  check: ArgumentCheck,
  keyLine: (what: string) => string,
): McpTool {
  const paid = keyLine(
    `${KEY_NEEDED} GET /v1/companies pages through every matching company (up to 1000 per page), and export=jsonl streams the whole directory as NDJSON.`,
  );
  return {
    name: 'find_companies',
    title: 'Find companies',
    description:
      'Look up the company directory: companies whose career-site boards we crawl, with their boards, open job counts and countries. Filters combine with AND. Without a key this is the first page only: up to 10 companies in company_key order (not by size: narrow with min_open_jobs, country and source) and whether more match; paging through all of them needs an API key. Use a company_key with get_company. To find one company by name, call search_jobs with company and read company_key from a job.',
    inputSchema,
    outputSchema: objectSchema({
      companies: { type: 'array', maxItems: FIND_MAX, items: componentSchema(deps.document, 'Company') },
      returned: { type: 'integer', minimum: 0, maximum: FIND_MAX },
      more: { type: 'boolean', description: 'true: more companies match than were returned.' },
      paid_api: { type: 'string', description: 'What an API key adds, and where to get one.' },
    }),
    call: async (args) => {
      const checked = check(args);
      const source = stringList(checked.source);
      const country = stringList(checked.country);
      const page = await deps.companies.directory({
        ...(source === undefined ? {} : { source }),
        ...(country === undefined ? {} : { country }),
        min_open_jobs: typeof checked.min_open_jobs === 'number' ? checked.min_open_jobs : 0,
        include_unresolved: checked.include_unresolved === true,
        limit: typeof checked.limit === 'number' ? checked.limit : FIND_MAX,
      });
      const { data: companies, next_cursor: next } = presentCompanyPage(page);
      const more = next !== undefined;
      return {
        structured: { companies, returned: companies.length, more, paid_api: paid },
        text: listing(
          `${String(companies.length)} companies${more ? ' (more match)' : ''}, in company_key order.`,
          companies.map(companyLine),
          [paid],
        ),
      };
    },
  };
}

function getCompany(
  deps: CompanyToolDeps,
  inputSchema: JsonSchema,
  check: ArgumentCheck,
  keyLine: (what: string) => string,
): McpTool {
  const profile = componentSchema(deps.document, 'CompanyProfile');
  return {
    name: 'get_company',
    title: 'Get one company',
    description:
      "One company by company_key: its directory entry (name, domain, boards, open jobs, countries, provenance) and a summary of its open positions with the most frequent titles. The profile's analytic sections (hiring velocity, office network, department and career-family rollups, work-mode distribution) need an API key; `withheld` names those this company has.",
    notFoundHint:
      "Use a company_key from find_companies or a job's company_key; an unresolved company needs include_unresolved: true.",
    inputSchema,
    outputSchema: objectSchema({
      company: withoutMembers(profile, WITHHELD_SECTIONS),
      withheld: {
        type: 'array',
        items: { type: 'string', enum: [...WITHHELD_SECTIONS] },
        description: 'Sections of the full profile this company has, which need an API key.',
      },
      paid_api: { type: 'string', description: 'What an API key adds, and where to get one.' },
    }),
    call: async (args) => {
      const { company_key: key, include_unresolved: unresolved } = check(args);
      const found = await deps.companies.profile(String(key), unresolved === true);
      const { company, withheld } = publicProfile(found);
      const paid = keyLine(
        `${KEY_NEEDED} GET /v1/companies/${found.company_key} adds hiring velocity (12 weeks), office network, department and career-family rollups and work-mode distribution; GET /v1/companies/${found.company_key}/jobs lists its jobs.`,
      );
      const titles = found.open_positions.top_titles
        .slice(0, 5)
        .map((entry) => `${entry.title} (${String(entry.open_jobs)})`);
      return {
        structured: { company, withheld, paid_api: paid },
        text: [
          companyLine(found),
          ...(titles.length === 0 ? [] : [`top open titles: ${titles.join(', ')}`]),
          ...(withheld.length === 0 ? [] : [`withheld (needs a key): ${withheld.join(', ')}`]),
          paid,
        ].join('\n'),
      };
    },
  };
}

/** The keyless part of a profile, and the names of the sections left out that it has. */
export function publicProfile(profile: CompanyProfile): {
  company: Record<string, unknown>;
  withheld: string[];
} {
  const hidden: readonly string[] = WITHHELD_SECTIONS;
  return {
    company: Object.fromEntries(Object.entries(profile).filter(([name]) => !hidden.includes(name))),
    withheld: WITHHELD_SECTIONS.filter((name) => profile[name] !== undefined),
  };
}

/** A validated list argument (the input schema made it an array of strings), or undefined. */
function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.map(String) : undefined;
}
