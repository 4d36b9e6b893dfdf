import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { API_NODE_FLAGS } from '../../src/main/node-flags.js';

describe('the API process flags (src/main/node-flags.ts)', () => {
  it('are the image CMD’s flags before the entry point', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).to.deep.equal(['node', ...API_NODE_FLAGS, 'dist/main/api.js']);
  });

  it('are `npm run api`’s flags', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
      .scripts;
    expect(scripts.api).to.equal(['node', ...API_NODE_FLAGS, '--import tsx src/main/api.ts'].join(' '));
  });
});
