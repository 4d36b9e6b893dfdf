import { setUp, tearDown } from './env.js';

/** Root hooks: one environment for the whole integration run. */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(120_000);
    await setUp();
  },
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(120_000);
    await tearDown();
  },
};
