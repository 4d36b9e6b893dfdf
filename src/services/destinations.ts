/**
 * The destination operations (Scale): create disabled, read, update, soft delete, enable, disable,
 * runs. Secrets are sealed here and never leave: a destination is returned with its non-secret
 * settings and a hint; a webhook's signing secret only in the answer that generated it. Update and
 * delete take the destination's lock without waiting: a running delivery → 409 destination_busy.
 */
import type { DestinationsConfig } from '../config.js';
import type { Database } from '../db/database.js';
import { DestinationRepository, type DestinationRow, type RunRow } from '../db/destinations.js';
import { LedgerRepository } from '../db/ledger.js';
import { ConflictError, NotFoundError, ValidationFailedError } from '../domain/errors.js';
import { literalBlockedReason } from '../destinations/address-guard.js';
import type { DestinationFilters, PostgresSettings, WebhookSettings } from '../domain/destinations.js';
import { SecretBox, type Sealed } from '../destinations/secrets.js';
import { generateSigningSecret } from '../destinations/webhook.js';
import { titleFilter } from '../search/job-query.js';
import { randomUUID } from 'node:crypto';

/** Destinations per account (the contract's bound). */
export const DESTINATION_LIMIT = 10;
/** How long a rotated-out signing secret still signs (receivers switch over meanwhile). */
export const ROTATION_GRACE_SECONDS = 86_400;
/** Retry-After of destination_busy: a run is bounded by DESTINATION_RUN_SECONDS, most end sooner. */
const BUSY_RETRY_SECONDS = 5;

/** A destination's whole configuration as a request gives it, secrets included. */
export type DestinationConfig =
  ({ kind: 'webhook' } & WebhookSettings) | ({ kind: 'postgres'; password: string } & PostgresSettings);

export interface CreateRequest {
  name: string;
  config: DestinationConfig;
  filters?: DestinationFilters;
}

export interface UpdateRequest {
  kind: DestinationRow['kind'];
  name?: string;
  /** Replaces the whole configuration (a Postgres password included). */
  config?: DestinationConfig;
  filters?: DestinationFilters;
  rotateSecret?: boolean;
}

/** A destination as the API shows it; `signingSecret` only right after it was generated. */
export interface DestinationView {
  row: DestinationRow;
  signingSecret?: string;
}

export class DestinationService {
  private readonly box: SecretBox;

  constructor(
    private readonly db: Database,
    private readonly config: DestinationsConfig,
  ) {
    this.box = new SecretBox(config.keys);
  }

  async list(accountId: string): Promise<DestinationRow[]> {
    return new DestinationRepository(this.db).list(accountId);
  }

  async get(accountId: string, id: string): Promise<DestinationRow> {
    return found(await new DestinationRepository(this.db).get(accountId, id));
  }

  async create(accountId: string, request: CreateRequest): Promise<DestinationView> {
    const { config } = request;
    const settings = this.checkedSettings(config);
    const filters = checkedFilters(request.filters);
    const secret = config.kind === 'webhook' ? generateSigningSecret() : config.password;
    // The id is chosen here because the sealed secret is bound to it.
    const id = randomUUID();
    const row = await new DestinationRepository(this.db).create(accountId, DESTINATION_LIMIT, {
      id,
      kind: config.kind,
      name: request.name,
      settings,
      filters,
      secret: this.sealed(secret, id, config.kind),
    });
    if (row === null) {
      const error = new ConflictError(
        'destination_limit_reached',
        `The account already has ${DESTINATION_LIMIT} destinations`,
      );
      error.extensions.limit = DESTINATION_LIMIT;
      throw error;
    }
    return config.kind === 'webhook' ? { row, signingSecret: secret } : { row };
  }

  async update(accountId: string, id: string, request: UpdateRequest): Promise<DestinationView> {
    const outcome = await new DestinationRepository(this.db).whileIdle(accountId, id, async (tx, row) => {
      if (row.kind !== request.kind)
        throw invalid(['body', 'kind'], `must be equal to the destination's kind (${row.kind})`, 'const');
      const { config } = request;
      const settings = config === undefined ? undefined : this.checkedSettings(config);
      const filters = request.filters === undefined ? undefined : checkedFilters(request.filters);
      const rotated =
        row.kind === 'webhook' && request.rotateSecret === true ? generateSigningSecret() : undefined;
      const secret = rotated ?? (config?.kind === 'postgres' ? config.password : undefined);
      const restartAt = newTarget(row, settings)
        ? await new LedgerRepository(this.db).latestSeq()
        : undefined;
      const updated = await tx.update(id, {
        ...(request.name === undefined ? {} : { name: request.name }),
        ...(settings === undefined ? {} : { settings }),
        ...(filters === undefined ? {} : { filters }),
        ...(secret === undefined ? {} : { secret: this.sealed(secret, id, row.kind) }),
        ...(rotated === undefined ? {} : { keepPreviousFor: ROTATION_GRACE_SECONDS }),
        ...(restartAt === undefined ? {} : { restartAt }),
      });
      return rotated === undefined ? { row: updated } : { row: updated, signingSecret: rotated };
    });
    return idle(outcome);
  }

  async delete(accountId: string, id: string): Promise<void> {
    idle(await new DestinationRepository(this.db).whileIdle(accountId, id, (tx) => tx.softDelete(id)));
  }

  async enable(accountId: string, id: string): Promise<DestinationRow> {
    const latest = await new LedgerRepository(this.db).latestSeq();
    return found(await new DestinationRepository(this.db).enable(accountId, id, latest));
  }

  async disable(accountId: string, id: string): Promise<DestinationRow> {
    return found(await new DestinationRepository(this.db).disable(id, 'user', accountId));
  }

  async runs(accountId: string, id: string, limit: number): Promise<RunRow[]> {
    const repository = new DestinationRepository(this.db);
    found(await repository.get(accountId, id));
    return repository.runs(id, limit);
  }

  private sealed(secret: string, id: string, kind: DestinationRow['kind']): Sealed & { hint: string } {
    // A generated signing secret is random: its last characters identify it and reveal nothing
    // useful. A password is the customer's: only a keyed fingerprint of it is shown.
    const hint = kind === 'webhook' ? secret.slice(-4) : this.box.fingerprint(secret);
    return { ...this.box.seal(secret, id), hint };
  }

  /** The non-secret settings to store; an address literal that may never be reached → 422 now. */
  private checkedSettings(config: DestinationConfig): WebhookSettings | PostgresSettings {
    if (config.kind === 'webhook') {
      const url = new URL(config.url);
      if (url.username !== '' || url.password !== '')
        throw invalid(['body', 'config', 'url'], 'must not carry user information', 'format');
      this.checkHost(url.hostname.replace(/^\[|\]$/g, ''), ['body', 'config', 'url']);
      return { url: url.href };
    }
    this.checkHost(config.host, ['body', 'config', 'host']);
    const { host, port, database, user, table, sslmode } = config;
    return { host, port, database, user, table, sslmode };
  }

  private checkHost(host: string, loc: string[]): void {
    const reason = literalBlockedReason(host, { allowed: this.config.allowedCidrs });
    if (reason !== undefined)
      throw invalid(
        loc,
        `must not be a blocked address (${reason}): delivery would be refused`,
        'address_blocked',
      );
  }
}

/**
 * Whether new settings point a Postgres destination at another table (another server, database or
 * table): that table starts empty, so delivery restarts with a backfill.
 */
function newTarget(row: DestinationRow, settings: WebhookSettings | PostgresSettings | undefined): boolean {
  const before = row.settings;
  if (settings === undefined || 'url' in settings || 'url' in before) return false;
  return (
    settings.host !== before.host ||
    settings.port !== before.port ||
    settings.database !== before.database ||
    settings.table !== before.table
  );
}

function checkedFilters(filters: DestinationFilters | undefined): DestinationFilters {
  if (filters?.title !== undefined) titleFilter(filters.title, ['body', 'filters', 'title']);
  return filters ?? {};
}

function invalid(loc: string[], msg: string, type: string): ValidationFailedError {
  return new ValidationFailedError([{ loc, msg, type }]);
}

function found<T>(value: T | null): T {
  if (value === null) throw new NotFoundError('No such destination');
  return value;
}

function idle<T>(outcome: T | 'busy' | null): T {
  if (outcome === 'busy') {
    const error = new ConflictError('destination_busy', 'A delivery run is in progress; retry shortly');
    error.headers['Retry-After'] = String(BUSY_RETRY_SECONDS);
    throw error;
  }
  return found(outcome);
}
