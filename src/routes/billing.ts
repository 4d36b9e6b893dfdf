/** /v1/billing/*: checkout, webhook, claim, portal. */
import type { BillingService, CheckoutInput } from '../services/billing.js';
import { rawBody } from '../http/body.js';
import { presentClaimedKey } from '../presenters/accounts.js';
import type { HandlerMap } from './index.js';
import { body, principal } from './query.js';

export function billingHandlers(billing: BillingService): HandlerMap {
  return {
    createCheckout: async (ctx) => {
      ctx.status = 201;
      ctx.body = await billing.checkout(body<CheckoutInput>(ctx));
    },
    receiveBillingWebhook: async (ctx) => {
      // The signature covers the exact bytes received, not the parsed JSON.
      ctx.body = await billing.receiveWebhook(rawBody(ctx), ctx.get('Stripe-Signature'));
    },
    claimKey: async (ctx) => {
      const { claim_token: token } = body<{ claim_token: string }>(ctx);
      ctx.status = 201;
      ctx.body = presentClaimedKey(await billing.claim(token));
    },
    createPortalSession: async (ctx) => {
      const { return_url: returnUrl } = body<{ return_url?: string }>(ctx);
      ctx.status = 201;
      ctx.body = await billing.portal(principal(ctx), returnUrl);
    },
  };
}
