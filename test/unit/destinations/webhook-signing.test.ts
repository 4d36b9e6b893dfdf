import { expect } from 'chai';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import {
  generateSigningSecret,
  webhookHeaders,
  type WebhookMessage,
} from '../../../src/destinations/webhook.js';

describe('webhook signing', () => {
  const message: WebhookMessage = {
    id: 'msg_2a8b7c',
    timestamp: new Date(),
    body: JSON.stringify({ type: 'job.modified', data: { job_key: 'greenhouse:acme:123' } }),
  };

  it('makes secrets in the Standard Webhooks format', () => {
    const secret = generateSigningSecret();
    expect(secret).to.match(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).to.have.length(32);
    expect(generateSigningSecret()).to.not.equal(secret);
  });

  it('signs with every secret, current first, and each verifies', () => {
    const current = generateSigningSecret();
    const previous = generateSigningSecret();
    const headers = webhookHeaders([current, previous], message);
    expect(headers['webhook-id']).to.equal(message.id);
    expect(headers['webhook-timestamp']).to.equal(String(Math.floor(message.timestamp.getTime() / 1000)));
    const signatures = (headers['webhook-signature'] ?? '').split(' ');
    expect(signatures).to.have.length(2);
    for (const signature of signatures) expect(signature).to.match(/^v1,[A-Za-z0-9+/]+={0,2}$/);
    expect(signatures[0]).to.equal(new Webhook(current).sign(message.id, message.timestamp, message.body));
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(message.body, headers)).to.deep.equal(JSON.parse(message.body));
    }
  });

  it('does not verify with another secret or another body', () => {
    const secret = generateSigningSecret();
    const headers = webhookHeaders([secret], message);
    expect(() => new Webhook(generateSigningSecret()).verify(message.body, headers)).to.throw(
      WebhookVerificationError,
    );
    expect(() => new Webhook(secret).verify(`${message.body} `, headers)).to.throw(WebhookVerificationError);
  });

  it('refuses to sign without a secret', () => {
    expect(() => webhookHeaders([], message)).to.throw(RangeError);
  });
});
