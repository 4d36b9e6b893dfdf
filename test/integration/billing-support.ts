/** Billing test helpers: signed webhook deliveries and a checkout that reaches an active account. */
import { expect } from 'chai';
import { testEnv, WEBHOOK_SECRETS, STRIPE_PRICES } from './env.js';
import { call, jsonBody, type ApiResponse } from './http.js';
import { checkoutCompleted, subscriptionEvent } from '../fixtures/stripe-events.js';

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Posts an event signed as Stripe signs it (the SDK's test-header helper). */
export async function deliver(
  event: Record<string, unknown>,
  options: { secret?: string; timestamp?: number; header?: string; baseUrl?: string } = {},
): Promise<ApiResponse> {
  const stripe = testEnv().runtime.stripe;
  if (stripe === undefined)
    throw new Error('STRIPE_API_URL is not set: run through npm test or the dev stack');
  const payload = JSON.stringify(event);
  const header =
    options.header ??
    stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRETS[0],
      timestamp: options.timestamp ?? nowSeconds(),
    });
  return call(
    '/v1/billing/webhook',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Stripe-Signature': header },
      body: payload,
    },
    options.baseUrl,
  );
}

export interface CheckedOut {
  accountId: string;
  claimToken: string;
  customer: string;
  subscription: string;
}

/** POST /v1/billing/checkout, then the account id Stripe would echo back as client_reference_id. */
export async function checkout(
  email: string,
  plan: keyof typeof STRIPE_PRICES = 'growth',
  baseUrl?: string,
): Promise<CheckedOut> {
  const response = await call(
    '/v1/billing/checkout',
    jsonBody({ email, plan, return_url: 'https://customer.test/welcome?from=pricing' }),
    baseUrl,
  );
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  const { claim_token: claimToken } = response.body as { claim_token: string };
  const row = await testEnv().runtime.database.db.one<{ id: string }>(
    'SELECT id FROM accounts WHERE email = $1',
    [email],
  );
  const tag = row.id.slice(0, 8);
  return { accountId: row.id, claimToken, customer: `cus_${tag}`, subscription: `sub_${tag}` };
}

/** The webhooks Stripe sends after payment: checkout completed and the subscription created. */
export async function activate(
  account: CheckedOut,
  plan: keyof typeof STRIPE_PRICES = 'growth',
  baseUrl?: string,
): Promise<void> {
  const created = nowSeconds();
  const completed = await deliver(
    checkoutCompleted({
      created,
      accountId: account.accountId,
      customer: account.customer,
      subscription: account.subscription,
    }),
    { baseUrl },
  );
  expect(completed.status).to.equal(200);
  const subscribed = await deliver(
    subscriptionEvent('created', {
      created,
      accountId: account.accountId,
      customer: account.customer,
      subscription: account.subscription,
      status: 'active',
      price: STRIPE_PRICES[plan],
      periodStart: created - 60,
      periodEnd: created + 30 * 86_400,
    }),
    { baseUrl },
  );
  expect(subscribed.status).to.equal(200);
}

export async function claim(token: string, baseUrl?: string): Promise<ApiResponse> {
  return call('/v1/billing/claim', jsonBody({ claim_token: token }), baseUrl);
}
