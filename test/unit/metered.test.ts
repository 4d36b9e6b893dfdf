import { expect } from 'chai';
import { AllowanceExhaustedError } from '../../src/domain/errors.js';
import { meteredAhead, type Meter } from '../../src/services/allowance.js';

/** A meter whose reservation resolves when the test says so, recording what happens in order. */
class ScriptedMeter implements Meter {
  readonly events: string[] = [];
  charged = 0;
  private release: ((granted: number) => void) | undefined;
  private refuse: ((error: Error) => void) | undefined;

  reserve(want: number): Promise<number> {
    this.events.push(`reserve ${String(want)}`);
    return new Promise((resolve, reject) => {
      this.release = resolve;
      this.refuse = reject;
    });
  }

  settle(delivered: number): Promise<void> {
    this.events.push(`settle ${String(delivered)}`);
    this.charged = delivered;
    return Promise.resolve();
  }

  grant(granted: number): void {
    this.release?.(granted);
  }

  exhaust(): void {
    this.refuse?.(
      new AllowanceExhaustedError({
        limit: 10,
        used: 10,
        resetsAt: '2026-12-01T00:00:00Z',
        requested: 5,
        upgradeUrl: 'u',
      }),
    );
  }
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('meteredAhead', () => {
  it('fetches while the reservation is in flight, then cuts the result to the grant', async () => {
    const meter = new ScriptedMeter();
    const answer = meteredAhead(
      meter,
      5,
      (want) => {
        meter.events.push(`fetch ${String(want)}`);
        return Promise.resolve([1, 2, 3, 4, 5, 6]);
      },
      (rows, size) => ({ result: rows.slice(0, size), delivered: Math.min(rows.length, size) }),
    );
    await tick();
    // Both are under way before the grant is known.
    expect(meter.events).to.deep.equal(['fetch 5', 'reserve 5']);
    meter.grant(3);
    expect(await answer).to.deep.equal([1, 2, 3]);
    expect(meter.events).to.deep.equal(['fetch 5', 'reserve 5', 'settle 3']);
  });

  it('answers an exhausted allowance with its error and drops a fetch that failed meanwhile', async () => {
    const meter = new ScriptedMeter();
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      let finished = false;
      const answer = meteredAhead(
        meter,
        5,
        () => Promise.reject(new Error('Elasticsearch is down')),
        () => {
          finished = true;
          return { result: [], delivered: 0 };
        },
      );
      await tick();
      meter.exhaust();
      let refused: unknown;
      await answer.catch((error: unknown) => {
        refused = error;
      });
      await tick();
      expect(refused).to.be.instanceOf(AllowanceExhaustedError);
      expect(finished).to.equal(false);
      expect(unhandled).to.deep.equal([]);
      // Nothing was granted, so there is nothing to settle.
      expect(meter.events).to.deep.equal(['reserve 5']);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('gives the whole reservation back when the fetch fails', async () => {
    const meter = new ScriptedMeter();
    const answer = meteredAhead(
      meter,
      4,
      () => Promise.reject(new Error('Elasticsearch is down')),
      (rows: number[], size) => ({ result: rows, delivered: size }),
    );
    await tick();
    meter.grant(4);
    let failed: unknown;
    await answer.catch((error: unknown) => {
      failed = error;
    });
    expect(failed).to.be.instanceOf(Error).with.property('message', 'Elasticsearch is down');
    expect(meter.events).to.deep.equal(['reserve 4', 'settle 0']);
  });

  it('without a meter fetches and finishes with the whole size', async () => {
    const result = await meteredAhead(
      undefined,
      2,
      (want) => Promise.resolve(Array.from({ length: want + 1 }, (_, i) => i)),
      (rows, size) => ({ result: rows.slice(0, size), delivered: size }),
    );
    expect(result).to.deep.equal([0, 1]);
  });
});
