import { expect } from 'chai';
import { STRIPE_PRICES, testEnv, WEBHOOK_SECRETS } from './env.js';
import { call, jsonBody, type Problem, type ValidationBody } from './http.js';
import { activate, checkout, claim, deliver, nowSeconds } from './billing-support.js';
import { checkoutCompleted, invoiceEvent, subscriptionEvent } from '../fixtures/stripe-events.js';

interface AccountRow {
  status: string;
  subscription_status: string | null;
  plan_code: string;
}

async function account(id: string): Promise<AccountRow> {
  return testEnv().runtime.database.db.one<AccountRow>(
    'SELECT status, subscription_status, plan_code FROM accounts WHERE id = $1',
    [id],
  );
}

const key = (value: string): RequestInit => ({ headers: { 'X-API-Key': value } });

describe('billing: checkout → signed webhook → claim → keys → usage (stripe-mock)', function () {
  this.timeout(60_000);

  it('end to end: the claimed key works, rotates, the old key is revoked, and usage shows the calls', async () => {
    const env = testEnv();
    const checkedOut = await checkout('e2e@billing.test');

    const early = await claim(checkedOut.claimToken);
    expect(early.status).to.equal(409);
    expect((early.body as Problem).code).to.equal('claim_pending');
    expect(early.headers.get('retry-after')).to.equal('5');
    expect(early.headers.get('cache-control')).to.equal('no-store');
    expect((await account(checkedOut.accountId)).status).to.equal('pending');

    await activate(checkedOut, 'growth');
    expect(await account(checkedOut.accountId)).to.deep.equal({
      status: 'active',
      subscription_status: 'active',
      plan_code: 'growth',
    });

    const claimed = await claim(checkedOut.claimToken);
    expect(claimed.status, JSON.stringify(claimed.body)).to.equal(201);
    expect(claimed.headers.get('cache-control')).to.equal('no-store');
    const first = claimed.body as {
      key: string;
      id: string;
      label: string;
      plan: string;
      account_id: string;
    };
    expect(first.key).to.match(/^jls_live_[0-9A-Za-z]{38}$/);
    expect(first).to.include({ label: 'default', plan: 'growth', account_id: checkedOut.accountId });
    expect((await claim(checkedOut.claimToken)).body).to.include({ status: 410, code: 'claim_token_used' });

    const search = await call('/v1/jobs/search?limit=3', key(first.key));
    expect(search.status).to.equal(200);
    const delivered = (search.body as { data: unknown[] }).data.length;
    expect((await call('/v1/feed/active/count', key(first.key))).status).to.equal(200);

    const rotated = await call('/v1/account/keys/rotate', { method: 'POST', ...key(first.key) });
    expect(rotated.status).to.equal(201);
    const second = rotated.body as { key: string; id: string; replaces_key_id: string; label: string };
    expect(second).to.include({ replaces_key_id: first.id, label: 'default' });
    expect(
      (await call('/v1/account/keys', key(first.key))).status,
      'old key still active after rotate',
    ).to.equal(200);

    const revoked = await call(`/v1/account/keys/${first.id}`, { method: 'DELETE', ...key(second.key) });
    expect(revoked.status).to.equal(200);
    expect(revoked.body).to.include({ id: first.id, status: 'revoked' });
    expect((await call('/v1/feed/active/count', key(first.key))).body).to.include({
      code: 'invalid_api_key',
    });

    await env.runtime.activity.flush();
    const usage = await call('/v1/account/usage', key(second.key));
    expect(usage.status).to.equal(200);
    const body = usage.body as {
      plan: string;
      subscription_status: string;
      entitlements: string[];
      allowance: { limit: number; used: number; remaining: number };
      daily: { requests: number; jobs_returned: number }[];
      recent_activity: {
        method: string;
        path: string;
        status: number;
        key_id: string;
        jobs_returned: number;
      }[];
    };
    expect(body).to.include({ plan: 'growth', subscription_status: 'active' });
    expect(body.entitlements).to.include.members(['production', 'semantic_search']);
    expect(body.allowance).to.deep.equal({ limit: 300_000, used: delivered, remaining: 300_000 - delivered });
    const calls = body.recent_activity.map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
    // The call with the revoked key authenticated nobody, so it is no account's activity.
    expect(calls).to.include.members([
      'GET /v1/jobs/search 200',
      'GET /v1/feed/active/count 200',
      'POST /v1/account/keys/rotate 201',
      `DELETE /v1/account/keys/${first.id} 200`,
    ]);
    expect(calls.filter((entry) => entry.endsWith(' 401'))).to.deep.equal([]);
    expect(body.recent_activity.find((entry) => entry.path === '/v1/jobs/search')).to.include({
      key_id: first.id,
      jobs_returned: delivered,
    });
    const today = body.daily.at(-1);
    expect(today?.jobs_returned).to.equal(delivered);
    expect(today?.requests).to.be.at.least(5);
  });

  it('rejects unknown and expired claim tokens without echoing them', async () => {
    const unknown = await claim('jlc_never_issued_token_0123456789');
    expect(unknown.status).to.equal(404);
    expect(unknown.body).to.include({ code: 'claim_token_not_found' });
    expect(JSON.stringify(unknown.body)).not.to.include('never_issued');
    const checkedOut = await checkout('expired@billing.test');
    await activate(checkedOut);
    await testEnv().runtime.database.db.none(
      "UPDATE claim_tokens SET expires_at = now() - interval '1 second' WHERE account_id = $1",
      [checkedOut.accountId],
    );
    expect((await claim(checkedOut.claimToken)).body).to.include({
      status: 410,
      code: 'claim_token_expired',
    });
    const invalid = await call('/v1/billing/claim', jsonBody({ claim_token: 'short' }));
    expect(invalid.status).to.equal(422);
    expect((invalid.body as ValidationBody).detail[0]).not.to.have.property('input');
  });

  it('validates checkout input and creates no account for a rejected one', async () => {
    const cases = [
      { email: 'a@billing.test', plan: 'enterprise', return_url: 'https://x.test/' },
      { email: 'not-an-email', plan: 'growth', return_url: 'https://x.test/' },
      { email: 'b@billing.test', plan: 'growth', return_url: 'javascript:alert(1)' },
      { email: 'c@billing.test', plan: 'growth' },
    ];
    for (const input of cases) {
      const response = await call('/v1/billing/checkout', jsonBody(input));
      expect(response.status, JSON.stringify(input)).to.equal(422);
    }
    const created = await testEnv().runtime.database.db.one<{ n: number }>(
      "SELECT count(*)::int AS n FROM accounts WHERE email IN ('a@billing.test', 'b@billing.test', 'c@billing.test')",
    );
    expect(created.n).to.equal(0);
    const ok = await call(
      '/v1/billing/checkout',
      jsonBody({ email: 'd@billing.test', plan: 'scale', return_url: 'https://x.test/' }),
    );
    expect(ok.status).to.equal(201);
    expect(ok.headers.get('cache-control')).to.equal('no-store');
    expect(ok.body).to.have.keys(['checkout_url', 'claim_token', 'expires_at']);
    expect((ok.body as { checkout_url: string }).checkout_url).to.match(/^https:\/\//);
  });
});

describe('billing webhook: signatures, replays, ordering', function () {
  this.timeout(60_000);

  it('accepts a valid signature by the current or the previous secret, and any matching v1 of several', async () => {
    const checkedOut = await checkout('sig@billing.test');
    const event = (): Record<string, unknown> =>
      checkoutCompleted({ created: nowSeconds(), ...refOf(checkedOut) });
    expect((await deliver(event())).body).to.include({ received: true, duplicate: false, handled: true });
    expect((await deliver(event(), { secret: WEBHOOK_SECRETS[1] })).status).to.equal(200);
    const payload = event();
    const stripe = testEnv().runtime.stripe;
    if (stripe === undefined) throw new Error('no stripe client');
    const timestamp = nowSeconds();
    const good = stripe.webhooks.generateTestHeaderString({
      payload: JSON.stringify(payload),
      secret: WEBHOOK_SECRETS[0],
      timestamp,
    });
    const v1 = good.split(',v1=')[1];
    const header = `t=${timestamp},v1=${'0'.repeat(64)},v1=${v1 ?? ''}`;
    expect((await deliver(payload, { header })).status).to.equal(200);
  });

  it('rejects missing, invalid, stale and tampered signatures with 400 webhook_signature_invalid', async () => {
    const checkedOut = await checkout('badsig@billing.test');
    const event = checkoutCompleted({ created: nowSeconds(), ...refOf(checkedOut) });
    const payload = JSON.stringify(event);
    const missing = await call('/v1/billing/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: payload,
    });
    const wrongSecret = await deliver(event, { secret: 'whsec_someone_else_entirely' });
    const stale = await deliver(event, { timestamp: nowSeconds() - 301 });
    const garbage = await deliver(event, { header: 'definitely not a signature' });
    const stripe = testEnv().runtime.stripe;
    if (stripe === undefined) throw new Error('no stripe client');
    const signedOther = stripe.webhooks.generateTestHeaderString({
      payload: `${payload} `,
      secret: WEBHOOK_SECRETS[0],
    });
    const tampered = await deliver(event, { header: signedOther });
    for (const response of [missing, wrongSecret, stale, garbage, tampered]) {
      expect(response.status).to.equal(400);
      expect(response.body).to.include({ code: 'webhook_signature_invalid' });
    }
    expect((await account(checkedOut.accountId)).status).to.equal('pending');
    const recorded = await testEnv().runtime.database.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM billing_events WHERE event_id = $1',
      [event.id],
    );
    expect(recorded.n).to.equal(0);
  });

  it('50 concurrent replays of one event activate once; the rest answer duplicate', async () => {
    const checkedOut = await checkout('replay@billing.test');
    const event = checkoutCompleted({ created: nowSeconds(), ...refOf(checkedOut) });
    const responses = await Promise.all(Array.from({ length: 50 }, () => deliver(event)));
    expect(responses.map((response) => response.status)).to.deep.equal(Array(50).fill(200));
    const duplicates = responses.map((response) => (response.body as { duplicate: boolean }).duplicate);
    expect(duplicates.filter((duplicate) => !duplicate)).to.have.length(1);
    const rows = await testEnv().runtime.database.db.one<{ n: number }>(
      'SELECT count(*)::int AS n FROM billing_events WHERE event_id = $1',
      [event.id],
    );
    expect(rows.n).to.equal(1);
    expect((await account(checkedOut.accountId)).status).to.equal('active');
    expect((await claim(checkedOut.claimToken)).status).to.equal(201);
  });

  it('ends in the state of the newest event whatever the delivery order', async () => {
    const checkedOut = await checkout('order@billing.test');
    const t = nowSeconds();
    const sub = (
      type: 'created' | 'updated' | 'deleted',
      created: number,
      status: string,
      plan: keyof typeof STRIPE_PRICES,
    ) =>
      subscriptionEvent(type, {
        created,
        ...refOf(checkedOut),
        status,
        price: STRIPE_PRICES[plan],
        periodStart: t,
        periodEnd: t + 30 * 86_400,
      });
    // Updated (newer, past_due on scale) arrives before created (older, active on growth).
    await deliver(sub('updated', t + 20, 'past_due', 'scale'));
    await deliver(sub('created', t + 10, 'active', 'growth'));
    await deliver(checkoutCompleted({ created: t + 5, ...refOf(checkedOut) }));
    expect(await account(checkedOut.accountId)).to.deep.equal({
      status: 'past_due',
      subscription_status: 'past_due',
      plan_code: 'scale',
    });
    // Deleted, then a late update from before the deletion: the deletion stands.
    await deliver(sub('deleted', t + 40, 'canceled', 'scale'));
    await deliver(sub('updated', t + 30, 'active', 'scale'));
    expect((await account(checkedOut.accountId)).status).to.equal('canceled');
    // A paid invoice never revives a canceled subscription.
    await deliver(invoiceEvent('paid', { created: t + 50, ...refOf(checkedOut) }));
    expect((await account(checkedOut.accountId)).status).to.equal('canceled');
  });

  it('breaks same-second ties by life stage, and follows invoices through dunning', async () => {
    const checkedOut = await checkout('ties@billing.test');
    const t = nowSeconds();
    const sub = (type: 'created' | 'updated', status: string) =>
      subscriptionEvent(type, {
        created: t,
        ...refOf(checkedOut),
        status,
        price: STRIPE_PRICES.starter,
        periodStart: t,
        periodEnd: t + 30 * 86_400,
      });
    await deliver(sub('updated', 'active'));
    await deliver(sub('created', 'incomplete'));
    expect((await account(checkedOut.accountId)).status).to.equal('active');
    await deliver(invoiceEvent('payment_failed', { created: t + 1, ...refOf(checkedOut) }));
    expect((await account(checkedOut.accountId)).status).to.equal('past_due');
    await deliver(invoiceEvent('paid', { created: t + 2, ...refOf(checkedOut) }));
    expect(await account(checkedOut.accountId)).to.deep.include({
      status: 'active',
      subscription_status: 'active',
    });
  });

  it('an invoice that changes nothing (paid while still pending) does not hide the subscription events around it', async () => {
    const checkedOut = await checkout('invoice-first@billing.test');
    const t = nowSeconds();
    await deliver(invoiceEvent('paid', { created: t + 1, ...refOf(checkedOut) }));
    expect((await account(checkedOut.accountId)).status).to.equal('pending');
    await deliver(
      subscriptionEvent('created', {
        created: t,
        ...refOf(checkedOut),
        status: 'active',
        price: STRIPE_PRICES.growth,
        periodStart: t,
        periodEnd: t + 30 * 86_400,
      }),
    );
    expect((await account(checkedOut.accountId)).status).to.equal('active');
    expect((await claim(checkedOut.claimToken)).status).to.equal(201);
  });

  it('a key in use loses its plan on its very next request after the webhook that cancels it', async () => {
    const checkedOut = await checkout('cancel-live@billing.test');
    await activate(checkedOut, 'growth');
    const claimed = (await claim(checkedOut.claimToken)).body as { key: string };
    // Used twice first, so its authentication is cached when the cancellation arrives.
    expect((await call('/v1/feed/active/count', key(claimed.key))).status).to.equal(200);
    expect((await call('/v1/feed/active/count', key(claimed.key))).status).to.equal(200);
    const t = nowSeconds();
    await deliver(
      subscriptionEvent('deleted', {
        created: t + 60,
        ...refOf(checkedOut),
        status: 'canceled',
        price: STRIPE_PRICES.growth,
        periodStart: t,
        periodEnd: t + 30 * 86_400,
      }),
    );
    expect((await call('/v1/feed/active/count', key(claimed.key))).body).to.include({
      status: 403,
      code: 'subscription_inactive',
    });
  });

  it('acknowledges event types it does not handle, and events for unknown accounts, without effect', async () => {
    const other = {
      id: `evt_other_${nowSeconds()}`,
      object: 'event',
      created: nowSeconds(),
      type: 'customer.created',
      data: { object: { id: 'cus_x', object: 'customer' } },
    };
    expect((await deliver(other)).body).to.include({ received: true, handled: false, duplicate: false });
    const stranger = checkoutCompleted({
      created: nowSeconds(),
      accountId: '00000000-0000-4000-8000-000000000000',
      customer: 'cus_stranger',
      subscription: 'sub_stranger',
    });
    expect((await deliver(stranger)).body).to.include({ handled: false });
  });
});

describe('billing portal', function () {
  this.timeout(60_000);

  it('opens a hosted portal session for a checkout account, 409 for an operator account, 403 for a compat key', async () => {
    const checkedOut = await checkout('portal@billing.test', 'starter');
    await activate(checkedOut, 'starter');
    const { key: claimed } = (await claim(checkedOut.claimToken)).body as { key: string };
    const session = await call('/v1/billing/portal', { method: 'POST', ...key(claimed) });
    expect(session.status).to.equal(201);
    expect((session.body as { portal_url: string }).portal_url).to.match(/^https:\/\//);
    const withReturn = await call('/v1/billing/portal', {
      ...jsonBody({ return_url: 'https://customer.test/account' }),
      headers: { 'content-type': 'application/json', 'X-API-Key': claimed },
    });
    expect(withReturn.status).to.equal(201);

    const operator = await testEnv().services.accounts.createActiveAccount({
      email: 'operator-portal@billing.test',
      plan: 'growth',
      isService: false,
    });
    expect((await call('/v1/billing/portal', { method: 'POST', ...key(operator.key) })).body).to.include({
      status: 409,
      code: 'billing_customer_missing',
    });
    const compat = await call('/v1/keys', jsonBody({ email: 'compat-portal@billing.test' }));
    const { key: compatKey } = compat.body as { key: string };
    expect((await call('/v1/billing/portal', { method: 'POST', ...key(compatKey) })).body).to.include({
      status: 403,
      code: 'plan_required',
    });
  });
});

function refOf(checkedOut: { accountId: string; customer: string; subscription: string }): {
  accountId: string;
  customer: string;
  subscription: string;
} {
  return {
    accountId: checkedOut.accountId,
    customer: checkedOut.customer,
    subscription: checkedOut.subscription,
  };
}
