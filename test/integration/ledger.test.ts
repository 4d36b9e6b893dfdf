import { expect } from 'chai';
import { randomBytes, randomInt } from 'node:crypto';
import type { StoredJob } from '../../src/domain/job.js';
import { appendEvents, latestSeq, readEvents, type LedgerEvent } from '../../src/ledger/ledger.js';
import { applyToIndex, checkpointOf, projectPending } from '../../src/ledger/projector.js';
import { sequenceCommitted, sequencePending, sequencerLag } from '../../src/ledger/sequencer.js';
import { ensureJobsIndex, indexNames } from '../../src/search/indices.js';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.js';
import { migrate } from '../../src/db/migrate.js';
import { storedJob } from '../support/jobs.js';
import { testEnv } from './env.js';
import { dropIndexFamily } from './indices.js';

function job(key: string, revision: number, status: 'open' | 'closed' = 'open'): StoredJob {
  return storedJob(key, {
    title: `Engineer ${key} r${revision}`,
    status,
    locations_derived: [{ city: 'Berlin', country: 'Germany', country_code: 'DE', lat: 52.52, lng: 13.405 }],
    revision,
    ...(status === 'closed'
      ? { closed_at: '2026-01-02T00:00:00.000Z', close_reason: 'removed_from_board' as const }
      : {}),
  });
}

describe('change ledger', function () {
  this.timeout(180_000);
  // A schema of its own: these tests count every event and own the projector checkpoint.
  let handle: DatabaseHandle;
  let schema: string;
  before(async () => {
    schema = `${testEnv().config.postgres.schema}_ledger`;
    handle = createDatabase({ ...testEnv().config.postgres, schema });
    await migrate(handle.db, schema);
  });
  after(async () => {
    await handle.close();
    await testEnv().runtime.database.db.none('DROP SCHEMA IF EXISTS $1:name CASCADE', [schema]);
  });
  beforeEach(async () => {
    await handle.db.none('TRUNCATE change_events, projector_checkpoints');
  });

  it('8 concurrent writers, a consumer killed at random: zero lost, zero duplicated, no gaps, per-job order kept', async () => {
    const { db } = handle;
    const writers = 8;
    const transactionsPerWriter = 40;
    const written: string[] = [];
    const writer = async (w: number): Promise<void> => {
      for (let t = 0; t < transactionsPerWriter; t += 1) {
        await db.tx(async (tx) => {
          const size = randomInt(1, 6);
          const events = Array.from({ length: size }, (_, i) => {
            const key = `w${w}-t${t}-e${i}`;
            written.push(key);
            return {
              jobKey: key,
              revision: 1,
              kind: 'upsert' as const,
              change: 'created' as const,
              changedFields: [],
              document: job(key, 1),
            };
          });
          await appendEvents(tx, events);
          // Hold some transactions open so commits land out of id order (late committers).
          if (randomInt(0, 4) === 0) await tx.any('SELECT pg_sleep($1)', [randomInt(1, 30) / 1000]);
        });
      }
    };

    const consumed: LedgerEvent[] = [];
    let persisted = 0;
    let kills = 0;
    let writing = true;
    const consumer = async (): Promise<void> => {
      for (;;) {
        const finished = !writing;
        await sequencePending(db, 500);
        const page = await readEvents(db, persisted, 97);
        // A consumer "killed" after processing but before persisting its position re-reads the page.
        if (page.length > 0 && randomInt(0, 5) === 0) {
          kills += 1;
          continue;
        }
        consumed.push(...page);
        const last = page[page.length - 1];
        if (last !== undefined) persisted = last.seq;
        if (finished && page.length === 0 && (await sequencerLag(db)).pending === 0) return;
      }
    };

    const consuming = consumer();
    await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
    writing = false;
    await consuming;

    expect(kills).to.be.greaterThan(0);
    const seqs = consumed.map((event) => event.seq);
    expect(seqs).to.deep.equal(Array.from({ length: written.length }, (_, i) => i + 1));
    expect(consumed.map((event) => event.job_key).sort()).to.deep.equal([...written].sort());
    expect(await latestSeq(db)).to.equal(written.length);
  });

  it('projects idempotently with external versioning, and a replay into an empty index reproduces it exactly', async () => {
    const { es } = testEnv().runtime;
    const { db } = handle;
    const prefix = `${testEnv().config.elasticsearch.indexPrefix}-lg${randomBytes(2).toString('hex')}`;
    const live = indexNames(`${prefix}a`);
    const replay = indexNames(`${prefix}b`);
    try {
      await ensureJobsIndex(es, live);
      await ensureJobsIndex(es, replay);
      const keys = Array.from({ length: 300 }, (_, i) => `job-${i}`);
      await db.tx(async (tx) => {
        await appendEvents(
          tx,
          keys.map((key) => ({
            jobKey: key,
            revision: 1,
            kind: 'upsert',
            change: 'created',
            changedFields: [],
            document: job(key, 1),
          })),
        );
      });
      await db.tx(async (tx) => {
        await appendEvents(tx, [
          ...keys.slice(0, 50).map((key) => ({
            jobKey: key,
            revision: 2,
            kind: 'upsert' as const,
            change: 'modified' as const,
            changedFields: ['title'],
            document: job(key, 2),
          })),
          ...keys.slice(50, 80).map((key) => ({
            jobKey: key,
            revision: 2,
            kind: 'upsert' as const,
            change: 'closed' as const,
            changedFields: ['status'],
            document: job(key, 2, 'closed'),
          })),
          ...keys.slice(80, 90).map((key) => ({
            jobKey: key,
            revision: 2,
            kind: 'tombstone' as const,
            change: 'deleted' as const,
            changedFields: [],
          })),
        ]);
      });
      await sequenceCommitted(db);
      const fixedNow = (): Date => new Date('2026-02-01T00:00:00.000Z');
      const first = await projectPending(db, es, live.alias, { batchSize: 64, now: fixedNow });
      expect(first).to.deep.include({ applied: 390, stale: 0, checkpoint: 390 });
      expect(await checkpointOf(db)).to.equal(390);

      // Replaying the whole ledger again changes nothing: every event is stale now.
      const events = await readEvents(db, 0, 10_000);
      expect(await applyToIndex(es, live.alias, events, fixedNow().toISOString())).to.equal(390);
      // An older revision arriving late never overwrites a newer one.
      const old = events.find((event) => event.job_key === 'job-0' && event.revision === 1);
      expect(old).not.to.equal(undefined);
      if (old !== undefined)
        expect(await applyToIndex(es, live.alias, [old], fixedNow().toISOString())).to.equal(1);

      // Replay into an empty index, in pages, reproduces the live index exactly.
      for (let since = 0; ;) {
        const page = await readEvents(db, since, 50);
        if (page.length === 0) break;
        await applyToIndex(es, replay.alias, page, fixedNow().toISOString());
        since = page[page.length - 1]?.seq ?? since;
      }
      await es.indices.refresh({ index: [live.alias, replay.alias] });
      const dump = async (index: string): Promise<Map<string, unknown>> => {
        const result = await es.search({
          index,
          size: 1000,
          sort: [{ job_key: 'asc' }],
          version: true,
          query: { match_all: {} },
        });
        return new Map(
          result.hits.hits.map((hit) => [hit._id ?? '', { source: hit._source, version: hit._version }]),
        );
      };
      const [a, b] = [await dump(live.alias), await dump(replay.alias)];
      expect(a.size).to.equal(290);
      expect([...b.entries()]).to.deep.equal([...a.entries()]);
      expect(a.get('job-0')).to.deep.include({ version: 2 });
      expect(a.has('job-85')).to.equal(false);
    } finally {
      for (const names of [live, replay]) {
        await dropIndexFamily(es, names);
      }
    }
  });
});
