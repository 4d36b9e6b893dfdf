/** The Stripe client, built once from config (an explicit deadline and bounded retries on every call). */
import Stripe from 'stripe';
import type { StripeConfig } from '../config.js';
import { UpstreamUnavailableError } from '../domain/errors.js';

export type StripeClient = Stripe;

export function createStripeClient(config: StripeConfig): StripeClient {
  const api = config.apiUrl === undefined ? undefined : new URL(config.apiUrl);
  return new Stripe(config.secretKey, {
    timeout: config.timeoutMs,
    // Retries reuse the idempotency key, so a retried create never creates twice.
    maxNetworkRetries: 2,
    ...(api === undefined
      ? {}
      : {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }),
  });
}

/** Stripe unreachable, overloaded or failing is retryable for our caller; anything else is our bug. */
export function asUpstreamError(error: unknown): unknown {
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    return new UpstreamUnavailableError(5);
  }
  return error;
}
