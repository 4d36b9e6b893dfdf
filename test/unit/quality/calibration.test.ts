import { expect } from 'chai';
import { calibrationOf } from '../../../src/services/quality/calibration.js';

describe('calibration', () => {
  it('is perfect when each bin is right as often as its confidence says', () => {
    const points = [
      ...Array.from({ length: 10 }, (_, i) => ({ confidence: 0.9, correct: i < 9 })),
      ...Array.from({ length: 4 }, (_, i) => ({ confidence: 0.5, correct: i < 2 })),
    ];
    const result = calibrationOf(points);
    expect(result.predictions).to.equal(14);
    expect(result.ece).to.be.closeTo(0, 1e-12);
    expect(result.bins.map((bin) => [bin.from, bin.count, bin.accuracy])).to.deep.equal([
      [0.5, 4, 0.5],
      [0.9, 10, 0.9],
    ]);
  });

  it('weighs each bin gap by its share of the predictions, confidence 1 in the last bin', () => {
    // 3 at confidence 1 with 2 right (gap 1/3), 1 at 0.25 wrong (gap 0.25): (3·1/3 + 1·0.25) / 4.
    const result = calibrationOf([
      { confidence: 1, correct: true },
      { confidence: 1, correct: true },
      { confidence: 1, correct: false },
      { confidence: 0.25, correct: false },
    ]);
    expect(result.ece).to.be.closeTo((1 + 0.25) / 4, 1e-12);
    expect(result.bins.at(-1)).to.deep.include({ from: 0.9, count: 3 });
  });

  it('has no error figure without predictions, never 0/0', () => {
    expect(calibrationOf([])).to.deep.equal({ predictions: 0, bins: [] });
  });
});
