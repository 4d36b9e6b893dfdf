/** Response shapes of the destination operations (OpenAPI Destination, DestinationList, DeliveryRunList). */
import type { DestinationRow, RunRow } from '../db/destinations.js';
import type { ResponseBody } from '../openapi/operations.js';
import type { components } from '../openapi/types.js';
import type { DestinationView } from '../services/destinations.js';

type DestinationBody = components['schemas']['Destination'];

/** The redacted configuration: settings without secrets, a hint instead of each secret. */
function redactedConfig(row: DestinationRow): DestinationBody['config'] {
  const { settings } = row;
  if ('url' in settings) {
    const url = new URL(settings.url);
    // The query string or fragment may carry a token of the receiver's: shown without them.
    return { url: `${url.origin}${url.pathname}`, secret_hint: row.secret_hint };
  }
  return {
    host: settings.host,
    port: settings.port,
    database: settings.database,
    user: settings.user,
    table: settings.table,
    sslmode: settings.sslmode,
    password_hint: row.secret_hint,
  };
}

export function presentDestination(view: DestinationView | DestinationRow): DestinationBody {
  const { row, signingSecret } = 'row' in view ? view : { row: view, signingSecret: undefined };
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    state: row.state,
    ...(row.disabled_reason === null ? {} : { disabled_reason: row.disabled_reason }),
    config: redactedConfig(row),
    filters: {
      ...row.filters,
      exclude_duplicates: row.filters.exclude_duplicates ?? false,
      include_unresolved: row.filters.include_unresolved ?? false,
    },
    ...(signingSecret === undefined ? {} : { signing_secret: signingSecret }),
    ...(row.kind === 'postgres' && row.backfill_after !== null ? { backfill_pending: true } : {}),
    consecutive_failures: row.consecutive_failures,
    ...(row.position === null ? {} : { last_delivered_seq: row.position }),
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...(row.last_run_at === null ? {} : { last_run_at: row.last_run_at }),
  };
}

export function presentDestinationList(rows: DestinationRow[]): ResponseBody<'listDestinations'> {
  return { data: rows.map((row) => presentDestination(row)) };
}

export function presentRuns(runs: RunRow[]): ResponseBody<'listDestinationRuns'> {
  return {
    data: runs.map((run) => ({
      id: run.id,
      destination_id: run.destination_id,
      status: run.status,
      started_at: run.started_at,
      ...(run.finished_at === null ? {} : { finished_at: run.finished_at }),
      from_seq: run.from_seq,
      ...(run.to_seq === null ? {} : { to_seq: run.to_seq }),
      source_acknowledged: run.source_acknowledged,
      destination_acknowledged: run.destination_acknowledged,
      report: run.report as components['schemas']['DeliveryRun']['report'],
    })),
  };
}
