/**
 * Consumes the durable change feed, persisting `next_seq` in a file after each handled page, and
 * resumes from it on the next run. With JLDS_FOLLOW=1 it keeps polling once caught up.
 *
 *   JLDS_BASE_URL=http://localhost:8080 JLDS_API_KEY=jls_live_… npx tsx examples/change-feed.ts
 *
 * JLDS_STATE_DIR: where the position file goes (default: a folder in the system temp directory).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ChangeFeedExpiredError,
  changeFeedFileStore,
  consumeChangeFeed,
  createClient,
} from '../clients/typescript/src/index.js';

const apiKey = process.env.JLDS_API_KEY;
if (apiKey === undefined) {
  console.error('set JLDS_API_KEY: the change feed needs a production key');
  process.exit(2);
}
const client = createClient({ baseUrl: process.env.JLDS_BASE_URL ?? 'http://localhost:8080', apiKey });
const store = changeFeedFileStore(
  join(process.env.JLDS_STATE_DIR ?? join(tmpdir(), 'jlds-examples'), 'change-feed.json'),
);

const stop = new AbortController();
process.once('SIGINT', () => {
  stop.abort();
});

// A local copy of the corpus, keyed by job_key: upserts replace, tombstones delete (idempotent, so
// a page delivered again after a crash changes nothing).
const copy = new Map<string, string>();
let upserts = 0;
let tombstones = 0;
try {
  const run = await consumeChangeFeed(client, {
    store,
    limit: 500,
    follow: process.env.JLDS_FOLLOW === '1',
    signal: stop.signal,
    handler: (events) => {
      for (const event of events) {
        if (event.type === 'upsert' && event.job !== undefined) {
          upserts += 1;
          copy.set(event.job_key, event.job.title);
        } else {
          tombstones += 1;
          copy.delete(event.job_key);
        }
      }
    },
  });
  console.log(
    `change feed: ${String(run.events)} events (${String(upserts)} upserts, ${String(tombstones)} tombstones) in ${String(run.pages)} pages; next_seq ${String(run.nextSeq)} saved in ${store.path}`,
  );
} catch (error) {
  if (error instanceof ChangeFeedExpiredError) {
    // Out of the 30-day retention: reload a snapshot or an export, then resume from latest_seq.
    console.error(`position expired: re-bootstrap, then resume with since_seq=${String(error.latestSeq)}`);
    process.exitCode = 1;
  } else if (!stop.signal.aborted) throw error;
}
