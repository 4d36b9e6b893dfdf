import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { createIngestDeps, type IngestRuntime } from '../../src/ingest/crawl/deps.js';
import { crawlBoard } from '../../src/ingest/crawl/pipeline.js';
import { registerBoard } from '../../src/ingest/crawl/boards.js';
import { systemClock } from '../../src/lib/clock.js';
import { testEnv } from './env.js';

interface Job {
  id: number;
  location: { name: string };
  offices?: unknown;
  [member: string]: unknown;
}

const AMPLITUDE = JSON.parse(
  readFileSync('test/fixtures/ats/greenhouse/amplitude-jobs-content-2-of-list.json', 'utf8'),
) as {
  jobs: Job[];
};
const PATH = '/dup/v1/boards/amplitude-dup/jobs';

describe('cross-location duplicate groups through the crawl path', function () {
  this.timeout(60_000);
  let server: FixtureServer;
  let ingest: IngestRuntime;
  let boardId: string;

  const groups = async (): Promise<{ native_id: string; group: string | null; representative: boolean }[]> =>
    testEnv().runtime.database.db.any(
      `SELECT native_id, document->>'duplicate_group' AS group, (document->>'is_duplicate_representative')::boolean AS representative
         FROM job_state WHERE board_id = $1 AND status = 'open' ORDER BY native_id`,
      [boardId],
    );

  before(async () => {
    server = await startFixtureServer();
    ingest = createIngestDeps(testEnv().runtime.database.db, testEnv().config, systemClock, undefined, 0);
    boardId = await registerBoard(testEnv().runtime.database.db, {
      line: 1,
      source: 'greenhouse',
      slug: 'amplitude-dup',
      endpoint: `${server.url}/dup`,
      company: 'Amplitude Dup',
    });
  });

  after(async () => {
    await ingest.close();
    await server.close();
  });

  it('groups a posting repeated for another city, with the first-seen one as representative, and dissolves the group when it shrinks', async () => {
    const [original, other] = AMPLITUDE.jobs;
    if (original === undefined || other === undefined) throw new Error('fixture changed');
    // The same requisition published a second time for Berlin: a cross-location duplicate.
    const berlin: Job = { ...original, id: original.id + 1, location: { name: 'Berlin, Germany' } };
    delete berlin.offices;
    server.set(PATH, { body: JSON.stringify({ jobs: [original, other] }) });
    await crawlBoard(ingest, boardId);
    server.set(PATH, { body: JSON.stringify({ jobs: [original, berlin, other] }) });
    await crawlBoard(ingest, boardId);

    const grouped = await groups();
    const members = grouped.filter((row) => row.group !== null);
    expect(members.map((m) => m.native_id).sort()).to.deep.equal(
      [String(original.id), String(berlin.id)].sort(),
    );
    expect(new Set(members.map((m) => m.group)).size).to.equal(1);
    expect(members.find((m) => m.native_id === String(original.id))?.representative).to.equal(true);
    expect(members.find((m) => m.native_id === String(berlin.id))?.representative).to.equal(false);
    expect(grouped.find((row) => row.native_id === String(other.id))).to.deep.include({
      group: null,
      representative: true,
    });

    server.set(PATH, { body: JSON.stringify({ jobs: [original, other] }) });
    await crawlBoard(ingest, boardId);
    expect((await groups()).every((row) => row.group === null && row.representative)).to.equal(true);
  });
});
