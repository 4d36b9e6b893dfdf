/** /v1/companies: the directory (paged or streamed as NDJSON), profiles and company jobs. */
import { Readable } from 'node:stream';
import { ValidationFailedError } from '../domain/errors.js';
import { presentCompanyCatalog, presentCompanyPage } from '../presenters/companies.js';
import { presentJobPage } from '../presenters/jobs.js';
import type { CompanyService } from '../services/companies.js';
import type { HandlerMap } from './index.js';

export function companyHandlers(companies: CompanyService): HandlerMap {
  return {
    listCompanies: async (ctx, { query }) => {
      const { limit, cursor, export: format, ...filters } = query;
      if (format === 'jsonl') {
        // The catalog is the whole filtered directory: paging parameters would silently cut it.
        const paging = (['limit', 'cursor'] as const).filter((name) => ctx.request.query[name] !== undefined);
        if (paging.length > 0)
          throw new ValidationFailedError(
            paging.map((name) => ({
              loc: ['query', name],
              msg: `${name} is not accepted with export=jsonl (the whole catalog is streamed)`,
              type: 'value_error',
              input: String(ctx.request.query[name]),
            })),
          );
        ctx.type = 'application/x-ndjson';
        ctx.body = Readable.from(presentCompanyCatalog(companies.catalog(filters)), { objectMode: false });
        return;
      }
      ctx.body = presentCompanyPage(
        await companies.directory({ ...filters, limit, ...(cursor === undefined ? {} : { cursor }) }),
      );
    },
    getCompany: async (ctx, { path, query }) => {
      ctx.body = await companies.profile(path.company_key, query.include_unresolved);
    },
    listCompanyJobs: async (ctx, { path, query }) => {
      const { cursor, ...rest } = query;
      ctx.body = presentJobPage(
        await companies.companyJobs({
          company_key: path.company_key,
          ...rest,
          ...(cursor === undefined ? {} : { cursor }),
          ...(ctx.state.meter === undefined ? {} : { meter: ctx.state.meter }),
        }),
      );
    },
  };
}
