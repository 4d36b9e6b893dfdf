/** Destination vocabulary shared by the store, the delivery and the API (names as in the contract). */
import type { SourceCode } from './sources.js';

export type DestinationKind = 'postgres' | 'webhook';

export interface WebhookSettings {
  url: string;
}

/** A customer Postgres target without its password. */
export interface PostgresSettings {
  host: string;
  port: number;
  database: string;
  user: string;
  table: string;
  sslmode: 'require' | 'verify-ca' | 'verify-full';
}

export type DestinationSettings = WebhookSettings | PostgresSettings;

/** As the contract's DestinationFilters. */
export interface DestinationFilters {
  source?: SourceCode[];
  country?: string[];
  title?: string;
  exclude_duplicates?: boolean;
  include_unresolved?: boolean;
}
