/**
 * Walks a whole search with the cursor iterator: every matching job exactly once, page after page
 * until `next_cursor` is absent (rate limits are waited out as `Retry-After` says).
 *
 *   JLDS_BASE_URL=http://localhost:8080 JLDS_API_KEY=jls_live_… npx tsx examples/search-all.ts [q]
 *
 * Without a production key the API answers in evaluation mode (at most 10 jobs, no cursor).
 */
import { createClient, isProblem } from '../clients/typescript/src/index.js';

const baseUrl = process.env.JLDS_BASE_URL ?? 'http://localhost:8080';
const client = createClient({
  baseUrl,
  ...(process.env.JLDS_API_KEY === undefined ? {} : { apiKey: process.env.JLDS_API_KEY }),
  onRetry: ({ status, delayMs }) => {
    console.error(`answered ${String(status)}; retrying in ${String(delayMs)} ms`);
  },
});

const q = process.argv[2];
try {
  let jobs = 0;
  let pages = 0;
  const sources = new Map<string, number>();
  for await (const page of client.searchPages({ limit: 100, ...(q === undefined ? {} : { q }) })) {
    pages += 1;
    for (const job of page.data) {
      jobs += 1;
      sources.set(job.source, (sources.get(job.source) ?? 0) + 1);
      if (jobs <= 5) console.log(`${job.first_seen}  ${job.organization}: ${job.title}`);
    }
  }
  const top = [...sources].sort((a, b) => b[1] - a[1]).slice(0, 5);
  console.log(`by source: ${top.map(([source, n]) => `${source} ${String(n)}`).join(', ')}`);
  console.log(`search: ${String(jobs)} jobs in ${String(pages)} pages`);
} catch (error) {
  // Problems are typed: branch on `code`, show `detail` (or the validation items on a 422).
  if (!isProblem(error)) throw error;
  console.error(`${String(error.status)} ${error.code ?? ''}: ${error.detail ?? error.title}`);
  for (const item of error.validationErrors) console.error(`  ${item.loc.join('.')}: ${item.msg}`);
  process.exitCode = 1;
}
