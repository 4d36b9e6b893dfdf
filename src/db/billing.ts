/** SQL for checkout accounts, claim tokens and billing events. Tokens are addressed only by digest. */
import type { PlanCode } from '../domain/plans.js';
import {
  accessStatus,
  statusRank,
  SUBSCRIPTION_STATUSES,
  type AccountRef,
  type AccountStatus,
  type BillingChange,
  type InterpretedEvent,
} from '../domain/subscriptions.js';
import { AccountRepository, type KeyRow, type NewKey } from './accounts.js';
import { isoSql, type Queryable } from './database.js';

export interface ClaimRow {
  account_id: string;
  account_status: AccountStatus;
  plan_code: PlanCode | null;
  claimed: boolean;
  expired: boolean;
}

export interface EventOutcome {
  duplicate: boolean;
  handled: boolean;
}

/** Claim tokens expire 7 days after checkout (documented on CheckoutRequest). */
const CLAIM_TTL = '7 days';

// The current status's tie-break rank, from the one statusRank (a constant list, no input).
const CURRENT_RANK_SQL = `COALESCE((SELECT rank FROM (VALUES ${SUBSCRIPTION_STATUSES.map(
  (status) => `('${status}', ${statusRank(status)})`,
).join(', ')}) AS ranks (status, rank) WHERE ranks.status = accounts.subscription_status), -1)`;

export class BillingRepository {
  constructor(private readonly db: Queryable) {}

  /** A pending account on `plan` with its claim token; returns the token's expiry (ISO). */
  async createPendingAccount(input: {
    id: string;
    email: string;
    plan: PlanCode;
    tokenDigest: Buffer;
  }): Promise<{ expiresAt: string }> {
    return this.db.tx('create-pending-account', async (tx) => {
      await tx.none(
        `INSERT INTO accounts (id, email, plan_code, status, is_service) VALUES ($1, $2, $3, 'pending', false)`,
        [input.id, input.email, input.plan],
      );
      const row = await tx.one<{ expires_at: string }>(
        `INSERT INTO claim_tokens (digest, account_id, expires_at) VALUES ($1, $2, now() + interval '${CLAIM_TTL}')
         RETURNING ${isoSql('expires_at')} AS expires_at`,
        [input.tokenDigest, input.id],
      );
      return { expiresAt: row.expires_at };
    });
  }

  async setCheckoutSession(accountId: string, sessionId: string): Promise<void> {
    await this.db.none(
      'UPDATE accounts SET stripe_checkout_session_id = $2, updated_at = now() WHERE id = $1',
      [accountId, sessionId],
    );
  }

  async stripeCustomer(accountId: string): Promise<string | null> {
    const row = await this.db.one<{ stripe_customer_id: string | null }>(
      'SELECT stripe_customer_id FROM accounts WHERE id = $1',
      [accountId],
    );
    return row.stripe_customer_id;
  }

  async findClaim(tokenDigest: Buffer): Promise<ClaimRow | null> {
    return this.db.oneOrNone<ClaimRow>(
      `SELECT c.account_id, a.status AS account_status, a.plan_code, c.claimed_at IS NOT NULL AS claimed,
              c.expires_at <= now() AS expired
         FROM claim_tokens c JOIN accounts a ON a.id = c.account_id WHERE c.digest = $1`,
      [tokenDigest],
    );
  }

  /**
   * Marks the token claimed and issues the key in one transaction; the conditional update lets
   * exactly one of several concurrent claims through ('used' for the others).
   */
  async claim(tokenDigest: Buffer, key: Omit<NewKey, 'accountId'>): Promise<KeyRow | 'used'> {
    return this.db.tx('claim', async (tx) => {
      const claimed = await tx.oneOrNone<{ account_id: string }>(
        `UPDATE claim_tokens SET claimed_at = now()
          WHERE digest = $1 AND claimed_at IS NULL AND expires_at > now() RETURNING account_id`,
        [tokenDigest],
      );
      if (claimed === null) return 'used';
      const issued = await new AccountRepository(tx).insertKey({ ...key, accountId: claimed.account_id });
      await tx.none('UPDATE claim_tokens SET key_id = $2 WHERE digest = $1', [tokenDigest, issued.id]);
      return issued;
    });
  }

  /**
   * Records the event id and applies its change in one transaction. A replay conflicts on the
   * event id (a concurrent replay waits for the first to commit) and changes nothing.
   */
  async applyEvent(event: InterpretedEvent): Promise<EventOutcome> {
    return this.db.tx('billing-event', async (tx) => {
      const accountId = await resolveAccount(tx, event.change);
      const inserted = await tx.oneOrNone<{ handled: boolean }>(
        `INSERT INTO billing_events (event_id, type, created_at, account_id, handled)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING RETURNING handled`,
        [event.id, event.type, event.created, accountId, accountId !== null],
      );
      if (inserted === null) {
        const previous = await tx.one<{ handled: boolean }>(
          'SELECT handled FROM billing_events WHERE event_id = $1',
          [event.id],
        );
        return { duplicate: true, handled: previous.handled };
      }
      if (accountId === null) return { duplicate: false, handled: false };
      await applyChange(tx, accountId, event.change, event.created);
      return { duplicate: false, handled: true };
    });
  }
}

async function resolveAccount(tx: Queryable, change: BillingChange): Promise<string | null> {
  if (change.kind === 'ignored') return null;
  const ref: AccountRef = change.ref;
  const row = await tx.oneOrNone<{ id: string }>(
    `SELECT id FROM accounts
      WHERE ($1::uuid IS NOT NULL AND id = $1::uuid)
         OR ($2::text IS NOT NULL AND stripe_subscription_id = $2)
         OR ($3::text IS NOT NULL AND stripe_customer_id = $3)
      ORDER BY ($1::uuid IS NOT NULL AND id = $1::uuid) DESC LIMIT 1`,
    [isUuid(ref.accountId) ? ref.accountId : null, ref.subscriptionId ?? null, ref.customerId ?? null],
  );
  return row?.id ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isUuid(value: string | undefined): value is string {
  return value !== undefined && UUID.test(value);
}

/** Applies one change under the ordering rule: only events at least as new as the last applied. */
async function applyChange(
  tx: Queryable,
  accountId: string,
  change: BillingChange,
  created: Date,
): Promise<void> {
  switch (change.kind) {
    case 'checkout_completed':
      // Completion links the Stripe ids and activates a still-pending account; it never overrides
      // a state that a subscription event has already set.
      await tx.none(
        `UPDATE accounts SET
           stripe_customer_id = COALESCE(stripe_customer_id, $2),
           stripe_subscription_id = COALESCE(stripe_subscription_id, $3),
           status = CASE WHEN status = 'pending' AND $4 AND subscription_event_at IS NULL THEN 'active' ELSE status END,
           subscription_status = CASE WHEN subscription_event_at IS NULL AND $4 THEN 'active' ELSE subscription_status END,
           updated_at = now()
         WHERE id = $1`,
        [accountId, change.ref.customerId ?? null, change.ref.subscriptionId ?? null, change.paid],
      );
      return;
    case 'subscription':
      await tx.none(
        `UPDATE accounts SET
           subscription_status = $2, status = $3, plan_code = COALESCE($4, plan_code),
           current_period_start = COALESCE($5, current_period_start),
           current_period_end = COALESCE($6, current_period_end),
           stripe_subscription_id = COALESCE(stripe_subscription_id, $7),
           stripe_customer_id = COALESCE(stripe_customer_id, $8),
           subscription_event_at = $9, updated_at = now()
         WHERE id = $1
           AND (subscription_event_at IS NULL OR subscription_event_at < $9
                OR (subscription_event_at = $9 AND $10 >= ${CURRENT_RANK_SQL}))`,
        [
          accountId,
          change.status,
          accessStatus(change.status),
          change.plan ?? null,
          change.periodStart ?? null,
          change.periodEnd ?? null,
          change.ref.subscriptionId ?? null,
          change.ref.customerId ?? null,
          created,
          statusRank(change.status),
        ],
      );
      return;
    case 'invoice':
      // A paid invoice ends dunning; a failed one starts it. Neither revives a canceled account, and
      // an invoice that changes nothing (e.g. paid while the account is still pending) does not move
      // the watermark, so the subscription events around it still apply.
      await tx.none(
        `UPDATE accounts SET
           status = CASE WHEN $2 THEN 'active' ELSE 'past_due' END,
           subscription_status = CASE WHEN $2 THEN 'active' ELSE 'past_due' END,
           subscription_event_at = $3, updated_at = now()
         WHERE id = $1 AND (subscription_event_at IS NULL OR subscription_event_at < $3)
           AND status = CASE WHEN $2 THEN 'past_due' ELSE 'active' END`,
        [accountId, change.paid, created],
      );
      return;
    case 'ignored':
      return;
  }
}
