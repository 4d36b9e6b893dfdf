/** Response shapes of the company operations (OpenAPI CompanyList, NDJSON catalog). */
import type { ResponseBody } from '../openapi/operations.js';
import type { CompanyDirectoryPage, CompanyEntry } from '../services/companies.js';

export function presentCompanyPage(page: CompanyDirectoryPage): ResponseBody<'listCompanies'> {
  return {
    data: page.companies,
    ...(page.next_cursor === undefined ? {} : { next_cursor: page.next_cursor }),
  };
}

/** One JSON line per company, in directory order, as the consumer pulls. */
export async function* presentCompanyCatalog(companies: AsyncIterable<CompanyEntry>): AsyncGenerator<string> {
  for await (const company of companies) yield `${JSON.stringify(company)}\n`;
}
