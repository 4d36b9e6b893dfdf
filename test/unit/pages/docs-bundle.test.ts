import { expect } from 'chai';
import { withoutSourceMapComment } from '../../../src/pages/docs.js';

describe('docs page: the reference bundle without its source map comment', () => {
  const code = 'console.log("é → ✓");';

  it('drops the closing sourceMappingURL line and keeps the newline before it, bytes unchanged', () => {
    const script = Buffer.from(`${code}\n//# sourceMappingURL=standalone.js.map`);
    expect(withoutSourceMapComment(script).toString('utf8')).to.equal(`${code}\n`);
    expect(
      withoutSourceMapComment(Buffer.from(`${code}\n//# sourceMappingURL=a.map\n \n`)).toString(),
    ).to.equal(`${code}\n`);
  });

  it('leaves a script without one, or with one that is not its last line, as it is', () => {
    const without = Buffer.from(`${code}\n`);
    expect(withoutSourceMapComment(without)).to.equal(without);
    const inside = Buffer.from(`${code}\n//# sourceMappingURL=a.map\nrun();`);
    expect(withoutSourceMapComment(inside).toString()).to.equal(inside.toString());
    const spaced = Buffer.from(`${code}\n//# sourceMappingURL=a map`);
    expect(withoutSourceMapComment(spaced).toString()).to.equal(spaced.toString());
  });
});
