import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { loadMigrations, migrate } from '../../src/db/migrate.js';
import { testEnv } from './env.js';

describe('migrations', () => {
  it('apply once, in order, and are idempotent under concurrent starters', async () => {
    const { db } = testEnv().runtime.database;
    const schema = `m_${randomBytes(4).toString('hex')}`;
    try {
      const results = await Promise.all([migrate(db, schema), migrate(db, schema), migrate(db, schema)]);
      const versions = (await loadMigrations()).map((m) => m.version);
      expect(results.flat().sort((a, b) => a - b)).to.deep.equal(versions);
      expect(await migrate(db, schema)).to.deep.equal([]);
      const plans = await db.any<{ code: string; monthly_allowance: number }>(
        'SELECT code, monthly_allowance FROM $1:name.plans ORDER BY monthly_allowance',
        [schema],
      );
      expect(plans).to.deep.equal([
        { code: 'starter', monthly_allowance: 100000 },
        { code: 'growth', monthly_allowance: 300000 },
        { code: 'scale', monthly_allowance: 1000000 },
      ]);
    } finally {
      await db.none('DROP SCHEMA IF EXISTS $1:name CASCADE', [schema]);
    }
  });
});
