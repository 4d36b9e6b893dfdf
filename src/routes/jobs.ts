/** /v1/jobs: search (GET), preview, detail. Input is validated before these run. */
import { requireEntitlement } from '../services/accounts.js';
import { presentJob, presentJobPage, presentPreview, presentTypedPage } from '../presenters/jobs.js';
import { requireProduction, searchMode } from '../search/access.js';
import type { JobFilters } from '../search/job-query.js';
import type { JobSearchService } from '../services/jobs.js';
import type { TypedSearch } from '../search/typed-query.js';
import type { HandlerMap } from './index.js';
import { body, principal, query } from './query.js';

type TypedBody = Partial<TypedSearch> & { limit?: number; cursor?: string; semantic?: { query: string } };

type SearchQuery = JobFilters & { limit: number; cursor?: string; include_description: boolean };

export function jobHandlers(jobs: JobSearchService, upgradeUrl: string): HandlerMap {
  return {
    searchJobs: async (ctx) => {
      const { limit, cursor, include_description: includeDescription, ...filters } = query<SearchQuery>(ctx);
      const principal = ctx.state.principal;
      const { evaluation } = searchMode(
        principal,
        { description: includeDescription, cursor: cursor !== undefined },
        upgradeUrl,
      );
      const page = await jobs.search({
        filters,
        limit,
        includeDescription,
        evaluation,
        ...(cursor === undefined ? {} : { cursor }),
        ...(ctx.state.meter === undefined ? {} : { meter: ctx.state.meter }),
      });
      ctx.body = presentJobPage(page);
    },
    searchJobsTyped: async (ctx) => {
      const {
        semantic,
        limit = 100,
        cursor,
        include_description: includeDescription = false,
        ...typed
      } = body<TypedBody>(ctx);
      const caller = principal(ctx);
      if (includeDescription) requireEntitlement(caller, 'descriptions', upgradeUrl);
      const meter = ctx.state.meter === undefined ? {} : { meter: ctx.state.meter };
      if (semantic !== undefined) {
        requireEntitlement(caller, 'semantic_search', upgradeUrl);
        const filters = typed.filters ?? {};
        const found = await jobs.semanticSearch({
          query: semantic.query,
          filters,
          limit,
          includeDescription,
          ...meter,
        });
        ctx.body = presentTypedPage(found, 'semantic');
        return;
      }
      const request = { ...typed, include_description: includeDescription, limit, ...meter };
      ctx.body = presentTypedPage(
        await jobs.typedSearch({ ...request, ...(cursor === undefined ? {} : { cursor }) }),
      );
    },
    previewJobs: async (ctx) => {
      const { limit, ...filters } = query<JobFilters & { limit: number }>(ctx);
      ctx.body = presentPreview(await jobs.preview(filters, limit));
    },
    getJob: async (ctx) => {
      requireProduction(ctx.state.principal, upgradeUrl);
      const { include_unresolved: includeUnresolved } = query<{ include_unresolved: boolean }>(ctx);
      const jobKey = String(ctx.state.input?.path.job_key);
      ctx.body = presentJob(await jobs.get(jobKey, includeUnresolved, ctx.state.meter));
    },
  };
}
