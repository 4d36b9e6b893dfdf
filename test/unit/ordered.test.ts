import { expect } from 'chai';
import { inOrder } from '../../src/lib/ordered.js';

/** A task whose promise the test settles by hand, recording when it started. */
function deferred(name: string, started: string[]) {
  let resolve: (value: string) => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const task = (): Promise<string> => {
    started.push(name);
    return new Promise<string>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
  };
  return {
    task,
    resolve: (value: string): void => {
      resolve(value);
    },
    reject: (error: Error): void => {
      reject(error);
    },
  };
}

describe('inOrder: concurrent tasks, results in task order', () => {
  it('yields in task order even when later tasks finish first', async () => {
    const started: string[] = [];
    const a = deferred('a', started);
    const b = deferred('b', started);
    const c = deferred('c', started);
    const results = inOrder([a.task, b.task, c.task], 2);
    const first = results.next();
    // Two run at once; the third waits for a slot.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).to.deep.equal(['a', 'b']);
    b.resolve('B');
    a.resolve('A');
    expect(await first).to.deep.equal({ value: 'A', done: false });
    const second = results.next();
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).to.deep.equal(['a', 'b', 'c']);
    expect(await second).to.deep.equal({ value: 'B', done: false });
    c.resolve('C');
    expect(await results.next()).to.deep.equal({ value: 'C', done: false });
    expect((await results.next()).done).to.equal(true);
  });

  it('surfaces a failure in its turn, and a failed task waiting behind the consumer is no unhandled rejection', async () => {
    const started: string[] = [];
    const a = deferred('a', started);
    const b = deferred('b', started);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const results = inOrder([a.task, b.task], 2);
      const first = results.next();
      await new Promise((resolve) => setImmediate(resolve));
      b.reject(new Error('page 2 failed'));
      await new Promise((resolve) => setImmediate(resolve));
      a.resolve('A');
      expect(await first).to.deep.equal({ value: 'A', done: false });
      let failure: unknown;
      try {
        await results.next();
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(Error).with.property('message', 'page 2 failed');
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).to.deep.equal([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
