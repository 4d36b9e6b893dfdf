import { expect } from 'chai';
import { wilsonInterval } from '../../scripts/lib/wilson.js';

describe('wilsonInterval', () => {
  it('matches the textbook values and stays inside [0, 1]', () => {
    // 81 of 100: 0.722–0.874 (Wilson, z = 1.96).
    const [low, high] = wilsonInterval(81, 100) ?? [NaN, NaN];
    expect(low).to.be.closeTo(0.722, 0.001);
    expect(high).to.be.closeTo(0.874, 0.001);
    const [allLow, allHigh] = wilsonInterval(40, 40) ?? [NaN, NaN];
    expect(allLow).to.be.closeTo(0.912, 0.001);
    expect(allHigh).to.equal(1);
    const [noneLow] = wilsonInterval(0, 10) ?? [NaN, NaN];
    expect(noneLow).to.equal(0);
  });

  it('has no interval without trials or with impossible counts', () => {
    expect(wilsonInterval(0, 0)).to.equal(undefined);
    expect(wilsonInterval(5, 4)).to.equal(undefined);
  });
});
