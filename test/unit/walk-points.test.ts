import { expect } from 'chai';
import { WalkPoints } from '../../src/search/walk-points.js';

/** Point-in-time opens, counted; each resolves to a new id unless told to fail. */
class Opens {
  count = 0;
  failNext = false;

  readonly open = (): Promise<string> => {
    this.count += 1;
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('cluster unavailable'));
    }
    return Promise.resolve(`pit-${String(this.count)}`);
  };
}

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
});
