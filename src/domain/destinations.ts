/** Destination vocabulary shared by the store, the delivery and the API: the contract's types. */
import type { components } from '../openapi/types.js';

type Schemas = components['schemas'];

export type DestinationKind = Schemas['Destination']['kind'];

export type WebhookSettings = Schemas['WebhookConfig'];

/** A customer Postgres target without its password, the contract's defaults applied. */
export type PostgresSettings = Omit<Schemas['PostgresConfig'], 'password' | 'port' | 'sslmode'> &
  Required<Pick<Schemas['PostgresConfig'], 'port' | 'sslmode'>>;

export type DestinationSettings = WebhookSettings | PostgresSettings;

/** As the contract's DestinationFilters; absent members are the defaults. */
export type DestinationFilters = Partial<Schemas['DestinationFilters']>;
