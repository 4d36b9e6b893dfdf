import { expect } from 'chai';
import { ForbiddenError, UnauthorizedError } from '../../src/domain/errors.js';
import type { Principal } from '../../src/domain/principal.js';
import { listOperations, loadDocument } from '../../src/openapi/document.js';
import {
  compatibilityPlan,
  decideAccess,
  keylessHas,
  parseEntitlement,
  requireEntitlement,
  tierOf,
  type AccessTerms,
} from '../../src/policies/access.js';
import type { Feature } from '../../src/policies/features.js';

const UPGRADE = 'https://billing.test/upgrade';
const ENFORCED: AccessTerms = { paidEnforcement: true, upgradeUrl: UPGRADE };
const TRIAL: AccessTerms = { paidEnforcement: false, upgradeUrl: UPGRADE };

const live: Principal = {
  accountId: 'a',
  keyId: 'k',
  keyKind: 'live',
  plan: 'starter',
  accountStatus: 'active',
  isService: false,
};

/** The columns: a caller and the deployment's terms. */
const CALLERS: Record<string, { principal: Principal | undefined; terms: AccessTerms }> = {
  none: { principal: undefined, terms: ENFORCED },
  compat: { principal: { ...live, keyKind: 'compat', plan: null }, terms: ENFORCED },
  trial: { principal: { ...live, keyKind: 'compat' }, terms: TRIAL },
  starter: { principal: live, terms: ENFORCED },
  growth: { principal: { ...live, plan: 'growth' }, terms: ENFORCED },
  scale: { principal: { ...live, plan: 'scale' }, terms: ENFORCED },
  past_due: { principal: { ...live, accountStatus: 'past_due' }, terms: ENFORCED },
  canceled: { principal: { ...live, plan: 'scale', accountStatus: 'canceled' }, terms: ENFORCED },
  pending: { principal: { ...live, plan: 'growth', accountStatus: 'pending' }, terms: ENFORCED },
  service: { principal: { ...live, isService: true }, terms: ENFORCED },
};

/**
 * Outcomes: M served in full and charged, F served in full (free), E evaluation mode, K 401
 * api_key_required, P 403 plan_required, S 403 subscription_inactive, V 403 service_key_required.
 * Columns: none compat trial starter growth scale past_due canceled pending service.
 */
const TABLE: Record<string, string> = {
  getHealth: 'F F F F F F F F F F',
  getOpenApi: 'F F F F F F F F F F',
  previewJobs: 'F F F F F F F F F F',
  searchJobs: 'E E M M M M M E E M',
  'searchJobs+descriptions': 'K P M M M M M S S M',
  'searchJobs+paging': 'K P M M M M M S S M',
  'searchJobs+descriptions+paging': 'K P M M M M M S S M',
  searchJobsTyped: 'K P M M M M M S S M',
  'searchJobsTyped+descriptions': 'K P M M M M M S S M',
  'searchJobsTyped+semantic_search': 'K P P P M M P S S P',
  'searchJobsTyped+descriptions+semantic_search': 'K P P P M M P S S P',
  exportJobs: 'K P M M M M M S S M',
  'exportJobs+export_descriptions': 'K P P P M M P S S P',
  getJob: 'K P M M M M M S S M',
  listCompanies: 'K P F F F F F S S F',
  getCompany: 'K P F F F F F S S F',
  listCompanyJobs: 'K P M M M M M S S M',
  getStats: 'F F F F F F F F F F',
  getPostingVelocity: 'K P F F F F F S S F',
  getTimeToFill: 'K P F F F F F S S F',
  getStateOfHiring: 'F F F F F F F F F F',
  getDataQuality: 'F F F F F F F F F F',
  getActiveFeed: 'K P M M M M M S S M',
  'getActiveFeed+descriptions': 'K P M M M M M S S M',
  countActiveFeed: 'K P F F F F F S S F',
  getExpiredFeed: 'K P M M M M M S S M',
  getModifiedFeed: 'K P M M M M M S S M',
  getChangeFeed: 'K P M M M M M S S M',
  listDatasets: 'K P P P P F P S S P',
  getDataset: 'K P P P P F P S S P',
  downloadDatasetPart: 'F F F F F F F F F F',
  listDestinations: 'K P P P P F P S S P',
  createDestination: 'K P P P P F P S S P',
  getDestination: 'K P P P P F P S S P',
  deleteDestination: 'K P P P P F P S S P',
  updateDestination: 'K P P P P F P S S P',
  enableDestination: 'K P P P P F P S S P',
  disableDestination: 'K P P P P F P S S P',
  listDestinationRuns: 'K P P P P F P S S P',
  createCheckout: 'F F F F F F F F F F',
  receiveBillingWebhook: 'F F F F F F F F F F',
  claimKey: 'F F F F F F F F F F',
  createPortalSession: 'K P P F F F F F F F',
  issueCompatibilityKey: 'F F F F F F F F F F',
  getAccountUsage: 'K P P F F F F F F F',
  listAccountKeys: 'K P P F F F F F F F',
  createAccountKey: 'K P P F F F F F F F',
  rotateAccountKey: 'K P P F F F F F F F',
  revokeAccountKey: 'K P P F F F F F F F',
  getDailyUsage: 'K V V V V V V V V F',
  listSitemaps: 'F F F F F F F F F F',
  getSitemapSegment: 'F F F F F F F F F F',
  mcpRequest: 'F F F F F F F F F F',
};

const operations = listOperations(loadDocument());

function outcome(row: string, caller: string): string {
  const [operationId, ...features] = row.split('+') as [string, ...Feature[]];
  const operation = operations.find((candidate) => candidate.operationId === operationId);
  if (operation === undefined) throw new Error(`no operation ${operationId}`);
  const guarded = { ...operation, entitlement: parseEntitlement(operationId, operation.entitlement) };
  const column = CALLERS[caller];
  if (column === undefined) throw new Error(`no caller ${caller}`);
  const { principal, terms } = column;
  try {
    const decision = decideAccess(guarded, principal, features, terms);
    if (decision.mode === 'evaluation') return decision.metered ? '?' : 'E';
    return decision.metered ? 'M' : 'F';
  } catch (error) {
    if (error instanceof UnauthorizedError && error.code === 'api_key_required') return 'K';
    if (error instanceof ForbiddenError) {
      const codes = { plan_required: 'P', subscription_inactive: 'S', service_key_required: 'V' } as const;
      if (error.code in codes) return codes[error.code as keyof typeof codes];
    }
    throw error;
  }
}

describe('access policy', () => {
  it('decides every cell of operation (and requested feature) × caller as the table says', () => {
    const columns = Object.keys(CALLERS);
    const actual = Object.fromEntries(
      Object.keys(TABLE).map((row) => [row, columns.map((caller) => outcome(row, caller)).join(' ')]),
    );
    expect(actual).to.deep.equal(TABLE);
  });

  it('has a row for every operation of the document', () => {
    const rows = new Set(Object.keys(TABLE).map((row) => row.split('+')[0]));
    expect(
      operations.filter((operation) => !rows.has(operation.operationId)).map((o) => o.operationId),
    ).to.deep.equal([]);
  });

  it('refuses an x-entitlement it does not know', () => {
    expect(() => parseEntitlement('op', 'gold')).to.throw(/unknown entitlement: gold/);
    expect(parseEntitlement('op', 'service')).to.equal('service');
    expect(parseEntitlement('op', undefined)).to.equal(undefined);
  });

  it('gives the plan tier only to live keys of subscribed accounts, and to compatibility keys while enforcement is off', () => {
    expect(tierOf(undefined, ENFORCED)).to.equal('public');
    expect(tierOf(live, ENFORCED)).to.equal('starter');
    expect(tierOf({ ...live, accountStatus: 'past_due' }, ENFORCED)).to.equal('starter');
    expect(tierOf({ ...live, accountStatus: 'pending' }, ENFORCED)).to.equal('public');
    expect(tierOf({ ...live, accountStatus: 'canceled' }, ENFORCED)).to.equal('public');
    expect(tierOf({ ...live, keyKind: 'compat' }, ENFORCED)).to.equal('public');
    // Paid enforcement off: a compatibility key uses its account's (Starter) plan.
    expect(tierOf({ ...live, keyKind: 'compat' }, TRIAL)).to.equal('starter');
    expect(tierOf({ ...live, plan: null }, ENFORCED)).to.equal('public');
    expect(keylessHas('descriptions')).to.equal(false);
    expect(keylessHas('production')).to.equal(false);
    expect(compatibilityPlan(ENFORCED)).to.equal(null);
    expect(compatibilityPlan(TRIAL)).to.equal('starter');
  });

  it('names the missing entitlement and where to upgrade', () => {
    try {
      requireEntitlement(live, 'datasets', ENFORCED);
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(ForbiddenError);
      expect((error as ForbiddenError).extensions).to.deep.equal({
        required_entitlement: 'datasets',
        upgrade_url: UPGRADE,
      });
    }
  });

  it('names the portal for a plan whose subscription lapsed', () => {
    try {
      requireEntitlement({ ...live, accountStatus: 'canceled' }, 'production', ENFORCED);
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(ForbiddenError);
      expect((error as ForbiddenError).code).to.equal('subscription_inactive');
      expect((error as ForbiddenError).extensions).to.deep.equal({ portal_path: '/v1/billing/portal' });
    }
  });

  it('says why a keyless search may not page or ask for descriptions, and every 401 names the header', () => {
    const search = operations.find((operation) => operation.operationId === 'searchJobs');
    if (search === undefined) throw new Error('searchJobs is in the document');
    const guarded = { ...search, entitlement: undefined };
    try {
      decideAccess(guarded, undefined, ['paging'], ENFORCED);
      expect.fail('should have thrown');
    } catch (error) {
      expect(error).to.be.instanceOf(UnauthorizedError);
      expect((error as UnauthorizedError).message).to.match(/Descriptions and paging need an API key/);
      expect((error as UnauthorizedError).headers).to.deep.equal({
        'WWW-Authenticate': 'ApiKey header="X-API-Key"',
      });
    }
  });
});
