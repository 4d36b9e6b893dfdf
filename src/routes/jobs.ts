/** /v1/jobs: search (GET and typed), preview, detail. Input is validated and access decided before these run. */
import { presentJobPageBytes, presentTypedPageBytes } from '../presenters/job-bytes.js';
import { presentJob, presentPreview, presentTypedPage } from '../presenters/jobs.js';
import type { JobSearchService } from '../services/jobs.js';
import type { HandlerMap } from './index.js';
import { sendJson } from './json-body.js';

export function jobHandlers(jobs: JobSearchService): HandlerMap {
  return {
    searchJobs: async (ctx, { query }) => {
      const { limit, cursor, include_description, ...filters } = query;
      const page = await jobs.searchRaw({
        filters,
        limit,
        include_description,
        evaluation: ctx.state.access?.mode === 'evaluation',
        ...(cursor === undefined ? {} : { cursor }),
        ...(ctx.state.meter === undefined ? {} : { meter: ctx.state.meter }),
      });
      sendJson(ctx, presentJobPageBytes(page));
    },
    searchJobsTyped: async (ctx, { body }) => {
      const { semantic, limit, cursor, include_description, ...typed } = body;
      const meter = ctx.state.meter === undefined ? {} : { meter: ctx.state.meter };
      if (semantic !== undefined) {
        const found = await jobs.semanticSearch({
          query: semantic.query,
          filters: typed.filters ?? {},
          limit,
          include_description,
          ...meter,
        });
        ctx.body = presentTypedPage(found, 'semantic');
        return;
      }
      const request = { ...typed, include_description, limit, ...meter };
      sendJson(
        ctx,
        presentTypedPageBytes(
          await jobs.typedSearchRaw({ ...request, ...(cursor === undefined ? {} : { cursor }) }),
        ),
      );
    },
    previewJobs: async (ctx, { query }) => {
      const { limit, ...filters } = query;
      ctx.body = presentPreview(await jobs.preview(filters, limit));
    },
    getJob: async (ctx, { query, path }) => {
      ctx.body = presentJob(await jobs.get(path.job_key, query.include_unresolved, ctx.state.meter));
    },
  };
}
