/**
 * What a Stripe event means for an account, decided without I/O (unit-tested). The webhook applies
 * these changes ordered by the event's `created` time, so replays and out-of-order deliveries end
 * in the state of the newest event.
 */
import type Stripe from 'stripe';
import type { AccountStatus } from '../db/accounts.js';
import type { PlanCode } from '../domain/plans.js';

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

function isKnownStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

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

export function interpretEvent(
  event: Stripe.Event,
  planOfPrice: (priceId: string) => PlanCode | undefined,
): InterpretedEvent {
  return {
    id: event.id,
    type: event.type,
    created: new Date(event.created * 1000),
    change: changeOf(event, planOfPrice),
  };
}

function changeOf(
  event: Stripe.Event,
  planOfPrice: (priceId: string) => PlanCode | undefined,
): BillingChange {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      if (session.mode !== 'subscription') return { kind: 'ignored' };
      return {
        kind: 'checkout_completed',
        ref: ref(
          session.client_reference_id ?? session.metadata?.account_id,
          session.subscription,
          session.customer,
        ),
        paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChange(event.data.object, planOfPrice);
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscription = invoice.parent?.subscription_details?.subscription;
      return {
        kind: 'invoice',
        ref: ref(invoice.parent?.subscription_details?.metadata?.account_id, subscription, invoice.customer),
        paid: event.type === 'invoice.paid',
      };
    }
    default:
      return { kind: 'ignored' };
  }
}

function subscriptionChange(
  subscription: Stripe.Subscription,
  planOfPrice: (priceId: string) => PlanCode | undefined,
): BillingChange {
  // A status newer than this code is acknowledged but not applied (handled: false).
  if (!isKnownStatus(subscription.status)) return { kind: 'ignored' };
  const item = subscription.items.data[0];
  const plan = item === undefined ? undefined : planOfPrice(item.price.id);
  return {
    kind: 'subscription',
    ref: ref(subscription.metadata.account_id, subscription.id, subscription.customer),
    status: subscription.status,
    ...(plan === undefined ? {} : { plan }),
    ...(item === undefined
      ? {}
      : {
          periodStart: new Date(item.current_period_start * 1000),
          periodEnd: new Date(item.current_period_end * 1000),
        }),
  };
}

type Expandable = string | { id: string } | null | undefined;

function ref(
  accountId: string | null | undefined,
  subscription: Expandable,
  customer: Expandable,
): AccountRef {
  const out: AccountRef = {};
  if (typeof accountId === 'string' && accountId !== '') out.accountId = accountId;
  const subscriptionId = idOf(subscription);
  if (subscriptionId !== undefined) out.subscriptionId = subscriptionId;
  const customerId = idOf(customer);
  if (customerId !== undefined) out.customerId = customerId;
  return out;
}

function idOf(value: Expandable): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'string' ? value : value.id;
}
