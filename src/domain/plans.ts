/**
 * The one entitlement table: which tier may use what. Every gate in the service reads this table;
 * nothing else hard-codes a plan name. Tier `public` is a caller without a subscription-backed key
 * (no key, a compatibility key, or an account whose subscription is not active).
 */

export const PLAN_CODES = ['starter', 'growth', 'scale'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
export type Tier = 'public' | PlanCode;

export type Entitlement =
  /** Production endpoints: job detail, companies, feeds, export, paid analytics, account. */
  | 'production'
  /** description_text on search, detail and the active feed. */
  | 'descriptions'
  /** Semantic mode of the typed JSON search. */
  | 'semantic_search'
  /** Dated snapshot datasets. */
  | 'datasets'
  /** Outbound Postgres and webhook destinations. */
  | 'destinations'
  /** Description columns in bulk export. */
  | 'export_descriptions';

export interface TierTerms {
  priceUsdPerMonth: number;
  /** Jobs returned per billing period; no overage. */
  monthlyAllowance: number;
  entitlements: ReadonlySet<Entitlement>;
}

const PAID_BASE: Entitlement[] = ['production', 'descriptions'];

export const TIERS: Readonly<Record<Tier, TierTerms>> = {
  public: { priceUsdPerMonth: 0, monthlyAllowance: 0, entitlements: new Set() },
  starter: { priceUsdPerMonth: 49, monthlyAllowance: 100_000, entitlements: new Set(PAID_BASE) },
  growth: {
    priceUsdPerMonth: 99,
    monthlyAllowance: 300_000,
    entitlements: new Set([...PAID_BASE, 'semantic_search', 'export_descriptions']),
  },
  scale: {
    priceUsdPerMonth: 249,
    monthlyAllowance: 1_000_000,
    entitlements: new Set([
      ...PAID_BASE,
      'semantic_search',
      'export_descriptions',
      'datasets',
      'destinations',
    ]),
  },
};

export function isPlanCode(value: string): value is PlanCode {
  return (PLAN_CODES as readonly string[]).includes(value);
}

export function hasEntitlement(tier: Tier, entitlement: Entitlement): boolean {
  return TIERS[tier].entitlements.has(entitlement);
}

/** The cheapest plan that includes an entitlement, for actionable 403 messages. */
export function cheapestPlanWith(entitlement: Entitlement): PlanCode | undefined {
  return PLAN_CODES.find((plan) => hasEntitlement(plan, entitlement));
}
