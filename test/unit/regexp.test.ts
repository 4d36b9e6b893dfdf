import { expect } from 'chai';
import { escapeRegExp } from '../../src/lib/regexp.js';

describe('escapeRegExp', () => {
  it('matches text with every syntax character literally, in unicode mode too', () => {
    const text = 'c++ (node.js) a/b [x]{2} ^$|*? \\ end';
    for (const flags of ['', 'u']) {
      const pattern = new RegExp(`^${escapeRegExp(text)}$`, flags);
      expect(pattern.test(text)).to.equal(true);
      expect(pattern.test(text.replace('+', 'x'))).to.equal(false);
    }
  });
});
