/** /v1/billing/*: checkout, webhook, claim, portal. */
import type { BillingService } from '../services/billing.js';
import { rawBody } from '../http/body.js';
import { presentClaimedKey } from '../presenters/accounts.js';
import { presentCheckout, presentPortalSession, presentWebhookAck } from '../presenters/billing.js';
import type { HandlerMap } from './index.js';
import { caller } from './caller.js';

export function billingHandlers(billing: BillingService): HandlerMap {
  return {
    createCheckout: async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = presentCheckout(await billing.checkout(body));
    },
    receiveBillingWebhook: async (ctx) => {
      // The signature covers the exact bytes received, not the parsed JSON.
      ctx.body = presentWebhookAck(await billing.receiveWebhook(rawBody(ctx), ctx.get('Stripe-Signature')));
    },
    claimKey: async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = presentClaimedKey(await billing.claim(body.claim_token));
    },
    createPortalSession: async (ctx, { body }) => {
      ctx.status = 201;
      ctx.body = presentPortalSession(await billing.portal(caller(ctx), body?.return_url));
    },
  };
}
