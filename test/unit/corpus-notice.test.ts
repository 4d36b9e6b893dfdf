import { expect } from 'chai';
import { CorpusNotice, withSyntheticMember } from '../../src/services/corpus-notice.js';

/** A notice repository whose answers the test hands out one read at a time. */
function repository() {
  const pending: { resolve: (value: boolean) => void; reject: (error: Error) => void }[] = [];
  let reads = 0;
  return {
    reads: () => reads,
    answer: (value: boolean | Error) => {
      const next = pending.shift();
      if (next === undefined) throw new Error('no read in flight');
      if (value instanceof Error) next.reject(value);
      else next.resolve(value);
    },
    synthetic: () =>
      new Promise<boolean>((resolve, reject) => {
        reads += 1;
        pending.push({ resolve, reject });
      }),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the corpus notice (synthetic demo data label)', () => {
  it('adds synthetic: true as the first member and keeps the rest of a stored body as it was', () => {
    const body = JSON.stringify({
      generated_at: '2026-11-26T00:00:00.000Z',
      totals: { jobs_open: 3 },
      x: [1.5, 'é'],
    });
    const labelled = withSyntheticMember(body);
    expect(labelled).to.equal(`{"synthetic":true,${body.slice(1)}`);
    expect(withSyntheticMember('{}')).to.equal('{"synthetic":true}');
    expect(() => withSyntheticMember('[1]')).to.throw(TypeError);
  });

  it('reads once for concurrent requests and serves the answer from memory until it is old', async () => {
    let now = 0;
    const store = repository();
    const notice = new CorpusNotice(store, { maxAgeMs: 5000, waitMs: 1000, now: () => now });
    const first = [notice.synthetic(), notice.synthetic()];
    await tick();
    expect(store.reads()).to.equal(1);
    store.answer(true);
    expect(await Promise.all(first)).to.deep.equal([true, true]);
    now = 4999;
    expect(await notice.synthetic()).to.equal(true);
    expect(store.reads()).to.equal(1);
    now = 5000;
    const later = notice.synthetic();
    await tick();
    expect(store.reads()).to.equal(2);
    store.answer(false);
    expect(await later).to.equal(false);
    expect(await notice.label('{"a":1}')).to.equal('{"a":1}');
  });

  it('does not hold a response longer than waitMs: the previous answer, or none, then', async () => {
    let now = 0;
    const store = repository();
    const notice = new CorpusNotice(store, { maxAgeMs: 10, waitMs: 20, now: () => now });
    // Never known and the read does not answer in time: unlabelled.
    expect(await notice.synthetic()).to.equal(false);
    store.answer(true);
    await tick();
    expect(await notice.synthetic()).to.equal(true);
    now = 100;
    // Old, and the refresh hangs (Postgres frozen): the previous answer after waitMs.
    const started = Date.now();
    expect(await notice.synthetic()).to.equal(true);
    expect(Date.now() - started).to.be.below(500);
    // A failed read keeps it too, and the next request asks again.
    store.answer(new Error('connection refused'));
    await tick();
    expect(await notice.synthetic()).to.equal(true);
    expect(store.reads()).to.equal(3);
  });
});
