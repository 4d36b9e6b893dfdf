/**
 * What a Stripe event means for an account, decided without I/O (unit-tested). The webhook applies
 * these changes ordered by the event's `created` time, so replays and out-of-order deliveries end
 * in the state of the newest event.
 */
import type Stripe from 'stripe';
import { WebhookPayloadError } from '../domain/errors.js';
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

/**
 * Throws WebhookPayloadError unless the event has what interpretEvent reads: a signature proves who
 * sent a body, not that it is a whole event (a signed `{}` must be a 400, not a crash).
 */
export function checkEventShape(event: unknown): void {
  const problem = shapeProblem(event);
  if (problem !== undefined) throw new WebhookPayloadError(`The event ${problem}`);
}

function shapeProblem(event: unknown): string | undefined {
  if (!isRecord(event)) return 'is not a JSON object';
  if (typeof event.id !== 'string' || typeof event.type !== 'string') return 'needs a string id and type';
  if (typeof event.created !== 'number' || !Number.isFinite(event.created)) return 'needs a numeric created';
  if (!HANDLED.has(event.type)) return undefined;
  const object = isRecord(event.data) ? event.data.object : undefined;
  if (!isRecord(object)) return `of type ${event.type} needs data.object`;
  if (event.type.startsWith('customer.subscription.')) {
    const items = isRecord(object.items) ? object.items.data : undefined;
    if (typeof object.id !== 'string' || typeof object.status !== 'string' || !Array.isArray(items))
      return `of type ${event.type} needs a subscription with id, status and items`;
    if (!items.every(isPricedItem)) return `of type ${event.type} needs a price and a period on every item`;
    if (!isRecord(object.metadata)) return `of type ${event.type} needs metadata`;
  }
  return undefined;
}

/** A subscription item as subscriptionChange reads it: its price id and current period (seconds). */
function isPricedItem(item: unknown): boolean {
  return (
    isRecord(item) &&
    isRecord(item.price) &&
    typeof item.price.id === 'string' &&
    Number.isFinite(item.current_period_start) &&
    Number.isFinite(item.current_period_end)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The event types changeOf reads beyond the envelope. */
const HANDLED: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

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
