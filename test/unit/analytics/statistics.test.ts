import { expect } from 'chai';
import { kaplanMeierMedian, percentile } from '../../../src/lib/statistics.js';
import { parseQuarter, previousQuarter, quarterOf } from '../../../src/domain/quarters.js';

describe('statistics: percentile (type 7, as percentile_cont)', () => {
  it('interpolates between order statistics', () => {
    const sample = [1, 2, 3, 4];
    expect(percentile(sample, 0)).to.equal(1);
    expect(percentile(sample, 1)).to.equal(4);
    // (n − 1)p = 1.5 → halfway between 2 and 3.
    expect(percentile(sample, 0.5)).to.equal(2.5);
    // 3 × 0.25 = 0.75 → 1 + 0.75.
    expect(percentile(sample, 0.25)).to.equal(1.75);
    expect(percentile([7], 0.9)).to.equal(7);
  });

  it('refuses an empty sample instead of inventing a value', () => {
    expect(() => percentile([], 0.5)).to.throw(RangeError);
  });
});

describe('statistics: Kaplan–Meier median', () => {
  it('matches a hand computation with censoring', () => {
    // Durations 1, 2+, 3, 4, 5+, 6 (+ censored). At risk / events:
    // t=1: 6 at risk, 1 event → S = 5/6 = 0.833; t=2 censored (5 → 4 at risk);
    // t=3: 4 at risk → S = 0.833 × 3/4 = 0.625; t=4: 3 at risk → S = 0.625 × 2/3 = 0.4167 ≤ 0.5.
    const result = kaplanMeierMedian([
      { duration: 1, events: 1, censored: 0 },
      { duration: 2, events: 0, censored: 1 },
      { duration: 3, events: 1, censored: 0 },
      { duration: 4, events: 1, censored: 0 },
      { duration: 5, events: 0, censored: 1 },
      { duration: 6, events: 1, censored: 0 },
    ]);
    expect(result).to.deep.equal({ reached: true, median: 4 });
  });

  it('is longer than the closed-only median when many postings are still open', () => {
    // 4 closed at 1..4 days, 6 still open at 10 days: closed-only median 2.5; KM never reaches 0.5
    // before 10 (S after the four events = 6/10), so the median is at least 10.
    const groups = [1, 2, 3, 4].map((duration) => ({ duration, events: 1, censored: 0 }));
    const result = kaplanMeierMedian([...groups, { duration: 10, events: 0, censored: 6 }]);
    expect(result.reached).to.equal(false);
    if (result.reached) return;
    expect(result.atLeast).to.equal(10);
    expect(result.survivalAtEnd).to.be.closeTo(0.6, 1e-12);
  });

  it('counts events before censorings at a tie, and groups in any order', () => {
    // Two at risk at t=1: one event, one censored there → S = 1/2: the median is 1.
    expect(
      kaplanMeierMedian([
        { duration: 3, events: 0, censored: 0 },
        { duration: 1, events: 1, censored: 1 },
      ]),
    ).to.deep.equal({ reached: true, median: 1 });
  });

  it('equals the ordinary median without censoring (lower middle for an even sample)', () => {
    const groups = [5, 1, 4, 2, 3].map((duration) => ({ duration, events: 1, censored: 0 }));
    expect(kaplanMeierMedian(groups)).to.deep.equal({ reached: true, median: 3 });
  });

  it('refuses an empty sample', () => {
    expect(() => kaplanMeierMedian([])).to.throw(RangeError);
  });
});

describe('quarters (UTC calendar quarters)', () => {
  it('parses, contains and steps back across a year', () => {
    const q1 = parseQuarter('2026-Q1');
    expect(q1.start.toISOString()).to.equal('2026-01-01T00:00:00.000Z');
    expect(q1.end.toISOString()).to.equal('2026-04-01T00:00:00.000Z');
    expect(quarterOf(new Date('2026-03-31T23:59:59.999Z')).id).to.equal('2026-Q1');
    expect(quarterOf(new Date('2026-04-01T00:00:00.000Z')).id).to.equal('2026-Q2');
    expect(previousQuarter(q1).id).to.equal('2025-Q4');
    expect(previousQuarter(q1).end.getTime()).to.equal(q1.start.getTime());
    expect(parseQuarter('2025-Q4').end.toISOString()).to.equal('2026-01-01T00:00:00.000Z');
  });

  it('refuses what is not a quarter', () => {
    expect(() => parseQuarter('2026-Q5')).to.throw(RangeError);
  });
});
