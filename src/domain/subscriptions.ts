/**
 * Subscriptions: the provider's statuses, what each means for access, and what a billing event
 * means for an account. Shared by the webhook's interpretation (billing/), the repository that
 * applies it (db/billing.ts) and the access policy.
 */
import type { PlanCode } from './plans.js';

/** An account's access state: pending until the first paid webhook; past_due keeps access (dunning). */
export type AccountStatus = 'pending' | 'active' | 'past_due' | 'canceled';

/** Stripe's subscription statuses this service knows (the DB column allows exactly these). */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** How the account is found: our id (set at checkout as metadata), else the Stripe ids. */
export interface AccountRef {
  accountId?: string;
  subscriptionId?: string;
  customerId?: string;
}

export type BillingChange =
  | { kind: 'checkout_completed'; ref: AccountRef; paid: boolean }
  | {
      kind: 'subscription';
      ref: AccountRef;
      status: SubscriptionStatus;
      /** Undefined when the price is not one of our plans' (the plan is then left as it is). */
      plan?: PlanCode;
      periodStart?: Date;
      periodEnd?: Date;
    }
  | { kind: 'invoice'; ref: AccountRef; paid: boolean }
  | { kind: 'ignored' };

export interface InterpretedEvent {
  id: string;
  type: string;
  created: Date;
  change: BillingChange;
}

/** Access follows Stripe's status: dunning (past_due) keeps it, unpaid/paused/ended subscriptions lose it. */
export function accessStatus(status: SubscriptionStatus): AccountStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
      return 'past_due';
    case 'incomplete':
      return 'pending';
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
  }
}

/**
 * Tie-break for events created in the same second (Stripe's resolution): a later stage of the
 * subscription's life wins over an earlier one, so `created` + `updated` of one second never regress.
 */
export function statusRank(status: SubscriptionStatus): number {
  if (status === 'incomplete') return 0;
  if (status === 'canceled' || status === 'incomplete_expired') return 2;
  return 1;
}
