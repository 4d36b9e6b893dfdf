/**
 * Walks the verified company directory with the cursor iterator, in `company_key` order.
 *
 *   JLDS_BASE_URL=http://localhost:8080 JLDS_API_KEY=jls_live_… npx tsx examples/companies.ts [country]
 */
import { createClient, isProblem } from '../clients/typescript/src/index.js';

const apiKey = process.env.JLDS_API_KEY;
if (apiKey === undefined) {
  console.error('set JLDS_API_KEY: the company directory needs a production key');
  process.exit(2);
}
const client = createClient({ baseUrl: process.env.JLDS_BASE_URL ?? 'http://localhost:8080', apiKey });

const country = process.argv[2];
try {
  let companies = 0;
  let openJobs = 0;
  for await (const company of client.companies({
    limit: 100,
    ...(country === undefined ? {} : { country: [country] }),
  })) {
    companies += 1;
    openJobs += company.open_jobs;
    const boards = company.boards.map((board) => `${board.source}/${board.source_slug}`).join(', ');
    if (companies <= 10)
      console.log(`${company.company_key}  ${company.name} (${String(company.open_jobs)} open; ${boards})`);
  }
  console.log(`companies: ${String(companies)} companies, ${String(openJobs)} open jobs`);
} catch (error) {
  if (!isProblem(error)) throw error;
  console.error(`${String(error.status)} ${error.code ?? ''}: ${error.detail ?? error.title}`);
  process.exitCode = 1;
}
