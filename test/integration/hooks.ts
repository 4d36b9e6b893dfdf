import {
  contractAfterEach,
  contractBeforeEach,
  contractSummary,
  forgetApps,
  installContractCheck,
} from './contract.js';
import { stopTestCluster } from './cluster.js';
import { setUp, tearDown } from './env.js';

/**
 * Root hooks: one environment for the whole integration run, and the contract check on every
 * response the suite receives from the apps it serves (contract.ts).
 */
export const mochaHooks = {
  async beforeAll(this: Mocha.Context): Promise<void> {
    this.timeout(120_000);
    installContractCheck();
    await setUp();
  },
  beforeEach(): void {
    contractBeforeEach();
  },
  afterEach(this: Mocha.Context): void {
    contractAfterEach(this.currentTest?.state);
  },
  async afterAll(this: Mocha.Context): Promise<void> {
    this.timeout(120_000);
    forgetApps();
    await Promise.all([tearDown(), stopTestCluster()]);
    process.stdout.write(`${contractSummary()}\n`);
  },
};
