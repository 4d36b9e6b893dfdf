import { expect } from 'chai';
import { createWorkerPool, moduleExtension } from '../../src/lib/worker-pool.js';

describe('worker pool (lib/worker-pool.ts)', () => {
  it('fails the request of a thread that exits, and every request after it, instead of waiting forever', async () => {
    const pool = createWorkerPool<string, string>(
      new URL(`../support/exiting-worker.${moduleExtension(import.meta.url)}`, import.meta.url),
      1,
      undefined,
    );
    try {
      expect(await pool.run('echo')).to.equal('echo');
      const failure = await pool.run('exit').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(failure)).to.match(/exited \(code 3\)/);
      const later = await pool.run('echo').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(String(later)).to.match(/no threads left/);
    } finally {
      await pool.close();
    }
  });
});
