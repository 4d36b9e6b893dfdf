import { expect } from 'chai';
import {
  DAY_MS,
  DEFAULT_SHAPE,
  historyPeriod,
  listingAt,
  planBoard,
  type BoardPlan,
} from '../../scripts/lib/history-plan.js';
import { seededRandom } from '../support/random.js';

const NOW = new Date('2026-11-26T21:00:00.000Z');

describe('the synthetic demo history plan', () => {
  it('covers the two quarters before the running one and the running one up to now', () => {
    expect(historyPeriod(NOW)).to.deep.equal({
      start: new Date('2026-04-01T00:00:00.000Z'),
      end: NOW,
      quarters: ['2026-Q2', '2026-Q3', '2026-Q4'],
    });
    // Across a year boundary, on the first day of a quarter.
    const early = new Date('2027-01-01T03:00:00.000Z');
    expect(historyPeriod(early).start.toISOString()).to.equal('2026-07-01T00:00:00.000Z');
    expect(historyPeriod(early).quarters).to.deep.equal(['2026-Q3', '2026-Q4', '2027-Q1']);
  });

  it('draws the same plan for the same seed', () => {
    const period = historyPeriod(NOW);
    expect(planBoard(seededRandom(3), 20, period)).to.deep.equal(planBoard(seededRandom(3), 20, period));
    expect(planBoard(seededRandom(3), 20, period)).not.to.deep.equal(planBoard(seededRandom(4), 20, period));
  });

  it('crawls every 3 to 7 days inside the period, each posting published before it is first listed', () => {
    const period = historyPeriod(NOW);
    const random = seededRandom(11);
    for (let board = 0; board < 60; board += 1) {
      const plan = planBoard(random, 30, period);
      expect(plan.crawls.length).to.be.greaterThan(0);
      expect(plan.crawls[0]).to.be.at.least(period.start.getTime());
      expect(plan.crawls.at(-1)).to.be.below(period.end.getTime());
      const gaps = plan.crawls.slice(1).map((at, index) => at - (plan.crawls[index] ?? 0));
      for (const gap of gaps) expect(gap / DAY_MS).to.be.within(3 - 1e-6, 7 + 1e-6);
      for (const posting of plan.postings) {
        expect(posting.postedAt).to.be.at.most(posting.appearsAt);
        if (posting.removedAt !== undefined) expect(posting.removedAt).to.be.above(posting.appearsAt);
        if (posting.expiresAt !== undefined) {
          expect(posting.expiresAt - posting.appearsAt).to.be.within(21 * DAY_MS - 1000, 63 * DAY_MS + 1000);
          expect(posting.removedAt).to.be.at.least(posting.expiresAt);
        }
      }
    }
  });

  it('keeps every board listing something until it dies, and the first posting for good', () => {
    const period = historyPeriod(NOW);
    const random = seededRandom(5);
    let died = 0;
    const wrong: string[] = [];
    for (let board = 0; board < 150; board += 1) {
      const plan = planBoard(random, 15, period);
      for (const at of [...plan.crawls, period.end.getTime()]) {
        const listing = listingAt(plan, at);
        const dead = plan.diesAt !== undefined && at >= plan.diesAt;
        const anchor =
          listing.kind === 'ok' ? listing.postings.find((posting) => posting.index === 0) : undefined;
        if (dead ? listing.kind !== 'gone' : anchor === undefined || anchor.expired)
          wrong.push(`board ${String(board)} at ${new Date(at).toISOString()}`);
      }
      if (plan.diesAt !== undefined) died += 1;
    }
    expect(wrong).to.deep.equal([]);
    expect(died).to.be.within(1, 20);
  });

  it('lists a posting from its appearance until its removal, expired from its valid-through on', () => {
    const plan: BoardPlan = {
      crawls: [0, 5, 10, 15, 20],
      postings: [
        { appearsAt: 0, postedAt: 0 },
        { appearsAt: 3, postedAt: 2, removedAt: 12 },
        { appearsAt: 5, postedAt: 5, expiresAt: 10, removedAt: 20, modifiedAt: 7 },
      ],
    };
    const at = (time: number) => {
      const listing = listingAt(plan, time);
      return listing.kind === 'gone' ? 'gone' : listing.postings;
    };
    expect(at(0)).to.deep.equal([{ index: 0, expired: false, modified: false }]);
    expect(at(5)).to.deep.equal([
      { index: 0, expired: false, modified: false },
      { index: 1, expired: false, modified: false },
      { index: 2, expired: false, modified: false },
    ]);
    expect(at(10)).to.deep.equal([
      { index: 0, expired: false, modified: false },
      { index: 1, expired: false, modified: false },
      { index: 2, expired: true, modified: true },
    ]);
    expect(at(15)).to.deep.equal([
      { index: 0, expired: false, modified: false },
      { index: 2, expired: true, modified: true },
    ]);
    expect(at(20)).to.deep.equal([{ index: 0, expired: false, modified: false }]);
    expect(at(25)).to.deep.equal([{ index: 0, expired: false, modified: false }]);
    expect(listingAt({ ...plan, diesAt: 14 }, 15)).to.deep.equal({ kind: 'gone' });
  });

  it('closes about the planned shares over many postings', () => {
    const period = historyPeriod(NOW);
    const random = seededRandom(9);
    let postings = 0;
    let removedOnly = 0;
    let expiring = 0;
    let modified = 0;
    for (let board = 0; board < 100; board += 1) {
      for (const posting of planBoard(random, 40, period).postings.slice(1)) {
        postings += 1;
        if (posting.expiresAt !== undefined) expiring += 1;
        else if (posting.removedAt !== undefined) removedOnly += 1;
        if (posting.modifiedAt !== undefined) modified += 1;
      }
    }
    expect(removedOnly / postings).to.be.closeTo(DEFAULT_SHAPE.removedShare, 0.03);
    expect(expiring / postings).to.be.closeTo(DEFAULT_SHAPE.expiringShare, 0.02);
    // Edits that would fall after the posting closed are dropped.
    expect(modified / postings).to.be.within(0.02, DEFAULT_SHAPE.modifiedShare + 0.01);
  });
});
