import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import type { FixtureServer } from '../../scripts/lib/fixture-server.js';
import type { IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { crawlBoard } from '../../src/ingest/crawl/pipeline.js';
import { catchUp } from '../../src/ledger/catch-up.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';
import { crawlFixture } from './indices.js';
import { call } from './http.js';

const RAMP = JSON.parse(
  readFileSync('test/fixtures/ats/ashby/ramp-job-board-6-no-compensation.json', 'utf8'),
) as {
  jobs: Record<string, unknown>[];
};
const PATH = '/wf/posting-api/job-board/wf-ramp';

interface Page {
  data: Record<string, unknown>[];
  next_cursor?: string;
}

describe('windowed feeds: expired and modified, through real lifecycle transitions', function () {
  this.timeout(120_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;
  let key = '';

  const walk = async (feed: string): Promise<Record<string, unknown>[]> => {
    const items: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page += 1) {
      const response = await call(
        `/v1/feed/${feed}?time_frame=1h&limit=2${cursor === undefined ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
        {
          headers: { 'X-API-Key': key },
        },
      );
      expect(response.status).to.equal(200);
      const body = response.body as Page;
      items.push(...body.data);
      cursor = body.next_cursor;
      if (cursor === undefined) return items;
    }
    throw new Error('walk did not end');
  };

  before(async () => {
    const env = testEnv();
    ({ server, ingest, key } = await crawlFixture('windowed@example.com'));
    const boardId = await registerBoard(env.runtime.database.db, {
      line: 1,
      source: 'ashby',
      slug: 'wf-ramp',
      endpoint: `${server.url}/wf`,
      company: 'Ramp WF',
    });
    const [first, ...rest] = RAMP.jobs;
    for (const jobs of [
      RAMP.jobs,
      [{ ...first, title: 'Renamed Role' }, ...rest],
      [{ ...first, title: 'Renamed Role' }, ...rest.slice(2)],
    ]) {
      server.set(PATH, { body: JSON.stringify({ ...RAMP, jobs }) });
      await crawlBoard(ingest, boardId);
    }
    await catchUp(env.runtime.database.db, env.runtime.es, env.runtime.indices.alias, systemClock);
    await env.runtime.es.indices.refresh({ index: env.runtime.indices.alias });
  });

  after(async () => {
    await ingest.close();
    await server.close();
  });

  it('lists the jobs closed in the window, oldest closure first, with close reason and no description', async () => {
    const expired = (await walk('expired')).filter((job) => job.source_slug === 'wf-ramp');
    expect(expired).to.have.length(2);
    for (const job of expired) {
      expect(job).to.include({ status: 'closed', close_reason: 'removed_from_board' });
      expect(job.closed_at).to.be.a('string');
      expect(job).not.to.have.property('description_text');
    }
  });

  it('lists field-level modifications in the window with the updated job', async () => {
    const modified = (await walk('modified')).filter(
      (record) => (record.job as Record<string, unknown>).source_slug === 'wf-ramp',
    );
    expect(modified).to.have.length(1);
    expect(modified[0]?.changed_fields).to.include('title');
    expect(modified[0]?.job).to.include({ title: 'Renamed Role', status: 'open' });
    expect(modified[0]?.job).not.to.have.property('description_text');
    expect(modified[0]?.modified_at).to.be.a('string');
  });

  it('binds cursors to the feed and its window, and needs a production key', async () => {
    const page = (await call('/v1/feed/expired?time_frame=1h&limit=1', { headers: { 'X-API-Key': key } }))
      .body as Page;
    expect(page.next_cursor).to.be.a('string');
    const drift = await call(
      `/v1/feed/expired?time_frame=24h&limit=1&cursor=${encodeURIComponent(page.next_cursor ?? '')}`,
      { headers: { 'X-API-Key': key } },
    );
    expect(drift.status).to.equal(422);
    expect((await call('/v1/feed/modified')).status).to.equal(401);
  });
});
