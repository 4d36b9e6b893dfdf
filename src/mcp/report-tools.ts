/**
 * job_market_stats and state_of_hiring: the public reports, whole. `GET /v1/stats` and
 * `GET /v1/analytics/state-of-hiring` are keyless in REST too, so the tools return their bodies
 * unchanged (the stored JSON text the services keep, parsed); what a key adds is the paid
 * analytics beside them (time-to-fill, posting velocity), said in one line. A body labelled
 * `synthetic: true` (demo data in the corpus) is said so first in the text too.
 */
import type { OpenApiDocument } from '../openapi/document.js';
import type { components } from '../openapi/types.js';
import type { AnalyticsService } from '../services/analytics.js';
import type { StatsService } from '../services/stats.js';
import { argumentCheck, newSchemaCompiler } from './arguments.js';
import { STATE_OF_HIRING_ARGUMENTS } from './argument-specs.js';
import { argumentsSchema, componentSchema, objectSchema } from './schemas.js';
import { paidLine } from './text.js';
import type { McpTool } from './tool.js';

type Stats = components['schemas']['Stats'];
type StateOfHiring = components['schemas']['StateOfHiring'];
type Breakdown = components['schemas']['HiringBreakdown'];

export interface ReportToolDeps {
  document: OpenApiDocument;
  stats: Pick<StatsService, 'current'>;
  analytics: Pick<AnalyticsService, 'stateOfHiring'>;
  /** Where a key is bought (config UPGRADE_URL). */
  upgradeUrl: string;
}

/** Entries of a breakdown shown in the text rendering (structuredContent has them all). */
const TOP = 5;

/** First line of a text rendering whose body says `synthetic: true`: a model must not cite it as the market. */
const SYNTHETIC_LINE =
  'SYNTHETIC DEMO DATA: this deployment’s corpus includes generated postings (npm start -- --history); these figures do not describe the job market.';

function labelled(body: { synthetic?: true }, text: string): string {
  return body.synthetic === true ? `${SYNTHETIC_LINE}\n${text}` : text;
}

export function reportTools(deps: ReportToolDeps): McpTool[] {
  const ajv = newSchemaCompiler();
  const paid = paidLine(deps.upgradeUrl)(
    'With an API key (production entitlement, any paid plan): time-to-fill by company, country, career family or source (GET /v1/analytics/time-to-fill) and per-company posting velocity (GET /v1/analytics/companies/{company_key}/posting-velocity).',
  );
  const paidApi = { type: 'string', description: 'What an API key adds, and where to get one.' };

  const statsInput = { schema: objectSchema({}), maxJoinedLength: new Map<string, number>() };
  const checkStats = argumentCheck(ajv, 'job_market_stats', statsInput);
  const marketStats: McpTool = {
    name: 'job_market_stats',
    title: 'Job market statistics',
    description:
      'Statistics of the whole job index, as GET /v1/stats publishes them: open and closed jobs, companies, boards and sources; open jobs per source and per country; career-family and enrichment coverage; per-source fill rates and crawl cadence; freshness percentiles. A snapshot refreshed every few minutes (generated_at). No arguments.',
    inputSchema: statsInput.schema,
    outputSchema: objectSchema({ stats: componentSchema(deps.document, 'Stats'), paid_api: paidApi }),
    call: async (args) => {
      checkStats(args);
      const stats = JSON.parse(await deps.stats.current()) as Stats;
      return { structured: { stats, paid_api: paid }, text: labelled(stats, `${statsText(stats)}\n${paid}`) };
    },
  };

  const hiringInput = argumentsSchema(deps.document, STATE_OF_HIRING_ARGUMENTS);
  const checkHiring = argumentCheck(ajv, 'state_of_hiring', hiringInput);
  const stateOfHiring: McpTool = {
    name: 'state_of_hiring',
    title: 'State-of-hiring report',
    description:
      'The quarterly state-of-hiring report, as GET /v1/analytics/state-of-hiring publishes it: postings first observed and closed in a UTC calendar quarter, with median posting duration, in total and by ATS source, country and career family. Default: the latest completed quarter; the running quarter is partial (counts so far, never projected).',
    notFoundHint:
      'Reports start with the quarter of the first observation; omit quarter for the latest completed quarter, or ask for the running quarter (a partial report).',
    inputSchema: hiringInput.schema,
    outputSchema: objectSchema({
      report: componentSchema(deps.document, 'StateOfHiring'),
      paid_api: paidApi,
    }),
    call: async (args) => {
      const { quarter } = checkHiring(args);
      const stored = await deps.analytics.stateOfHiring(typeof quarter === 'string' ? quarter : undefined);
      const report = JSON.parse(stored) as StateOfHiring;
      return {
        structured: { report, paid_api: paid },
        text: labelled(report, `${hiringText(report)}\n${paid}`),
      };
    },
  };

  return [marketStats, stateOfHiring];
}

function statsText(stats: Stats): string {
  const { totals } = stats;
  const countries = [...stats.per_country]
    .sort((a, b) => b.jobs_open - a.jobs_open)
    .slice(0, TOP)
    .map((entry) => `${entry.country_code} ${String(entry.jobs_open)}`);
  const sources = [...stats.per_source]
    .sort((a, b) => b.jobs_open - a.jobs_open)
    .slice(0, TOP)
    .map((entry) => `${entry.source} ${String(entry.jobs_open)}`);
  const classified = stats.career_family_coverage?.classified_share;
  const crawlAge = stats.freshness?.board_crawl_age?.p50_seconds;
  return [
    `Index at ${stats.generated_at}: ${String(totals.jobs_open)} open jobs, ${String(totals.jobs_closed)} closed; ${String(totals.companies)} companies, ${String(totals.boards)} boards on ${String(totals.sources)} sources.`,
    ...(countries.length === 0 ? [] : [`open jobs by country (top ${String(TOP)}): ${countries.join(', ')}`]),
    ...(sources.length === 0 ? [] : [`open jobs by source (top ${String(TOP)}): ${sources.join(', ')}`]),
    ...(classified === undefined ? [] : [`career family classified: ${percent(classified)}`]),
    ...(crawlAge === undefined ? [] : [`board crawl age p50: ${String(Math.round(crawlAge))} s`]),
  ].join('\n');
}

function hiringText(report: StateOfHiring): string {
  const { totals } = report;
  const median =
    totals.median_duration_days === undefined
      ? ''
      : `; median duration ${String(totals.median_duration_days)} days`;
  const scope = report.partial ? ` (partial, measured through ${report.measured_through})` : '';
  return [
    `State of hiring ${report.quarter}${scope}: ${String(totals.first_observed_postings)} postings first observed, ${String(totals.closed_postings)} closed${median}.`,
    breakdownLine('by source', report.by_source),
    breakdownLine('by country', report.by_country),
    breakdownLine('by career family', report.by_family),
  ]
    .filter((line) => line !== '')
    .join('\n');
}

function breakdownLine(label: string, rows: Breakdown[]): string {
  if (rows.length === 0) return '';
  const top = [...rows]
    .sort((a, b) => b.first_observed_postings - a.first_observed_postings)
    .slice(0, TOP)
    .map((row) => `${row.key} ${String(row.first_observed_postings)}/${String(row.closed_postings)}`);
  return `${label} (first observed/closed, top ${String(TOP)}): ${top.join(', ')}`;
}

function percent(share: number): string {
  return `${String(Math.round(share * 1000) / 10)}%`;
}
