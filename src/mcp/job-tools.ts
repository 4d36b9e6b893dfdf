/**
 * search_jobs, count_jobs and get_job: the keyless evaluation tier of the REST API through MCP.
 * search_jobs is `GET /v1/jobs/search` in evaluation mode (at most 10 open jobs, no descriptions,
 * no cursor, nothing charged) plus the total count of matches; count_jobs is the credit-free count
 * of a search or of the active feed; get_job is `GET /v1/jobs/{job_key}` with the public fields.
 */
import type { Job } from '../domain/job.js';
import type { JsonSchema, OpenApiDocument } from '../openapi/document.js';
import { keylessHas } from '../policies/access.js';
import { presentActiveCount, presentJob } from '../presenters/jobs.js';
import type { ActiveFeed, ActiveFeedScope } from '../services/feeds/active.js';
import type { JobCounts } from '../services/job-counts.js';
import type { JobSearchService } from '../services/jobs.js';
import type { JobFilters } from '../search/job-query.js';
import type { TimeFrame } from '../services/feeds/windowed.js';
import { argumentCheck, newSchemaCompiler, ToolInputError } from './arguments.js';
import {
  ACTIVE_FEED_ARGUMENTS,
  COUNT_ARGUMENTS,
  GET_JOB_ARGUMENTS,
  SEARCH_ARGUMENTS,
} from './argument-specs.js';
import { argumentsSchema, componentSchema, objectSchema, withoutMembers } from './schemas.js';
import { jobLine, listing, paidLine } from './text.js';
import type { McpTool } from './tool.js';

export interface JobToolDeps {
  document: OpenApiDocument;
  jobs: Pick<JobSearchService, 'search' | 'get'>;
  counts: Pick<JobCounts, 'count'>;
  active: Pick<ActiveFeed, 'count'>;
  /** Where a key is bought (config UPGRADE_URL). */
  upgradeUrl: string;
}

/** The evaluation sample's size, as `GET /v1/jobs/search` without a key and `GET /v1/jobs/preview`. */
const SAMPLE_MAX = 10;

export function jobTools(deps: JobToolDeps): McpTool[] {
  const ajv = newSchemaCompiler();
  const job = componentSchema(deps.document, 'Job');
  const listedJob = withoutMembers(job, ['description_text']);
  const keyLine = paidLine(deps.upgradeUrl);

  const searchInput = argumentsSchema(deps.document, SEARCH_ARGUMENTS);
  const checkSearch = argumentCheck(ajv, 'search_jobs', searchInput);
  const searchJobs: McpTool = {
    name: 'search_jobs',
    title: 'Search open jobs',
    description:
      'Search open job postings from company career sites (ATS boards) with filters; returns up to 10 of the newest (or, with q or company, the most relevant) open jobs without descriptions, and the total number of open jobs that match. All filters combine with AND; list filters match any of their values. Call list_vocabularies for the allowed source, family and country values.',
    inputSchema: searchInput.schema,
    outputSchema: objectSchema({
      total: { type: 'integer', minimum: 0, description: 'Open jobs matching the filters (all of them).' },
      returned: { type: 'integer', minimum: 0, maximum: SAMPLE_MAX },
      jobs: { type: 'array', maxItems: SAMPLE_MAX, items: listedJob },
      paid_api: { type: 'string', description: 'What an API key adds, and where to get one.' },
    }),
    call: async (args) => {
      const { limit, ...rest } = checkSearch(args);
      const filters = { ...(rest as JobFilters), status: 'open' as const };
      const [page, total] = await Promise.all([
        deps.jobs.search({
          filters,
          limit: typeof limit === 'number' ? limit : SAMPLE_MAX,
          include_description: false,
          evaluation: true,
        }),
        deps.counts.count(filters),
      ]);
      const jobs = page.jobs.map(listed);
      const paid = keyLine(
        `With an API key, GET /v1/jobs/search returns all ${String(total)} matches (up to 1000 per page, cursor paging) and descriptions (include_description=true).`,
      );
      return {
        structured: { total, returned: jobs.length, jobs, paid_api: paid },
        text: listing(
          `${String(total)} open jobs match; the ${String(jobs.length)} shown have no descriptions.`,
          jobs.map(jobLine),
          [paid],
        ),
      };
    },
  };

  return [searchJobs, countJobs(deps, ajv, keyLine), getJob(deps, ajv, job, keyLine)];
}

function countJobs(
  deps: JobToolDeps,
  ajv: ReturnType<typeof newSchemaCompiler>,
  keyLine: (what: string) => string,
): McpTool {
  const input = argumentsSchema(deps.document, COUNT_ARGUMENTS);
  input.schema.properties = {
    scope: {
      type: 'string',
      enum: ['search', 'active_feed'],
      description:
        '"search" (default): jobs GET /v1/jobs/search would return for the filters. "active_feed": jobs first seen in a window, as GET /v1/feed/active would deliver them (open jobs only).',
    },
    ...(input.schema.properties as Record<string, JsonSchema>),
  };
  const check = argumentCheck(ajv, 'count_jobs', input);
  return {
    name: 'count_jobs',
    title: 'Count jobs',
    description:
      'Count the jobs matching filters, free of charge, to size a pull before fetching: scope "search" counts what a search with these filters (and status) returns; scope "active_feed" counts the jobs first seen in a time window that the active feed would deliver.',
    inputSchema: input.schema,
    outputSchema: objectSchema(
      {
        scope: { type: 'string', enum: ['search', 'active_feed'] },
        count: { type: 'integer', minimum: 0 },
        first_seen_gte: { type: 'string', format: 'date-time', description: 'active_feed: window start.' },
        first_seen_lt: { type: 'string', format: 'date-time', description: 'active_feed: window end.' },
        paid_api: { type: 'string', description: 'What an API key adds, and where to get one.' },
      },
      ['scope', 'count', 'paid_api'],
    ),
    call: async (args) => {
      const { scope, ...rest } = check(args);
      if (scope === 'active_feed') {
        refuse(rest, (name) => !ACTIVE_FEED_ARGUMENTS.includes(name), 'active_feed');
        const counted = presentActiveCount(await deps.active.count(activeScope(rest)));
        const paid = keyLine(
          'With an API key, GET /v1/feed/active delivers these jobs oldest first with exactly-once cursors, descriptions included on request.',
        );
        return {
          structured: { scope, ...counted, paid_api: paid },
          text: `${String(counted.count)} jobs first seen in [${counted.first_seen_gte}, ${counted.first_seen_lt}).\n${paid}`,
        };
      }
      refuse(rest, (name) => ACTIVE_FEED_ARGUMENTS.includes(name) && !(name in SEARCH_ARGUMENTS), 'search');
      const count = await deps.counts.count(rest);
      const paid = keyLine(
        'With an API key, GET /v1/jobs/search pages through all of them, descriptions included.',
      );
      return {
        structured: { scope: 'search', count, paid_api: paid },
        text: `${String(count)} jobs match.\n${paid}`,
      };
    },
  };
}

function getJob(
  deps: JobToolDeps,
  ajv: ReturnType<typeof newSchemaCompiler>,
  job: JsonSchema,
  keyLine: (what: string) => string,
): McpTool {
  const input = argumentsSchema(deps.document, GET_JOB_ARGUMENTS);
  input.schema.required = ['job_key'];
  const check = argumentCheck(ajv, 'get_job', input);
  // The access policy's public tier decides whether a keyless caller sees descriptions (today: no).
  const descriptions = keylessHas('descriptions');
  return {
    name: 'get_job',
    title: 'Get one job',
    description: `One job (open or closed) by its job_key, with its public fields${descriptions ? ' and description' : '; the description needs an API key'}.`,
    notFoundHint: 'Use a job_key from search_jobs results.',
    inputSchema: input.schema,
    outputSchema: objectSchema({
      job,
      paid_api: { type: 'string', description: 'What an API key adds, and where to get one.' },
    }),
    call: async (args) => {
      const { job_key: key, include_unresolved: unresolved } = check(args);
      const found = await deps.jobs.get(String(key), unresolved === true);
      const shown = descriptions ? presentJob(found) : listed(found);
      const paid = keyLine(
        `With an API key, GET /v1/jobs/${String(key)} includes the full description (description_text).`,
      );
      return {
        structured: { job: shown, paid_api: paid },
        text: `${jobLine(shown)}\n${found.url}\n${paid}`,
      };
    },
  };
}

/** A job as the keyless tier shows it: the preview shape, never the description. */
function listed(job: Job): ReturnType<typeof presentJob> {
  const { description_text: _description, ...rest } = presentJob(job);
  // Serialized once so absent members are absent, not undefined (structuredContent is JSON).
  return JSON.parse(JSON.stringify(rest)) as ReturnType<typeof presentJob>;
}

function activeScope(args: Record<string, unknown>): ActiveFeedScope {
  const { time_frame: frame, first_seen_gte: gte, ...filters } = args;
  return {
    filters: filters,
    time_frame: (typeof frame === 'string' ? frame : '24h') as TimeFrame,
    ...(typeof gte === 'string' ? { first_seen_gte: gte } : {}),
  };
}

/** Refuses the arguments `misplaced` picks, naming them and the scope. */
function refuse(args: Record<string, unknown>, misplaced: (name: string) => boolean, scope: string): void {
  const wrong = Object.keys(args).filter(misplaced);
  if (wrong.length === 0) return;
  const allowed =
    scope === 'active_feed'
      ? ACTIVE_FEED_ARGUMENTS.join(', ')
      : 'the search filters and status (time_frame, first_seen_gte, exclude_source, domain and organization need scope "active_feed")';
  throw new ToolInputError(
    `Invalid arguments for count_jobs: ${wrong.join(', ')} cannot be used with scope "${scope}"; allowed: ${allowed}.`,
  );
}
