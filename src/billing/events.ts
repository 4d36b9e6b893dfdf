/**
 * What a Stripe event means for an account, decided without I/O (unit-tested). The webhook applies
 * these changes ordered by the event's `created` time, so replays and out-of-order deliveries end
 * in the state of the newest event.
 */
import type Stripe from 'stripe';
import type { PlanCode } from '../domain/plans.js';
import {
  SUBSCRIPTION_STATUSES,
  type AccountRef,
  type BillingChange,
  type InterpretedEvent,
  type SubscriptionStatus,
} from '../domain/subscriptions.js';

function isKnownStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
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
