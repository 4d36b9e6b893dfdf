import { expect } from 'chai';
import type Stripe from 'stripe';
import { checkEventShape, interpretEvent } from '../../src/billing/events.js';
import {
  accessStatus,
  statusRank,
  SUBSCRIPTION_STATUSES,
  type BillingChange,
} from '../../src/domain/subscriptions.js';
import { checkRange } from '../../src/services/usage.js';
import { ValidationFailedError, WebhookPayloadError } from '../../src/domain/errors.js';
import { checkoutCompleted, invoiceEvent, subscriptionEvent } from '../fixtures/stripe-events.js';

const ACCOUNT = '0b7f2a4e-3c1d-4e5f-8a9b-0c1d2e3f4a5b';
const prices: Record<string, 'starter' | 'growth' | 'scale'> = { price_g: 'growth', price_s: 'scale' };

function change(event: Record<string, unknown>): BillingChange {
  // The builders produce Stripe's wire shape; the SDK hands the handler the same parsed JSON.
  const parsed = JSON.parse(JSON.stringify(event)) as Stripe.Event;
  return interpretEvent(parsed, (price) => prices[price]).change;
}

describe('billing events: what a Stripe event means for an account', () => {
  it('reads checkout completion: our account id, the Stripe ids, whether it is paid', () => {
    const event = checkoutCompleted({
      created: 1,
      accountId: ACCOUNT,
      customer: 'cus_1',
      subscription: 'sub_1',
    });
    expect(change(event)).to.deep.equal({
      kind: 'checkout_completed',
      ref: { accountId: ACCOUNT, subscriptionId: 'sub_1', customerId: 'cus_1' },
      paid: true,
    });
    const unpaid = checkoutCompleted({
      created: 1,
      accountId: ACCOUNT,
      customer: 'cus_1',
      subscription: 'sub_1',
      paymentStatus: 'unpaid',
    });
    expect(change(unpaid)).to.include({ kind: 'checkout_completed', paid: false });
  });

  it('reads a subscription: status, plan by price id, the current period from its item', () => {
    const event = subscriptionEvent('updated', {
      created: 5,
      accountId: ACCOUNT,
      customer: 'cus_1',
      subscription: 'sub_1',
      status: 'past_due',
      price: 'price_s',
      periodStart: 1_700_000_000,
      periodEnd: 1_702_592_000,
    });
    expect(change(event)).to.deep.equal({
      kind: 'subscription',
      ref: { accountId: ACCOUNT, subscriptionId: 'sub_1', customerId: 'cus_1' },
      status: 'past_due',
      plan: 'scale',
      periodStart: new Date(1_700_000_000_000),
      periodEnd: new Date(1_702_592_000_000),
    });
  });

  it('leaves the plan alone for a price that is not ours, and ignores statuses it does not know', () => {
    const base = {
      created: 5,
      customer: 'cus_1',
      subscription: 'sub_1',
      price: 'price_other',
      periodStart: 1,
      periodEnd: 2,
    };
    const foreign = change(subscriptionEvent('updated', { ...base, status: 'active' }));
    expect(foreign).to.include({ kind: 'subscription', status: 'active' });
    expect(foreign).not.to.have.property('plan');
    expect(change(subscriptionEvent('updated', { ...base, status: 'some_future_status' }))).to.deep.equal({
      kind: 'ignored',
    });
  });

  it('reads invoices through their subscription parent, and ignores other event types', () => {
    expect(
      change(invoiceEvent('payment_failed', { created: 9, customer: 'cus_1', subscription: 'sub_1' })),
    ).to.deep.equal({
      kind: 'invoice',
      ref: { subscriptionId: 'sub_1', customerId: 'cus_1' },
      paid: false,
    });
    const other = {
      id: 'evt_1',
      object: 'event',
      created: 1,
      type: 'customer.created',
      data: { object: {} },
    };
    expect(change(other)).to.deep.equal({ kind: 'ignored' });
  });

  it('maps every Stripe status to access, and ranks same-second events by life stage', () => {
    expect(SUBSCRIPTION_STATUSES.map((status) => [status, accessStatus(status)])).to.deep.equal([
      ['active', 'active'],
      ['trialing', 'active'],
      ['past_due', 'past_due'],
      ['canceled', 'canceled'],
      ['unpaid', 'canceled'],
      ['incomplete', 'pending'],
      ['incomplete_expired', 'canceled'],
      ['paused', 'canceled'],
    ]);
    expect(statusRank('incomplete')).to.be.below(statusRank('active'));
    expect(statusRank('active')).to.be.below(statusRank('canceled'));
    expect(statusRank('past_due')).to.equal(statusRank('active'));
  });
});

describe('daily usage range', () => {
  function failure(from: string, to: string): unknown {
    try {
      checkRange(from, to);
      return undefined;
    } catch (error) {
      expect(error).to.be.instanceOf(ValidationFailedError);
      return (error as ValidationFailedError).issues[0];
    }
  }

  it('accepts up to 90 days inclusive, rejects 91 at date_to and an inverted range at date_from', () => {
    expect(failure('2026-01-01', '2026-03-31')).to.equal(undefined);
    expect(failure('2026-01-01', '2026-04-01')).to.deep.include({
      loc: ['query', 'date_to'],
      type: 'date_range_too_long',
    });
    expect(failure('2026-02-01', '2026-01-31')).to.deep.include({
      loc: ['query', 'date_from'],
      type: 'date_range_inverted',
    });
    expect(failure('2026-05-05', '2026-05-05')).to.equal(undefined);
  });
});

describe('billing event shape (a signature proves the sender, not the shape)', () => {
  const subscription = subscriptionEvent('updated', {
    created: 5,
    accountId: ACCOUNT,
    customer: 'cus_1',
    subscription: 'sub_1',
    status: 'active',
    price: 'price_s',
    periodStart: 1_700_000_000,
    periodEnd: 1_702_592_000,
  });
  const codeOf = (event: unknown): string | undefined => {
    try {
      checkEventShape(JSON.parse(JSON.stringify(event)));
      return undefined;
    } catch (error) {
      if (error instanceof WebhookPayloadError) return error.code;
      throw error;
    }
  };

  it('accepts whole events of every handled type, and unknown types with only an envelope', () => {
    expect(codeOf(subscription)).to.equal(undefined);
    expect(
      codeOf(checkoutCompleted({ created: 1, accountId: ACCOUNT, customer: 'cus_1', subscription: 'sub_1' })),
    ).to.equal(undefined);
    expect(codeOf(invoiceEvent('paid', { created: 1, customer: 'cus_1', subscription: 'sub_1' }))).to.equal(
      undefined,
    );
    expect(codeOf({ id: 'evt_1', type: 'charge.refunded', created: 1 })).to.equal(undefined);
  });

  it('answers webhook_payload_invalid for what interpretation would trip on', () => {
    const items = (subscription.data as { object: { items: { data: Record<string, unknown>[] } } }).object
      .items;
    const [item] = items.data;
    for (const broken of [
      {},
      [],
      { id: 'evt_1', type: 'invoice.paid' },
      { id: 'evt_1', type: 'invoice.paid', created: 'yesterday' },
      { id: 'evt_1', type: 'invoice.paid', created: 1 },
      { ...subscription, data: { object: { id: 'sub_1', status: 'active', metadata: {} } } },
      {
        ...subscription,
        data: { object: { id: 'sub_1', status: 'active', metadata: {}, items: { data: [{}] } } },
      },
      {
        ...subscription,
        data: {
          object: {
            id: 'sub_1',
            status: 'active',
            metadata: {},
            items: { data: [{ ...item, current_period_start: undefined }] },
          },
        },
      },
    ]) {
      expect(codeOf(broken), JSON.stringify(broken)).to.equal('webhook_payload_invalid');
    }
  });
});
