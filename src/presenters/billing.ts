/** Response shapes of the billing operations (OpenAPI Checkout, WebhookAck, PortalSession). */
import type { ResponseBody } from '../openapi/operations.js';
import type { Checkout, WebhookAck } from '../services/billing.js';

export function presentCheckout(checkout: Checkout): ResponseBody<'createCheckout', 201> {
  return {
    checkout_url: asUri(checkout.checkout_url),
    claim_token: checkout.claim_token,
    expires_at: checkout.expires_at,
  };
}

export function presentWebhookAck(ack: WebhookAck): ResponseBody<'receiveBillingWebhook'> {
  return { received: ack.received, event_id: ack.event_id, duplicate: ack.duplicate, handled: ack.handled };
}

export function presentPortalSession(session: {
  portal_url: string;
}): ResponseBody<'createPortalSession', 201> {
  return { portal_url: asUri(session.portal_url) };
}

/**
 * A billing provider's address as an RFC 3986 URI (the documented `format: uri`): the WHATWG
 * serialization percent-encodes what a URI may not contain (stripe-mock hands out
 * `…/session/{SESSION_SECRET}`). The same address; an unparseable one is passed on as it came.
 */
function asUri(address: string): string {
  return URL.parse(address)?.href ?? address;
}
