/**
 * Consumes the active feed exactly once: the position (`first_seen_gte` and, inside a window, the
 * cursor) lives in a file and is saved only after each page was handled, so a crash re-delivers a
 * page and never loses one. Run it again and it continues where it stopped; with JLDS_FOLLOW=1 it
 * keeps polling.
 *
 *   JLDS_BASE_URL=http://localhost:8080 JLDS_API_KEY=jls_live_… npx tsx examples/active-feed.ts
 *
 * JLDS_STATE_DIR: where the position file goes (default: a folder in the system temp directory).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { activeFeedFileStore, consumeActiveFeed, createClient } from '../clients/typescript/src/index.js';

const apiKey = process.env.JLDS_API_KEY;
if (apiKey === undefined) {
  console.error('set JLDS_API_KEY: the active feed needs a production key');
  process.exit(2);
}
const client = createClient({ baseUrl: process.env.JLDS_BASE_URL ?? 'http://localhost:8080', apiKey });
const store = activeFeedFileStore(
  join(process.env.JLDS_STATE_DIR ?? join(tmpdir(), 'jlds-examples'), 'active-feed.json'),
);

// Ctrl-C stops between pages or during a wait; the saved position stays consistent either way.
const stop = new AbortController();
process.once('SIGINT', () => {
  stop.abort();
});

const run = await consumeActiveFeed(client, {
  store,
  limit: 100,
  start: { time_frame: '24h' },
  follow: process.env.JLDS_FOLLOW === '1',
  signal: stop.signal,
  handler: (jobs) => {
    // Your processing goes here; make it idempotent by job_key, as a crash re-delivers a page.
    for (const job of jobs) console.log(`${job.first_seen}  ${job.job_key}  ${job.title}`);
  },
}).catch((error: unknown) => {
  if (stop.signal.aborted) return undefined;
  throw error;
});
if (run !== undefined)
  console.log(
    `active feed: ${String(run.jobs)} jobs in ${String(run.pages)} pages; next window from ${run.position.first_seen_gte} (saved in ${store.path})`,
  );
