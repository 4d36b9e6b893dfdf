import { expect } from 'chai';
import { predict, probabilities, trainSoftmax } from '../../scripts/lib/softmax.js';

describe('softmax head (enrich:heads)', () => {
  it('separates separable classes and gives probabilities that sum to one', () => {
    const features = [
      [1, 0],
      [0.9, 0.1],
      [0, 1],
      [0.1, 0.9],
      [-1, -1],
      [-0.9, -1.1],
    ];
    const labels = ['a', 'a', 'b', 'b', 'c', 'c'];
    const model = trainSoftmax(features, labels, { epochs: 500, learningRate: 1, l2: 0 });
    expect(model.classes).to.deep.equal(['a', 'b', 'c']);
    expect(features.map((x) => predict(model, x).label)).to.deep.equal(labels);
    const p = probabilities(model, [0.8, 0.2]);
    expect(p.reduce((a, b) => a + b, 0)).to.be.closeTo(1, 1e-9);
    expect(predict(model, [0.8, 0.2])).to.have.property('label', 'a');
  });

  it('shrinks weights with L2', () => {
    const features = [[1], [-1]];
    const free = trainSoftmax(features, ['x', 'y'], { epochs: 200, learningRate: 1, l2: 0 });
    const decayed = trainSoftmax(features, ['x', 'y'], { epochs: 200, learningRate: 1, l2: 0.5 });
    expect(Math.abs(decayed.weights[0]?.[0] ?? 0)).to.be.below(Math.abs(free.weights[0]?.[0] ?? 0));
  });
});
