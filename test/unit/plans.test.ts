import { expect } from 'chai';
import { cheapestPlanWith, hasEntitlement, TIERS } from '../../src/domain/plans.js';

describe('entitlement table', () => {
  it('carries the spec prices and monthly allowances', () => {
    expect(TIERS.starter).to.include({ priceUsdPerMonth: 49, monthlyAllowance: 100_000 });
    expect(TIERS.growth).to.include({ priceUsdPerMonth: 99, monthlyAllowance: 300_000 });
    expect(TIERS.scale).to.include({ priceUsdPerMonth: 249, monthlyAllowance: 1_000_000 });
  });

  it('gives public callers nothing paid', () => {
    expect([...TIERS.public.entitlements]).to.deep.equal([]);
  });

  it('gives semantic search to Growth and Scale, datasets and destinations to Scale only', () => {
    expect(hasEntitlement('starter', 'semantic_search')).to.equal(false);
    expect(hasEntitlement('growth', 'semantic_search')).to.equal(true);
    expect(hasEntitlement('scale', 'semantic_search')).to.equal(true);
    for (const entitlement of ['datasets', 'destinations'] as const) {
      expect(hasEntitlement('growth', entitlement)).to.equal(false);
      expect(hasEntitlement('scale', entitlement)).to.equal(true);
      expect(cheapestPlanWith(entitlement)).to.equal('scale');
    }
    for (const tier of ['starter', 'growth', 'scale'] as const) {
      expect(hasEntitlement(tier, 'production')).to.equal(true);
      expect(hasEntitlement(tier, 'descriptions')).to.equal(true);
    }
  });
});
