import { expect } from 'chai';
import type { Principal } from '../../src/domain/principal.js';
import { requireEntitlement, tierOf } from '../../src/services/accounts.js';
import { ForbiddenError } from '../../src/domain/errors.js';

const base: Principal = {
  accountId: 'a',
  keyId: 'k',
  keyKind: 'live',
  plan: 'starter',
  accountStatus: 'active',
  isService: false,
  unlocked: true,
};

function forbiddenCode(
  principal: Principal,
  entitlement: Parameters<typeof requireEntitlement>[1],
): string | undefined {
  try {
    requireEntitlement(principal, entitlement, 'https://billing.test/upgrade');
    return undefined;
  } catch (error) {
    if (error instanceof ForbiddenError) return error.code;
    throw error;
  }
}

describe('authorization', () => {
  it('gives the plan tier only to live keys of subscribed accounts', () => {
    expect(tierOf(undefined)).to.equal('public');
    expect(tierOf(base)).to.equal('starter');
    expect(tierOf({ ...base, accountStatus: 'past_due' })).to.equal('starter');
    expect(tierOf({ ...base, accountStatus: 'pending' })).to.equal('public');
    expect(tierOf({ ...base, accountStatus: 'canceled' })).to.equal('public');
    expect(tierOf({ ...base, keyKind: 'compat', unlocked: false })).to.equal('public');
    // Paid enforcement off: a compatibility key uses its account's (Starter) plan.
    expect(tierOf({ ...base, keyKind: 'compat', unlocked: true })).to.equal('starter');
    expect(tierOf({ ...base, plan: null })).to.equal('public');
  });

  it('names the missing entitlement and where to upgrade', () => {
    try {
      requireEntitlement(base, 'datasets', 'https://billing.test/upgrade');
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(ForbiddenError);
      expect((error as ForbiddenError).extensions).to.deep.equal({
        required_entitlement: 'datasets',
        upgrade_url: 'https://billing.test/upgrade',
      });
    }
  });

  it('answers subscription_inactive for a plan whose subscription lapsed, plan_required otherwise', () => {
    expect(forbiddenCode(base, 'production')).to.equal(undefined);
    expect(forbiddenCode({ ...base, accountStatus: 'pending' }, 'production')).to.equal(
      'subscription_inactive',
    );
    try {
      requireEntitlement(
        { ...base, accountStatus: 'canceled' },
        'production',
        'https://billing.test/upgrade',
      );
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(ForbiddenError);
      expect((error as ForbiddenError).extensions).to.deep.equal({ portal_path: '/v1/billing/portal' });
    }
    expect(forbiddenCode(base, 'datasets')).to.equal('plan_required');
    expect(forbiddenCode({ ...base, keyKind: 'compat', plan: null, unlocked: false }, 'production')).to.equal(
      'plan_required',
    );
    expect(forbiddenCode({ ...base, plan: 'scale' }, 'datasets')).to.equal(undefined);
  });
});
