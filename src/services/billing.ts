/**
 * Subscription billing: hosted checkout, the signed webhook that activates and updates accounts,
 * the single-use claim of the first key, and the hosted billing portal.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { AuthChanges } from './key-cache.js';
import { keyDigest } from '../domain/keys.js';
import type { Principal } from '../domain/principal.js';
import { newKeyMaterial } from './accounts.js';
import type { StripeConfig } from '../config.js';
import type { KeyRow } from '../db/accounts.js';
import type { BillingRepository } from '../db/billing.js';
import {
  BillingUnavailableError,
  ClaimTokenNotFoundError,
  ConflictError,
  GoneError,
  ValidationFailedError,
  WebhookSignatureError,
} from '../domain/errors.js';
import { PLAN_CODES, type PlanCode } from '../domain/plans.js';
import { checkEventShape, interpretEvent } from '../billing/events.js';
import { asUpstreamError, type StripeClient } from '../billing/stripe.js';

/** Stripe's documented default tolerance: signatures older than 5 minutes are replays. */
const SIGNATURE_TOLERANCE_S = 300;
/** How long a claimant should wait before asking again while the webhook has not arrived. */
const CLAIM_RETRY_AFTER_S = 5;

export interface CheckoutInput {
  email: string;
  plan: PlanCode;
  return_url: string;
}

export interface Checkout {
  checkout_url: string;
  claim_token: string;
  expires_at: string;
}

export interface WebhookAck {
  received: true;
  event_id: string;
  duplicate: boolean;
  handled: boolean;
}

export interface ClaimedKey {
  key: string;
  row: KeyRow;
  plan: PlanCode;
}

export interface BillingDeps {
  repository: BillingRepository;
  pepper: string;
  /** Absent: checkout, portal and webhook answer 503 billing_unavailable. */
  stripe?: { client: StripeClient; config: StripeConfig };
  /** Default return address of the billing portal. */
  accountUrl: string;
  /** Told when an event was applied (plans and statuses decide what keys may do). */
  authChanges?: AuthChanges;
}

export class BillingService {
  constructor(private readonly deps: BillingDeps) {}

  async checkout(input: CheckoutInput): Promise<Checkout> {
    const stripe = this.stripe();
    const returnUrl = httpUrl(input.return_url, ['body', 'return_url']);
    const accountId = randomUUID();
    const claimToken = `jlc_${randomBytes(32).toString('base64url')}`;
    const success = new URL(returnUrl);
    success.searchParams.set('checkout', 'success');
    success.searchParams.set('claim_token', claimToken);
    const cancel = new URL(returnUrl);
    cancel.searchParams.set('checkout', 'cancelled');
    // Stripe first: a failed checkout leaves no pending account behind.
    const session = await stripe.client.checkout.sessions
      .create(
        {
          mode: 'subscription',
          line_items: [{ price: stripe.config.prices[input.plan], quantity: 1 }],
          customer_email: input.email,
          client_reference_id: accountId,
          metadata: { account_id: accountId },
          subscription_data: { metadata: { account_id: accountId } },
          success_url: success.toString(),
          cancel_url: cancel.toString(),
        },
        { idempotencyKey: `checkout:${accountId}` },
      )
      .catch((error: unknown) => {
        throw asUpstreamError(error);
      });
    if (session.url === null) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
    const { expiresAt } = await this.deps.repository.createPendingAccount({
      id: accountId,
      email: input.email,
      plan: input.plan,
      tokenDigest: keyDigest(claimToken, this.deps.pepper),
    });
    await this.deps.repository.setCheckoutSession(accountId, session.id);
    return { checkout_url: session.url, claim_token: claimToken, expires_at: expiresAt };
  }

  /** Verifies the signature over the exact bytes received, then applies the event once. */
  async receiveWebhook(rawBody: string, signature: string | undefined): Promise<WebhookAck> {
    const stripe = this.stripe();
    if (signature === undefined || signature === '') {
      throw new WebhookSignatureError('The Stripe-Signature header is missing');
    }
    const event = await verifiedEvent(stripe, rawBody, signature);
    checkEventShape(event);
    const interpreted = interpretEvent(event, (priceId) => planOfPrice(stripe.config, priceId));
    const outcome = await this.deps.repository.applyEvent(interpreted);
    if (outcome.handled && !outcome.duplicate) this.deps.authChanges?.changed();
    return { received: true, event_id: event.id, ...outcome };
  }

  async claim(token: string): Promise<ClaimedKey> {
    const digest = keyDigest(token, this.deps.pepper);
    const found = await this.deps.repository.findClaim(digest);
    if (found === null) throw new ClaimTokenNotFoundError();
    if (found.claimed)
      throw new GoneError('claim_token_used', 'This claim token has already been exchanged for a key');
    if (found.expired) throw new GoneError('claim_token_expired', 'This claim token has expired');
    if (found.account_status === 'pending' || found.plan_code === null) {
      const error = new ConflictError(
        'claim_pending',
        'The subscription has not been activated yet; retry after the indicated delay',
      );
      error.headers['Retry-After'] = String(CLAIM_RETRY_AFTER_S);
      throw error;
    }
    const { key, material } = newKeyMaterial('live', 'default', this.deps.pepper);
    const issued = await this.deps.repository.claim(digest, material);
    if (issued === 'used')
      throw new GoneError('claim_token_used', 'This claim token has already been exchanged for a key');
    return { key, row: issued, plan: found.plan_code };
  }

  async portal(principal: Principal, returnUrl: string | undefined): Promise<{ portal_url: string }> {
    const stripe = this.stripe();
    const target =
      returnUrl === undefined ? this.deps.accountUrl : httpUrl(returnUrl, ['body', 'return_url']);
    const customer = await this.deps.repository.stripeCustomer(principal.accountId);
    if (customer === null) {
      throw new ConflictError(
        'billing_customer_missing',
        'This account was not created through checkout and has no billing profile',
      );
    }
    const session = await stripe.client.billingPortal.sessions
      .create({ customer, return_url: target })
      .catch((error: unknown) => {
        throw asUpstreamError(error);
      });
    return { portal_url: session.url };
  }

  private stripe(): NonNullable<BillingDeps['stripe']> {
    if (this.deps.stripe === undefined) throw new BillingUnavailableError();
    return this.deps.stripe;
  }
}

/** Any configured secret may match (two during a rotation); each verification checks every v1 signature. */
async function verifiedEvent(
  stripe: NonNullable<BillingDeps['stripe']>,
  rawBody: string,
  signature: string,
): Promise<Stripe.Event> {
  for (const secret of stripe.config.webhookSecrets) {
    try {
      return await stripe.client.webhooks.constructEventAsync(
        rawBody,
        signature,
        secret,
        SIGNATURE_TOLERANCE_S,
      );
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
    }
  }
  throw new WebhookSignatureError(
    'The Stripe-Signature header does not match the body, is malformed, or is older than 5 minutes',
  );
}

function planOfPrice(config: StripeConfig, priceId: string): PlanCode | undefined {
  return PLAN_CODES.find((plan) => config.prices[plan] === priceId);
}

/** Return addresses must be http(s): anything else could turn a redirect into script. */
function httpUrl(value: string, loc: string[]): string {
  const url = URL.parse(value);
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ValidationFailedError([
      { loc, msg: 'URL should use the http or https scheme', type: 'url_parsing', input: value },
    ]);
  }
  return url.toString();
}
