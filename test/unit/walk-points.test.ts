import { expect } from 'chai';
import { WalkPoints } from '../../src/search/walk-points.js';

/** Point-in-time opens, counted; each resolves to a new id unless told to fail. */
class Opens {
  count = 0;
  failNext = false;
  /** Opens wait for release() while set. */
  hold = false;
  private held: (() => void)[] = [];

  readonly open = (): Promise<string> => {
    this.count += 1;
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('cluster unavailable'));
    }
    const id = `pit-${String(this.count)}`;
    if (!this.hold) return Promise.resolve(id);
    return new Promise((resolve) =>
      this.held.push(() => {
        resolve(id);
      }),
    );
  };

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }
}

/** Lets settled opens run their handlers. */
const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('walk points (shared points in time for relevance walks)', () => {
  let opens: Opens;
  let clock: number;

  beforeEach(() => {
    opens = new Opens();
    clock = 0;
  });

  const points = (shareMs: number): WalkPoints => new WalkPoints(opens.open, shareMs, () => clock);

  it('hands walks that start within shareMs one point in time, and opens a new one after', async () => {
    const shared = points(1000);
    const [first, second] = await Promise.all([shared.open(), shared.open()]);
    clock = 999;
    expect([first, second, await shared.open()]).to.deep.equal(['pit-1', 'pit-1', 'pit-1']);
    clock = 1000;
    expect(await shared.open()).to.equal('pit-2');
    expect(opens.count).to.equal(2);
    expect(shared.releasable).to.equal(false);
  });

  it('with shareMs 0 opens one per walk, which the walk may release', async () => {
    const own = points(0);
    expect([await own.open(), await own.open()]).to.deep.equal(['pit-1', 'pit-2']);
    expect(own.releasable).to.equal(true);
  });

  it('does not share a failed open: the next walk tries again', async () => {
    const shared = points(1000);
    opens.failNext = true;
    let failure: unknown;
    await shared.open().catch((error: unknown) => (failure = error));
    expect(failure).to.be.an('error');
    expect(await shared.open()).to.equal('pit-2');
  });

  it('stops handing out a shared point in time that has gone, and only that one', async () => {
    const shared = points(1000);
    expect(await shared.open()).to.equal('pit-1');
    shared.forget('pit-0');
    expect(await shared.open()).to.equal('pit-1');
    shared.forget('pit-1');
    expect(await shared.open()).to.equal('pit-2');
  });

  it('starts the next point in time once the shared one is three quarters of shareMs old, without waiting for it', async () => {
    const shared = points(1000);
    expect(await shared.open()).to.equal('pit-1');
    clock = 749;
    expect(await shared.open()).to.equal('pit-1');
    expect(opens.count).to.equal(1);
    opens.hold = true;
    clock = 750;
    expect(await shared.open()).to.equal('pit-1');
    expect(opens.count).to.equal(2);
    clock = 800;
    expect(await shared.open()).to.equal('pit-1', 'the successor is still opening');
    expect(opens.count).to.equal(2, 'one successor at a time');
    opens.release();
    await settle();
    expect(await shared.open()).to.equal('pit-2', 'an open successor takes over at once');
    clock = 1200;
    expect(await shared.open()).to.equal('pit-2');
    expect(opens.count).to.equal(2);
  });

  it('hands out the successor still opening when the shared one grows too old, and opens no third', async () => {
    const shared = points(1000);
    expect(await shared.open()).to.equal('pit-1');
    opens.hold = true;
    clock = 900;
    expect(await shared.open()).to.equal('pit-1');
    clock = 1000;
    const taken = shared.open();
    opens.release();
    expect(await taken).to.equal('pit-2');
    expect(opens.count).to.equal(2);
  });

  it('never hands out a successor older than shareMs (walks stopped for a while)', async () => {
    const shared = points(1000);
    await shared.open();
    clock = 800;
    await shared.open();
    await settle();
    clock = 1900;
    expect(await shared.open()).to.equal('pit-3');
    expect(opens.count).to.equal(3);
  });

  it('a failed successor costs no walk: the shared one is handed out and a later walk tries again', async () => {
    const shared = points(1000);
    await shared.open();
    opens.failNext = true;
    clock = 800;
    expect(await shared.open()).to.equal('pit-1');
    await settle();
    clock = 850;
    expect(await shared.open()).to.equal('pit-1');
    expect(opens.count).to.equal(3, 'a second successor');
    await settle();
    expect(await shared.open()).to.equal('pit-3');
  });
});
