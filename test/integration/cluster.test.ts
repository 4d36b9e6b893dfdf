import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { startFixtureServer, type FixtureServer } from '../../scripts/lib/fixture-server.js';
import { createLogger } from '../../src/lib/logger.js';
import { reindexJobs } from '../../src/search/indices.js';
import { testCluster, type TestCluster } from './cluster.js';
import { closeEnv, openEnv, testConfig, type TestEnv } from './env.js';
import { call, withKey } from './http.js';
import { crawlDemoCorpus } from './indices.js';

interface Page {
  data: { job_key: string }[];
  next_cursor?: string;
}

interface ShardCopy {
  shard: string;
  prirep: string;
  state: string;
  node: string | null;
}

/**
 * The scale path's first step on a real two-node cluster: the index generations take the configured
 * layout (two primaries, one replica each), every read path works over it, a reindex swaps the alias
 * to a generation with the same layout, and losing a node costs no answer and no partial one.
 */
describe('a two-node Elasticsearch cluster, one replica', function () {
  this.timeout(300_000);
  let cluster: TestCluster;
  let env: TestEnv;
  let server: FixtureServer;
  let key = '';
  /** Every open job's key, from one page of the search (the corpus is smaller than a page). */
  let everyJob: string[] = [];
  let since = '';
  /** The API's error log lines: a failed answer's cause shows in the failing assertion. */
  const errorLog: string[] = [];

  before(async () => {
    cluster = await testCluster();
    const run = `${process.env.JLDS_TEST_RUN ?? randomBytes(4).toString('hex')}_cluster`;
    env = await openEnv(
      testConfig({
        ELASTICSEARCH_URL: cluster.url,
        ES_INDEX_PREFIX: `t${run.replace('_', '-')}-jobs`,
        PG_SCHEMA: `t_${run}`,
        DATASETS_DIR: join(tmpdir(), `jlds-datasets-${run}`),
        ES_SHARDS: '2',
        ES_REPLICAS: '1',
      }),
      {
        logger: createLogger(
          'error',
          new Writable({
            write(chunk: Buffer, _encoding, done): void {
              errorLog.push(chunk.toString('utf8').slice(0, 4000));
              done();
            },
          }),
        ),
      },
    );
    since = new Date(Date.now() - 60_000).toISOString();
    server = await startFixtureServer();
    await crawlDemoCorpus(env, server);
    ({ key } = await env.services.accounts.createActiveAccount({
      email: 'cluster@example.com',
      plan: 'scale',
      isService: false,
    }));
    everyJob = (await searchAll()).sort();
    expect(everyJob.length).to.be.at.least(50);
  });

  after(async () => {
    await server.close();
    await closeEnv(env);
  });

  async function searchAll(): Promise<string[]> {
    const response = await call('/v1/jobs/search?limit=1000', withKey(key), env.baseUrl);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    const page = response.body as Page;
    expect(page.next_cursor, 'the demo corpus fits one page').to.equal(undefined);
    return page.data.map((job) => job.job_key);
  }

  /** Follows next_cursor until it is absent, as the contract tells a client to. */
  async function walk(firstPath: string): Promise<string[]> {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page += 1) {
      const path = cursor === undefined ? firstPath : `${firstPath}&cursor=${encodeURIComponent(cursor)}`;
      const response = await call(path, withKey(key), env.baseUrl);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const body = response.body as Page;
      seen.push(...body.data.map((job) => job.job_key));
      cursor = body.next_cursor;
      if (cursor === undefined) return seen;
    }
    throw new Error(`${firstPath}: no last page after 1000 pages`);
  }

  async function shardCopies(index: string): Promise<ShardCopy[]> {
    return (await env.runtime.es.cat.shards({ index, format: 'json' })) as ShardCopy[];
  }

  /** Two primaries, each with a started replica, the two copies of a shard on different nodes. */
  async function expectLayout(index: string): Promise<void> {
    const health = await env.runtime.es.cluster.health({ index, wait_for_status: 'green', timeout: '60s' });
    expect(health.status).to.equal('green');
    const copies = await shardCopies(index);
    expect(copies.filter((copy) => copy.prirep === 'p')).to.have.length(2);
    expect(copies.filter((copy) => copy.prirep === 'r')).to.have.length(2);
    for (const shard of ['0', '1']) {
      const nodes = copies.filter((copy) => copy.shard === shard).map((copy) => copy.node);
      expect(new Set(nodes).size, `shard ${shard} on ${nodes.join(', ')}`).to.equal(2);
    }
  }

  it('creates the index with the configured layout: two primaries, each replicated on the other node', async () => {
    const index = Object.keys(await env.runtime.es.indices.getAlias({ name: env.runtime.indices.alias }))[0];
    expect(index).to.be.a('string');
    await expectLayout(String(index));
    const settings = await env.runtime.es.indices.getSettings({ index: String(index), flat_settings: true });
    expect(settings[String(index)]?.settings).to.deep.include({
      'index.number_of_shards': '2',
      'index.number_of_replicas': '1',
    });
  });

  it('walks a search with cursors, the active feed, the change feed and an export to the same corpus', async () => {
    const walked = await walk('/v1/jobs/search?limit=7');
    expect(walked.length, 'no job twice').to.equal(new Set(walked).size);
    expect([...walked].sort()).to.deep.equal(everyJob);

    const active = await walk(`/v1/feed/active?first_seen_gte=${encodeURIComponent(since)}&limit=9`);
    expect(active.length).to.equal(new Set(active).size);
    expect(active.every((job) => everyJob.includes(job))).to.equal(true);
    expect(active.length).to.be.at.least(everyJob.length * 0.5);

    const upserted = new Set<string>();
    let seq = 0;
    for (let page = 0; page < 1000; page += 1) {
      const response = await call(`/v1/feed/changes?since_seq=${seq}&limit=50`, withKey(key), env.baseUrl);
      expect(response.status, JSON.stringify(response.body)).to.equal(200);
      const body = response.body as {
        data: { seq: number; type: string; job_key: string }[];
        next_seq: number;
      };
      for (const event of body.data) {
        expect(event.seq, 'gapless').to.equal(seq + 1);
        seq = event.seq;
        if (event.type === 'upsert') upserted.add(event.job_key);
      }
      if (body.data.length === 0) break;
    }
    expect(everyJob.every((job) => upserted.has(job))).to.equal(true);

    const exported = await call('/v1/jobs/export?format=ndjson&part=1', withKey(key), env.baseUrl);
    expect(exported.status, String(exported.body)).to.equal(200);
    const rows = String(exported.body)
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { job_key: string }).job_key);
    expect(rows.sort()).to.deep.equal(everyJob);
  });

  it('reindexes into a generation of the same layout and swaps the alias with every job searchable', async () => {
    const result = await reindexJobs(env.runtime.es, env.runtime.indices, { deleteOld: true });
    expect(result.copied).to.be.at.least(everyJob.length);
    await expectLayout(result.to);
    expect(
      Object.keys(await env.runtime.es.indices.getAlias({ name: env.runtime.indices.alias })),
    ).to.deep.equal([result.to]);
    expect((await searchAll()).sort()).to.deep.equal(everyJob);
  });

  it('keeps answering, complete or not at all, while a node leaves; serves green again once it is back', async () => {
    const answers: { status: number; jobs: number; error?: string }[] = [];
    const searching = { on: true };
    // Six searchers at once: requests are in flight on both nodes when one leaves.
    const searchers = Promise.all(
      [0, 1, 2, 3, 4, 5].map(async () => {
        while (searching.on) {
          // A failed answer is recorded (the contract check throws on an undocumented status), so
          // the searchers go on and the assertion below names it with the API's error log.
          const answer = await call('/v1/jobs/search?limit=1000', withKey(key), env.baseUrl).then(
            (response) => ({
              status: response.status,
              jobs: (response.body as Partial<Page>).data?.length ?? 0,
            }),
            (error: unknown) => ({ status: 0, jobs: 0, error: String(error).slice(0, 2000) }),
          );
          answers.push(answer);
        }
      }),
    );
    try {
      await cluster.stopNode(1);
      // The node is gone once the master says so: one node, replicas promoted (yellow).
      const alone = await env.runtime.es.cluster.health(
        { wait_for_nodes: '1', wait_for_status: 'yellow', timeout: '60s' },
        { requestTimeout: 65_000 },
      );
      expect(alone.number_of_nodes).to.equal(1);
      const left = answers.length;
      for (let n = 0; n < 10; n += 1) expect((await searchAll()).sort()).to.deep.equal(everyJob);
      expect(answers.length, 'searches went on while the node left').to.be.greaterThan(0);
      const afterLeave = answers.slice(left);
      expect(
        afterLeave.every((answer) => answer.status === 200),
        `${JSON.stringify(afterLeave.filter((answer) => answer.status !== 200))}\n${errorLog.join('')}`,
      ).to.equal(true);
    } finally {
      searching.on = false;
      await searchers;
    }
    // Every answer was whole: a shard that could not answer is a 503, never a shorter page.
    const partial = answers.filter((answer) => answer.status === 200 && answer.jobs !== everyJob.length);
    expect(partial, JSON.stringify(partial)).to.deep.equal([]);
    const failed = answers.filter((answer) => answer.status !== 200);
    expect(failed, `${JSON.stringify(failed)}\nAPI error log:\n${errorLog.join('')}`).to.deep.equal([]);

    await cluster.startNode(1);
    const back = await env.runtime.es.cluster.health(
      { wait_for_nodes: '2', wait_for_status: 'green', timeout: '120s' },
      { requestTimeout: 125_000 },
    );
    expect(back.status).to.equal('green');
    expect((await searchAll()).sort()).to.deep.equal(everyJob);
  });
});
