import { expect } from 'chai';
import type { Grant } from '../../src/db/allowance.js';
import { AllowanceExhaustedError, RateLimitedError } from '../../src/domain/errors.js';
import { Allowances, metered, meteredAhead, type Meter } from '../../src/services/allowance.js';
import { RateLimits } from '../../src/services/rate-limits.js';

/** A meter whose reservation resolves when the test says so, recording what happens in order. */
class ScriptedMeter implements Meter {
  readonly events: string[] = [];
  charged = 0;
  private release: ((granted: number) => void) | undefined;
  private refuse: ((error: Error) => void) | undefined;

  /** `sure`: what ahead() answers (the meter's view of the account's headroom). */
  constructor(private readonly sure = false) {}

  ahead(): boolean {
    return this.sure;
  }

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

/** What `work` was rejected with (undefined if it was not). */
async function failureOf(work: Promise<unknown>): Promise<unknown> {
  try {
    await work;
    return undefined;
  } catch (error) {
    return error;
  }
}

describe('metered', () => {
  it('reserves before the work starts, runs it with the grant and settles what was delivered', async () => {
    const meter = new ScriptedMeter();
    const answer = metered(meter, 100, (size) => {
      meter.events.push(`run ${String(size)}`);
      return Promise.resolve({ result: size, delivered: size - 1 });
    });
    await tick();
    // Nothing runs before the grant: a request over its rate limit or allowance costs no search.
    expect(meter.events).to.deep.equal(['reserve 100']);
    meter.grant(40);
    expect(await answer).to.equal(40);
    expect(meter.events).to.deep.equal(['reserve 100', 'run 40', 'settle 39']);
  });

  it('answers an exhausted allowance with its error and never runs the work', async () => {
    const meter = new ScriptedMeter();
    let ran = false;
    const answer = metered(meter, 5, () => {
      ran = true;
      return Promise.resolve({ result: 1, delivered: 1 });
    });
    await tick();
    meter.exhaust();
    const failure = await failureOf(answer);
    expect(failure).to.be.instanceOf(AllowanceExhaustedError);
    expect(ran).to.equal(false);
    expect(meter.events).to.deep.equal(['reserve 5']);
  });

  it('gives the whole reservation back when the work fails', async () => {
    const meter = new ScriptedMeter();
    const answer = metered(meter, 10, () => Promise.reject(new Error('search failed')));
    await tick();
    meter.grant(10);
    const failure = await failureOf(answer);
    expect((failure as Error).message).to.equal('search failed');
    expect(meter.events).to.deep.equal(['reserve 10', 'settle 0']);
  });

  it('without a meter runs with the whole size', async () => {
    const result = await metered(undefined, 7, (size) => Promise.resolve({ result: size, delivered: size }));
    expect(result).to.equal(7);
  });
});

describe('meteredAhead', () => {
  /** The work of a page: fetches `size` items, cut to the grant by finish. */
  function page(meter: ScriptedMeter, fail = false) {
    return meteredAhead(
      meter,
      100,
      (size) => {
        meter.events.push(`fetch ${String(size)}`);
        return fail ? Promise.reject(new Error('search failed')) : Promise.resolve(size);
      },
      (fetched, granted) => {
        meter.events.push(`finish ${String(fetched)} to ${String(granted)}`);
        return { result: Math.min(fetched, granted), delivered: Math.min(fetched, granted) };
      },
    );
  }

  it('fetches beside the reservation when the meter is sure, and cuts to the grant', async () => {
    const meter = new ScriptedMeter(true);
    const answer = page(meter);
    await tick();
    expect(meter.events).to.deep.equal(['fetch 100', 'reserve 100']);
    meter.grant(40);
    expect(await answer).to.equal(40);
    expect(meter.events).to.deep.equal(['fetch 100', 'reserve 100', 'finish 100 to 40', 'settle 40']);
  });

  it('reserves first when the meter is not sure: a refused request costs no fetch', async () => {
    const meter = new ScriptedMeter(false);
    const answer = page(meter);
    await tick();
    expect(meter.events).to.deep.equal(['reserve 100']);
    meter.exhaust();
    const failure = await failureOf(answer);
    expect(failure).to.be.instanceOf(AllowanceExhaustedError);
    expect(meter.events).to.deep.equal(['reserve 100']);
  });

  it('drops what was fetched when the reservation is refused, and delivers nothing', async () => {
    for (const fail of [false, true]) {
      const meter = new ScriptedMeter(true);
      const answer = page(meter, fail);
      await tick();
      meter.exhaust();
      const failure = await failureOf(answer);
      // The refusal, not the fetch's own failure; never a settlement (nothing was granted).
      expect(failure).to.be.instanceOf(AllowanceExhaustedError);
      expect(meter.events).to.deep.equal(['fetch 100', 'reserve 100']);
    }
  });

  it('gives the whole reservation back when the fetch fails', async () => {
    const meter = new ScriptedMeter(true);
    const answer = page(meter, true);
    await tick();
    meter.grant(100);
    const failure = await failureOf(answer);
    expect((failure as Error).message).to.equal('search failed');
    expect(meter.events).to.deep.equal(['fetch 100', 'reserve 100', 'settle 0']);
  });

  it('without a meter fetches the whole size', async () => {
    const result = await meteredAhead(
      undefined,
      7,
      (size) => Promise.resolve(size),
      (fetched, granted) => ({ result: [fetched, granted], delivered: granted }),
    );
    expect(result).to.deep.equal([7, 7]);
  });
});

describe('one round trip: the rate-limit count taken by the allowance reservation', () => {
  const grant: Grant = {
    granted: '10',
    used: '10',
    allowance_limit: '1000',
    period_start: '2026-11-01',
    day: '2026-11-26',
    resets_at: '2026-12-01T00:00:00Z',
  };

  function setup(requests: number) {
    const calls: string[] = [];
    const store = {
      consume: () => {
        calls.push('rate-limit statement');
        return Promise.resolve(5);
      },
    };
    const repository = {
      reserve: () => {
        calls.push('reserve statement');
        return Promise.resolve(grant);
      },
      admitAndReserve: (count: { bucket: string; key: string; limit: number }) => {
        calls.push(`admit-and-reserve statement ${count.bucket} ${count.key}`);
        return Promise.resolve({ requests, grant: requests > count.limit ? null : grant });
      },
      refund: () => Promise.resolve(),
    };
    const limits = new RateLimits(store, 1, () => 120_000);
    const ticket = limits.ticket('search', 60, 'account:a', true);
    const allowances = new Allowances(repository);
    return { calls, ticket, meter: allowances.meterFor('a', 'u', ticket) };
  }

  it('counts the request and grants in one statement, then reserves plainly', async () => {
    const { calls, ticket, meter } = setup(3);
    expect(await meter.reserve(10)).to.equal(10);
    expect(ticket.taken).to.deep.equal({ limit: 60, remaining: 57, resetSeconds: 60 });
    expect(await meter.reserve(10)).to.equal(10);
    expect(calls).to.deep.equal(['admit-and-reserve statement search account:a:2', 'reserve statement']);
  });

  it('answers 429 over the limit, grants nothing and never counts the request twice', async () => {
    const { calls, ticket, meter } = setup(61);
    expect(await failureOf(meter.reserve(10))).to.be.instanceOf(RateLimitedError);
    expect(ticket.taken?.remaining).to.equal(0);
    expect(await ticket.take()).to.deep.equal({ limit: 60, remaining: 0, resetSeconds: 60 });
    expect(calls).to.deep.equal(['admit-and-reserve statement search account:a:2']);
  });

  describe('ahead: sure only with room in both, as this process last saw them', () => {
    /** Two requests of one account in one minute: the second's meter, after the first's grant. */
    async function second(firstRequests: number, used: number, want = 10): Promise<boolean> {
      const repository = {
        reserve: () => Promise.resolve(grant),
        admitAndReserve: () =>
          Promise.resolve({ requests: firstRequests, grant: { ...grant, used: String(used) } }),
        refund: () => Promise.resolve(),
      };
      const limits = new RateLimits({ consume: () => Promise.resolve(5) }, 1, () => 120_000);
      const allowances = new Allowances(repository);
      const first = allowances.meterFor('a', 'u', limits.ticket('search', 60, 'account:a', true));
      expect(first.ahead(want)).to.equal(false); // nothing seen yet this minute
      await first.reserve(want);
      return allowances.meterFor('a', 'u', limits.ticket('search', 60, 'account:a', true)).ahead(want);
    }

    it('is sure below half the window and with twice the request left', async () => {
      expect(await second(3, 10)).to.equal(true);
      expect(await second(29, 980)).to.equal(true);
    });

    it('is not sure at half the window or more', async () => {
      expect(await second(30, 10)).to.equal(false);
      expect(await second(59, 10)).to.equal(false);
    });

    it('is not sure with less than twice the request left in the allowance', async () => {
      expect(await second(3, 981)).to.equal(false);
      expect(await second(3, 1000)).to.equal(false);
    });
  });
});
