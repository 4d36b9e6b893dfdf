import { expect } from 'chai';
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FixtureServer } from '../../scripts/lib/fixture-server.js';
import type { IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { crawlBoard } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { purgeExpiredEvents } from '../../src/services/feeds/changes.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';
import { crawlFixture } from './indices.js';
import { call } from './http.js';

interface Event {
  seq: number;
  type: 'upsert' | 'tombstone';
  job_key: string;
  job?: Record<string, unknown>;
}

const LEVER = JSON.parse(readFileSync('test/fixtures/ats/lever/leverdemo-postings-6.json', 'utf8')) as Record<
  string,
  unknown
>[];
const PATH = '/cf/v0/postings/cf-leverdemo';

describe('GET /v1/feed/changes', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;
  let key = '';

  before(async () => {
    ({ server, ingest, key } = await crawlFixture('feed@example.com'));
  });

  after(async () => {
    await ingest.close();
    await server.close();
  });

  it('a consumer killed at random resumes from its persisted next_seq; replaying every event reproduces the corpus', async () => {
    const env = testEnv();
    const boardId = await registerBoard(env.runtime.database.db, {
      line: 1,
      source: 'lever',
      slug: 'cf-leverdemo',
      endpoint: `${server.url}/cf`,
      company: 'Lever Demo CF',
    });
    // Real lifecycle transitions through the crawl path: create, modify, close, reopen (and close another).
    const rounds: Record<string, unknown>[][] = [
      LEVER,
      LEVER.map((posting, i) => (i === 0 ? { ...posting, text: 'Renamed posting' } : posting)),
      LEVER.slice(2),
      LEVER.slice(0, 5),
    ];
    for (const postings of rounds) {
      server.set(PATH, { body: JSON.stringify(postings) });
      await crawlBoard(ingest, boardId);
    }
    await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, systemClock);

    // The consumer: persists next_seq only after "processing" a page; sometimes dies before that.
    const store = new Map<string, Record<string, unknown>>();
    let persisted = 0;
    let kills = 0;
    const applied: number[] = [];
    for (let round = 0; round < 10_000; round += 1) {
      const response = await call(`/v1/feed/changes?since_seq=${persisted}&limit=${randomInt(1, 8)}`, {
        headers: { 'X-API-Key': key },
      });
      expect(response.status).to.equal(200);
      const page = response.body as { data: Event[]; next_seq: number };
      for (const event of page.data) {
        applied.push(event.seq);
        if (event.type === 'upsert' && event.job !== undefined) store.set(event.job_key, event.job);
        else store.delete(event.job_key);
      }
      // Dies on every third non-empty page (deterministic, so the test never depends on luck).
      if (page.data.length > 0 && round % 3 === 1) {
        kills += 1; // died after applying, before persisting: the page comes again (idempotent upserts)
        continue;
      }
      if (page.data.length === 0) break;
      persisted = page.next_seq;
    }
    expect(kills).to.be.greaterThan(0);
    // Every seq was seen, in order, with only whole-page repeats after kills.
    const distinct = [...new Set(applied)];
    expect(distinct).to.deep.equal([...distinct].sort((a, b) => a - b));
    expect(distinct[0]).to.equal(1);
    expect(distinct[distinct.length - 1]).to.equal(distinct.length);

    // The replayed store equals the corpus of record (open and closed jobs), member by member.
    const corpus = await env.runtime.database.db.any<{ job_key: string; document: Record<string, unknown> }>(
      `SELECT job_key, document FROM job_state WHERE status <> 'deleted'`,
    );
    expect(store.size).to.equal(corpus.length);
    for (const row of corpus) {
      const replayed = store.get(row.job_key);
      expect(replayed, row.job_key).not.to.equal(undefined);
      for (const member of [
        'title',
        'status',
        'first_seen',
        'closed_at',
        'close_reason',
        'source_endpoint',
      ] as const) {
        expect(replayed?.[member], `${row.job_key}.${member}`).to.deep.equal(row.document[member]);
      }
      expect(replayed).not.to.have.property('description_text');
    }
    const closed = corpus.filter((row) => row.document.status === 'closed').length;
    expect(closed).to.be.greaterThan(0);
  });

  it('answers 410 with oldest_seq and latest_seq when since_seq fell out of retention', async () => {
    const env = testEnv();
    await env.runtime.database.db.none(
      `UPDATE change_events SET occurred_at = now() - interval '40 days' WHERE seq <= 3`,
    );
    expect(await purgeExpiredEvents(env.runtime.database.db)).to.equal(3);
    const expired = await call('/v1/feed/changes?since_seq=1', { headers: { 'X-API-Key': key } });
    expect(expired.status).to.equal(410);
    expect(expired.body).to.deep.include({ code: 'change_feed_expired', oldest_seq: 4 });
    expect((expired.body as { latest_seq: number }).latest_seq).to.be.greaterThan(4);
    expect((await call('/v1/feed/changes?since_seq=3', { headers: { 'X-API-Key': key } })).status).to.equal(
      200,
    );
  });

  it('needs a production key', async () => {
    expect((await call('/v1/feed/changes')).status).to.equal(401);
  });
});
